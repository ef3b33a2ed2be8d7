import Foundation

/// The instructions Luna's chain gives a ``LanguageModel``: the persona, and the
/// translation protocol of the pivot path (DESIGN.md §3, step 3).
public enum LunaPrompts {
    /// Luna's persona, in English (instructions are English whatever the message's language).
    public static let persona = """
        You are Luna, a warm companion in a journaling app. Answer the person's message in its \
        own language, in two or three short, plain sentences. Respond to what they wrote: the \
        feeling, the topic, a phrase of theirs, a person they named. End with one open question. \
        Never diagnose, lecture or give medical advice.
        """

    /// Added to the persona when the message reaches the model through translation.
    public static let translatedMessageNote =
        "The message was translated by machine: answer its meaning and do not quote it."

    /// The persona with the reply's language named: `… Reply in ru.`
    ///
    /// - Parameter memories: facts Luna remembers (``memories(_:)``), put before the language.
    public static func persona(replyLanguage: AppLanguage, memories: [String] = []) -> String {
        persona + memoryParagraph(memories) + " Reply in \(replyLanguage.rawValue)."
    }

    /// The persona for a message that reaches the model through translation.
    public static func personaForTranslatedMessage(replyLanguage: AppLanguage, memories: [String] = []) -> String {
        persona + " " + translatedMessageNote + memoryParagraph(memories) + " Reply in \(replyLanguage.rawValue)."
    }

    static func memoryParagraph(_ facts: [String]) -> String {
        facts.isEmpty ? "" : memories(facts) + "\n"
    }

    /// The reply language named by ``persona(replyLanguage:)``; `nil` when none is named.
    public static func replyLanguage(_ instructions: String) -> AppLanguage? {
        guard let r = instructions.range(of: "Reply in ", options: .backwards) else { return nil }
        let code = instructions[r.upperBound...].prefix { $0.isLetter }
        return AppLanguage(rawValue: String(code))
    }

    /// The instructions' paragraph of what Luna remembers, one fact a line:
    /// `\nWhat you remember about the person:\n- pet: Miso\n…`.
    public static func memories(_ facts: [String]) -> String {
        "\n" + memoryHeading + "\n" + facts.map { "- " + Transcript.oneLine($0) }.joined(separator: "\n")
    }

    static let memoryHeading = "What you remember about the person:"

    /// The facts of a ``memories(_:)`` paragraph in `instructions`, as written after `- `.
    public static func rememberedFacts(_ instructions: String) -> [String] {
        guard let r = instructions.range(of: memoryHeading + "\n") else { return [] }
        return instructions[r.upperBound...].split(separator: "\n").prefix { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
    }

    /// Instructions asking for the durable facts of the prompt as ``MemoryExtraction`` JSON.
    public static func memoryExtraction(today: String) -> String {
        memoryExtractionLead + " Today is \(today). " + """
            Answer only with JSON: {"memories": [{"kind": "person|pet|place|situation|goal|preference", \
            "words": "the fact in the person's words", "date": "YYYY-MM-DD for a situation, else null"}]}. \
            Keep facts that will still matter next week: people and pets by name, places, dated events, \
            goals, likes and dislikes. Nothing else; an empty list when there is none.
            """
    }

    static let memoryExtractionLead = "Extract durable facts about the person from the text."

    /// Instructions for the month's observation of `month` (`YYYY-MM`).
    public static func monthObservation(month: String, replyLanguage: AppLanguage) -> String {
        monthLead + " The month is \(month). " + """
            Write three or four short, warm sentences: how often they wrote, the themes, the people, \
            what seemed to help. Do not quote the entries, do not diagnose or advise.
            """ + " Reply in \(replyLanguage.rawValue)."
    }

    /// Instructions for Luna's own question of the day (`day`: `YYYY-MM-DD`, `path`: a ``LifePath``).
    public static func dailyQuestion(path: String, day: String, replyLanguage: AppLanguage) -> String {
        questionLead + " Today is \(day); the person's path is \(path). " + """
            Ask one short, open, kind question they could write about today, drawing on what they \
            wrote lately and what you remember. Never one of the questions listed as asked before.
            """ + " Reply in \(replyLanguage.rawValue)."
    }

    /// Instructions asking for up to three tags for the prompt, as `{"tags": [...]}` JSON.
    public static func tagSuggestion(existing: [String]) -> String {
        tagLead + " Answer only with JSON: {\"tags\": [\"tag\", …]} — at most three short, lower-case tags, " +
            "preferring the person's existing tags when they fit. Existing tags: " + existing.joined(separator: ", ") + "."
    }

    static let tagLead = "Suggest tags for this journal entry."

    /// The existing tags named by ``tagSuggestion(existing:)``.
    static func existingTags(_ instructions: String) -> [String] {
        guard let r = instructions.range(of: "Existing tags: ", options: .backwards) else { return [] }
        return instructions[r.upperBound...].dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    static let questionLead = "You are Luna, writing today's journaling question for the person."

    static let monthLead = "You are Luna, writing a gentle observation of the person's month in their journal."

    /// The day named by ``memoryExtraction(today:)``; `nil` for other instructions.
    public static func memoryExtractionDay(_ instructions: String) -> String? {
        guard instructions.hasPrefix(memoryExtractionLead),
              let r = instructions.range(of: "Today is ") else { return nil }
        return String(instructions[r.upperBound...].prefix(10))
    }

    /// Instructions asking the model to translate the prompt: `Translate the text from ru to
    /// en. Reply with the translation only.`
    public static func translation(from: AppLanguage, to: AppLanguage) -> String {
        "Translate the text from \(from.rawValue) to \(to.rawValue). Reply with the translation only."
    }

    /// The languages of a ``translation(from:to:)`` instruction; `nil` for any other text.
    public static func translationLanguages(_ instructions: String) -> (from: AppLanguage, to: AppLanguage)? {
        let words = instructions.split(separator: " ")
        guard instructions.hasPrefix("Translate the text from "), words.count >= 7,
              let from = AppLanguage(rawValue: String(words[4])),
              let to = AppLanguage(rawValue: String(words[6]).trimmingCharacters(in: .punctuationCharacters))
        else { return nil }
        return (from, to)
    }
}

/// A message Luna cannot take: empty, or longer than ``LunaChatService/maxMessageBytes``.
public struct MessageError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        case empty
        /// The message's size in bytes (UTF-8).
        case tooLong(bytes: Int)
    }

