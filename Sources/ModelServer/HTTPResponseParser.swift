import Foundation

/// An incremental HTTP/1.1 response parser (RFC 9112): the status line and headers, then
/// the body as it arrives, de-chunked when `Transfer-Encoding: chunked`, cut at
/// `Content-Length`, or up to the close of the connection. Fed bytes in any split.
struct HTTPResponseParser {
    private(set) var status: Int?
    private(set) var headers: [String: String] = [:]
    /// Whether the whole body has been read (a close-delimited body completes at ``finish()``).
    private(set) var isComplete = false

    private var buffer: [UInt8] = []
    private enum Body { case chunked, length(Int), untilClose }
    private var body: Body?
    /// Chunked: bytes left in the current chunk; `nil` while reading a size line.
    private var chunkLeft: Int?
    private var afterChunk = false

    /// Headers are at most this long; a longer head is malformed.
    static let maxHeadBytes = 64 * 1024

    /// Feeds received bytes. - Returns: the body bytes they completed (possibly none).
    /// - Throws: `ModelServerError.malformedResponse`.
    mutating func feed(_ bytes: [UInt8]) throws -> [UInt8] {
        buffer += bytes
        if status == nil {
            guard let end = Self.find([13, 10, 13, 10], in: buffer) else {
                if buffer.count > Self.maxHeadBytes { throw ModelServerError.malformedResponse }
                return []
            }
            try parseHead(Array(buffer[..<end]))
            buffer.removeFirst(end + 4)
        }
        return try takeBody()
    }

    /// The connection closed. - Throws: `.connectionDropped` when the body was not complete.
    mutating func finish() throws {
        if status == nil { throw ModelServerError.connectionDropped }
        if case .untilClose? = body { isComplete = true }
        if !isComplete { throw ModelServerError.connectionDropped }
    }

    private mutating func parseHead(_ head: [UInt8]) throws {
        guard let text = String(bytes: head, encoding: .utf8) ?? String(bytes: head, encoding: .isoLatin1) else {
            throw ModelServerError.malformedResponse
        }
        let lines = text.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let code = Int(parts[1]), (100...599).contains(code) else {
            throw ModelServerError.malformedResponse
        }
        status = code
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
            body = .chunked
        } else if let length = headers["content-length"] {
            guard let n = Int(length), n >= 0 else { throw ModelServerError.malformedResponse }
            body = .length(n)
            if n == 0 { isComplete = true }
        } else {
            body = .untilClose
        }
    }

    private mutating func takeBody() throws -> [UInt8] {
        switch body {
        case nil: return []
        case .untilClose?:
            defer { buffer.removeAll() }
            return buffer
        case .length(let left)?:
            let n = min(left, buffer.count)
            let out = Array(buffer[..<n])
            buffer.removeFirst(n)
            body = .length(left - n)
            if left - n == 0 { isComplete = true }
            return out
        case .chunked?:
            var out: [UInt8] = []
            while !isComplete {
                if afterChunk {
                    guard buffer.count >= 2 else { break }
                    guard buffer[0] == 13, buffer[1] == 10 else { throw ModelServerError.malformedResponse }
                    buffer.removeFirst(2)
                    afterChunk = false
                }
                if let left = chunkLeft {
                    let n = min(left, buffer.count)
                    out += buffer[..<n]
                    buffer.removeFirst(n)
                    if left - n > 0 { chunkLeft = left - n; break }
                    chunkLeft = nil
                    afterChunk = true
                    continue
                }
                guard let end = Self.find([13, 10], in: buffer) else {
                    if buffer.count > 1024 { throw ModelServerError.malformedResponse }
                    break
                }
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                let hex = line.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                guard let size = Int(hex, radix: 16), size >= 0 else { throw ModelServerError.malformedResponse }
                if size == 0 { isComplete = true; break }  // trailers, if any, are ignored
                chunkLeft = size
            }
            return out
        }
    }

    static func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard hay.count >= needle.count else { return nil }
        for i in 0...(hay.count - needle.count) where hay[i] == needle[0] {
            if Array(hay[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }
}
