import Foundation
import LanternlyCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The formats of `lanternly export --format`.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// jrnl's JSON export: `{"tags": {"@tag": count}, "entries": [{"title", "body", "date"
    /// (YYYY-MM-DD), "time" (HH:MM), "tags" (["@tag"]), "starred"}]}`, 2-space indent, UTF-8.
    /// Source: jrnl `plugins/exporter/json.py`.
    case json
    /// Readable Markdown: `# YYYY`, `## YYYY-MM-DD`, `### HH:MM Title`, then the body.
    case markdown
    /// jrnl's plain-text journal: `[YYYY-MM-DD HH:MM] Title` (` *` when starred), the body
    /// lines, a blank line between entries. Source: jrnl `journals/Entry.py`, `__str__`.
    case txt
}

/// Writes the whole journal, oldest entry first, in an ``ExportFormat``. Dates and times are
/// each entry's local ones, in its own time zone.
public enum JournalExport {
    /// Streams the export of `journal` to `sink` in pieces (one entry at a time).
    ///
    /// - Throws: the journal's ``JournalError``s and whatever `sink` throws.
    public static func write(_ journal: Journal, format: ExportFormat, to sink: (String) throws -> Void) throws {
        try write(tagCounts: { try journal.tagCounts() }, entries: { try journal.forEachEntry($0) },
                  format: format, to: sink)
    }

    /// Renders `entries` (in the order given; oldest first reads best) in `format` — for
    /// `list --json` and friends. The JSON `tags` object counts the tags of these entries.
    public static func render(_ entries: [JournalEntry], format: ExportFormat) -> String {
        var counts: [String: Int] = [:]
        for e in entries { for t in Set(e.tags) { counts[t, default: 0] += 1 } }
        let tagCounts = counts.map { TagCount(tag: $0.key, count: $0.value) }
            .sorted { ($0.count, $1.tag) > ($1.count, $0.tag) }
        var out = ""
        // Neither closure throws, so neither does this.
        try! write(tagCounts: { tagCounts }, entries: { body in try entries.forEach(body) }, format: format) { out += $0 }
        return out
    }

    private static func write(tagCounts: () throws -> [TagCount],
                              entries forEach: @escaping ((JournalEntry) throws -> Void) throws -> Void,
                              format: ExportFormat, to sink: (String) throws -> Void) throws {
        switch format {
        case .json:
            let counts = try tagCounts()
            var head = "{\n  \"tags\": {"
            head += counts.isEmpty ? "}" : "\n" + counts.map { "    \(jsonString("@" + $0.tag)): \($0.count)" }
                .joined(separator: ",\n") + "\n  }"
            head += ",\n  \"entries\": ["
            try sink(head)
            var first = true
            try forEach { e in
                try sink((first ? "\n" : ",\n") + jsonEntry(e))
                first = false
            }
            try sink(first ? "]\n}\n" : "\n  ]\n}\n")
        case .txt:
            var first = true
            try forEach { e in
                try sink((first ? "" : "\n") + textEntry(e))
                first = false
            }
        case .markdown:
            var year: Int?
            var day: LocalDay?
            try forEach { e in
                let clock = e.localClock
                var out = ""
                if clock.day.year != year {
                    out += (year == nil ? "" : "\n") + "# \(clock.day.year)\n"
                    year = clock.day.year
                }
                if clock.day != day {
                    out += "\n## \(clock.day)\n"
                    day = clock.day
                }
                out += "\n" + markdownEntry(e, time: clock.time)
                try sink(out)
            }
        }
    }

    /// The whole export as one string (tests, small journals).
    public static func string(_ journal: Journal, format: ExportFormat) throws -> String {
        var out = ""
        try write(journal, format: format) { out += $0 }
        return out
    }

