import Foundation

/// The report log (`LanternlyPaths.reportLog`, `state/report.log`): one line per event,
/// never any user text (DESIGN.md §3).
///
/// A line reads `2026-01-31T09:30:00Z event=generationError service=chat source=onDevice error=guardrailViolation`.
/// Only these fields exist, and their values are names the code chose (events, sources, error
/// names), so a message or a reply cannot reach the file. The file is 0600 in a 0700 folder;
/// past ``maxBytes`` it is renamed to `report.log.1` and a new one begins.
public struct ReportLog: Sendable {
    /// The log file.
    public let url: URL
    /// Size in bytes past which the log is rotated.
    public static let maxBytes = 256 * 1024

    public init(url: URL) { self.url = url }

    /// Appends one line.
    ///
    /// - Parameters:
    ///   - event: what happened, a code name such as `reply`, `generationError`, `report`.
    ///   - source: the reply source concerned, if any.
    ///   - error: an error *name* (``GenerationError`` description, or a type name), if any.
    ///   - date: the time of the event (UTC in the line).
    /// - Throws: the file system's error (folder not writable, disk full).
    public func append(event: String, source: ReplySource? = nil, error: String? = nil, at date: Date = Date()) throws {
        try append(event: event, service: nil, sourceName: source?.rawValue, error: error, at: date)
    }

    /// Appends one line naming a service: `… event=generationError service=memory error=guardrailViolation`.
    ///
    /// - Parameters:
    ///   - service: the ``LunaService`` raw value, if any.
    ///   - sourceName: a source's name (``ReplySource`` or ``ServiceSource`` raw value), if any.
    /// - Throws: the file system's error.
    public func append(event: String, service: String?, sourceName: String?, error: String?, at date: Date = Date()) throws {
        var line = "\(ISO8601.string(from: date)) event=\(Self.token(event))"
        if let service { line += " service=\(Self.token(service))" }
        if let sourceName { line += " source=\(Self.token(sourceName))" }
        if let error { line += " error=\(Self.token(error))" }
        line += "\n"
        try LanternlyPaths.ensureDirectory(url.deletingLastPathComponent())
        rotateIfNeeded()
        let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Self.posixError(errno) }
        defer { close(fd) }
        let bytes = Array(line.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if written != bytes.count { throw Self.posixError(errno) }
    }

    /// The log's lines, oldest first (empty when there is no log yet).
    public func lines() -> [String] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    /// Keeps a value to one safe token: letters, digits and `._:-`, at most 64 characters.
    static func token(_ s: String) -> String {
        let kept = s.unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._:-".unicodeScalars.contains($0)) }
        let text = String(String.UnicodeScalarView(kept.prefix(64)))
        return text.isEmpty ? "unknown" : text
    }

    private func rotateIfNeeded() {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        guard size > Self.maxBytes else { return }
        let old = url.appendingPathExtension("1")
        _ = rename(url.path, old.path)
    }

    private static func posixError(_ code: Int32) -> Error {
        NSError(domain: NSPOSIXErrorDomain, code: Int(code),
                userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(code))])
    }
}
