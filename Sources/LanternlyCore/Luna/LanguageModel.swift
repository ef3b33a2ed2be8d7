import Foundation

/// A language model Luna can speak through.
///
/// The shape follows Apple's `SystemLanguageModel` + `LanguageModelSession`
/// (FACTS.md, "Apple Foundation Models framework"): an availability, a set of supported
/// languages, and one call that turns instructions and a prompt into text.
public protocol LanguageModel: Sendable {
    /// Whether the model can be called now. Read it each time: it can change while the app runs.
    var availability: ModelAvailability { get }
    /// The languages the model can read and write.
    var supportedLanguages: Set<AppLanguage> { get }
    /// Generates a reply.
    ///
    /// - Parameters:
    ///   - instructions: what the model is for (Luna's persona), in English.
    ///   - prompt: the person's message, or a translation request.
    /// - Returns: the generated text, possibly empty (the caller treats empty as a failure).
    /// - Throws: ``GenerationError`` (the cases of Apple's
    ///   `LanguageModelSession.GenerationError`), or `CancellationError`.
    func respond(instructions: String, prompt: String) async throws -> String
    /// Generates a reply, reporting the text as it arrives (a streaming model) and whether
    /// it was cut off at the model's length limit. A model that does not stream keeps the
    /// default, which calls ``respond(instructions:prompt:)``.
    ///
    /// - Parameter progress: called from any thread with ``ReplyProgress``; the text it
    ///   carries is the whole reply so far.
    /// - Throws: as ``respond(instructions:prompt:)``; `CancellationError` when the task is
    ///   cancelled (the caller keeps the text reported so far).
    func streamResponse(instructions: String, prompt: String,
                        progress: @escaping @Sendable (ReplyProgress) -> Void) async throws -> ModelResponse
}

/// The errors a generation can end with; the names are Apple's
/// (developer.apple.com/documentation/foundationmodels/languagemodelsession/generationerror),
/// plus ``emptyResponse`` for a reply with no text.
public enum GenerationError: Error, Hashable, Sendable, CustomStringConvertible {
    case exceededContextWindowSize
    case assetsUnavailable
    case guardrailViolation
    case unsupportedGuide
    case unsupportedLanguageOrLocale
    case decodingFailure
    case rateLimited
    case concurrentRequests
    case refusal
    /// The model answered with no text.
    case emptyResponse

    public var description: String {
        switch self {
        case .exceededContextWindowSize: return "exceededContextWindowSize"
        case .assetsUnavailable: return "assetsUnavailable"
        case .guardrailViolation: return "guardrailViolation"
        case .unsupportedGuide: return "unsupportedGuide"
        case .unsupportedLanguageOrLocale: return "unsupportedLanguageOrLocale"
        case .decodingFailure: return "decodingFailure"
        case .rateLimited: return "rateLimited"
        case .concurrentRequests: return "concurrentRequests"
        case .refusal: return "refusal"
        case .emptyResponse: return "emptyResponse"
        }
    }
}
