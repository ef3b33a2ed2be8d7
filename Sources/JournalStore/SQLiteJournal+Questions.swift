import Foundation
import LanternlyCore

/// Luna's own daily questions (`model_questions`, schema step 3 → 4): one per local day,
/// kept so the day's question stays all day and is not asked again on the next days.
extension SQLiteJournal {
    /// Luna's question of `day` (`YYYY-MM-DD`), if she wrote one.
    public func modelQuestion(day: String) throws -> String? {
        try reading { db in
            let s = try db.prepare("SELECT text FROM model_questions WHERE day = ?1")
            defer { s.reset() }
            s.bind(1, day)
            return try s.step() ? s.string(0) : nil
        }
    }

    /// Luna's questions from `since` (inclusive) up to but not including `before`, oldest first.
    public func modelQuestions(since: String, before: String) throws -> [String] {
        try reading { db in
            let s = try db.prepare("SELECT text FROM model_questions WHERE day >= ?1 AND day < ?2 ORDER BY day")
            defer { s.reset() }
            s.bind(1, since)
            s.bind(2, before)
            var out: [String] = []
            while try s.step() { out.append(s.string(0) ?? "") }
            return out
        }
    }

    /// Keeps Luna's question of `day` (the first one written that day stays).
    public func keepModelQuestion(day: String, text: String, at date: Date) throws {
        try writing { db in
            let s = try db.prepare("INSERT OR IGNORE INTO model_questions(day, text, made_at) VALUES (?1, ?2, ?3)")
            s.bind(1, day); s.bind(2, text); s.bind(3, date.milliseconds)
            try s.step()
            s.reset()
        }
    }
}
