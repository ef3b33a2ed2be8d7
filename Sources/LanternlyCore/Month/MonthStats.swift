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
    /// The crisis check has read it (``isPrivate`` is its verdict).
    var isChecked = false
    /// How many entries this row stands for: the journal gives the entries whose text is not
    /// read grouped by day and part of the day, without text or tags.
    public var count = 1

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

    /// Its place in ``allCases``.
    public var order: Int {
        switch self {
        case .morning: return 0
        case .afternoon: return 1
        case .evening: return 2
        case .night: return 3
        }
    }

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
    /// Up to five tags, most used first (from the entries whose words are read: a crisis
    /// entry's tags are its words too).
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
    /// How many entries' words were read for ``topWords`` and ``people``: the month's newest
    /// entries up to ``MonthStats/wordEntryLimit``, without crisis entries.
    public var wordEntries: Int = 0

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
        compute(month: month, entries: entries, previous: previous, writtenDayNumbers: Set(writtenDays.map(\.civilDays)), names: names)
    }

    /// The most entries of a month whose words are read (the newest ones): the words and the
    /// people of a month are counted from its latest 1,000 entries — 32 a day, more than a
    /// person writes — so that a month of any size is counted in the same time, and each
    /// entry read is checked for crisis first (about 15 µs each on a short entry, `make bench`),
    /// well within the month's 100 ms budget. Tags are counted from the same entries (a
    /// crisis entry's `@tags` are its words); days and times count every entry.
    public static let wordEntryLimit = 1_000

    /// The indices of `entries` whose words ``compute(month:entries:previous:writtenDayNumbers:names:)``
    /// reads: the newest ``wordEntryLimit`` of those in `month` with text (entries come oldest first).
    public static func wordWindow(_ entries: [MonthEntry], month: YearMonth) -> [Int] {
        var out: [Int] = []
        var i = entries.count - 1
        while i >= 0, out.count < wordEntryLimit {
            if YearMonth(entries[i].day) == month, !entries[i].body.isEmpty { out.append(i) }
            i -= 1
        }
        return out.reversed()
    }

    /// ``compute(month:entries:previous:writtenDays:names:)`` with the written days as
    /// ``LocalDay/civilDays`` numbers (as the journal gives them).
    public static func compute(month: YearMonth, entries: [MonthEntry], previous: [MonthEntry],
                               writtenDayNumbers: Set<Int>, names: [String]) -> MonthStats {
        var perDay = Array(repeating: 0, count: month.dayCount)
        var tagCounts: [String: Int] = [:]
        var times = [0, 0, 0, 0]  // TimeOfDay.allCases order
        // Words are counted by a fixed-size key (no String per word) in one open-addressing
        // table, looked up once per word: a count (≥ 0), a common word (-1) or the name
        // `names[-2 - value]`.
        var words = WordTable()
        var nameCounts: [String: Int] = [:]
        for w in WordScanner.stopWords { if let k = WordKey(w) { words.set(k, -1) } }
        for (i, n) in names.enumerated() { if let k = WordKey(WordScanner.fold(n)) { words.set(k, -2 - i) } }
        var count = 0
        var seenNames: [Int] = []
        var read = 0
        // Words only from the newest entries (``wordEntryLimit``); the rest count for their day.
        let window = wordWindow(entries, month: month)
        let firstRead = window.first ?? entries.count
        for (index, e) in entries.enumerated() where e.day.year == month.year && e.day.month == month.month {
            count += e.count
            perDay[e.day.day - 1] += e.count
            times[TimeOfDay(hour: e.hour).order] += e.count
            if e.isPrivate || index < firstRead || e.body.isEmpty { continue }
            read += 1
            for t in e.tags { tagCounts[t, default: 0] += 1 }
            let tagKeys = e.tags.isEmpty ? [] : e.tags.compactMap(WordKey.init)
            seenNames.removeAll(keepingCapacity: true)
            WordScanner.scanKeys(e.body) { key, letters in
                if letters < 4 {
                    let v = words.get(key)
                    if let v, v <= -2, !seenNames.contains(v) { seenNames.append(v); nameCounts[names[-2 - v], default: 0] += 1 }
                    return
                }
                if !tagKeys.isEmpty, tagKeys.contains(key) { return }
                let v = words.increment(key)
                if v <= -2, !seenNames.contains(v) { seenNames.append(v); nameCounts[names[-2 - v], default: 0] += 1 }
            }
        }
        var wordCounts: [String: Int] = [:]
        words.forEach { key, value in if value > 0 { wordCounts[key.string, default: 0] += value } }
        // Streak: the longest run of written days that touches the month.
        let days = writtenDayNumbers
        let first = month.firstDay.civilDays, last = month.lastDay.civilDays
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
            streakStart: bestStart.map(LocalDay.init(civilDays:)), streakEnd: bestEnd.map(LocalDay.init(civilDays:)),
            topTags: top(tagCounts, 5), people: top(nameCounts, 5),
            topWords: top(wordCounts, 5),
            timesOfDay: Dictionary(uniqueKeysWithValues: TimeOfDay.allCases.enumerated().compactMap { times[$0] > 0 ? ($1.rawValue, times[$0]) : nil }),
            previousEntries: previous.filter { YearMonth($0.day) == month.previous }.reduce(0) { $0 + $1.count },
            previousDaysWritten: prevDays.count, wordEntries: read)
    }
}

extension LocalDay {
    /// Days since 1970-01-01 in the proleptic Gregorian calendar, by arithmetic (Howard
    /// Hinnant's `days_from_civil`, howardhinnant.github.io/date_algorithms.html): the same
    /// number as ``daysSinceEpoch`` without a `Calendar`, so 100,000 days cost microseconds.
    public var civilDays: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The inverse of ``civilDays`` (`civil_from_days`, same source).
    init(civilDays z0: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)!
    }
}

