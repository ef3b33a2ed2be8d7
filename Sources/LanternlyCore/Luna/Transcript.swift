import Foundation

/// The session's conversation as the model sees it, like `LanguageModelSession.transcript`:
/// the person's messages and Luna's replies, oldest first (DESIGN.md §9, "Conversation").
///
/// Only ordinary turns enter it (sources `.onDevice`, `.pivot`, `.bank`); a crisis or concern
/// turn never does. A turn answered through translation is kept as the model saw it (the
/// English translation and the English answer), so the model reads one language.
///
/// The model is given the newest turns that fit its context window together with the
/// instructions, the new message and room for the reply (``fitting(instructions:message:budget:)``),
/// rendered into the prompt by ``prompt(turns:message:)``; ``parse(_:)`` reads them back.
public struct Transcript: Sendable, Equatable {
    /// One exchange: the person's message and Luna's reply.
    public struct Turn: Sendable, Equatable, Codable {
        public var person: String
        public var luna: String

        public init(person: String, luna: String) {
            self.person = person
            self.luna = luna
        }
    }

    /// The model's context window in tokens: instructions, prompts and the reply together.
    /// (FACTS.md; Apple DTS on developer.apple.com/forums/thread/788847: "the token number
    /// of the whole session needs to be no more than 4096".)
    public static let contextWindowTokens = 4096
    /// Tokens kept free for Luna's reply. Her replies are at most four short sentences
    /// (under 400 characters, about 130 tokens by ``estimatedTokens(_:)``); 512 leaves room
    /// for a longer model. Our own choice, not a framework number.
    public static let replyReserveTokens = 512
    /// Turns kept in memory; older ones could never fit in the window anyway (a turn is at
    /// least a few tokens, and 4,096 tokens hold far fewer than this many).
    public static let maxKeptTurns = 400

    public private(set) var turns: [Turn] = []

    public init(turns: [Turn] = []) {
        self.turns = Array(turns.suffix(Self.maxKeptTurns))
    }

    /// Adds one exchange at the end, dropping the oldest past ``maxKeptTurns``.
    public mutating func append(person: String, luna: String) {
        turns.append(Turn(person: person, luna: luna))
        if turns.count > Self.maxKeptTurns { turns.removeFirst(turns.count - Self.maxKeptTurns) }
    }

    /// Forgets every turn (a new session).
    public mutating func removeAll() { turns.removeAll() }

    /// A token estimate for `text`: one token per three Unicode scalars, rounded up.
    ///
    /// Tokens depend on the tokenizer; Apple's DTS engineers suggest "3~4 characters" per
    /// token (developer.apple.com/forums/thread/788847). Three is the cautious end, so a
    /// prompt the estimate accepts is unlikely to overflow the real window. The simulated
    /// model counts with the same function.
    public static func estimatedTokens(_ text: String) -> Int { (text.unicodeScalars.count + 2) / 3 }

    /// The newest turns that fit in `budget` tokens together with `instructions`, `message`,
    /// the prompt's headings and ``replyReserveTokens``; oldest first. Empty when even the
    /// message alone does not fit (the model then reports `exceededContextWindowSize`).
    ///
    /// - Parameters:
    ///   - budget: the context window, in tokens (default ``contextWindowTokens``).
    public func fitting(instructions: String, message: String, budget: Int = contextWindowTokens) -> [Turn] {
        var left = budget - Self.replyReserveTokens - Self.estimatedTokens(instructions)
            - Self.estimatedTokens(Self.prompt(turns: [], message: message))
            - Self.estimatedTokens(Self.historyHeading + "\n" + Self.messageHeading + "\n")
        guard left > 0 else { return [] }
        var kept = 0
        for turn in turns.reversed() {
            let cost = Self.estimatedTokens(Self.lines(turn))
            if cost > left { break }
            left -= cost
            kept += 1
        }
        return Array(turns.suffix(kept))
    }

    // MARK: The prompt

    static let historyHeading = "### Conversation so far"
    static let messageHeading = "### New message"
    static let personLabel = "Person: "
    static let lunaLabel = "Luna: "

    /// The prompt for `message` after `turns`. Without turns it is the message itself;
    /// otherwise:
    ///
    /// ```
    /// ### Conversation so far
    /// Person: …
    /// Luna: …
    /// ### New message
    /// <the message, as written>
    /// ```
    ///
    /// Each earlier turn is put on one line (line breaks become spaces), so no text of the
    /// person's can pass for a heading.
    public static func prompt(turns: [Turn], message: String) -> String {
        guard !turns.isEmpty else { return message }
        var text = historyHeading + "\n"
        for turn in turns { text += lines(turn) }
        return text + messageHeading + "\n" + message
    }

    /// Reads a prompt made by ``prompt(turns:message:)`` back: the earlier turns and the new
    /// message. Any other text is a message with no history.
    public static func parse(_ prompt: String) -> (turns: [Turn], message: String) {
        guard prompt.hasPrefix(historyHeading + "\n"),
              let marker = prompt.range(of: "\n" + messageHeading + "\n") else { return ([], prompt) }
        let history = prompt[prompt.index(prompt.startIndex, offsetBy: historyHeading.count + 1)..<marker.lowerBound]
        var turns: [Turn] = []
        for line in history.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix(personLabel) {
                turns.append(Turn(person: String(line.dropFirst(personLabel.count)), luna: ""))
            } else if line.hasPrefix(lunaLabel), !turns.isEmpty, turns[turns.count - 1].luna.isEmpty {
                turns[turns.count - 1].luna = String(line.dropFirst(lunaLabel.count))
            }
        }
        return (turns, String(prompt[marker.upperBound...]))
    }

    static func lines(_ turn: Turn) -> String {
        personLabel + oneLine(turn.person) + "\n" + lunaLabel + oneLine(turn.luna) + "\n"
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
