import Foundation

/// An incremental parser of server-sent events (the WHATWG HTML standard, "Server-sent
/// events", §9.2.6 "Interpreting an event stream": lines end in LF, CR or CRLF; `data:`
/// lines of one event join with LF; a blank line dispatches it; lines starting `:` are
/// comments). Chat completions stream their chunks as `data: {json}` events and end with
/// `data: [DONE]` (platform.openai.com/docs/api-reference/chat/streaming).
///
/// Bytes are split into lines before any is decoded, so a UTF-8 character cut across two
/// network reads is joined whole.
struct ServerSentEventParser {
    private var line: [UInt8] = []
    private var data: [String] = []
    private var lastWasCR = false

    /// Feeds body bytes. - Returns: the `data` of each event they completed.
    mutating func feed(_ bytes: [UInt8]) -> [String] {
        var events: [String] = []
        for b in bytes {
            if b == 10 && lastWasCR { lastWasCR = false; continue }  // CRLF: the CR ended the line
            lastWasCR = b == 13
            if b == 10 || b == 13 {
                if let e = endLine() { events.append(e) }
            } else {
                line.append(b)
            }
        }
        return events
    }

    /// The stream ended: an event without its blank line is dropped, as the standard says.
    mutating func finish() -> [String] { [] }

    private mutating func endLine() -> String? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            guard !data.isEmpty else { return nil }
            defer { data.removeAll() }
            return data.joined(separator: "\n")
        }
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix(":") { return nil }
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = text[...]
            value = ""
        }
        if field == "data" { data.append(String(value)) }
        return nil
    }
}