    public let kind: Kind

    public var description: String {
        switch kind {
        case .empty:
            return "the message is empty: write something for Luna to answer"
        case .tooLong(let bytes):
            return "the message is \(bytes) bytes; Luna reads at most \(LunaChatService.maxMessageBytes) bytes (64 KiB) at a time — split it into shorter messages"
        }
    }
}

/// Luna's reply chain (DESIGN.md §3): crisis → on-device → pivot → bank. ``reply(to:)``
/// always answers.
///
/// Feature code sees only ``ModelAvailability/isAvailable``; reasons are
/// ``LunaDiagnostics``' business. Errors and empty output of the model are recorded in
/// ``LunaDiagnostics/lastGenerationError`` and the report log (names only, never text),
/// and the chain goes on. A crisis message never reaches the model and is written nowhere.
public final class LunaChatService: @unchecked Sendable {
    /// The largest message accepted, in bytes of UTF-8: 64 KiB. About sixteen times the
    /// model's 4,096-token context window, so long messages still reach the model's own
    /// `exceededContextWindowSize` (and the bank answers); past this the CLI refuses them.
    public static let maxMessageBytes = 64 * 1024

    private let model: LanguageModel
    private let bank: ReplyBank
    private let strings: StringCatalog
    private let diagnostics: LunaDiagnostics
    private let region: @Sendable () -> String?
    private let assess: @Sendable (String, Bool) -> CrisisOutcome
    /// A crisis or concern turn happened in this conversation (in memory only, never written).
    private var _atRisk = false
    private let lock = NSLock()
    private var previousBankLine: String?
    private var _uiLanguage: AppLanguage
    private var _transcript = Transcript()
    private let memories: @Sendable () -> [String]

    /// - Parameters:
    ///   - model: the language model (``SimulatedLanguageModel`` or a test double).
    ///   - catalog: the String Catalog (bank lines, fallback line `model.listening`).
    ///   - diagnostics: where sources and errors are recorded.
    ///   - region: the person's region (ISO 3166-1 alpha-2) for the crisis help line.
    ///   - uiLanguage: the language assumed when a message gives no sign of its own.
    ///   - assess: ``CrisisDetector/assess(_:atRisk:)`` unless a test injects another.
    ///   - memories: what Luna remembers about the person, one fact a line (``MemoryExtractor``),
    ///     read before each model call and added to the instructions; empty when memory is off.
    public init(model: LanguageModel, catalog strings: StringCatalog, diagnostics: LunaDiagnostics,
                region: @escaping @Sendable () -> String?, uiLanguage: AppLanguage,
                assess: @escaping @Sendable (String, Bool) -> CrisisOutcome = { CrisisDetector.assess($0, atRisk: $1) },
                memories: @escaping @Sendable () -> [String] = { [] }) {
        self.memories = memories
        self.model = model
        self.bank = ReplyBank(catalog: strings)
        self.strings = strings
        self.diagnostics = diagnostics
        self.region = region
        self.assess = assess
        self._uiLanguage = uiLanguage
    }

