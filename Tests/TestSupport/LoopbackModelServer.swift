#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A model server for tests, on an ephemeral port of 127.0.0.1 only, speaking the OpenAI
/// chat-completions protocol with streaming (server-sent events over chunked HTTP/1.1), as
/// Ollama and llama-server do. It can misbehave on purpose (``Behaviour``) so every path
/// of the client can be seen. Started and stopped by the tests; nothing else is contacted.
public final class LoopbackModelServer: @unchecked Sendable {
    /// What the server does with a chat request.
    public enum Behaviour: String, Sendable, CaseIterable {
        /// Streams ``LoopbackModelServer/reply`` in a few pieces, then `finish_reason: stop` and `[DONE]`.
        case normal
        /// Waits ``LoopbackModelServer/firstTokenDelay`` seconds before the first piece.
        case slowFirstToken
        /// Sends a reply with a Cyrillic and an emoji character cut between two TCP writes.
        case splitCharacter
        /// Ends with `finish_reason: length`.
        case cutOff
        /// Answers `500 Internal Server Error`.
        case serverError
        /// Sends two pieces, then closes the connection without finishing the stream.
        case dropMidStream
        /// Puts escape sequences, control characters and bidi overrides in the content.
        case escapeSequences
        /// Sends an event whose data is not JSON.
        case malformed
        /// Streams pieces slowly, forever (until the client goes away): for Esc tests.
        case endless
    }

    public let port: UInt16
    public var url: String { "http://127.0.0.1:\(port)/v1" }

    private let listener: Int32
    private let lock = NSLock()
    private var _behaviour: Behaviour
    private var _models: [String]
    private var _requests: [String] = []
    private var _modelChecks = 0
    private var stopped = false
    private var acceptThread: Thread?
    private let acceptEnded = DispatchSemaphore(value: 0)

    /// The reply text of ``Behaviour/normal`` (and the start of the others).
    public var reply = "That sounds like a full day. What part of it stays with you tonight?"
    /// For ``Behaviour/slowFirstToken``, in seconds.
    public var firstTokenDelay: TimeInterval = 3
    /// Pause between streamed pieces, in seconds.
    public var pieceDelay: TimeInterval = 0.02

