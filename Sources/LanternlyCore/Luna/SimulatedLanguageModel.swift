import Foundation

/// The embedded on-device model of the simulated device (DESIGN.md §4).
///
/// - Availability comes from the hardware profile through ``AvailabilityGate``; it is read
///   anew on every access, so edits to the profile take effect at once.
/// - ``supportedLanguages`` are the profile's `modelLanguages` (default English only).
/// - ``respond(instructions:prompt:)`` writes a live reply that answers what was written: its
///   feeling, its topic, a short phrase of it, a person it names, ending with an open
///   question. In Russian it follows the person's grammatical gender. With instructions
///   from ``LunaPrompts/translation(from:to:)`` it translates between English and Russian.
/// - The profile's `faults.respond` injects an error, an empty reply or a delay.
public struct SimulatedLanguageModel: LanguageModel {
    /// The model's context window, in tokens (FACTS.md: 4,096 for instructions, prompts and
    /// outputs). A prompt that does not fit throws ``GenerationError/exceededContextWindowSize``.
    public static let contextWindowTokens = 4096

    private let profile: @Sendable () -> HardwareProfile
    private let devices: DeviceCatalog
    private let gender: @Sendable () -> GrammaticalGender
    private let now: @Sendable () -> Date
    private let bankLines: Set<String>

    /// - Parameters:
    ///   - profile: the current hardware profile (read on every call).
    ///   - devices: chip eligibility for the gate.
    ///   - strings: the String Catalog; live replies never equal one of its `bank.*` lines.
    ///   - gender: the person's grammatical gender, for Russian replies.
    ///   - now: the clock, for a download in progress.
    public init(profile: @escaping @Sendable () -> HardwareProfile, devices: DeviceCatalog,
                strings: StringCatalog, gender: @escaping @Sendable () -> GrammaticalGender,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.profile = profile
        self.devices = devices
        self.gender = gender
        self.now = now
        var lines = Set<String>()
        for key in strings.keys(withPrefix: "bank.") {
            for language in AppLanguage.allCases {
                if let v = strings.value(key, language) { lines.insert(v) }
            }
        }
        self.bankLines = lines
    }

    public var availability: ModelAvailability {
        AvailabilityGate.availability(profile: profile(), catalog: devices, now: now())
    }

    public var supportedLanguages: Set<AppLanguage> { profile().supportedLanguages }

    /// Generates a live reply, or a translation when `instructions` ask for one.
    ///
    /// - Throws: ``GenerationError/assetsUnavailable`` when the gate is closed;
    ///   the profile's fault (``GenerationError/guardrailViolation``,
    ///   ``GenerationError/exceededContextWindowSize``); `exceededContextWindowSize` when the
    ///   prompt does not fit in ``contextWindowTokens``; ``GenerationError/unsupportedLanguageOrLocale``
    ///   for a reply language (named by ``LunaPrompts/persona(replyLanguage:)``, else the
    ///   prompt's script) outside ``supportedLanguages``; `CancellationError`
    ///   when the task is cancelled (also during a `delay:` fault).
    public func respond(instructions: String, prompt: String) async throws -> String {
        let profile = profile()
        guard AvailabilityGate.availability(profile: profile, catalog: devices, now: now()).isAvailable else {
            throw GenerationError.assetsUnavailable
        }
        switch profile.faults.respond {
        case .guardrailViolation?: throw GenerationError.guardrailViolation
        case .exceededContextWindowSize?: throw GenerationError.exceededContextWindowSize
        case .empty?: return ""
        case .delay(let seconds)?:
            try await Task.sleep(nanoseconds: UInt64(min(seconds, 86_400) * 1_000_000_000))
        case nil: break
        }
        try Task.checkCancellation()
        guard Transcript.estimatedTokens(instructions) + Transcript.estimatedTokens(prompt) <= Self.contextWindowTokens else {
            throw GenerationError.exceededContextWindowSize
        }
        if let today = LunaPrompts.memoryExtractionDay(instructions) {
            // Structured output (guided generation); the simulated model reads both shipped languages.
            return MemoryReading.json(prompt, today: today)
        }
        if instructions.hasPrefix(LunaPrompts.tagLead) {
            return TagWriting.compose(prompt, existing: LunaPrompts.existingTags(instructions))
        }
        if instructions.hasPrefix(LunaPrompts.questionLead) {
            let language = LunaPrompts.replyLanguage(instructions) ?? .english
            guard profile.supportedLanguages.contains(language) else { throw GenerationError.unsupportedLanguageOrLocale }
            return DayQuestionWriting.compose(prompt, instructions: instructions, language: language, gender: gender())
        }
        if instructions.hasPrefix(LunaPrompts.monthLead) {
            let language = LunaPrompts.replyLanguage(instructions) ?? .english
            guard profile.supportedLanguages.contains(language) else { throw GenerationError.unsupportedLanguageOrLocale }
            return MonthWriting.compose(prompt, language: language, gender: gender())
        }
        if let (from, to) = LunaPrompts.translationLanguages(instructions) {
            return Translator.translate(prompt, from: from, to: to, gender: gender())
        }
        let (history, message) = Transcript.parse(prompt)
        let language = LunaPrompts.replyLanguage(instructions) ?? Self.language(of: message)
        guard profile.supportedLanguages.contains(language) else {
            throw GenerationError.unsupportedLanguageOrLocale
        }
        let quoting = !instructions.contains(LunaPrompts.translatedMessageNote)
        let context = Conversation(turns: history, memories: LunaPrompts.rememberedFacts(instructions))
        return LiveReply.compose(message, language: language, gender: gender(), quoting: quoting, avoid: bankLines,
                                 context: context)
    }

    /// The token estimate of ``Transcript/estimatedTokens(_:)`` (one per three scalars).
    static func estimatedTokens(_ text: String) -> Int { Transcript.estimatedTokens(text) }

    /// The language a prompt is written in, by script: more Cyrillic than Latin letters → Russian.
    ///
    /// Capitalized words inside a sentence (names) are not counted when other words exist, so
    /// an English translation that keeps a Russian name stays English.
    static func language(of text: String) -> AppLanguage {
        func count(_ words: [Word]) -> (cyrillic: Int, latin: Int) {
            var cyrillic = 0, latin = 0
            for w in words {
                for s in w.text.unicodeScalars {
                    if (0x400...0x4FF).contains(s.value) { cyrillic += 1 } else if s.isASCII && s.properties.isAlphabetic { latin += 1 }
                }
            }
            return (cyrillic, latin)
        }
        let words = Lexicon.words(of: text)
        let common = words.filter { !($0.capitalized && !$0.sentenceStart) }
        var c = count(common)
        if c.cyrillic == 0 && c.latin == 0 { c = count(words) }
        return c.cyrillic > c.latin ? .russian : .english
    }
}
