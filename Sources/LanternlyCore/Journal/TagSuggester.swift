import Foundation

/// Tag suggestions for a saved entry (issue 10, part 6; the documents' own example of a
/// journaling app's graceful fallback): with the gate open, the model suggests up to three
/// tags, preferring the person's existing ones; with the gate closed, nothing at all (manual
/// tagging as before, no empty placeholder). A crisis entry is never sent.
///
/// The answer is a fixed structure, `{"tags": ["walk", "work"]}`, as a guided-generation
/// call would give it.
public struct TagSuggester: Sendable {
    /// At most this many tags are offered.
    public static let maxSuggestions = 3

    private let model: LanguageModel
    private let diagnostics: LunaDiagnostics
    private let isPrivate: @Sendable (String) -> Bool

    public init(model: LanguageModel, diagnostics: LunaDiagnostics,
                isPrivate: @escaping @Sendable (String) -> Bool = { CrisisDetector.isCrisis($0) }) {
        self.model = model
        self.diagnostics = diagnostics
        self.isPrivate = isPrivate
    }

    /// The structured answer.
    public struct Suggestion: Codable, Equatable, Sendable {
        public var tags: [String]
        public init(tags: [String]) { self.tags = tags }
    }

    /// Up to ``maxSuggestions`` normalized tags (without `@`) for `body`, none of `current`;
    /// `[]` with the gate closed, for a crisis entry, or when the model fails.
    ///
    /// - Parameters:
    ///   - existing: the person's tags, most used first (the model prefers them).
    ///   - current: the entry's own tags (never suggested again).
    public func suggest(for body: String, existing: [String], current: [String]) async -> [String] {
        if isPrivate(body) { return [] }
        guard model.availability.isAvailable else {
            diagnostics.recordOutcome(.tags, source: .gateClosed)
            return []
        }
        let prompt = String(String.UnicodeScalarView(body.unicodeScalars.prefix(MemoryExtractor.maxScalars)))
        do {
            let out = try await model.respond(instructions: LunaPrompts.tagSuggestion(existing: Array(existing.prefix(40))),
                                              prompt: prompt)
            guard let s = try? JSONDecoder().decode(Suggestion.self, from: Data(out.utf8)) else {
                throw GenerationError.decodingFailure
            }
            let have = Set(current.compactMap(JournalEntry.normalizeTag))
            var seen = Set<String>()
            let tags = s.tags.compactMap(JournalEntry.normalizeTag).filter { !have.contains($0) && seen.insert($0).inserted }
            diagnostics.recordOutcome(.tags, source: .model)
            return Array(tags.prefix(Self.maxSuggestions))
        } catch {
            diagnostics.recordError(error, service: .tags)
            return []
        }
    }
}
