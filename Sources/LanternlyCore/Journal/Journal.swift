import Foundation

// The journal's domain (DESIGN.md §7, issue "The journal"): entries, chat turns, the daily
// question history, and the `Journal` protocol the app talks to. Storage lives in the
// JournalStore module (SQLite); nothing here knows about it.

// MARK: - Local day

/// A calendar day in some time zone, `YYYY-MM-DD`, in Foundation's Gregorian calendar
/// (`Calendar(identifier: .gregorian)`; like Apple's, it reckons days before 1582-10-15 by the
/// Julian calendar).
///
/// Entries are grouped by the local day of their own time zone, not the reader's.
public struct LocalDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A day from its parts; `nil` when the date does not exist (2025-02-30, month 13…):
    /// Foundation's Gregorian calendar must read the same year, month and day back.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
        let calendar = CalendarCache.utc
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else { return nil }
        let back = calendar.dateComponents([.era, .year, .month, .day], from: date)
        guard back.era == 1, back.year == year, back.month == month, back.day == day else { return nil }
        self.init(checkedYear: year, month: month, day: day)
    }

    /// Parts that a `Calendar` produced, so they are known to exist.
    init(checkedYear year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`; `nil` for any other shape or a day that does not exist.
    public init?(_ text: String) {
        let u = Array(text.utf8)
        guard u.count == 10, u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-") else { return nil }
        func num(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r {
                guard u[i] >= 48 && u[i] <= 57 else { return nil }
                v = v * 10 + Int(u[i] - 48)
            }
            return v
        }
        guard let y = num(0..<4), let m = num(5..<7), let d = num(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The local day of `date` in `timeZone` (its offset at that instant, DST included).
    public init(_ date: Date, in timeZone: TimeZone) {
        self = LocalClock(date, in: timeZone).day
    }

    /// The day `date` falls on in `calendar` (a Gregorian calendar with some time zone).
    init(_ date: Date, calendar: Calendar) {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(checkedYear: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let y = String(year), m = month < 10 ? "0\(month)" : "\(month)", d = day < 10 ? "0\(day)" : "\(day)"
        return String(repeating: "0", count: max(0, 4 - y.count)) + y + "-" + m + "-" + d
    }

    public static func < (a: LocalDay, b: LocalDay) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let d = LocalDay(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "\"\(text)\" is not YYYY-MM-DD"))
        }
        self = d
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }

    /// The instant this day starts in `timeZone`: `Calendar.startOfDay(for:)`, so a day whose
    /// midnight falls in a DST gap starts at the first instant that exists.
    public func start(in timeZone: TimeZone) -> Date {
        let calendar = CalendarCache.gregorian(timeZone)
        let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
        return calendar.startOfDay(for: noon)
    }

    /// The instant the next day starts in `timeZone` (`Calendar.date(byAdding: .day, value: 1, …)`
    /// then `startOfDay(for:)`), so `start(in:)..<end(in:)` is the whole day, 23 or 25 hours on
    /// DST days.
    public func end(in timeZone: TimeZone) -> Date {
        let calendar = CalendarCache.gregorian(timeZone)
        let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
        return calendar.startOfDay(for: calendar.date(byAdding: .day, value: 1, to: noon)!)
    }

    /// Days since 1970-01-01 (negative before), e.g. 0 for 1970-01-01: whole days between the
    /// two in a UTC Gregorian calendar (`Calendar.dateComponents([.day], from:to:)`).
    public var daysSinceEpoch: Int {
        let calendar = CalendarCache.utc
        return calendar.dateComponents([.day], from: Date(timeIntervalSince1970: 0), to: start(in: calendar.timeZone)).day!
    }

    /// The inverse of ``daysSinceEpoch``: the day `days` days after 1970-01-01 (UTC calendar).
    public init(daysSinceEpoch days: Int) {
        let calendar = CalendarCache.utc
        let date = calendar.date(byAdding: .day, value: days, to: Date(timeIntervalSince1970: 0))!
        self.init(date, calendar: calendar)
    }

    /// The day as the journal stores it: the integer `YYYYMMDD` (20250309 for 2025-03-09),
    /// which sorts as the days do.
    public var number: Int { year * 10_000 + month * 100 + day }

    /// The day of a stored `YYYYMMDD` (``number``); `nil` when it names no day that exists.
    public init?(number: Int) {
        guard number > 0 else { return nil }
        self.init(year: number / 10_000, month: number / 100 % 100, day: number % 100)
    }
}

/// The wall-clock reading of an instant in a time zone: its day, hour and minute.
public struct LocalClock: Hashable, Sendable {
    public let day: LocalDay
    /// 0…23.
    public let hour: Int
    /// 0…59.
    public let minute: Int

    /// Reads `date` on the wall clock of `timeZone`: a Gregorian `Calendar` in that zone,
    /// `dateComponents([.year, .month, .day, .hour, .minute], from:)` (so DST applies).
    public init(_ date: Date, in timeZone: TimeZone) {
        let c = CalendarCache.gregorian(timeZone).dateComponents([.year, .month, .day, .hour, .minute], from: date)
        self.day = LocalDay(checkedYear: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1)
        self.hour = c.hour ?? 0
        self.minute = c.minute ?? 0
    }

    /// The hour and minute as the journal stores them: the integer `HHMM` (930 for 09:30).
    public var timeNumber: Int { hour * 100 + minute }

    /// `HH:MM`, 24-hour.
    public var time: String {
        (hour < 10 ? "0\(hour)" : "\(hour)") + ":" + (minute < 10 ? "0\(minute)" : "\(minute)")
    }

    /// The instant at which the wall clock of `timeZone` reads `day hour:minute:second`:
    /// `Calendar.date(from:)` of a Gregorian calendar in that zone.
    ///
    /// In a DST gap (a time that does not exist, e.g. 02:30 on 2025-03-09 in Los Angeles)
    /// Foundation moves the reading forward by the gap (03:30 there). In a DST overlap the
    /// earlier of the two instants is returned.
    public static func instant(day: LocalDay, hour: Int, minute: Int, second: Int = 0,
                               in timeZone: TimeZone) -> Date {
        let parts = DateComponents(year: day.year, month: day.month, day: day.day,
                                   hour: hour, minute: minute, second: second)
        return CalendarCache.gregorian(timeZone).date(from: parts)!
    }
}

/// Gregorian calendars per time-zone identifier: making a `Calendar` is not free and every
/// entry shown or stored needs one. Guarded by a lock; safe from any thread.
enum CalendarCache {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var calendars: [String: Calendar] = [:]

    /// A Gregorian calendar in UTC (for day arithmetic that no zone should shift).
    static let utc: Calendar = gregorian(TimeZone(identifier: "UTC")!)

    /// A Gregorian calendar whose `timeZone` is `zone`.
    static func gregorian(_ zone: TimeZone) -> Calendar {
        lock.lock()
        defer { lock.unlock() }
        if let c = calendars[zone.identifier] { return c }
        var c = Calendar(identifier: .gregorian)
        c.timeZone = zone
        calendars[zone.identifier] = c
        return c
    }
}

/// A process-wide cache of `TimeZone(identifier:)` lookups (they read tzdata each time).
enum TimeZoneCache {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var zones: [String: TimeZone] = [:]

    /// The zone for `identifier`, or UTC when the identifier is unknown.
    static func zone(_ identifier: String) -> TimeZone {
        lock.lock()
        defer { lock.unlock() }
        if let z = zones[identifier] { return z }
        let z = TimeZone(identifier: identifier) ?? TimeZone(identifier: "UTC")!
        zones[identifier] = z
        return z
    }
}

// MARK: - Entries

/// One journal entry: the person's own text, kept exactly as written.
///
/// The instant is stored in UTC together with the time-zone identifier it was written in,
/// so the entry keeps its local day and time even when read in another zone.
public struct JournalEntry: Hashable, Sendable, Identifiable, Codable {
    /// The longest body one entry takes, in UTF-8 bytes (1 MiB): `lanternly write`, imports and
    /// the app's journal editor apply the same limit, ``InputLimits/entryBytes``.
    public static let maxBodyBytes = InputLimits.entryBytes

    /// Stable row number, assigned by the store.
    public var id: Int64
    /// The whole text as written (title included), byte-for-byte.
    public var body: String
    /// Normalized tags without the `@` (see ``normalizeTag(_:)``), sorted: the tags written in
    /// ``body`` plus any added by hand.
    public var tags: [String]
    public var starred: Bool
    /// The UTC instant it was written.
    public var createdAt: Date
    /// IANA identifier of the zone it was written in, e.g. `America/Los_Angeles`.
    /// An identifier this system does not know is read as UTC.
    public var timeZoneIdentifier: String
    /// The entry's short, stable name (``ShortID``), e.g. `k3f9q`; empty before it is stored.
    public var shortID: String

    public init(id: Int64, body: String, tags: [String], starred: Bool, createdAt: Date,
                timeZoneIdentifier: String, shortID: String = "") {
        self.id = id
        self.shortID = shortID
        self.body = body
        self.tags = tags
        self.starred = starred
        self.createdAt = createdAt
        self.timeZoneIdentifier = timeZoneIdentifier
    }

    /// The zone of ``timeZoneIdentifier`` (UTC when unknown).
    public var timeZone: TimeZone { TimeZoneCache.zone(timeZoneIdentifier) }

    /// The zone named `identifier`, UTC when this system does not know it (lookups are cached).
    public static func zone(_ identifier: String) -> TimeZone { TimeZoneCache.zone(identifier) }
    /// The wall clock of ``createdAt`` in the entry's own zone.
    public var localClock: LocalClock { LocalClock(createdAt, in: timeZone) }
    /// The day it belongs to, in its own zone.
    public var localDay: LocalDay { localClock.day }
    /// `HH:MM` in its own zone.
    public var localTime: String { localClock.time }
    /// The first sentence or line, as jrnl splits it (``splitTitle(_:)``).
    public var title: String { JournalEntry.splitTitle(body).title }
    /// What follows the title, trimmed (jrnl's `body`).
    public var bodyAfterTitle: String { JournalEntry.splitTitle(body).body }

    // MARK: Tags

    /// The tags written in `text`: an `@` at the start or after whitespace, followed by
    /// letters, digits, marks, `_` or `-+*#/` (jrnl's `(?<!\S)@[-+*#/\w]+`), normalized with
    /// ``normalizeTag(_:)``, without duplicates, sorted. `@работа` and `@日記` are tags;
    /// `me@example.com` is not.
    public static func tags(in text: String) -> [String] {
        // Most entries hold no `@` at all: one byte scan answers them.
        guard text.utf8.contains(UInt8(ascii: "@")) else { return [] }
        // On Unicode scalars, not Characters: a scalar test is what decides either way, and
        // walking scalars avoids grapheme breaking on every entry imported or shown.
        var found = Set<String>()
        var previousIsSpace = true
        var start: String.UnicodeScalarView.Index?
        let scalars = text.unicodeScalars
        var i = scalars.startIndex
        while i < scalars.endIndex {
            let s = scalars[i]
            if let st = start {
                if isTagScalar(s) { previousIsSpace = false; scalars.formIndex(after: &i); continue }
                if let t = normalizeTag(String(scalars[st..<i])) { found.insert(t) }
                start = nil
            }
            if s == "@" && previousIsSpace {
                start = scalars.index(after: i)
                previousIsSpace = false
            } else {
                previousIsSpace = s.value < 0x80 ? (s == " " || (s.value >= 0x09 && s.value <= 0x0D))
                    : s.properties.isWhitespace
            }
            scalars.formIndex(after: &i)
        }
        if let st = start, let t = normalizeTag(String(scalars[st...])) { found.insert(t) }
        return found.sorted()
    }

    /// A tag as stored: without a leading `@`, lowercased, Unicode NFC; `nil` when nothing
    /// remains or it holds no letter or digit (so `@--` is not a tag). `@Работа` → `работа`.
    public static func normalizeTag(_ raw: String) -> String? {
        if let ascii = normalizeASCIITag(raw.utf8) { return ascii.isEmpty ? nil : ascii }
        return normalizeTagScalars(raw)
    }

    /// ``normalizeTag(_:)`` for any text (the path non-ASCII tags take).
    static func normalizeTagScalars(_ raw: String) -> String? {
        var s = Substring(raw.trimmingCharacters(in: .whitespacesAndNewlines))
        while s.first == "@" { s = s.dropFirst() }
        guard !s.isEmpty, s.allSatisfy(isTagCharacter),
              s.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil })
        else { return nil }
        return String(s).lowercased().precomposedStringWithCanonicalMapping
    }

    /// ``normalizeTag(_:)`` for an all-ASCII `raw` without Foundation: the tag, `""` for no
    /// tag, or `nil` when `raw` is not all ASCII (the caller takes the general path).
    static func normalizeASCIITag(_ raw: String.UTF8View) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        for b in raw {
            guard b < 0x80 else { return nil }
            bytes.append(b)
        }
        var lo = 0, hi = bytes.count
        while lo < hi, bytes[lo] == 0x20 || (bytes[lo] >= 0x09 && bytes[lo] <= 0x0D) { lo += 1 }
        while hi > lo, bytes[hi - 1] == 0x20 || (bytes[hi - 1] >= 0x09 && bytes[hi - 1] <= 0x0D) { hi -= 1 }
        while lo < hi, bytes[lo] == UInt8(ascii: "@") { lo += 1 }
        guard lo < hi else { return "" }
        var alnum = false
        for i in lo..<hi {
            let b = bytes[i]
            guard isTagScalar(Unicode.Scalar(b)) else { return "" }
            if (b >= 0x30 && b <= 0x39) || b &- 0x41 < 26 || b &- 0x61 < 26 {
                alnum = true
                if b &- 0x41 < 26 { bytes[i] = b | 0x20 }
            }
        }
        guard alnum else { return "" }
        return String(decoding: bytes[lo..<hi], as: UTF8.self)
    }

    static func isTagCharacter(_ ch: Character) -> Bool {
        ch.unicodeScalars.allSatisfy(isTagScalar)
    }

    static func isTagScalar(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0x80 {
            let v = UInt8(s.value)
            return (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A)
                || v == 0x5F || v == 0x2D || v == 0x2B || v == 0x2A || v == 0x23 || v == 0x2F
        }
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber,
             .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation:
            return true
        default:
            return false
        }
    }

    // MARK: Title

    /// Splits the first sentence off `text` the way jrnl does: up to the first line break
    /// when there is one; otherwise up to a sentence end (`.!?…‼‽⁇⁈⁉⋯﹒﹗`, an optional
    /// closing quote and brackets, then whitespace) or a CJK full stop (`。！？．｡`). Both parts
    /// are trimmed. Source: jrnl `journals/Entry.py`, `split_title`.
    public static func splitTitle(_ text: String) -> (title: String, body: String) {
        // Walks Unicode scalars (no grapheme breaking, no Foundation bridging): a sentence end
        // counts only where a Character would also end, i.e. no combining scalar follows it.
        let u = text.unicodeScalars
        var i = u.startIndex
        while i < u.endIndex, isSpaceScalar(u[i]) { u.formIndex(after: &i) }
        let lead = i
        while i < u.endIndex {
            if isNewlineScalar(u[i]) { return (trimmed(u[lead..<i]), trimmed(u[u.index(after: i)...])) }
            u.formIndex(after: &i)
        }
        i = u.startIndex
        while i < u.endIndex {
            let c = u[i]
            var next = u.index(after: i)
            if next < u.endIndex, extendsCharacter(u[next]) { i = next; continue }
            switch c.value {
            case 0xFF01, 0xFF0E, 0xFF1F, 0xFF61, 0x3002:
                return (trimmed(u[..<next]), trimmed(u[next...]))
            case 0x2E, 0x21, 0x3F, 0x2026, 0x203C, 0x203D, 0x2047, 0x2048, 0x2049, 0x22EF, 0xFE52, 0xFE57:
                if next < u.endIndex, [0x27, 0x2019, 0x22, 0x201D].contains(u[next].value) { u.formIndex(after: &next) }
                while next < u.endIndex, u[next] == "]" || u[next] == ")" { u.formIndex(after: &next) }
                if next < u.endIndex, isSpaceScalar(u[next]) {
                    while next < u.endIndex, isSpaceScalar(u[next]) { u.formIndex(after: &next) }
                    return (trimmed(u[..<next]), trimmed(u[next...]))
                }
            default:
                break
            }
            i = u.index(after: i)
        }
        return (trimmed(u[...]), "")
    }

    /// Whitespace as `Character.isWhitespace` and Foundation's `.whitespacesAndNewlines` see it
    /// (the Unicode `White_Space` property).
    static func isSpaceScalar(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x80 ? (s.value == 0x20 || (s.value >= 0x09 && s.value <= 0x0D)) : s.properties.isWhitespace
    }

    /// A line break as `Character.isNewline` sees it (LF, VT, FF, CR, NEL, LS, PS).
    static func isNewlineScalar(_ s: Unicode.Scalar) -> Bool {
        (s.value >= 0x0A && s.value <= 0x0D) || s.value == 0x85 || s.value == 0x2028 || s.value == 0x2029
    }

    /// A scalar that belongs to the Character before it (combining marks, ZWJ, variation selectors).
    private static func extendsCharacter(_ s: Unicode.Scalar) -> Bool {
        s.value >= 0x300 && (s.properties.isGraphemeExtend || s.value == 0x200D
            || s.properties.generalCategory == .spacingMark)
    }

    private static func trimmed(_ s: Substring.UnicodeScalarView) -> String {
        var a = s.startIndex, b = s.endIndex
        while a < b, isSpaceScalar(s[a]) { s.formIndex(after: &a) }
        while b > a, isSpaceScalar(s[s.index(before: b)]) { s.formIndex(before: &b) }
        return String(Substring(s[a..<b]))
    }

    /// The text that ``splitTitle(_:)`` turns back into `title` and `body`: joined by a space
    /// when that splits the same way (`Hello.` + `World` → `Hello. World`), else by a newline.
    public static func joinTitle(_ title: String, _ body: String) -> String {
        let t = trim(title[...]), b = trim(body[...])
        if b.isEmpty { return t }
        if t.isEmpty { return b }
        let spaced = t + " " + b
        let back = splitTitle(spaced)
        if back.title == t && back.body == b { return spaced }
        return t + "\n" + b
    }

    private static func trim(_ s: Substring) -> String { trimmed(s.unicodeScalars) }
}