    /// Writes the export to `url`: a new 0600 file beside it under a random name
    /// (``PrivateFile``: `O_EXCL|O_NOFOLLOW`), renamed over `url` when complete and checked,
    /// so a failed or interrupted export (SIGTERM, SIGHUP) never leaves a copy behind.
    ///
    /// - Throws: ``JournalError/cannotWrite(path:reason:)`` when the file cannot be written.
    public static func write(_ journal: Journal, format: ExportFormat, toFile url: URL) throws {
        // Follow a symbolic link of the person's own; never replace a folder, a device or a pipe.
        let url = try AtomicFile.target(of: url) { JournalError.cannotWrite(path: url.path, reason: $0) }
        try writeFile(at: url) { handle in
            try write(journal, format: format) { piece in try handle.write(contentsOf: Data(piece.utf8)) }
        }
    }

    /// The file-writing mechanics of an export, on their own: `body` writes through the handle
    /// into a private temporary file beside `url`, which then replaces `url`.
    ///
    /// - Throws: ``JournalError`` from `body` as is; anything else as
    ///   ``JournalError/cannotWrite(path:reason:)`` naming `url`.
    static func writeFile(at url: URL, _ body: (FileHandle) throws -> Void) throws {
        let file: PrivateFile.Created
        do {
            file = try PrivateFile.create(in: url.deletingLastPathComponent(), prefix: ".\(url.lastPathComponent).",
                                          suffix: ".tmp")
        } catch {
            throw JournalError.cannotWrite(path: url.path, reason: "\(error)")
        }
        // Foundation's FileHandle writes every byte (it retries short writes and EINTR).
        let handle = FileHandle(fileDescriptor: file.fd, closeOnDealloc: false)
        do {
            try body(handle)
        } catch let error as JournalError {
            PrivateFile.discard(file)
            throw error
        } catch {
            PrivateFile.discard(file)
            throw JournalError.cannotWrite(path: url.path, reason: error.localizedDescription)
        }
        do {
            try PrivateFile.commit(file, to: url)
        } catch {
            throw JournalError.cannotWrite(path: url.path, reason: "\(error)")
        }
    }

    // MARK: Pieces

    /// One entry in jrnl's JSON shape, in jrnl's key order.
    private struct JrnlJSONEntry: Encodable {
        let title: String
        let body: String
        let date: String
        let time: String
        let tags: [String]
        let starred: Bool
    }

    /// Foundation's encoder, pretty-printed (2-space indent); one entry at a time so the
    /// export streams.
    private static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        return e
    }()

    private static func encoded<T: Encodable>(_ value: T) -> String {
        // Strings, numbers and booleans always encode; the fallback is never taken.
        String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
    }

    static func jsonEntry(_ e: JournalEntry) -> String {
        let clock = e.localClock
        let split = JournalEntry.splitTitle(e.body)
        let json = encoded(JrnlJSONEntry(title: split.title, body: split.body, date: clock.day.description,
                                         time: clock.time, tags: e.tags.map { "@" + $0 }, starred: e.starred))
        return json.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
    }

    /// Tags the person added by hand (not written in the text), as a last line `@a @b`, so
    /// the text formats keep them too.
    static func handTagsLine(_ e: JournalEntry) -> String? {
        let inText = Set(JournalEntry.tags(in: e.body))
        let extra = e.tags.filter { !inText.contains($0) }
        return extra.isEmpty ? nil : extra.map { "@" + $0 }.joined(separator: " ")
    }

    static func textEntry(_ e: JournalEntry) -> String {
        let clock = e.localClock
        let split = JournalEntry.splitTitle(e.body)
        var out = "[\(clock.day) \(clock.time)] \(split.title)"
        if e.starred { out += " *" }
        if !split.body.isEmpty { out += "\n" + split.body }
        if let tags = handTagsLine(e) { out += "\n" + tags }
        return out + "\n"
    }

    static func markdownEntry(_ e: JournalEntry, time: String) -> String {
        let split = JournalEntry.splitTitle(e.body)
        var out = "### \(time) \(split.title)\(e.starred ? " ★" : "")\n"
        if !split.body.isEmpty {
            // A body line that starts with `#` would become a heading; escape it.
            let lines = split.body.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("#") ? "\\" + $0 : String($0) }
            out += "\n" + lines.joined(separator: "\n") + "\n"
        }
        if let tags = handTagsLine(e) { out += "\n" + tags + "\n" }
        return out
    }

    /// A JSON string literal, by Foundation's encoder.
    static func jsonString(_ s: String) -> String { encoded(s) }
}
