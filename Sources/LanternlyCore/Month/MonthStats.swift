import Foundation

/// A calendar month, `YYYY-MM`.
public struct YearMonth: Hashable, Comparable, Sendable, CustomStringConvertible, Codable {
    public let year: Int
    public let month: Int

    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// Parses `YYYY-MM`; `nil` for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]) else { return nil }
        self.init(year: y, month: m)
    }

    /// The month of a local day.
    public init(_ day: LocalDay) {
        year = day.year
        month = day.month
    }

    public var description: String { String(format: "%04d-%02d", year, month) }

    public static func < (a: YearMonth, b: YearMonth) -> Bool { (a.year, a.month) < (b.year, b.month) }

    /// The month before (December of the year before for January).
    public var previous: YearMonth { month == 1 ? YearMonth(year: year - 1, month: 12)! : YearMonth(year: year, month: month - 1)! }
    /// The month after.
    public var next: YearMonth { month == 12 ? YearMonth(year: year + 1, month: 1)! : YearMonth(year: year, month: month + 1)! }

    /// Days in the month, by the Gregorian rule (29 in a leap February: divisible by 4, not by
    /// 100 unless by 400).
    public var dayCount: Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public var firstDay: LocalDay { LocalDay(year: year, month: month, day: 1)! }
    public var lastDay: LocalDay { LocalDay(year: year, month: month, day: dayCount)! }

    /// `encode` as `"2026-02"`.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let m = YearMonth(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected YYYY-MM, got \(text)"))
        }
        self = m
    }
}

/// One entry as the month's observation reads it: no more than the journal's index holds
/// plus the text.
public struct MonthEntry: Sendable {
    public var day: LocalDay
    /// Local hour, 0–23.
    public var hour: Int
    public var tags: [String]
    public var body: String
    /// A crisis entry: its day counts, its words are never counted, sent or quoted.
    public var isPrivate = false

    public init(day: LocalDay, hour: Int, tags: [String], body: String) {
        self.day = day
        self.hour = hour
        self.tags = tags
        self.body = body
    }
}

/// The part of the day an entry was written in.
public enum TimeOfDay: String, CaseIterable, Codable, Sendable {
    /// 05:00–11:59
    case morning
    /// 12:00–16:59
    case afternoon
    /// 17:00–21:59
    case evening
    /// 22:00–04:59
    case night

    public init(hour: Int) {
        switch hour {
        case 5..<12: self = .morning
        case 12..<17: self = .afternoon
        case 17..<22: self = .evening
        default: self = .night
        }
    }
}

/// What the journal itself says about a month: the computed observation's numbers.
public struct MonthStats: Codable, Equatable, Sendable {
    public struct Count: Codable, Equatable, Sendable {
        public var name: String
        public var count: Int
    }

    public var month: YearMonth
    public var dayCount: Int
    /// Entries written in the month.
    public var entries: Int
    /// Local days of the month with at least one entry.
    public var daysWritten: Int
    /// Entries per day of the month (index 0 is the 1st).
    public var perDay: [Int]
    /// The longest run of consecutive writing days that touches the month, counted whole
    /// (days before or after the month included); 0 when nothing was written.
    public var longestStreak: Int
    public var streakStart: LocalDay?
    public var streakEnd: LocalDay?
    /// Up to five tags, most used first.
    public var topTags: [Count]
    /// People and pets the person named (as Luna remembers them), by entries mentioning them.
    public var people: [Count]
    /// Up to five words of four letters or more (common words left out), most used first.
    public var topWords: [Count]
    /// Entries by time of day.
    public var timesOfDay: [String: Int]
    /// The month before: entries and days written.
    public var previousEntries: Int
    public var previousDaysWritten: Int

    /// The part of the day most entries were written in, `nil` with none.
    public var usualTime: TimeOfDay? {
        var best: TimeOfDay?
        for t in TimeOfDay.allCases where (timesOfDay[t.rawValue] ?? 0) > (best.map { timesOfDay[$0.rawValue] ?? 0 } ?? 0) {
            best = t
        }
        return best
    }

