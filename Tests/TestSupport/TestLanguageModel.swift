import Foundation
import LanternlyCore

/// A scripted ``LanguageModel`` for tests: availability, languages and the outcome of each
/// `respond` call are set by the test, and every call is recorded.
public final class TestLanguageModel: LanguageModel, @unchecked Sendable {
    /// What one `respond` call does.
    public enum Outcome: Sendable {
        /// Returns this text.
        case text(String)
        /// Throws this error.
        case error(GenerationError)
        /// Sleeps (cancellable) this many seconds, then does the inner outcome.
        indirect case delay(TimeInterval, then: Outcome)
        /// Echoes the prompt with a prefix (handy for translation steps).
        case echo(prefix: String)
    }

    /// One recorded call.
    public struct Call: Equatable, Sendable {
        public var instructions: String
        public var prompt: String

        public init(instructions: String, prompt: String) {
            self.instructions = instructions
            self.prompt = prompt
        }
    }

    private let lock = NSLock()
    private var _availability: ModelAvailability
    private var _languages: Set<AppLanguage>
    private var script: [Outcome]
    private var fallback: Outcome
    private var _calls: [Call] = []

    /// - Parameters:
    ///   - availability: what ``availability`` reports.
    ///   - languages: ``supportedLanguages``.
    ///   - script: outcomes for successive calls; once used up, `fallback` answers.
    public init(availability: ModelAvailability = .available, languages: Set<AppLanguage> = [.english],
                script: [Outcome] = [], fallback: Outcome = .text("A live reply from the test model?")) {
        _availability = availability
        _languages = languages
        self.script = script
        self.fallback = fallback
    }

    public var availability: ModelAvailability {
        get { lock.withLock { _availability } }
        set { lock.withLock { _availability = newValue } }
    }

    public var supportedLanguages: Set<AppLanguage> {
        get { lock.withLock { _languages } }
        set { lock.withLock { _languages = newValue } }
    }

    /// Every call so far, in order.
    public var calls: [Call] { lock.withLock { _calls } }

    public func respond(instructions: String, prompt: String) async throws -> String {
        let outcome: Outcome = lock.withLock {
            _calls.append(Call(instructions: instructions, prompt: prompt))
            return script.isEmpty ? fallback : script.removeFirst()
        }
        return try await run(outcome, prompt: prompt)
    }

    private func run(_ outcome: Outcome, prompt: String) async throws -> String {
        switch outcome {
        case .text(let t): return t
        case .error(let e): throw e
        case .echo(let prefix): return prefix + prompt
        case .delay(let seconds, let then):
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            return try await run(then, prompt: prompt)
        }
    }
}