    /// A service whose crisis check is `crisisDetector` (tests): `true` is a crisis, never a concern.
    public convenience init(model: LanguageModel, catalog strings: StringCatalog, diagnostics: LunaDiagnostics,
                            region: @escaping @Sendable () -> String?, uiLanguage: AppLanguage,
                            crisisDetector: @escaping @Sendable (String) -> Bool,
                            memories: @escaping @Sendable () -> [String] = { [] }) {
        self.init(model: model, catalog: strings, diagnostics: diagnostics, region: region, uiLanguage: uiLanguage,
                  assess: { text, _ in crisisDetector(text) ? .crisis : .none }, memories: memories)
    }

    /// Whether this conversation had a crisis or concern turn: later ambiguous messages
    /// ("I already have them") then take the crisis path too. In memory only; it ends with
    /// the process (the app, `chat --plain`).
    public var conversationAtRisk: Bool { lock.withLock { _atRisk } }

    /// The UI language, the fallback for a message with no language of its own. Settable
    /// while the app runs.
    public var uiLanguage: AppLanguage {
        get { lock.withLock { _uiLanguage } }
        set { lock.withLock { _uiLanguage = newValue } }
    }

    /// The chain's first step on its own: the fixed crisis reply when `text` speaks of the
    /// writer's own risk, the concern reply when someone else is at risk
    /// (``CrisisDetector/assess(_:atRisk:)``), else `nil`. It needs no model, profile or
    /// settings, so the command line can answer even when a configuration file is broken.
    ///
    /// - Parameters:
    ///   - text: the whole message (never cut or stripped: a crisis sentence at the end of a
    ///     long journal entry, or in an `@tag`, counts).
    ///   - fallback: the language when the message gives no sign of its own (the UI's). The
    ///     reply is in the **message's** language (``SafetyLanguage/detect(_:fallback:)``).
    ///   - region: ISO 3166-1 alpha-2 for the help line, `nil` for the directory and 112.
    ///   - atRisk: the conversation already had a crisis or concern turn.
    public static func crisisReply(to text: String, fallback: AppLanguage, region: String?, atRisk: Bool = false,
                                   assess: (String, Bool) -> CrisisOutcome = { CrisisDetector.assess($0, atRisk: $1) }) -> Reply? {
        let outcome = assess(text, atRisk)
        if outcome == .none { return nil }
        let language = SafetyLanguage.detect(text, fallback: SafetyLanguage(fallback))
        let replyLanguage = language.appLanguage ?? fallback
        if outcome == .concern {
            return Reply(text: CrisisReply.concernText(language: language, region: region), source: .concern, language: replyLanguage)
        }
        return Reply(text: CrisisReply.text(language: language, region: region), source: .crisis, language: replyLanguage)
    }

    /// The chain's first step for this conversation: ``crisisReply(to:fallback:region:atRisk:assess:)``
    /// with the UI language, the region and the conversation's memory of risk. A crisis or
    /// concern turn records its source (nothing else) and marks the conversation at risk.
    public func safetyReply(to text: String) -> Reply? {
        guard let safe = Self.crisisReply(to: text, fallback: uiLanguage, region: region(), atRisk: conversationAtRisk, assess: assess)
        else { return nil }
        lock.withLock { _atRisk = true }
        diagnostics.recordReply(source: safe.source)
        return safe
    }

