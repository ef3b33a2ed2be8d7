import Foundation
import LanternlyCore

/// What the month's observation reads, straight from the journal's index columns
/// (`local_day`, `local_time`), and the observations kept once a month is past
/// (`month_observations`, schema step 3 → 4).
extension SQLiteJournal {
    /// The entries of the local days `from` through `to`, oldest first, with their tags.
    ///
    /// - Parameter bodies: how many of the newest entries come whole, with text and tags
    ///   (`nil`: all, oldest first). With a number, the others come first as rows that stand
    ///   for several entries each (``MonthEntry/count``: one a day and part of the day, without
    ///   text or tags), then the newest,
    ///   oldest first: the month reads the words of its newest ``MonthStats/wordEntryLimit``
    ///   entries only, and the month before only for its counts. Three queries, none of which
    ///   sorts the month: the newest from the `created_at` index, their tags, and the counts
    ///   by day from the `(local_day, local_time)` index.
    public func monthEntries(from: LocalDay, to: LocalDay, bodies: Int? = nil) throws -> [MonthEntry] {
        guard let limit = bodies else { return try allMonthEntries(from: from, to: to) }
        return try reading { db in
            // The newest: an instant range wide enough for any time zone (UTC−12 to UTC+14, so
            // a day and more on each side), then the local days themselves.
            var newest: [(id: Int64, entry: MonthEntry)] = []
            if limit > 0 {
                let utc = TimeZone(identifier: "UTC")!
                let margin: Int64 = 26 * 3_600_000
                let lo = from.start(in: utc).milliseconds - margin
                let hi = to.start(in: utc).milliseconds + 24 * 3_600_000 + margin
                let b = try db.prepare("""
                    SELECT id, local_day, local_time, body FROM entries
                    WHERE created_at BETWEEN ?1 AND ?2 AND local_day BETWEEN ?3 AND ?4
                    ORDER BY created_at DESC, id DESC LIMIT ?5
                    """)
                defer { b.reset() }
                b.bind(1, lo); b.bind(2, hi); b.bind(3, Int64(from.number)); b.bind(4, Int64(to.number)); b.bind(5, Int64(limit))
                while try b.step() {
                    guard let day = LocalDay(number: Int(b.int64(1))) else { continue }
                    newest.append((b.int64(0), MonthEntry(day: day, hour: Int(b.int64(2)) / 100, tags: [],
                                                          body: b.string(3) ?? "")))
                }
                let t = try db.prepare("SELECT DISTINCT tag FROM entry_tags WHERE entry_id = ?1")
                defer { t.reset() }
                for i in newest.indices {
                    t.reset()
                    t.bind(1, newest[i].id)
                    while try t.step() { newest[i].entry.tags.append(t.string(0) ?? "") }
                }
            }
            // Every entry by day and part of the day (05–12, 12–17, 17–22, 22–05: ``TimeOfDay``).
            let s = try db.prepare("""
                SELECT local_day, count(*),
                       sum(local_time >= 500 AND local_time < 1200), sum(local_time >= 1200 AND local_time < 1700),
                       sum(local_time >= 1700 AND local_time < 2200)
                FROM entries WHERE local_day BETWEEN ?1 AND ?2 GROUP BY local_day
                """)
            defer { s.reset() }
            s.bind(1, Int64(from.number))
            s.bind(2, Int64(to.number))
            // Less the newest, which come whole.
            var taken: [LocalDay: [Int]] = [:]
            for (_, e) in newest { taken[e.day, default: [0, 0, 0, 0]][TimeOfDay(hour: e.hour).order] += 1 }
            var out: [MonthEntry] = []
            while try s.step() {
                guard let day = LocalDay(number: Int(s.int64(0))) else { continue }
                let morning = Int(s.int64(2)), afternoon = Int(s.int64(3)), evening = Int(s.int64(4))
                let parts = [morning, afternoon, evening, Int(s.int64(1)) - morning - afternoon - evening]
                let less = taken[day] ?? [0, 0, 0, 0]
                for (i, hour) in [5, 12, 17, 22].enumerated() where parts[i] - less[i] > 0 {
                    var row = MonthEntry(day: day, hour: hour, tags: [], body: "")
                    row.count = parts[i] - less[i]
                    out.append(row)
                }
            }
            return out + newest.reversed().map(\.entry)
        }
    }

    /// Every entry of the local days `from` through `to` with its text, oldest first.
    private func allMonthEntries(from: LocalDay, to: LocalDay) throws -> [MonthEntry] {
        try reading { db in
            let s = try db.prepare("""
                SELECT e.local_day, e.local_time, e.body,
                       (SELECT group_concat(DISTINCT t.tag) FROM entry_tags t WHERE t.entry_id = e.id)
                FROM entries e WHERE e.local_day BETWEEN ?1 AND ?2 ORDER BY e.created_at, e.id
                """)
            defer { s.reset() }
            s.bind(1, Int64(from.number))
            s.bind(2, Int64(to.number))
            var out: [MonthEntry] = []
            while try s.step() {
                guard let day = LocalDay(number: Int(s.int64(0))) else { continue }
                let hour = Int(s.int64(1)) / 100
                let tags = (s.string(3) ?? "").split(separator: ",").map(String.init)
                out.append(MonthEntry(day: day, hour: hour, tags: tags, body: s.string(2) ?? ""))
            }
            return out
        }
    }

    /// Every local day with at least one entry, as days since 1970-01-01 (``LocalDay/civilDays``),
    /// read from the `(local_day, local_time)` index, one row a day.
    public func writtenDays() throws -> Set<Int> {
        try reading { db in
            let s = try db.prepare("SELECT DISTINCT local_day FROM entries WHERE local_day > 0")
            defer { s.reset() }
            var out = Set<Int>()
            while try s.step() {
                if let day = LocalDay(number: Int(s.int64(0))) { out.insert(day.civilDays) }
            }
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