/// A word of up to 24 UTF-8 bytes as three integers: hashing and comparing it needs no String.
struct WordKey: Hashable {
    var a: UInt64 = 0, b: UInt64 = 0, c: UInt64 = 0
    var count: UInt8 = 0

    init() {}

    /// `nil` for an empty word or one longer than 24 bytes.
    init?(_ text: String) {
        var k = WordKey()
        for byte in text.utf8 { guard k.append(byte) else { return nil } }
        guard k.count > 0 else { return nil }
        self = k
    }

    /// Adds a byte; `false` when the key is full.
    @inline(__always) mutating func append(_ byte: UInt8) -> Bool {
        guard count < 24 else { return false }
        let shift = UInt64(count % 8) * 8
        switch count / 8 {
        case 0: a |= UInt64(byte) << shift
        case 1: b |= UInt64(byte) << shift
        default: c |= UInt64(byte) << shift
        }
        count += 1
        return true
    }

    var string: String {
        var bytes: [UInt8] = []
        for i in 0..<Int(count) {
            let word = i < 8 ? a : i < 16 ? b : c
            bytes.append(UInt8(truncatingIfNeeded: word >> (UInt64(i % 8) * 8)))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A hash table from ``WordKey`` to a count, open addressing with linear probing and a cheap
/// multiplicative hash: counting a million words takes tens of milliseconds.
struct WordTable {
    private var keys: [WordKey]
    private var values: [Int]
    private var used: [Bool]
    private var filled = 0
    private var mask: Int

    init(capacity: Int = 4096) {
        var n = 16
        while n < capacity * 2 { n <<= 1 }
        keys = Array(repeating: WordKey(), count: n)
        values = Array(repeating: 0, count: n)
        used = Array(repeating: false, count: n)
        mask = n - 1
    }

    @inline(__always) private func slot(_ k: WordKey) -> Int {
        var h = k.a &* 0x9E37_79B9_7F4A_7C15
        h ^= (k.b &+ UInt64(k.count)) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= k.c &* 0x1656_67B1_9E37_79F9
        h ^= h >> 29
        return Int(truncatingIfNeeded: h) & mask
    }

    @inline(__always) private func find(_ k: WordKey) -> (Int, Bool) {
        var i = slot(k)
        while used[i] {
            if keys[i] == k { return (i, true) }
            i = (i + 1) & mask
        }
        return (i, false)
    }

    func get(_ k: WordKey) -> Int? {
        let (i, found) = find(k)
        return found ? values[i] : nil
    }

    mutating func set(_ k: WordKey, _ v: Int) {
        let (i, found) = find(k)
        if !found { insert(k, v, at: i) } else { values[i] = v }
    }

    /// Adds one to a count (≥ 0); a negative marker is left as it is. - Returns: the value after.
    @inline(__always) mutating func increment(_ k: WordKey) -> Int {
        let (i, found) = find(k)
        guard found else { insert(k, 1, at: i); return 1 }
        if values[i] >= 0 { values[i] += 1 }
        return values[i]
    }

    private mutating func insert(_ k: WordKey, _ v: Int, at i: Int) {
        keys[i] = k; values[i] = v; used[i] = true; filled += 1
        if filled * 2 > mask { grow() }
    }

    private mutating func grow() {
        let old = (keys, values, used)
        let n = (mask + 1) * 2
        keys = Array(repeating: WordKey(), count: n)
        values = Array(repeating: 0, count: n)
        used = Array(repeating: false, count: n)
        mask = n - 1
        filled = 0
        for i in old.2.indices where old.2[i] {
            let (j, _) = find(old.0[i])
            keys[j] = old.0[i]; values[j] = old.1[i]; used[j] = true; filled += 1
        }
    }

    func forEach(_ body: (WordKey, Int) -> Void) {
        for i in used.indices where used[i] { body(keys[i], values[i]) }
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

    /// ``scan(_:_:)`` with each word as a ``WordKey`` (words over 24 bytes are skipped).
    @inline(__always) static func scanKeys(_ text: String, _ body: (WordKey, Int) -> Void) {
        var key = WordKey()
        var overflow = false
        var letters = 0
        var tagged = false
        var previous: UInt8 = 0x20
        @inline(__always) func add(_ b: UInt8) { if !key.append(b) { overflow = true } }
        @inline(__always) func flush() {
            if key.count > 0, !tagged, !overflow { body(key, letters) }
            key = WordKey(); letters = 0; tagged = false; overflow = false
        }
        var utf8 = text.utf8.makeIterator()
        while let b = utf8.next() {
            if b < 0x80 {
                let lower = b >= 0x41 && b <= 0x5A ? b + 0x20 : b
                if (lower >= 0x61 && lower <= 0x7A) || (b >= 0x30 && b <= 0x39) {
                    if key.count == 0, previous == 0x40 || previous == 0x23 { tagged = true }
                    add(lower); letters += 1
                } else if b == 0x27 && key.count > 0 {
                    add(b)
                } else {
                    flush()
                }
                previous = b
            } else if b == 0xD0 || b == 0xD1 {
                guard let c = utf8.next() else { break }
                if b == 0xD0 && c >= 0x90 && c <= 0x9F { add(0xD0); add(c + 0x20) }
                else if b == 0xD0 && c >= 0xA0 && c <= 0xAF { add(0xD1); add(c - 0x20) }
                else if (b == 0xD0 && c == 0x81) || (b == 0xD1 && c == 0x91) { add(0xD0); add(0xB5) }
                else { add(b); add(c) }
                letters += 1
                previous = c
            } else {
                if b >= 0xC0 { flush() } else if key.count > 0 { add(b) }
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
