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
    ///
    /// - Parameter ids: adds each entry's short id (`"id"`, ``ShortID``) after jrnl's keys.
    public static func render(_ entries: [JournalEntry], format: ExportFormat, ids: Bool = false) -> String {
        var counts: [String: Int] = [:]
        for e in entries { for t in Set(e.tags) { counts[t, default: 0] += 1 } }
        let tagCounts = counts.map { TagCount(tag: $0.key, count: $0.value) }
            .sorted { ($0.count, $1.tag) > ($1.count, $0.tag) }
        var out = ""
        // Neither closure throws, so neither does this.
        try! write(tagCounts: { tagCounts }, entries: { body in try entries.forEach(body) }, format: format, ids: ids) { out += $0 }
        return out
    }

    private static func write(tagCounts: () throws -> [TagCount],
                              entries forEach: @escaping ((JournalEntry) throws -> Void) throws -> Void,
                              format: ExportFormat, ids: Bool = false, to sink: (String) throws -> Void) throws {
        switch format {
        case .json:
            let counts = try tagCounts()
            var head = "{\n  \"tags\": {"
            head += counts.isEmpty ? "}" : "\n" + counts.map { "    \(jsonString("@" + $0.tag)): \($0.count)" }
                .joined(separator: ",\n") + "\n  }"
            head += ",\n  \"entries\": ["
            var chunk = head
            var first = true
            try forEach { e in
                chunk += first ? "\n" : ",\n"
                appendJSONEntry(e, id: ids, to: &chunk)
                first = false
                if chunk.utf8.count >= 1 << 16 { try sink(chunk); chunk = "" }
            }
            chunk += first ? "]\n}\n" : "\n  ]\n}\n"
            try sink(chunk)
        case .txt:
            var chunk = ""
            var first = true
            try forEach { e in
                if !first { chunk += "\n" }
                chunk += textEntry(e)
                first = false
                if chunk.utf8.count >= 1 << 16 { try sink(chunk); chunk = "" }
            }
            if !chunk.isEmpty { try sink(chunk) }
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
            throw JournalError.cannotWrite(path: url.path, reason: FileCause(error).key)
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
            throw JournalError.cannotWrite(path: url.path, reason: FileCause(error).key)
        }
        do {
            try PrivateFile.commit(file, to: url)
        } catch {
            throw JournalError.cannotWrite(path: url.path, reason: FileCause(error).key)
        }
    }

    // MARK: Pieces

    /// One entry in jrnl's JSON shape and key order (title, body, date, time, tags, starred),
    /// indented as Python's `json.dumps(indent=2)` does, 4 spaces deep (jrnl
    /// `plugins/json_exporter.py`). Written by hand, so the same entry gives the same bytes on
    /// every run (a dictionary-backed encoder does not keep key order).
    static func jsonEntry(_ e: JournalEntry) -> String {
        var out = ""
        appendJSONEntry(e, to: &out)
        return out
    }

    static func appendJSONEntry(_ e: JournalEntry, clock: LocalClock? = nil, id: Bool = false, to out: inout String) {
        let clock = clock ?? e.localClock
        let split = JournalEntry.splitTitle(e.body)
        out += "    {\n      \"title\": "
        appendJSONString(split.title, to: &out)
        out += ",\n      \"body\": "
        appendJSONString(split.body, to: &out)
        out += ",\n      \"date\": \"\(clock.day)\",\n      \"time\": \"\(clock.time)\",\n      \"tags\": ["
        if e.tags.isEmpty {
            out += "]"
        } else {
            for (i, t) in e.tags.enumerated() {
                out += i == 0 ? "\n        " : ",\n        "
                appendJSONString("@" + t, to: &out)
            }
            out += "\n      ]"
        }
        out += e.starred ? ",\n      \"starred\": true" : ",\n      \"starred\": false"
        if id {
            out += ",\n      \"id\": "
            appendJSONString(e.shortID, to: &out)
        }
        out += "\n    }"
    }

    /// Appends `s` as a JSON string literal (RFC 8259 §7): `"` and `\\` escaped, control
    /// characters as `\n`, `\t`… or `\u00XX`; everything else, `/` and non-ASCII included, as is.
    static func appendJSONString(_ s: String, to out: inout String) {
        out += "\""
        var plainFrom = s.utf8.startIndex
        var i = plainFrom
        let utf8 = s.utf8
        while i < utf8.endIndex {
            let b = utf8[i]
            if b < 0x20 || b == 0x22 || b == 0x5C {
                out += Substring(s[plainFrom..<i])
                switch b {
                case 0x22: out += "\\\""
                case 0x5C: out += "\\\\"
                case 0x0A: out += "\\n"
                case 0x0D: out += "\\r"
                case 0x09: out += "\\t"
                case 0x08: out += "\\b"
                case 0x0C: out += "\\f"
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    out += "\\u00" + String(decoding: [hex[Int(b >> 4)], hex[Int(b & 15)]], as: UTF8.self)
                }
                plainFrom = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        out += Substring(s[plainFrom...])
        out += "\""
    }

    /// Tags the person added by hand (not written in the text), as a last line `@a @b`, so
    /// the text formats keep them too.
    static func handTagsLine(_ e: JournalEntry) -> String? {
        guard !e.tags.isEmpty else { return nil }
        let inText = Set(JournalEntry.tags(in: e.body))
        let extra = e.tags.filter { !inText.contains($0) }
        return extra.isEmpty ? nil : extra.map { "@" + $0 }.joined(separator: " ")
    }

    static func textEntry(_ e: JournalEntry, clock: LocalClock? = nil) -> String {
        let clock = clock ?? e.localClock
        let split = JournalEntry.splitTitle(e.body)
        var out = "[\(clock.day) \(clock.time)] \(split.title)"
        if e.starred { out += " *" }
        if !split.body.isEmpty { out += "\n" + JrnlText.escapeBody(split.body) }
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

    /// A JSON string literal (``appendJSONString(_:to:)``).
    static func jsonString(_ s: String) -> String {
        var out = ""
        appendJSONString(s, to: &out)
        return out
    }
}
