import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sizes Lanternly accepts, so one bad file cannot stall the app: an entry (from `write`,
/// the editor, the app or an import), the tags of one entry, the profile and settings files.
///
/// These are Lanternly's own choices, not outside facts: an entry may hold a long letter
/// (1 MiB is about 500 printed pages of text, and `write` has always read at most this much
/// from standard input); 1,000 tags is far past any hand-kept list; the profile and settings
/// files are a few hundred bytes when written by Lanternly, so 64 KiB leaves room for hand edits.
public enum InputLimits {
    /// Bytes (UTF-8) in one entry: 1 MiB, the same as `lanternly write` reads from standard input.
    public static let entryBytes = 16 * LunaChatService.maxMessageBytes
    /// Distinct tags on one entry (written in the text and added by hand together).
    public static let tagsPerEntry = 1_000
    /// Bytes in the hardware profile file.
    public static let profileBytes = 64 * 1024
    /// Bytes in `settings.json`.
    public static let settingsBytes = 64 * 1024

    /// Checks one entry's text and tags against ``entryBytes`` and ``tagsPerEntry``.
    ///
    /// - Parameters:
    ///   - text: the entry's text.
    ///   - extraTags: tags added by hand (besides the `@tags` in the text).
    /// - Throws: ``LimitExceeded`` naming the limit and the size found.
    public static func checkEntry(_ text: String, extraTags: [String] = []) throws {
        let bytes = text.utf8.count
        if bytes > entryBytes { throw LimitExceeded(kind: .entryBytes, found: bytes) }
        // Cheap first: fewer `@` signs plus hand tags than the limit cannot be over it.
        var ats = 0
        var copy = text
        copy.withUTF8 { for b in $0 where b == UInt8(ascii: "@") { ats += 1 } }
        guard ats + extraTags.count > tagsPerEntry else { return }
        let tags = Set(JournalEntry.tags(in: text)).union(extraTags.compactMap(JournalEntry.normalizeTag))
        if tags.count > tagsPerEntry { throw LimitExceeded(kind: .tagsPerEntry, found: tags.count) }
    }

    /// Checks one entry before it is saved (``checkEntry(_:extraTags:)`` on its text and tags).
    public static func check(_ entry: NewEntry) throws {
        try checkEntry(entry.text, extraTags: entry.extraTags)
    }

    /// Checks a list of hand tags (`tags` of an import, the app's tag editor).
    ///
    /// - Throws: ``LimitExceeded`` of kind `tagsPerEntry`.
    public static func checkTagCount(_ count: Int) throws {
        if count > tagsPerEntry { throw LimitExceeded(kind: .tagsPerEntry, found: count) }
    }

    /// Reads a small file whole, refusing it unread when it is larger than `limit` bytes.
    ///
    /// - Returns: the bytes, or `nil` when there is no file.
    /// - Throws: ``LimitExceeded`` of `kind` when the file is larger; `CocoaError` with the
    ///   system's reason when it cannot be read.
    public static func readFile(_ url: URL, limit kind: LimitExceeded.Kind) throws -> Data? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: url.path,
                NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, Int(st.st_size) > kind.limit {
            throw LimitExceeded(kind: kind, found: Int(st.st_size))
        }
        // Read one byte past the limit: a file that grew meanwhile is still refused.
        let data = try handle.read(upToCount: kind.limit + 1) ?? Data()
        if data.count > kind.limit { throw LimitExceeded(kind: kind, found: data.count) }
        return data
    }
}

/// Something larger than an ``InputLimits`` limit. ``message(_:_:)`` names the limit and the size found.
public struct LimitExceeded: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which limit.
    public enum Kind: String, Hashable, Sendable {
        case entryBytes, tagsPerEntry, profileBytes, settingsBytes

        /// The limit itself (bytes, or tags for `tagsPerEntry`).
        public var limit: Int {
            switch self {
            case .entryBytes: return InputLimits.entryBytes
            case .tagsPerEntry: return InputLimits.tagsPerEntry
            case .profileBytes: return InputLimits.profileBytes
            case .settingsBytes: return InputLimits.settingsBytes
            }
        }
    }

    public let kind: Kind
    /// The size found (bytes, or tags).
    public let found: Int

    public init(kind: Kind, found: Int) {
        self.kind = kind
        self.found = found
    }

    /// The limit (``Kind/limit``).
    public var limit: Int { kind.limit }

    /// The sentence for people, in `language`: catalog key `limit.KIND` with the size found
    /// and the limit.
    public func message(_ catalog: StringCatalog, _ language: AppLanguage) -> String {
        catalog.format("limit.\(kind.rawValue)", language, String(found), String(limit))
    }

    /// The English sentence (from the shipped catalog when it loads).
    public var description: String {
        if let catalog = try? StringCatalog.shipped() { return message(catalog, .english) }
        return "\(kind.rawValue): \(found) is over the limit of \(limit)"
    }
}