    /// Starts listening on 127.0.0.1, port chosen by the system.
    ///
    /// - Parameters:
    ///   - behaviour: what chat requests get.
    ///   - models: the ids `GET /v1/models` lists.
    public init(behaviour: Behaviour = .normal, models: [String] = ["luna-test:latest"]) throws {
        _behaviour = behaviour
        _models = models
        let s = socket(AF_INET, Self.streamType, 0)
        guard s >= 0 else { throw POSIXError(.EIO) }
        var on: Int32 = 1
        _ = setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = 0
        addr.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(s, 16) == 0 else { close(s); throw POSIXError(.EADDRINUSE) }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(s, $0, &len) }
        }
        listener = s
        port = UInt16(bigEndian: addr.sin_port)
        let t = Thread { [self] in self.acceptLoop() }
        t.name = "loopback-model-server"
        acceptThread = t
        t.start()
    }

    deinit { stop() }

    /// A port on 127.0.0.1 where nothing listens (bound, then closed): connections are refused.
    public static func refusingPort() throws -> UInt16 {
        let server = try LoopbackModelServer()
        let port = server.port
        server.stop()
        return port
    }

    public var behaviour: Behaviour {
        get { lock.withLock { _behaviour } }
        set { lock.withLock { _behaviour = newValue } }
    }

    public var models: [String] {
        get { lock.withLock { _models } }
        set { lock.withLock { _models = newValue } }
    }

    /// The bodies of every chat request received, in order.
    public var requests: [String] { lock.withLock { _requests } }
    /// How many times `GET /v1/models` was asked.
    public var modelChecks: Int { lock.withLock { _modelChecks } }

    /// Stops listening and returns once the port is closed. The accept thread closes the
    /// socket itself, so its descriptor number is never reused under a running `accept`.
    public func stop() {
        let first: Bool = lock.withLock { defer { stopped = true }; return !stopped }
        guard first else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        acceptEnded.wait()
    }

    private static var streamType: Int32 {
        #if canImport(Glibc)
        Int32(SOCK_STREAM.rawValue)
        #else
        SOCK_STREAM
        #endif
    }

    private func acceptLoop() {
        defer {
            close(listener)
            acceptEnded.signal()
        }
        while true {
            let c = accept(listener, nil, nil)
            if c < 0 {
                if errno == EINTR && !lock.withLock({ stopped }) { continue }
                return
            }
            if lock.withLock({ stopped }) { close(c); return }
            let t = Thread { [weak self] in
                self?.serve(c)
                close(c)
            }
            t.start()
        }
    }

    // MARK: One connection

    private func serve(_ c: Int32) {
        guard let (head, body) = readRequest(c) else { return }
        let line = head.split(separator: "\r\n").first.map(String.init) ?? ""
        if line.hasPrefix("GET ") && line.contains("/models") {
            lock.withLock { _modelChecks += 1 }
            let list = models.map { "{\"id\":\"\($0)\",\"object\":\"model\",\"owned_by\":\"test\"}" }.joined(separator: ",")
            respond(c, status: "200 OK", type: "application/json", body: "{\"object\":\"list\",\"data\":[\(list)]}")
            return
        }
        guard line.hasPrefix("POST ") && line.contains("/chat/completions") else {
            respond(c, status: "404 Not Found", type: "application/json", body: "{\"error\":{\"message\":\"not found\"}}")
            return
        }
        lock.withLock { _requests.append(body) }
        let behaviour = self.behaviour
        if behaviour == .serverError {
            respond(c, status: "500 Internal Server Error", type: "application/json",
                    body: "{\"error\":{\"message\":\"the test server failed on purpose\"}}")
            return
        }
        // Ollama answers 404 for a model it does not have.
        if let requested = Self.requestedModel(body), !models.contains(where: { $0 == requested || $0 == requested + ":latest" }) {
            respond(c, status: "404 Not Found", type: "application/json",
                    body: "{\"error\":{\"message\":\"model not found\"}}")
            return
        }
        guard send(c, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n") else { return }
        switch behaviour {
        case .normal, .serverError:
            streamPieces(c, Self.pieces(reply), finish: "stop")
        case .slowFirstToken:
            Thread.sleep(forTimeInterval: firstTokenDelay)
            streamPieces(c, Self.pieces(reply), finish: "stop")
        case .cutOff:
            streamPieces(c, Self.pieces("That sounds like a long day, and the part about"), finish: "length")
        case .escapeSequences:
            streamPieces(c, ["Hello \u{1B}[2J\u{1B}[31mthere", "\u{1B}]0;pwned\u{07} friend\u{7}",
                             " \u{202E}evil\u{202C} \u{9B}1mok\r\n?"], finish: "stop")
        case .malformed:
            _ = sendChunk(c, "data: {\"choices\": [{\"delta\": {\"content\": \"Hi\"}}]}\n\n")
            _ = sendChunk(c, "data: {this is not json\n\n")
            _ = sendChunk(c, "data: [DONE]\n\n")
            _ = send(c, "0\r\n\r\n")
        case .dropMidStream:
            for p in ["That sounds ", "like a lot "] {
                _ = sendChunk(c, Self.event(content: p, finish: nil))
                Thread.sleep(forTimeInterval: pieceDelay)
            }
            // Close without the last chunk: the connection dropped mid-reply.
        case .splitCharacter:
            // "Привет 🌙 — how was today?" with "и" and "🌙" cut between two writes.
            let event = Array(Self.event(content: "Привет 🌙 — how was today?", finish: nil).utf8)
            let cuts = [Self.cut(event, inside: "и"), Self.cut(event, inside: "🌙")].compactMap { $0 }.sorted()
            var start = 0
            for cut in cuts + [event.count] {
                _ = sendChunkBytes(c, Array(event[start..<cut]))
                start = cut
                Thread.sleep(forTimeInterval: 0.05)
            }
            _ = sendChunk(c, Self.event(content: nil, finish: "stop"))
            _ = sendChunk(c, "data: [DONE]\n\n")
            _ = send(c, "0\r\n\r\n")
        case .endless:
            var n = 0
            while sendChunk(c, Self.event(content: "word\(n) ", finish: nil)) {
                n += 1
                Thread.sleep(forTimeInterval: 0.1)
                if n > 3000 { break }
            }
        }
    }

    private func streamPieces(_ c: Int32, _ pieces: [String], finish: String) {
        _ = sendChunk(c, "data: {\"choices\":[{\"index\":0,\"delta\":{\"role\":\"assistant\",\"content\":\"\"},\"finish_reason\":null}]}\n\n")
        for p in pieces {
            guard sendChunk(c, Self.event(content: p, finish: nil)) else { return }
            Thread.sleep(forTimeInterval: pieceDelay)
        }
        _ = sendChunk(c, Self.event(content: nil, finish: finish))
        _ = sendChunk(c, "data: [DONE]\n\n")
        _ = send(c, "0\r\n\r\n")
    }

    /// `text` in pieces of about three words.
    static func pieces(_ text: String) -> [String] {
        var out: [String] = []
        var words = 0
        var current = ""
        for ch in text {
            current.append(ch)
            if ch == " " { words += 1 }
            if words == 3 { out.append(current); current = ""; words = 0 }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    static func event(content: String?, finish: String?) -> String {
        var delta = "{}"
        if let content {
            let data = try! JSONSerialization.data(withJSONObject: ["content": content])
            delta = String(decoding: data, as: UTF8.self)
        }
        let reason = finish.map { "\"\($0)\"" } ?? "null"
        return "data: {\"id\":\"chatcmpl-test\",\"object\":\"chat.completion.chunk\",\"model\":\"luna-test\",\"choices\":[{\"index\":0,\"delta\":\(delta),\"finish_reason\":\(reason)}]}\n\n"
    }

    /// A byte offset inside the UTF-8 encoding of `character` in `bytes` (after its first byte).
    static func cut(_ bytes: [UInt8], inside character: String) -> Int? {
        let needle = Array(character.utf8)
        guard needle.count > 1 else { return nil }
        for i in 0...(bytes.count - needle.count) where Array(bytes[i..<(i + needle.count)]) == needle { return i + 1 }
        return nil
    }

    static func requestedModel(_ body: String) -> String? {
        guard let obj = try? JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any] else { return nil }
        return obj["model"] as? String
    }

    // MARK: Bytes

    private func readRequest(_ c: Int32) -> (String, String)? {
        var data: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 8192)
        while true {
            if let end = Self.find([13, 10, 13, 10], in: data) {
                let head = String(decoding: data[..<end], as: UTF8.self)
                let length = head.split(separator: "\r\n").compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }.first ?? 0
                if data.count - end - 4 >= length {
                    return (head, String(decoding: data[(end + 4)..<(end + 4 + length)], as: UTF8.self))
                }
            }
            let n = buf.withUnsafeMutableBytes { recv(c, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return nil }
            data += buf[..<n]
        }
    }

    private func respond(_ c: Int32, status: String, type: String, body: String) {
        _ = send(c, "HTTP/1.1 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    }

    private func sendChunk(_ c: Int32, _ text: String) -> Bool { sendChunkBytes(c, Array(text.utf8)) }

    private func sendChunkBytes(_ c: Int32, _ bytes: [UInt8]) -> Bool {
        send(c, String(bytes.count, radix: 16) + "\r\n") && sendBytes(c, bytes) && send(c, "\r\n")
    }

    private func send(_ c: Int32, _ text: String) -> Bool { sendBytes(c, Array(text.utf8)) }

    private func sendBytes(_ c: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { b -> Int in
                #if canImport(Glibc)
                Glibc.send(c, b.baseAddress, b.count, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(c, b.baseAddress, b.count, 0)
                #endif
            }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    static func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard hay.count >= needle.count else { return nil }
        for i in 0...(hay.count - needle.count) where Array(hay[i..<(i + needle.count)]) == needle { return i }
        return nil
    }
}