    /// Checks a message before it is sent.
    ///
    /// - Throws: ``MessageError`` when `text` is empty or only white space, or longer than
    ///   ``maxMessageBytes``.
    public static func validate(_ text: String) throws {
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw MessageError(kind: .empty)
        }
        let bytes = text.utf8.count
        if bytes > maxMessageBytes { throw MessageError(kind: .tooLong(bytes: bytes)) }
    }

    /// Luna's answer to `text`. Always returns, also when the task is cancelled (then the
    /// bank answers).
    ///
    /// The reply's language is the message's (``MessageLanguage/detect(_:fallback:)``, with
    /// ``uiLanguage`` as fallback).
    public func reply(to text: String) async -> Reply {
        await reply(to: text, progress: nil)
    }

    /// Luna's answer to `text`, with the on-device step's text reported as it streams in.
    ///
    /// - Parameter progress: called from any thread with the reply so far (the on-device
    ///   step only; the pivot path reports only ``ReplyProgress/waking``, since its text is
    ///   a translation until the last step). Never called for a crisis message.
    /// - Returns: as ``reply(to:)``. When the task is cancelled after some text arrived, the
    ///   part received, marked ``ReplyEnding/stopped``; when the model stopped at its length
    ///   limit, the text marked ``ReplyEnding/cutOff``.
    public func reply(to text: String, progress: (@Sendable (ReplyProgress) -> Void)?) async -> Reply {
        // 1. Crisis or concern, on the whole text: fixed text, no model, nothing written but the source.
        if let safe = safetyReply(to: text) { return safe }
        let language = MessageLanguage.detect(text, fallback: uiLanguage)

        if !Task.isCancelled, model.availability.isAvailable {
            let supported = model.supportedLanguages
            if supported.contains(language) {
                // 2. On-device, in the message's language, with the conversation so far.
                let persona = LunaPrompts.persona(replyLanguage: language, memories: memories())
                let received = ReceivedText()
                if let out = await converse(.onDevice, instructions: persona, message: text,
                                            progress: { p in received.note(p); progress?(p) }) {
                    diagnostics.recordReply(source: .onDevice)
                    remember(person: text, luna: out.text)
                    return Reply(text: out.text, source: .onDevice, language: language, ending: out.isCutOff ? .cutOff : nil)
                }
                // Stopped (Esc) while streaming: the part received stays, marked as stopped.
                if Task.isCancelled, let part = received.text {
                    diagnostics.recordReply(source: .onDevice)
                    remember(person: text, luna: part)
                    return Reply(text: part, source: .onDevice, language: language, ending: .stopped)
                }
            } else if let pivot = Self.pivotLanguage(supported) {
                // 3. Pivot: translate, generate, translate back.
                if let out = await pivotReply(text, from: language, via: pivot, progress: progress) {
                    diagnostics.recordReply(source: .pivot)
                    remember(person: out.message, luna: out.answer)
                    return Reply(text: out.back, source: .pivot, language: language, ending: out.isCutOff ? .cutOff : nil)
                }
            }
        }

        // 4. Bank.
        let bank = bankReply(language, kind: ReplyBank.MessageKind.of(text, language: language))
        remember(person: text, luna: bank.text)
        return bank
    }

    // MARK: Conversation

    /// The session's turns so far, oldest first (crisis and concern turns never among them).
    public var transcript: Transcript { lock.withLock { _transcript } }

    /// Starts a new conversation: the model no longer sees the earlier turns.
    public func resetConversation() { lock.withLock { _transcript.removeAll() } }

    /// Adds an ordinary turn (called only after an on-device, pivot or bank reply).
    private func remember(person: String, luna: String) {
        lock.withLock { _transcript.append(person: person, luna: luna) }
    }

    /// One model call with the newest turns that fit the context window. When the model
    /// still reports `exceededContextWindowSize`, the oldest half of those turns is dropped
    /// and the call is made once more; diagnostics record the error and the retry either way.
    private func converse(_ step: ReplySource, instructions: String, message: String,
                          progress: @escaping @Sendable (ReplyProgress) -> Void = { _ in }) async -> ModelResponse? {
        let turns = transcript.fitting(instructions: instructions, message: message)
        let first = await attempt(step, instructions: instructions, prompt: Transcript.prompt(turns: turns, message: message),
                                  progress: progress)
        guard case .failure(GenerationError.exceededContextWindowSize) = first else { return try? first.get() }
        let kept = Array(turns.suffix(turns.count / 2))
        let retry = try? await attempt(step, instructions: instructions, prompt: Transcript.prompt(turns: kept, message: message),
                                       progress: progress).get()
        diagnostics.recordContextRetry(keptTurns: kept.count, succeeded: retry != nil)
        return retry
    }

    // MARK: Steps

    private func pivotReply(_ text: String, from language: AppLanguage, via pivot: AppLanguage,
                            progress: (@Sendable (ReplyProgress) -> Void)?) async
        -> (message: String, answer: String, back: String, isCutOff: Bool)? {
        // Only "waking" reaches the screen: the text of each step is not yet Luna's reply.
        let waking: @Sendable (ReplyProgress) -> Void = { if $0 == .waking { progress?($0) } }
        guard let english = await generate(.pivot, instructions: LunaPrompts.translation(from: language, to: pivot), prompt: text, progress: waking),
              let answer = await converse(.pivot, instructions: LunaPrompts.personaForTranslatedMessage(replyLanguage: pivot, memories: memories()),
                                          message: english.text, progress: waking),
              let back = await generate(.pivot, instructions: LunaPrompts.translation(from: pivot, to: language), prompt: answer.text, progress: waking)
        else { return nil }
        return (english.text, answer.text, back.text, answer.isCutOff || back.isCutOff)
    }

    /// One model call. Errors, cancellation and empty output are recorded; `nil` then.
    private func generate(_ step: ReplySource, instructions: String, prompt: String,
                          progress: @escaping @Sendable (ReplyProgress) -> Void = { _ in }) async -> ModelResponse? {
        try? await attempt(step, instructions: instructions, prompt: prompt, progress: progress).get()
    }

    /// One model call; its failure (recorded in diagnostics) comes back as the error. A reply
    /// cut off at the model's length limit is returned (marked) and recorded as `cutOff`.
    private func attempt(_ step: ReplySource, instructions: String, prompt: String,
                         progress: @escaping @Sendable (ReplyProgress) -> Void) async -> Result<ModelResponse, Error> {
        if Task.isCancelled {
            diagnostics.recordGenerationError(CancellationError(), source: step)
            return .failure(CancellationError())
        }
        do {
            var out = try await model.streamResponse(instructions: instructions, prompt: prompt, progress: progress)
            out.text = out.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if Task.isCancelled {
                diagnostics.recordGenerationError(CancellationError(), source: step)
                return .failure(CancellationError())
            }
            guard !out.text.isEmpty else {
                diagnostics.recordGenerationError(GenerationError.emptyResponse, source: step)
                return .failure(GenerationError.emptyResponse)
            }
            if out.isCutOff { diagnostics.recordGenerationError(ReplyCutOff(), source: step) }
            return .success(out)
        } catch {
            diagnostics.recordGenerationError(error, source: step)
            return .failure(error)
        }
    }

    /// The bank line given last, so the next one differs ("no immediate repeats"). A command
    /// line that answers once per process restores it from the state folder.
    public var lastBankLine: String? {
        get { lock.withLock { previousBankLine } }
        set { lock.withLock { previousBankLine = newValue } }
    }

    /// The bank's source of randomness: the system's unless set (a seeded one makes runs
    /// repeatable, e.g. ``SeededRandom`` in tests).
    public var bankRandom: (any RandomNumberGenerator)? {
        get { lock.withLock { _bankRandom } }
        set { lock.withLock { _bankRandom = newValue } }
    }
    private var _bankRandom: (any RandomNumberGenerator)?

    private func bankReply(_ language: AppLanguage, kind: ReplyBank.MessageKind = .other) -> Reply {
        let text: String = lock.withLock {
            var line: String
            if var random = _bankRandom {
                line = bank.pick(language: language, previous: previousBankLine, kind: kind, using: &random)
                _bankRandom = random
            } else {
                line = bank.pick(language: language, previous: previousBankLine, kind: kind)
            }
            if line.isEmpty { line = strings.string("model.listening", language) }
            previousBankLine = line
            return line
        }
        diagnostics.recordReply(source: .bank)
        return Reply(text: text, source: .bank, language: language)
    }

    /// The language to pivot through: English when the model has it, else the first other.
    static func pivotLanguage(_ supported: Set<AppLanguage>) -> AppLanguage? {
        supported.contains(.english) ? .english : supported.sorted { $0.rawValue < $1.rawValue }.first
    }
}

/// SplitMix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number generators", 2014): a
/// small seeded generator, so a run can be repeated exactly (`LANTERNLY_RANDOM_SEED`, tests).
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The model stopped at its length limit; recorded as `cutOff` (the reply is still shown, marked).
struct ReplyCutOff: NamedError {
    var name: String { "cutOff" }
}

/// The text a streaming step has reported so far (for a reply stopped half-way).
private final class ReceivedText: @unchecked Sendable {
    private let lock = NSLock()
    private var latest: String?

    func note(_ progress: ReplyProgress) {
        guard case .text(let t) = progress else { return }
        let trimmed = t.trimmingCharacters(in: .whitespacesAndNewlines)
        lock.withLock { latest = trimmed.isEmpty ? nil : trimmed }
    }

    var text: String? { lock.withLock { latest } }
}
