import Foundation
import LanternlyCore

/// Luna's own daily questions (`model_questions`, schema step 3 → 4): one per local day,
/// kept so the day's question stays all day and is not asked again on the next days.
extension SQLiteJournal {
    /// Luna's question of `day` (`YYYY-MM-DD`) in `language`, if she wrote one in it (a
    /// question kept before languages were kept, schema 8, counts as any language).
    public func modelQuestion(day: String, language: AppLanguage) throws -> String? {
        try reading { db in
            let s = try db.prepare("SELECT text FROM model_questions WHERE day = ?1 AND (language = ?2 OR language IS NULL)")
            defer { s.reset() }
            s.bind(1, day)
            s.bind(2, language.rawValue)
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

    /// Keeps Luna's question of `day` in `language`: the first one written that day in a
    /// language stays; one in another language (the person switched) takes its place.
    public func keepModelQuestion(day: String, language: AppLanguage, text: String, at date: Date) throws {
        try writing { db in
            let s = try db.prepare("""
                INSERT INTO model_questions(day, text, made_at, language) VALUES (?1, ?2, ?3, ?4)
                ON CONFLICT(day) DO UPDATE SET text = excluded.text, made_at = excluded.made_at, language = excluded.language
                WHERE model_questions.language IS NOT excluded.language
                """)
            s.bind(1, day); s.bind(2, text); s.bind(3, date.milliseconds); s.bind(4, language.rawValue)
            try s.step()
            s.reset()
        }
    }
}
