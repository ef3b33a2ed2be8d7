import Foundation
import LanternlyCore

/// Luna's model on a server of the person's own machine that speaks the OpenAI
/// chat-completions API (Ollama, llama.cpp's `llama-server`, LM Studio; wire format in
/// ``ChatCompletions``). DESIGN.md §10.
///
/// **The gate.** The simulated device still tells its story: when the device's gate says
/// `deviceNotEligible`, `appleIntelligenceNotEnabled` or `osTooOld`, that is the answer. On
/// top of it the server decides readiness: unreachable, or the model not on it →
/// `.unavailable(.modelNotReady)`, with the URL, the error's name and the fix in
/// ``serverStatus``. Readiness is checked with `GET /models` at the first look, then again
/// at most every ``recheckInterval`` seconds in the background (15 s, inside DESIGN.md §2's
/// 10–30 s rhythm) — never on a keypress.
///
/// **Privacy.** A server off the loopback address is never contacted unless
/// `model.allowRemote` is on. A request carries the instructions, the conversation's turns
/// and the message, nothing else; diagnostics keep error names only.
///
/// **Streaming.** Replies stream (`stream: true`); text is reported as it arrives,
/// sanitized (``ModelOutput/sanitize(_:)``). `finish_reason: "length"` returns the text
/// marked cut off. Errors are ``ModelServerError``; cancelling the task closes the
/// connection at once. The blocking socket work runs on its own thread, waiting in `poll`.
public final class OpenAICompatibleLanguageModel: LanguageModel, ModelServerReporting, @unchecked Sendable {
    /// How often readiness is re-checked, in seconds (DESIGN.md §2: 10–30 s).
    public static let recheckInterval: TimeInterval = AvailabilityGate.notReadyRecheckInterval

    public let configuration: ModelServerConfiguration
    public let timeouts: ModelServerTimeouts
    private let deviceAvailability: @Sendable () -> ModelAvailability
    private let now: @Sendable () -> Date
    private let lock = NSLock()
    private var status: ModelServerStatus
    private var checkedAt: Date?
    private var checking = false

    /// - Parameters:
    ///   - configuration: the server.
    ///   - deviceAvailability: the simulated device's gate (``AvailabilityGate``).
    ///   - timeouts: connect 2 s, first token 120 s unless given.
    ///   - now: the clock of the re-check rhythm.
    public init(configuration: ModelServerConfiguration,
                deviceAvailability: @escaping @Sendable () -> ModelAvailability,
                timeouts: ModelServerTimeouts = ModelServerTimeouts(),
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.configuration = configuration
        self.deviceAvailability = deviceAvailability
        self.timeouts = timeouts
        self.now = now
        var state = ModelServerStatus(url: configuration.url, model: configuration.model,
                                      isRemote: configuration.isRemote, state: .notChecked)
        if let refusal = Self.refusal(configuration) {
            state.state = refusal == .remoteNotAllowed ? .remoteNotAllowed : .notConfigured
            state.error = refusal.name
        }
        self.status = state
    }

    /// Why this configuration is never contacted, or `nil`.
    private static func refusal(_ c: ModelServerConfiguration) -> ModelServerError? {
        if c.isRemote && !c.allowRemote { return .remoteNotAllowed }
        if c.model == nil { return .modelNameMissing }
        return nil
    }

    // MARK: LanguageModel

    public var availability: ModelAvailability {
        let device = deviceAvailability()
        switch device {
        case .available, .unavailable(.modelNotReady): break  // the server decides readiness
        case .unavailable: return device
        }
        return readiness() == .ready ? .available : .unavailable(.modelNotReady)
    }

    public var supportedLanguages: Set<AppLanguage> { configuration.languages }

    public var serverStatus: ModelServerStatus { lock.withLock { status } }

    public func respond(instructions: String, prompt: String) async throws -> String {
        try await streamResponse(instructions: instructions, prompt: prompt, progress: { _ in }).text
    }