/// An entry to be written: the text, when, in which zone, and any tags added by hand.
public struct NewEntry: Hashable, Sendable {
    public var text: String
    public var createdAt: Date
    public var timeZoneIdentifier: String
    public var starred: Bool
    /// Tags besides those written in the text (normalized on save; invalid ones dropped).
    public var extraTags: [String]

    public init(text: String, createdAt: Date = Date(), timeZone: TimeZone = .current,
                starred: Bool = false, extraTags: [String] = []) {
        self.text = text
        self.createdAt = createdAt
        self.timeZoneIdentifier = timeZone.identifier
        self.starred = starred
        self.extraTags = extraTags
    }

    public init(text: String, createdAt: Date, timeZoneIdentifier: String, starred: Bool = false,
                extraTags: [String] = []) {
        self.text = text
        self.createdAt = createdAt
        self.timeZoneIdentifier = timeZoneIdentifier
        self.starred = starred
        self.extraTags = extraTags
    }
}

/// Where an entry sits in the newest-first order: its instant (milliseconds) and id.
public struct JournalKey: Hashable, Sendable {
    public var milliseconds: Int64
    public var id: Int64

    public init(milliseconds: Int64, id: Int64) {
        self.milliseconds = milliseconds
        self.id = id
    }

    /// The key of `entry`.
    public init(_ entry: JournalEntry) {
        self.init(milliseconds: Int64((entry.createdAt.timeIntervalSince1970 * 1000).rounded(.down)), id: entry.id)
    }
}