    /// Counts a month.
    ///
    /// - Parameters:
    ///   - entries: the month's entries (others are ignored); a ``MonthEntry/isPrivate`` one
    ///     counts for its day, its words and names do not.
    ///   - previous: the month before's entries (only counted).
    ///   - writtenDays: every local day the journal has an entry on (for streaks across month ends).
    ///   - names: people and pets to look for (``MemoryKind/person`` and ``MemoryKind/pet`` words).
    public static func compute(month: YearMonth, entries: [MonthEntry], previous: [MonthEntry],
                               writtenDays: Set<LocalDay>, names: [String]) -> MonthStats {
        var perDay = Array(repeating: 0, count: month.dayCount)
        var tagCounts: [String: Int] = [:]
        var times: [String: Int] = [:]
        var wordCounts: [String: Int] = [:]
        var nameCounts: [String: Int] = [:]
        let nameKeys = Dictionary(names.map { (WordScanner.fold($0), $0) }, uniquingKeysWith: { a, _ in a })
        var count = 0
        for e in entries where YearMonth(e.day) == month {
            count += 1
            perDay[e.day.day - 1] += 1
            times[TimeOfDay(hour: e.hour).rawValue, default: 0] += 1
            for t in e.tags { tagCounts[t, default: 0] += 1 }
            if e.isPrivate { continue }
            var seenNames = Set<String>()
            WordScanner.scan(e.body) { word, letters in
                if let name = nameKeys[word], seenNames.insert(name).inserted { nameCounts[name, default: 0] += 1 }
                if letters >= 4, nameKeys[word] == nil, !WordScanner.stopWords.contains(word), !e.tags.contains(word) {
                    wordCounts[word, default: 0] += 1
                }
            }
        }
        // Streak: the longest run of written days that touches the month.
        let days = Set(writtenDays.map(\.daysSinceEpoch))
        let first = month.firstDay.daysSinceEpoch, last = month.lastDay.daysSinceEpoch
        var best = 0, bestStart: Int?, bestEnd: Int?
        var d = first
        while d <= last {
            guard days.contains(d) else { d += 1; continue }
            var start = d
            while days.contains(start - 1) { start -= 1 }
            var end = d
            while days.contains(end + 1) { end += 1 }
            if end - start + 1 > best { best = end - start + 1; bestStart = start; bestEnd = end }
            d = end + 1
        }
        func top(_ c: [String: Int], _ n: Int) -> [Count] {
            c.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(n).map { Count(name: $0.key, count: $0.value) }
        }
        let prevDays = Set(previous.filter { YearMonth($0.day) == month.previous }.map(\.day))
        return MonthStats(
            month: month, dayCount: month.dayCount, entries: count, daysWritten: perDay.filter { $0 > 0 }.count,
            perDay: perDay, longestStreak: best,
            streakStart: bestStart.map { LocalDay(daysSinceEpoch: $0) }, streakEnd: bestEnd.map { LocalDay(daysSinceEpoch: $0) },
            topTags: top(tagCounts, 5), people: top(nameCounts, 5), topWords: top(wordCounts, 5),
            timesOfDay: times, previousEntries: previous.filter { YearMonth($0.day) == month.previous }.count,
            previousDaysWritten: prevDays.count)
    }
}

/// A fast word scanner over UTF-8: letters (ASCII, Latin-1 and Cyrillic) make words, folded
/// to lower case (ё as е); anything else separates them. Used where the month's observation
/// reads many entries.
enum WordScanner {
    /// Calls `body(word, letterCount)` for each word of `text`, lower-cased.
    static func scan(_ text: String, _ body: (String, Int) -> Void) {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(32)
        var letters = 0
        var tagged = false
        var previous: UInt8 = 0x20
        func flush() {
            if !buffer.isEmpty, !tagged { body(String(decoding: buffer, as: UTF8.self), letters) }
            buffer.removeAll(keepingCapacity: true)
            letters = 0
            tagged = false
        }
        var utf8 = text.utf8.makeIterator()
        while let b = utf8.next() {
            if b < 0x80 {
                if (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) {
                    if buffer.isEmpty, previous == UInt8(ascii: "@") || previous == UInt8(ascii: "#") { tagged = true }
                    buffer.append(b); letters += 1
                } else if b >= 0x41 && b <= 0x5A {
                    if buffer.isEmpty, previous == UInt8(ascii: "@") || previous == UInt8(ascii: "#") { tagged = true }
                    buffer.append(b + 0x20); letters += 1
                } else if b == UInt8(ascii: "'") && !buffer.isEmpty {
                    buffer.append(b)
                } else {
                    flush()
                }
                previous = b
            } else if b == 0xD0 || b == 0xD1 {
                // Cyrillic: two bytes. А–Я (D0 90–AF) → а–я; Ё (D0 81) and ё (D1 91) → е.
                guard let c = utf8.next() else { break }
                if b == 0xD0 && c >= 0x90 && c <= 0x9F { buffer.append(0xD0); buffer.append(c + 0x20) }
                else if b == 0xD0 && c >= 0xA0 && c <= 0xAF { buffer.append(0xD1); buffer.append(c - 0x20) }
                else if (b == 0xD0 && c == 0x81) || (b == 0xD1 && c == 0x91) { buffer.append(0xD0); buffer.append(0xB5) }
                else { buffer.append(b); buffer.append(c) }
                letters += 1
                previous = c
            } else {
                // Other scripts and symbols: kept inside a word only when already in one.
                if b >= 0xC0 { flush() } else if !buffer.isEmpty { buffer.append(b) }
                previous = b
            }
        }
        flush()
    }

    /// `text` folded as ``scan(_:_:)`` folds words.
    static func fold(_ text: String) -> String {
        var out = ""
        scan(text) { w, _ in out += out.isEmpty ? w : " " + w }
        return out
    }

    /// Common words of English and Russian left out of "words you used most" (four letters or
    /// more; shorter ones are skipped anyway). Our own list.
    static let stopWords: Set<String> = [
        "that", "this", "with", "have", "from", "they", "were", "been", "what", "when", "there", "their",
        "then", "than", "just", "about", "would", "could", "should", "into", "some", "more", "very", "really",
        "today", "also", "still", "much", "even", "because", "after", "before", "again", "like", "didn't",
        "don't", "it's", "i'm", "i've", "can't", "will", "your", "them", "which", "only", "over", "other",
        "being", "here", "those", "these", "went", "felt", "feel", "thing", "things", "something", "every",
        "yesterday", "tomorrow", "maybe", "though", "while", "where", "made", "make", "got", "gets",
        "сегодня", "вчера", "завтра", "было", "была", "были", "будет", "этот", "этого", "этом", "эта", "этой",
        "очень", "тоже", "когда", "потом", "только", "после", "через", "перед", "опять", "снова", "всего",
        "всех", "весь", "вообще", "просто", "может", "можно", "нужно", "надо", "чтобы", "потому", "теперь",
        "сейчас", "кажется", "почему", "который", "которая", "которые", "себя", "меня", "тебя", "него", "нее",
        "есть", "даже", "ещё", "еще", "какой", "какая", "такой", "такая", "там", "тут", "день", "дня",
    ]
}