    public func streamResponse(instructions: String, prompt: String,
                               progress: @escaping @Sendable (ReplyProgress) -> Void) async throws -> ModelResponse {
        if let refusal = Self.refusal(configuration) { throw refusal }
        let cancel = CancelSignal()
        // The conversation's turns travel as the chat's own messages (user/assistant), not as text.
        let parsed = Transcript.parse(prompt)
        let messages = ChatCompletions.messages(instructions: instructions,
                                                turns: parsed.turns.map { ($0.person, $0.luna) }, message: parsed.message)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ModelResponse, Error>) in
                let thread = Thread { [self] in
                    do {
                        continuation.resume(returning: try self.chat(messages, progress: progress, cancel: cancel))
                    } catch {
                        self.note(error)
                        continuation.resume(throwing: error)
                    }
                }
                thread.name = "lanternly-model-server"
                thread.start()
            }
        } onCancel: {
            cancel.fire()
        }
    }

    // MARK: Readiness

    /// Checks the server now (blocking: up to the connect timeout plus the check timeout)
    /// and returns its status. Never contacts a refused configuration.
    @discardableResult
    public func checkReadiness() -> ModelServerStatus {
        var next = serverStatus
        if Self.refusal(configuration) == nil {
            do {
                let ids = try listModels()
                if ChatCompletions.contains(ids, model: configuration.model ?? "") {
                    next.state = .ready
                    next.error = nil
                } else {
                    next.state = .modelMissing
                    next.error = ModelServerError.modelMissing.name
                }
            } catch {
                next.state = .unreachable
                next.error = LunaDiagnostics.errorName(error)
            }
        }
        let at = now()
        lock.withLock {
            status = next
            checkedAt = at
            checking = false
        }
        return next
    }

    /// Starts the first readiness check on a background thread, so a caller that must not
    /// block (the full-screen app's loop) sees ``ModelServerStatus/State/notChecked`` — a
    /// closed gate — until it is done, instead of waiting up to the connect timeout.
    public func startChecking() {
        let start: Bool = lock.withLock {
            guard Self.refusal(configuration) == nil, checkedAt == nil, !checking else { return false }
            checking = true
            return true
        }
        guard start else { return }
        let thread = Thread { [self] in _ = self.checkReadiness() }
        thread.name = "lanternly-model-check"
        thread.start()
    }

    /// The state, checking at the first look and re-checking in the background when stale.
    private func readiness() -> ModelServerStatus.State {
        let (state, stale, first) = lock.withLock { () -> (ModelServerStatus.State, Bool, Bool) in
            guard Self.refusal(configuration) == nil else { return (status.state, false, false) }
            guard let at = checkedAt else { return (status.state, false, !checking) }
            let stale = !checking && now().timeIntervalSince(at) >= Self.recheckInterval
            if stale { checking = true }
            return (status.state, stale, false)
        }
        if first { return checkReadiness().state }
        if stale {
            let thread = Thread { [self] in _ = self.checkReadiness() }
            thread.name = "lanternly-model-check"
            thread.start()
        }
        return state
    }

    /// A failure that says the server is gone closes the gate until the next check.
    private func note(_ error: Error) {
        guard let e = error as? ModelServerError else { return }
        switch e {
        case .connectionRefused, .connectTimedOut, .hostNotFound, .hostUnreachable:
            lock.withLock {
                status.state = .unreachable
                status.error = e.name
                checkedAt = now()
            }
        case .httpStatus(404):
            // Most likely the model is gone: look again at the next reading of the gate.
            lock.withLock { checkedAt = .distantPast }
        default:
            break
        }
    }

    // MARK: Network (on a plain thread)

    private func listModels() throws -> [String] {
        let cancel = CancelSignal()
        let socket = try Socket(host: configuration.host, port: configuration.port,
                                loopbackOnly: !configuration.allowRemote, timeout: timeouts.connect, cancel: cancel)
        try socket.send(ChatCompletions.httpRequest(method: "GET", host: configuration.host, port: configuration.port,
                                                    path: configuration.basePath + "/models", body: nil),
                        timeout: timeouts.check)
        var parser = HTTPResponseParser()
        var body: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeouts.check)
        reading: while !parser.isComplete {
            switch try socket.read(until: deadline) {
            case .data(let d):
                body += try parser.feed(d)
                if body.count > 4 * 1024 * 1024 { throw ModelServerError.malformedResponse }
            case .closed:
                try parser.finish()
                break reading
            case .timedOut:
                throw ModelServerError.firstTokenTimedOut
            }
        }
        guard let code = parser.status else { throw ModelServerError.malformedResponse }
        guard (200..<300).contains(code) else { throw ModelServerError.httpStatus(code) }
        guard let list = try? JSONDecoder().decode(ChatCompletions.ModelList.self, from: Data(body)) else {
            throw ModelServerError.malformedResponse
        }
        return list.data.map(\.id)
    }

    private func chat(_ messages: [ChatCompletions.Message], progress: @Sendable (ReplyProgress) -> Void,
                      cancel: CancelSignal) throws -> ModelResponse {
        let started = Date()
        let socket = try Socket(host: configuration.host, port: configuration.port,
                                loopbackOnly: !configuration.allowRemote, timeout: timeouts.connect, cancel: cancel)
        let body = try JSONEncoder().encode(ChatCompletions.Request(model: configuration.model ?? "",
                                                                   messages: messages, stream: true))
        try socket.send(ChatCompletions.httpRequest(method: "POST", host: configuration.host, port: configuration.port,
                                                    path: configuration.basePath + "/chat/completions", body: body),
                        timeout: timeouts.connect + timeouts.check)
        var http = HTTPResponseParser()
        var events = ServerSentEventParser()
        var raw = ""
        var whole: [UInt8] = []  // a server that answers with one JSON object instead of a stream
        var finish: String?
        var done = false
        var firstToken = false
        var wakingSent = false
        var lastData = Date()
        let firstTokenDeadline = started.addingTimeInterval(timeouts.firstToken)

        func take(_ data: String) throws {
            if data.trimmingCharacters(in: .whitespaces) == "[DONE]" { done = true; return }
            guard let chunk = try? JSONDecoder().decode(ChatCompletions.Chunk.self, from: Data(data.utf8)),
                  let choices = chunk.choices else { throw ModelServerError.malformedResponse }
            for choice in choices {
                if let piece = choice.delta?.content, !piece.isEmpty {
                    raw += piece
                    firstToken = true
                    progress(.text(ModelOutput.sanitize(raw)))
                }
                if let reason = choice.finish_reason { finish = reason }
            }
        }

        reading: while !done {
            let deadline = firstToken ? lastData.addingTimeInterval(timeouts.idle) : firstTokenDeadline
            let waking = started.addingTimeInterval(timeouts.wakingNotice)
            let until = (!firstToken && !wakingSent) ? min(deadline, waking) : deadline
            switch try socket.read(until: until) {
            case .timedOut:
                if Date() >= deadline {
                    throw firstToken ? ModelServerError.streamStalled : ModelServerError.firstTokenTimedOut
                }
                wakingSent = true
                progress(.waking)
            case .closed:
                try http.finish()
                break reading
            case .data(let d):
                lastData = Date()
                let bytes = try http.feed(d)
                if let code = http.status, !(200..<300).contains(code) { throw ModelServerError.httpStatus(code) }
                if http.headers["content-type"]?.contains("text/event-stream") == true {
                    for e in events.feed(bytes) where !done { try take(e) }
                } else {
                    whole += bytes
                    if whole.count > 4 * 1024 * 1024 { throw ModelServerError.malformedResponse }
                }
                if http.isComplete { break reading }
            }
        }
        if http.headers["content-type"]?.contains("text/event-stream") != true {
            guard let c = try? JSONDecoder().decode(ChatCompletions.Completion.self, from: Data(whole)),
                  let first = c.choices.first else { throw ModelServerError.malformedResponse }
            raw = first.message?.content ?? ""
            finish = first.finish_reason ?? "stop"
        }
        // A stream that ends without [DONE] or a finish reason was cut by the connection.
        guard done || finish != nil else { throw ModelServerError.connectionDropped }
        return ModelResponse(text: ModelOutput.sanitize(raw), isCutOff: finish == "length")
    }
}