/// A page of the journal in newest-first order, found by keyset (not by offset): the cost
/// of a page does not depend on how far into the journal it lies.
public enum JournalPage: Hashable, Sendable {
    /// The newest entries.
    case newest
    /// The oldest entries (still listed newest first).
    case oldest
    /// The entries just older than the key.
    case olderThan(JournalKey)
    /// The entries just newer than the key (listed newest first).
    case newerThan(JournalKey)
    /// The entry with the key (or the next older one, when it is gone) and those older.
    case startingAt(JournalKey)
}

/// Which entries ``Journal/entries(_:)`` returns. Every filter is optional; they combine with AND.
public struct EntryQuery: Hashable, Sendable {
    /// At most this many (the newest ones); `nil` for all.
    public var limit: Int?
    /// First local day included (each entry's own zone).
    public var from: LocalDay?
    /// Last local day included.
    public var to: LocalDay?
    /// Only entries with this tag (normalized with ``JournalEntry/normalizeTag(_:)``; `@` optional).
    public var tag: String?
    /// Only starred entries.
    public var starredOnly: Bool

    public init(limit: Int? = nil, from: LocalDay? = nil, to: LocalDay? = nil, tag: String? = nil,
                starredOnly: Bool = false) {
        self.limit = limit
        self.from = from
        self.to = to
        self.tag = tag
        self.starredOnly = starredOnly
    }
}

