import Foundation

/// How a reply ended when it did not end on its own.
public enum ReplyEnding: String, Codable, Hashable, Sendable {
    /// The model stopped at its length limit (`finish_reason: "length"`): the text is not whole.
    case cutOff
    /// The person stopped the reply (Esc); the text is the part received by then.
    case stopped
}

/// A generated text and whether the model finished it.
public struct ModelResponse: Equatable, Sendable {
    /// The text, already safe to show (no escape sequences or control characters).
    public var text: String
    /// `true` when the model stopped at its length limit, so the text is cut off.
    public var isCutOff: Bool

    public init(text: String, isCutOff: Bool = false) {
        self.text = text
        self.isCutOff = isCutOff
    }
}

/// What a streaming model reports while a reply is under way.
public enum ReplyProgress: Equatable, Sendable {
    /// No token yet after a while: the server is probably loading the model into memory.
    case waking
    /// The text received so far (the whole of it, not the newest piece), safe to show.
    case text(String)
}

/// An error that names itself for diagnostics, without any user text (e.g. `http500`,
/// `connectionDropped`). ``LunaDiagnostics/errorName(_:)`` uses ``name``.
public protocol NamedError: Error {
    /// A stable, short name: letters and digits only.
    var name: String { get }
}

extension LanguageModel {
    /// Generates a reply and reports its progress; the default calls
    /// ``respond(instructions:prompt:)`` and reports nothing (a model that does not stream).
    public func streamResponse(instructions: String, prompt: String,
                               progress: @escaping @Sendable (ReplyProgress) -> Void) async throws -> ModelResponse {
        ModelResponse(text: try await respond(instructions: instructions, prompt: prompt))
    }
}
