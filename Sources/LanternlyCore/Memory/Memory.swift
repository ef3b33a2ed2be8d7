import Foundation

/// What kind of durable fact a memory is (DESIGN.md §9).
public enum MemoryKind: String, CaseIterable, Codable, Hashable, Sendable {
    /// Someone the person named: `Dana`.
    case person
    /// An animal of theirs, by name: `Miso`.
    case pet
    /// A place that matters to them: `Lisbon`.
    case place
    /// Something happening on a date: `job interview` on `2026-12-01`.
    case situation
    /// Something they want to do: `want to run a half marathon`.
    case goal
    /// Something they like or dislike: `love rainy mornings`.
    case preference
}

/// Where a memory came from: a chat turn (never stored with it) or a journal entry.
public enum MemorySource: Hashable, Sendable, Codable {
    case chat
    /// The journal entry's id.
    case entry(Int64)

    /// `chat` or `entry:12`.
    public var name: String {
        switch self {
        case .chat: return "chat"
        case .entry(let id): return "entry:\(id)"
        }
    }

    /// Parses ``name``; `nil` for anything else.
    public init?(name: String) {
        if name == "chat" { self = .chat; return }
        guard name.hasPrefix("entry:"), let id = Int64(name.dropFirst(6)) else { return nil }
        self = .entry(id)
    }
}

/// One fact as the model extracts it: the structured result of a `MemoryExtractor` request,
/// as a guided-generation call would return it.
public struct MemoryFact: Codable, Hashable, Sendable {
    public var kind: MemoryKind
    /// The fact in the person's own words (a name for a person or pet), at most 80 characters.
    public var words: String
    /// For a situation: its local day, `YYYY-MM-DD`; otherwise `nil`.
    public var date: String?

    public init(kind: MemoryKind, words: String, date: String? = nil) {
        self.kind = kind
        self.words = words
        self.date = date
    }

    /// The line given to the model in its instructions: `pet: Miso`, `situation: job interview (2026-12-01)`.
    public var line: String {
        "\(kind.rawValue): \(words)" + (date.map { " (\($0))" } ?? "")
    }
}

/// The whole structured answer: `{"memories": [{"kind": "pet", "words": "Miso", "date": null}]}`.
public struct MemoryExtraction: Codable, Hashable, Sendable {
    public var memories: [MemoryFact]
    public init(memories: [MemoryFact]) { self.memories = memories }
}

/// A stored memory.
public struct Memory: Hashable, Sendable {
    public var id: Int64
    public var fact: MemoryFact
    public var source: MemorySource
    /// When it was remembered (UTC).
    public var createdAt: Date
    /// For a memory from an entry: that entry's short id (`k3f9q`, as `lanternly list` shows
    /// it and `lanternly show` takes it); `nil` for a chat, or an entry no longer there.
    public var entryShortID: String?

    public init(id: Int64, fact: MemoryFact, source: MemorySource, createdAt: Date, entryShortID: String? = nil) {
        self.id = id
        self.fact = fact
        self.source = source
        self.createdAt = createdAt
        self.entryShortID = entryShortID
    }
}
