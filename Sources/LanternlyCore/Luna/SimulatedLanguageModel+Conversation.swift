import Foundation

/// What the simulated model reads besides the new message: the earlier turns of the prompt
/// (``Transcript/parse(_:)``) and the facts of the instructions (``LunaPrompts/rememberedFacts(_:)``).
struct Conversation: Sendable {
    var turns: [Transcript.Turn] = []
    var memories: [String] = []

    static let none = Conversation()
}