/// A change to an entry; `nil` fields stay as they are.
public struct EntryChange: Hashable, Sendable {
    /// New text; tags written in it replace those of the old text.
    public var body: String?
    /// The tags added by hand (replacing the previous hand-added ones). Tags written in the
    /// text stay for as long as the text holds them.
    public var tags: [String]?
    public var starred: Bool?

    public init(body: String? = nil, tags: [String]? = nil, starred: Bool? = nil) {
        self.body = body
        self.tags = tags
        self.starred = starred
    }
}

/// One search result: the entry and a piece of its text around the first match.
public struct SearchHit: Hashable, Sendable {
    public var entry: JournalEntry
    public var snippet: SearchSnippet

    public init(entry: JournalEntry, snippet: SearchSnippet) {
        self.entry = entry
        self.snippet = snippet
    }
}

/// Context around a match: up to ~40 characters either side, on one line (newlines and tabs
/// become spaces), with `…` where text was cut. `match` is the matched part.
public struct SearchSnippet: Hashable, Sendable, Codable {
    public var before: String
    public var match: String
    public var after: String

    public init(before: String, match: String, after: String) {
        self.before = before
        self.match = match
        self.after = after
    }

    /// The snippet as plain text.
    public var text: String { before + match + after }

    /// The snippet with the match between `open` and `close`, e.g. `[` `]` or ANSI bold.
    public func marked(open: String, close: String) -> String { before + open + match + close + after }

