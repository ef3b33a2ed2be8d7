// A stand-in for Apple's FoundationModels framework, for the test build on Linux only: exactly
// the declarations FoundationModelsLanguageModel uses, with the signatures of Apple's
// documentation (developer.apple.com/documentation/foundationmodels: SystemLanguageModel,
// its Availability — frozen — and UnavailableReason — not frozen —, supportedLanguages,
// LanguageModelSession init(model:tools:instructions:), respond(to:options:),
// streamResponse(to:options:), Response, ResponseStream, GenerationError and its Context and
// Refusal). Options, tools and guided generation are left out: the adapter does not use them.
// Built with library evolution, so a non-frozen enum needs `@unknown default` as it does
// against the real framework.
//
// Tests drive it through the `@_spi(StandIn)` controls, which the adapter never sees.
import Foundation

public final class SystemLanguageModel: @unchecked Sendable {
    /// The base model.
    public static let `default` = SystemLanguageModel()

    @frozen public enum Availability: Equatable, Sendable {
        case available
        case unavailable(UnavailableReason)

        public enum UnavailableReason: Equatable, Sendable {
            case deviceNotEligible
            case appleIntelligenceNotEnabled
            case modelNotReady
        }
    }

    public var availability: Availability { StandIn.lock.withLock { StandIn._availability } }

    public var supportedLanguages: Set<Locale.Language> { StandIn.lock.withLock { StandIn._languages } }
}

public final class LanguageModelSession: @unchecked Sendable {
    private let instructions: String?

    /// Apple: `convenience init(model: SystemLanguageModel = .default, tools: [any Tool] = [],
    /// instructions: String? = nil)` (tools left out of the stand-in).
    public convenience init(model: SystemLanguageModel = .default, instructions: String? = nil) {
        self.init(instructions: instructions, model: model)
    }

    private init(instructions: String?, model: SystemLanguageModel) {
        self.instructions = instructions
    }

    public struct Response<Content> {
        public let content: Content
    }

    public struct ResponseStream<Content>: AsyncSequence {
        public typealias Element = Snapshot

        public struct Snapshot {
            /// For `String`, the content generated so far (Apple: `Content.PartiallyGenerated`,
            /// which is `String` for `String`).
            public var content: Content
        }

        let snapshots: [Content]
        let failure: Error?

        public struct AsyncIterator: AsyncIteratorProtocol {
            var rest: [Content]
            let failure: Error?
            public mutating func next() async throws -> Snapshot? {
                if rest.isEmpty {
                    if let failure { throw failure }
                    return nil
                }
                return Snapshot(content: rest.removeFirst())
            }
        }

        public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(rest: snapshots, failure: failure) }
    }

    @discardableResult
    public final func respond(to prompt: String) async throws -> Response<String> {
        let outcome = StandIn.run(instructions: instructions, prompt: prompt)
        if let error = outcome.error { throw error }
        return Response(content: outcome.snapshots.last ?? "")
    }

    public final func streamResponse(to prompt: String) -> ResponseStream<String> {
        let outcome = StandIn.run(instructions: instructions, prompt: prompt)
        return ResponseStream(snapshots: outcome.snapshots, failure: outcome.error)
    }

    public enum GenerationError: Error, LocalizedError {
        public struct Context: Sendable {
            public let debugDescription: String
            public init(debugDescription: String) { self.debugDescription = debugDescription }
        }

        public struct Refusal: Sendable {
            @_spi(StandIn) public init() {}
        }

        case exceededContextWindowSize(Context)
        case assetsUnavailable(Context)
        case guardrailViolation(Context)
        case unsupportedGuide(Context)
        case unsupportedLanguageOrLocale(Context)
        case decodingFailure(Context)
        case rateLimited(Context)
        case concurrentRequests(Context)
        case refusal(Refusal, Context)
    }
}

/// The tests' controls: what the framework reports and what a session produces.
@_spi(StandIn) public enum StandIn {
    static let lock = NSLock()
    nonisolated(unsafe) static var _availability: SystemLanguageModel.Availability = .available
    nonisolated(unsafe) static var _languages: Set<Locale.Language> = [Locale.Language(identifier: "en")]
    nonisolated(unsafe) static var _snapshots: [String] = ["A reply from the stand-in?"]
    nonisolated(unsafe) static var _error: Error?
    nonisolated(unsafe) static var _calls: [(instructions: String?, prompt: String)] = []

    public static func set(availability: SystemLanguageModel.Availability) { lock.withLock { _availability = availability } }
    public static func set(languages: [String]) { lock.withLock { _languages = Set(languages.map(Locale.Language.init(identifier:))) } }
    /// Snapshots of the text (each the whole text so far); the last is the reply.
    public static func set(snapshots: [String], error: Error? = nil) { lock.withLock { _snapshots = snapshots; _error = error } }
    /// Every session call so far: its instructions and prompt.
    public static var calls: [(instructions: String?, prompt: String)] { lock.withLock { _calls } }
    public static func reset() {
        lock.withLock {
            _availability = .available
            _languages = [Locale.Language(identifier: "en")]
            _snapshots = ["A reply from the stand-in?"]
            _error = nil
            _calls = []
        }
    }

    static func run(instructions: String?, prompt: String) -> (snapshots: [String], error: Error?) {
        lock.withLock {
            _calls.append((instructions, prompt))
            return (_snapshots, _error)
        }
    }
}
