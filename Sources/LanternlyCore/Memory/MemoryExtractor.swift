import Foundation

/// Finds durable facts in a chat message or a journal entry, through the model, behind the
/// one-bit gate (DESIGN.md §9).
///
/// - The gate closed: nothing is extracted and no model is asked (diagnostics: `gateClosed`).
/// - Memory switched off in settings: nothing (diagnostics: `switchedOff`).
/// - A crisis text (or, with `isSensitive`, a concern text): nothing, no model call, and
///   nothing written anywhere — not even diagnostics.
/// - A model error or an answer that is not the expected structure: nothing; the error's
///   name goes to diagnostics and the report log.
///
/// The request asks for a fixed structure (``MemoryExtraction``); Apple's framework would
/// use guided generation (`@Generable`) for it. Here the answer is JSON text.
public struct MemoryExtractor: Sendable {
    private let model: LanguageModel
    private let diagnostics: LunaDiagnostics
    private let isEnabled: @Sendable () -> Bool
    private let isSensitive: @Sendable (String) -> Bool

    /// - Parameters:
    ///   - isEnabled: the person's memory setting, read on every call.
    ///   - isSensitive: texts that must never reach a model or become a memory; the crisis
    ///     detector unless the caller adds the concern check.
    public init(model: LanguageModel, diagnostics: LunaDiagnostics,
                isEnabled: @escaping @Sendable () -> Bool = { true },
                isSensitive: @escaping @Sendable (String) -> Bool = { CrisisDetector.isCrisis($0) }) {
        self.model = model
        self.diagnostics = diagnostics
        self.isEnabled = isEnabled
        self.isSensitive = isSensitive
    }

    /// The longest text sent, in Unicode scalars: the 4,096-token window at
    /// ``Transcript/estimatedTokens(_:)``'s three scalars a token, less the instructions and
    /// room for the answer. Longer entries are read from their start.
    public static let maxScalars = 9_000

    /// The facts in `text`, deduplicated; `[]` when the gate is closed, memory is off, the text
    /// is a crisis or concern text, or the model fails.
    ///
    /// - Parameters:
    ///   - text: the person's own words (a chat message, or an entry's body).
    ///   - today: the local day the text was written, `YYYY-MM-DD`, to date situations.
    public func extract(from text: String, today: String) async -> [MemoryFact] {
        // The sensitive check sees the whole text, and comes before everything else.
        if isSensitive(text) { return [] }
        guard isEnabled() else {
            diagnostics.recordOutcome(.memory, source: .switchedOff)
            return []
        }
        guard model.availability.isAvailable else {
            diagnostics.recordOutcome(.memory, source: .gateClosed)
            return []
        }
        let prompt = String(String.UnicodeScalarView(text.unicodeScalars.prefix(Self.maxScalars)))
        do {
            let out = try await model.respond(instructions: LunaPrompts.memoryExtraction(today: today), prompt: prompt)
            guard let data = out.data(using: .utf8),
                  let result = try? JSONDecoder().decode(MemoryExtraction.self, from: data) else {
                throw GenerationError.decodingFailure
            }
            var seen = Set<String>()
            let facts = result.memories.compactMap { f -> MemoryFact? in
                let words = f.words.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !words.isEmpty, words.count <= 80, seen.insert("\(f.kind):\(words.lowercased())").inserted else { return nil }
                return MemoryFact(kind: f.kind, words: words, date: f.kind == .situation ? f.date : nil)
            }
            diagnostics.recordOutcome(.memory, source: .model)
            return facts
        } catch {
            diagnostics.recordError(error, service: .memory)
            return []
        }
    }
}