    /// Builds the snippet for the first occurrence of `query` in `text` as search finds it
    /// (``SearchText/range(of:in:)``: case-folded, canonically equal); the start of the text
    /// when there is none.
    public static func around(_ query: String, in text: String, context: Int = 40) -> SearchSnippet {
        func flat<S: StringProtocol>(_ s: S) -> String {
            String(s.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        }
        guard !query.isEmpty, let r = SearchText.range(of: query, in: text) else {
            let head = text.prefix(context * 2)
            return SearchSnippet(before: "", match: "", after: flat(head) + (head.endIndex < text.endIndex ? "…" : ""))
        }
        let start = text.index(r.lowerBound, offsetBy: -context, limitedBy: text.startIndex) ?? text.startIndex
        let end = text.index(r.upperBound, offsetBy: context, limitedBy: text.endIndex) ?? text.endIndex
        return SearchSnippet(before: (start > text.startIndex ? "…" : "") + flat(text[start..<r.lowerBound]),
                             match: flat(text[r]),
                             after: flat(text[r.upperBound..<end]) + (end < text.endIndex ? "…" : ""))
    }
}

/// How many entries carry a tag.
public struct TagCount: Hashable, Sendable {
    public var tag: String
    public var count: Int

    public init(tag: String, count: Int) {
        self.tag = tag
        self.count = count
    }
}

/// What an import did: entries added, entries skipped because an entry with the same
/// date, time, title and body was already in the journal, and entries skipped because the
/// same entry came earlier in the same file.
public struct ImportResult: Hashable, Sendable {
    public var added: Int
    public var skipped: Int
    public var repeated: Int

