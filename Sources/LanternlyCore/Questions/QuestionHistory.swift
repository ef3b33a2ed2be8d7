import Foundation

/// Which in-app daily questions were shown on which local days (DESIGN.md §6).
///
/// A small value type, stored as JSON by the CLI at `LanternlyPaths.state/question-history.json`
/// (``defaultFile(in:)``); the journal store may keep it later. File shape:
/// `{"version": 1, "picks": [{"day": "2025-01-31", "path": "calm", "index": 3}]}` —
/// `index` is the question's position (0-based) in its path, so the history does not
/// depend on the language. Every key is optional: `{}` decodes to an empty history.
public struct QuestionHistory: Codable, Hashable, Sendable {
    /// One question shown on one local day.
    public struct Pick: Codable, Hashable, Sendable {
        /// The local day, `YYYY-MM-DD`.
        public var day: String
        public var path: LifePath
        /// The question's position in its path, `0..<6`.
        public var index: Int

        public init(day: String, path: LifePath, index: Int) {
            self.day = day
            self.path = path
            self.index = index
        }
    }

    /// A history file that could not be read. `description` names the file and the fix.
    public struct ReadError: Error, CustomStringConvertible {
        public let file: URL
        public let reason: String
        public var description: String {
            "cannot read the question history \(file.path): \(reason); fix it or delete the file to start a fresh history"
        }
    }

    /// The format version written by this build.
    public static let currentVersion = 1
    /// At most this many picks are kept (oldest dropped first).
    public static let maximumPicks = 60

    public var version: Int
    /// Oldest first.
    public var picks: [Pick]

    public init(picks: [Pick] = []) {
        self.version = Self.currentVersion
        self.picks = picks
    }

    enum CodingKeys: String, CodingKey { case version, picks }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decodeIfPresent(Int.self, forKey: .version) ?? Self.currentVersion
        picks = try c.decodeIfPresent([Pick].self, forKey: .picks) ?? []
    }

    /// `state/question-history.json` under `paths`.
    public static func defaultFile(in paths: LanternlyPaths) -> URL {
        paths.state.appendingPathComponent("question-history.json")
    }

    /// The pick for `path` on `day`, if one was made.
    public func pick(day: String, path: LifePath) -> Pick? {
        picks.last { $0.day == day && $0.path == path }
    }

    /// Records a pick, replacing any earlier pick for the same day and path, and trims the
    /// history to ``maximumPicks``.
    public mutating func record(_ pick: Pick) {
        picks.removeAll { $0.day == pick.day && $0.path == pick.path }
        picks.append(pick)
        if picks.count > Self.maximumPicks { picks.removeFirst(picks.count - Self.maximumPicks) }
    }

    /// Reads a history file.
    ///
    /// - Returns: the history; an empty one when the file does not exist.
    /// - Throws: ``ReadError`` when the file exists but is not a history (bad JSON, wrong
    ///   types), or cannot be read.
    public static func load(from url: URL) throws -> QuestionHistory {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) { return QuestionHistory() }
            throw ReadError(file: url, reason: error.localizedDescription)
        }
        do {
            return try JSONDecoder().decode(QuestionHistory.self, from: data)
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
                let DecodingError.keyNotFound(_, context), let DecodingError.dataCorrupted(context) {
            let key = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            throw ReadError(file: url, reason: key.isEmpty ? "not valid JSON" : "bad value at \"\(key)\"")
        } catch {
            throw ReadError(file: url, reason: "\(error)")
        }
    }

    /// Writes the history as JSON, atomically (a temporary file in the same folder, then a
    /// rename), with mode 0600; creates the folder (0700) if missing.
    ///
    /// - Throws: the file system's error (read-only folder, full disk).
    public func save(to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try LanternlyPaths.ensureDirectory(folder)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encode(self)
        try AtomicFile.write(data, to: url) { message in
            CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: "\(url.path) \(message)"])
        }
    }
}
