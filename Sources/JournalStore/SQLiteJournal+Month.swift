import Foundation
import LanternlyCore

/// What the month's observation reads, straight from the journal's index columns
/// (`local_day`, `local_time`), and the observations kept once a month is past
/// (`month_observations`, schema step 3 → 4).
extension SQLiteJournal {
    /// The entries of the local days `from` through `to`, oldest first, with their tags.
    ///
    /// - Parameter bodies: how many of the newest entries come with their text (`nil`: all);
    ///   the others come with an empty body: the month reads the words of its newest
    ///   ``MonthStats/wordEntryLimit`` entries only, and the month before only for its counts.
    public func monthEntries(from: LocalDay, to: LocalDay, bodies: Int? = nil) throws -> [MonthEntry] {
        try reading { db in
            let s = try db.prepare("""
                SELECT e.local_day, e.local_time,
                       CASE WHEN ?3 < 0 OR row_number() OVER (ORDER BY e.created_at DESC, e.id DESC) <= ?3 THEN e.body ELSE '' END,
                       (SELECT group_concat(DISTINCT t.tag) FROM entry_tags t WHERE t.entry_id = e.id)
                FROM entries e WHERE e.local_day BETWEEN ?1 AND ?2 ORDER BY e.created_at, e.id
                """)
            defer { s.reset() }
            s.bind(1, from.description)
            s.bind(2, to.description)
            s.bind(3, Int64(bodies ?? -1))
            var out: [MonthEntry] = []
            while try s.step() {
                guard let day = LocalDay(s.string(0) ?? "") else { continue }
                let hour = Int((s.string(1) ?? "").prefix(2)) ?? 0
                let tags = (s.string(3) ?? "").split(separator: ",").map(String.init)
                out.append(MonthEntry(day: day, hour: hour, tags: tags, body: s.string(2) ?? ""))
            }
            return out
        }
    }

    /// Every local day with at least one entry, as days since 1970-01-01 (``LocalDay/civilDays``),
    /// worked out by SQLite's `julianday` (sqlite.org/lang_datefunc.html: 1970-01-01 is
    /// Julian day 2440587.5).
    public func writtenDays() throws -> Set<Int> {
        try reading { db in
            let s = try db.prepare("SELECT DISTINCT CAST(julianday(local_day) - 2440587.5 AS INTEGER) FROM entries WHERE local_day != ''")
            defer { s.reset() }
            var out = Set<Int>()
            while try s.step() { out.insert(Int(s.int64(0))) }
            return out
        }
    }

    /// The observation kept for `month`, if one was made after it ended.
    public func keptMonthObservation(_ month: YearMonth) throws -> (text: String, source: ServiceSource)? {
        try reading { db in
            let s = try db.prepare("SELECT text, source FROM month_observations WHERE month = ?1")
            defer { s.reset() }
            s.bind(1, month.description)
            guard try s.step(), let source = ServiceSource(rawValue: s.string(1) ?? "") else { return nil }
            return (s.string(0) ?? "", source)
        }
    }

    /// Keeps a past month's observation (the first one made stays).
    public func keepMonthObservation(_ month: YearMonth, text: String, source: ServiceSource, at date: Date) throws {
        try writing { db in
            let s = try db.prepare("INSERT OR IGNORE INTO month_observations(month, text, source, made_at) VALUES (?1, ?2, ?3, ?4)")
            s.bind(1, month.description); s.bind(2, text); s.bind(3, source.rawValue); s.bind(4, date.milliseconds)
            try s.step()
            s.reset()
        }
    }
}