    public init(added: Int = 0, skipped: Int = 0, repeated: Int = 0) {
        self.added = added
        self.skipped = skipped
        self.repeated = repeated
    }
}

// MARK: - Chat and questions

/// One exchange with Luna as stored in the chat history.
///
/// Crisis turns are never stored (issue "The journal", crisis rule): ``Journal/appendChatTurn(message:reply:at:)``
/// refuses them.
public struct ChatTurn: Hashable, Sendable, Identifiable, Codable {
    public var id: Int64
    /// What the person wrote.
    public var message: String
    /// Luna's answer.
    public var reply: String
    public var source: ReplySource
    public var language: AppLanguage
    public var createdAt: Date
    /// The daily question `message` answers; `nil` for any other message.
    public var question: String?

    public init(id: Int64, message: String, reply: String, source: ReplySource, language: AppLanguage,
                createdAt: Date, question: String? = nil) {
        self.question = question
        self.id = id
        self.message = message
        self.reply = reply
        self.source = source
        self.language = language
        self.createdAt = createdAt
    }
}

/// A daily question that was shown in the app on a day (DESIGN.md §6, in-app mode).
public struct QuestionRecord: Hashable, Sendable, Codable {
    /// The local day it was asked.
    public var day: LocalDay
    /// The catalog key of the question (stable across languages).
    public var questionKey: String
    public var askedAt: Date

    public init(day: LocalDay, questionKey: String, askedAt: Date) {
        self.day = day
        self.questionKey = questionKey
        self.askedAt = askedAt
    }
}

// MARK: - Errors

/// Why the journal could not do what was asked. Every case names the file involved.
///
/// User-visible text: ``message(_:_:)`` (keys `journal.error.*` in the string catalog).
public enum JournalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not an SQLite database at all (wrong header). It was not modified.
    case notADatabase(path: String)
    /// An SQLite database, but another program's (foreign `application_id` or tables). Not modified.
    case foreignDatabase(path: String)
    /// Ours, but damaged (`PRAGMA quick_check` failed or SQLite reported corruption). Not modified.
    case corrupt(path: String, reason: String)
    /// Written by a newer Lanternly whose schema version this build does not know.
    case newerSchema(path: String, version: Int)
    /// The folder or the disk refused a write (read-only, full, permission).
    case cannotWrite(path: String, reason: String)
    /// Another copy of Lanternly held the lock past the busy timeout.
    case busy(path: String)
    /// No entry with this id.
    case entryNotFound(id: Int64)
    /// No entry (nor trashed entry, where that counts) has this short id (``ShortID``).
    case noEntry(shortID: String)
    /// An import file could not be read; `line` is 1-based when known.
    case badImportFile(path: String, line: Int?, problem: ImportProblem)
    /// Any other SQLite failure (result code and message).
    case database(path: String, code: Int32, message: String)
    /// An entry over an ``InputLimits`` limit; nothing was saved.
    case overLimit(LimitExceeded)

    /// The message for people, in `language`, from `catalog`.
    public func message(_ catalog: StringCatalog, _ language: AppLanguage) -> String {
        switch self {
        case .notADatabase(let p): return catalog.format("journal.error.notADatabase", language, p)
        case .foreignDatabase(let p): return catalog.format("journal.error.foreignDatabase", language, p)
        case .corrupt(let p, let r):
            // SQLite's own words (English, its internals) stay out of the message: a `cause.*`
            // key says what is known in the person's language, anything else is "damaged data".
            let cause = r.hasPrefix("cause.") ? FileCause.localized(r, catalog, language) : catalog.string("cause.damagedData", language)
            return catalog.format("journal.error.corrupt", language, p, cause)
        case .newerSchema(let p, let v): return catalog.format("journal.error.newerSchema", language, p, String(v))
        case .cannotWrite(let p, let r):
            return catalog.format("journal.error.cannotWrite", language, p, FileCause.localized(r, catalog, language))
        case .busy(let p): return catalog.format("journal.error.busy", language, p)
        case .entryNotFound(let id): return catalog.format("journal.error.entryNotFound", language, String(id))
        case .noEntry(let shortID): return catalog.format("journal.error.noEntry", language, shortID)
        case .badImportFile(let p, let line?, let problem):
            return catalog.format("journal.error.importLine", language, p, String(line), problem.message(catalog, language))
        case .badImportFile(let p, nil, let problem):
            return catalog.format("journal.error.import", language, p, problem.message(catalog, language))
        case .database(let p, let c, _):
            // The result code in our words (SQLite's message is English, left out).
            return catalog.format("journal.error.database", language, p, JournalError.sqliteCause(c, catalog, language))
        case .overLimit(let l): return catalog.format("journal.error.overLimit", language, l.message(catalog, language))
        }
    }

