import Foundation

// Edits, revisions and the trash (issue 12): the domain types. The store keeps them in the
// same database as the entries, under the same privacy rules.

/// A short, stable name for an entry, shown in `lanternly list` and used by `edit`,
/// `delete`, `restore`, `show`: five characters from an alphabet without look-alikes
/// (no `0 1 i l o`), e.g. `k3f9q`. It never changes, not through edits, the trash or a
/// restore; the row number (``JournalEntry/id``) may.
public enum ShortID {
    /// The 31 characters a short id is made of.
    public static let alphabet = Array("23456789abcdefghjkmnpqrstuvwxyz")
    /// Characters in a short id.
    public static let length = 5

    /// A fresh random id (the store retries when it is taken).
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> String {
        String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
    }

    /// A fresh random id from the system's generator: one draw for the whole id (31⁵ ids,
    /// each equally likely), so an import of 100,000 entries asks the system for randomness
    /// 100,000 times rather than 500,000.
    public static func random() -> String {
        var g = SystemRandomNumberGenerator()
        var v = UInt64.random(in: 0..<idCount, using: &g)
        var chars = [Character](repeating: alphabet[0], count: length)
        for i in 0..<length {
            chars[i] = alphabet[Int(v % UInt64(alphabet.count))]
            v /= UInt64(alphabet.count)
        }
        return String(chars)
    }

    /// How many different short ids there are (31⁵).
    static let idCount: UInt64 = (0..<length).reduce(1) { n, _ in n * UInt64(alphabet.count) }

    /// `text` as a short id (lowercased, a leading `#` dropped), or `nil` when it cannot be one.
    public static func normalize(_ text: String) -> String? {
        var t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t.hasPrefix("#") { t.removeFirst() }
        guard t.count == length, t.allSatisfy({ alphabet.contains($0) }) else { return nil }
        return t
    }
}

/// An earlier version of an entry, kept when the entry was edited, so the edit can be undone.
public struct EntryRevision: Hashable, Sendable, Codable {
    /// 1 for the oldest kept version of the entry, counting up.
    public var number: Int
    /// The whole text as it was.
    public var body: String
    /// The tags added by hand at the time (those written in ``body`` are in the text).
    public var handTags: [String]
    /// When the entry was dated at the time (UTC) and in which zone.
    public var createdAt: Date
    public var timeZoneIdentifier: String
    /// When this version was replaced (UTC).
    public var replacedAt: Date

    public init(number: Int, body: String, handTags: [String], createdAt: Date, timeZoneIdentifier: String,
                replacedAt: Date) {
        self.number = number
        self.body = body
        self.handTags = handTags
        self.createdAt = createdAt
        self.timeZoneIdentifier = timeZoneIdentifier
        self.replacedAt = replacedAt
    }

    /// The local day the version was dated, in its own zone.
    public var localDay: LocalDay { LocalDay(createdAt, in: JournalEntry.zone(timeZoneIdentifier)) }
}

/// An entry in the trash: restorable until ``purgeAfter``, then deleted for good together
/// with its revisions.
public struct TrashedEntry: Hashable, Sendable {
    public var entry: JournalEntry
    /// When it was deleted (UTC).
    public var deletedAt: Date

    public init(entry: JournalEntry, deletedAt: Date) {
        self.entry = entry
        self.deletedAt = deletedAt
    }

    /// When it leaves the trash for good: ``deletedAt`` plus ``Trash/retentionDays`` days on
    /// the entry's own calendar (`Calendar.date(byAdding: .day, …)`, so a DST change in
    /// between keeps the wall-clock time).
    public var purgeAfter: Date { Trash.purgeDate(deletedAt: deletedAt, timeZone: entry.timeZone) }
}

/// The trash's rule: how long a deleted entry can be restored.
public enum Trash {
    /// Days a deleted entry stays restorable (issue 12).
    public static let retentionDays = 30

    /// `deletedAt` plus ``retentionDays`` days in `timeZone`'s Gregorian calendar.
    public static func purgeDate(deletedAt: Date, timeZone: TimeZone) -> Date {
        CalendarCache.gregorian(timeZone).date(byAdding: .day, value: retentionDays, to: deletedAt)!
    }

    /// The cut-off for a purge run at `now`: entries deleted before it are gone for good.
    /// `now` minus ``retentionDays`` days in `timeZone`'s calendar.
    public static func purgeCutoff(now: Date, timeZone: TimeZone) -> Date {
        CalendarCache.gregorian(timeZone).date(byAdding: .day, value: -retentionDays, to: now)!
    }
}

/// A new version of an entry from an edit; `nil` fields stay as they are.
public struct EntryEdit: Hashable, Sendable {
    /// The new whole text.
    public var body: String?
    /// The new hand-added tags (replacing the old ones).
    public var handTags: [String]?
    /// A new date (UTC instant) and its zone.
    public var createdAt: Date?
    public var timeZoneIdentifier: String?

    public init(body: String? = nil, handTags: [String]? = nil, createdAt: Date? = nil,
                timeZoneIdentifier: String? = nil) {
        self.body = body
        self.handTags = handTags
        self.createdAt = createdAt
        self.timeZoneIdentifier = timeZoneIdentifier
    }
}