    /// What an SQLite result code means, in `language`: the primary code (the low byte)
    /// named for the few a person can act on, otherwise "error N" (sqlite.org/rescode.html).
    static func sqliteCause(_ code: Int32, _ catalog: StringCatalog, _ language: AppLanguage) -> String {
        switch code & 0xFF {
        case 7: return catalog.string("cause.sqlite.noMemory", language)         // SQLITE_NOMEM
        case 9: return catalog.string("cause.sqlite.interrupted", language)      // SQLITE_INTERRUPT
        case 10: return catalog.string("cause.sqlite.io", language)              // SQLITE_IOERR
        case 13: return catalog.string("cause.noSpace", language)                // SQLITE_FULL
        case 15: return catalog.string("cause.sqlite.locking", language)         // SQLITE_PROTOCOL
        case 18: return catalog.string("cause.sqlite.tooBig", language)          // SQLITE_TOOBIG
        default: return catalog.format("cause.sqlite.code", language, String(code))
        }
    }

    /// The English message (from the shipped catalog when it loads).
    public var description: String {
        if let catalog = try? StringCatalog.shipped() { return message(catalog, .english) }
        return "\(self)"
    }
}

/// What is wrong with an import file (``JournalError/badImportFile(path:line:problem:)``).
public enum ImportProblem: Hashable, Sendable {
    /// The file could not be read (the system's reason).
    case unreadable(reason: String)
    /// Bytes that are not UTF-8.
    case notUTF8
    /// It starts like JSON but does not parse (the parser's detail).
    case notJSON(detail: String, character: String = "", column: Int = 0)
    /// JSON, but not jrnl's export shape (`{"tags": …, "entries": [ … ]}`).
    case notJrnlJSON
    /// `entries[index].field` is missing or has a wrong value.
    case badField(index: Int, field: String, value: String)
    /// An entry header whose date or time does not exist, e.g. `[2025-02-30 10:00]`.
    case badDate(String)
    /// Text before the first `[YYYY-MM-DD HH:MM]` line.
    case textBeforeFirstEntry
    /// A markdown heading (`# 2025`, `### …`) before any entry: a markdown export (Lanternly's
    /// or jrnl's), which cannot be read back.
    case markdownExport
    /// A folder where a file was expected.
    case isFolder
    /// An encrypted jrnl journal (or other binary data on its first line).
    case encrypted
    /// A date whose day and month order cannot be told (`10.07.2013`, `07/10/2013`).
    case dayFirstDate(String)
    /// jrnl's screen output (`jrnl -n 10 > file`: bodies indented with `| `), not its journal.
    case screenOutput
    /// No entry in the file at all.
    case noEntries
    /// Entry `entry` (1-based) is over an ``InputLimits`` limit.
    case overLimit(entry: Int, LimitExceeded)

    /// The explanation for people, in `language`.
    public func message(_ catalog: StringCatalog, _ language: AppLanguage) -> String {
        switch self {
        case .unreadable(let r): return catalog.format("journal.import.unreadable", language, FileCause.localized(r, catalog, language))
        case .notUTF8: return catalog.string("journal.import.notUTF8", language)
        case .notJSON(let d, let c, let column):
            // `d` is a `json.syntax.*` key (the parser's words are never shown as they are).
            let what = d.hasPrefix("json.syntax.") ? catalog.format(d, language, c) : catalog.string("json.syntax.other", language)
            return catalog.format("journal.import.notJSON", language,
                                  column > 0 ? catalog.format("journal.import.jsonColumn", language, what, String(column)) : what)
        case .notJrnlJSON: return catalog.string("journal.import.notJrnlJSON", language)
        case .badField(let i, let f, let v):
            return catalog.format("journal.import.badField", language, String(i + 1), f, v)
        case .badDate(let d): return catalog.format("journal.import.badDate", language, d)
        case .textBeforeFirstEntry: return catalog.string("journal.import.textBeforeFirstEntry", language)
        case .markdownExport: return catalog.string("journal.import.markdownExport", language)
        case .isFolder: return catalog.string("journal.import.isFolder", language)
        case .encrypted: return catalog.string("journal.import.encrypted", language)
        case .dayFirstDate(let d): return catalog.format("journal.import.dayFirstDate", language, d)
        case .screenOutput: return catalog.string("journal.import.screenOutput", language)
        case .noEntries: return catalog.string("journal.import.noEntries", language)
        case .overLimit(let n, let l): return catalog.format("journal.import.overLimit", language, String(n), l.message(catalog, language))
        }
    }
}

// MARK: - The protocol

/// The person's journal, chat history and question history: the app's only door to storage.
///
/// Every write is one committed transaction before the call returns. Implementations are
/// safe to call from several threads, and several processes may write the same journal
/// (the TUI and `lanternly write`) without losing an entry.
public protocol Journal: AnyObject, Sendable {
    /// Saves a new entry: tags come from `@tags` in the text plus `extraTags`.
    ///
    /// - Returns: the entry as stored (id assigned, tags normalized).
    /// - Throws: ``JournalError/cannotWrite(path:reason:)`` (full disk, read-only folder),
    ///   ``JournalError/busy(path:)``, ``JournalError/database(path:code:message:)``.
    func add(_ entry: NewEntry) throws -> JournalEntry

    /// Entries matching `query`, newest first (by instant, then id).
    func entries(_ query: EntryQuery) throws -> [JournalEntry]

    /// Calls `body` with every entry, oldest first, without holding them all in memory.
    func forEachEntry(_ body: (JournalEntry) throws -> Void) throws

    /// The entry with `id`, or `nil`.
    func entry(id: Int64) throws -> JournalEntry?

    /// Applies `change` and returns the entry as stored.
    ///
    /// - Throws: ``JournalError/entryNotFound(id:)`` and the write errors of ``add(_:)``.
    func update(id: Int64, _ change: EntryChange) throws -> JournalEntry

    /// Deletes the entry. Deleting a missing entry throws ``JournalError/entryNotFound(id:)``.
    func delete(id: Int64) throws

    /// Full-text search: substrings of any script (3 characters or more through the trigram
    /// index, shorter ones by a scan). Returns at most `limit` hits, newest first. Any text is
    /// a valid query: quotes, `AND`, `*`, parentheses are searched for literally.
    func search(_ query: String, limit: Int) throws -> [SearchHit]

    /// Number of entries.
    func entryCount() throws -> Int

    /// Every tag and the number of entries carrying it, most used first, then by name.
    func tagCounts() throws -> [TagCount]

    /// Adds entries from an import, skipping any whose date, time, title and body are already
    /// in the journal (or earlier in `entries`). All in one transaction.
    func importEntries(_ entries: [NewEntry]) throws -> ImportResult

    /// Adds the entries `next` returns until it returns `nil`, by the rules of
    /// ``importEntries(_:)-([NewEntry])``, in one transaction: an error thrown by `next` or
    /// by the store leaves the journal as it was. Memory does not grow with the count.
    func importEntries(_ next: () throws -> NewEntry?) throws -> ImportResult

    /// Stores one chat exchange. A reply whose source is `.crisis` is never stored: the call
    /// returns `nil` and writes nothing.
    @discardableResult
    func appendChatTurn(message: String, reply: Reply, at date: Date) throws -> ChatTurn?

    /// The last `limit` chat turns (all when `nil`), oldest first.
    func chatHistory(limit: Int?) throws -> [ChatTurn]

    /// Deletes the whole chat history (and flushes it out of the write-ahead log where it can).
    ///
    /// - Returns: how many turns were deleted.
    @discardableResult
    func eraseChatHistory() throws -> Int

    /// Records that `record.questionKey` was shown on `record.day` (one row per day and key).
    func recordQuestion(_ record: QuestionRecord) throws

    /// Questions shown on or after `since` (all when `nil`), oldest first.
    func questionHistory(since: LocalDay?) throws -> [QuestionRecord]
}

extension Journal {
    /// Saves `text` written now (or at `date`) in `timeZone`.
    public func add(_ text: String, at date: Date = Date(), timeZone: TimeZone = .current,
                    starred: Bool = false) throws -> JournalEntry {
        try add(NewEntry(text: text, createdAt: date, timeZone: timeZone, starred: starred))
    }

    /// The newest `n` entries, newest first.
    public func latest(_ n: Int) throws -> [JournalEntry] { try entries(EntryQuery(limit: n)) }

    /// Search with the default limit of 50 hits.
    public func search(_ query: String) throws -> [SearchHit] { try search(query, limit: 50) }

    /// Stars or unstars an entry.
    @discardableResult
    public func setStarred(_ starred: Bool, id: Int64) throws -> JournalEntry {
        try update(id: id, EntryChange(starred: starred))
    }
}
