import Foundation

/// What Luna's own question of the day is written from.
public struct QuestionDay: Sendable {
    public var path: LifePath
    public var language: AppLanguage
    /// The moment asked (its local day in `calendar` is the question's day).
    public var date: Date
    public var calendar: Calendar
    /// The newest entries' texts, oldest first (crisis entries are left out here).
    public var recentEntries: [String]
    /// What Luna remembers, one fact a line (``MemoryFact/line``); empty when memory is off.
    public var memories: [String]
    /// Luna's own questions of the last days, never asked again.
    public var recentQuestions: [String]
    /// Today's question, when Luna already wrote one today (it stays all day).
    public var keptToday: String?

    public init(path: LifePath, language: AppLanguage, date: Date, calendar: Calendar, recentEntries: [String] = [],
                memories: [String] = [], recentQuestions: [String] = [], keptToday: String? = nil) {
        self.path = path; self.language = language; self.date = date; self.calendar = calendar
        self.recentEntries = recentEntries; self.memories = memories
        self.recentQuestions = recentQuestions; self.keptToday = keptToday
    }
}

/// The day's question and where it came from: `model` (Luna wrote it) or `bank`.
public struct DailyQuestion: Equatable, Sendable {
    public var text: String
    public var source: ServiceSource
}

extension DailyQuestionService {
    /// How many previous days of Luna's own questions are never repeated.
    public static let modelRecentDays = 14

    /// Today's question for the app and `lanternly question` (DESIGN.md §9): with the gate
    /// open, Luna's own, written once per local day from the life path, recent entries and
    /// memories, never one of ``QuestionDay/recentQuestions``; with the gate closed, or when the
    /// model fails or repeats itself, the in-app bank pick (``inAppQuestion(path:language:date:calendar:history:)``).
    /// The status-line widget never comes here: it stays the deterministic bank pick.
    ///
    /// - Parameters:
    ///   - day: what the question is written from.
    ///   - model: the language model (asked only through its one bit, `isAvailable`).
    ///   - diagnostics: where the question service's source and errors are recorded.
    ///   - history: the bank's history (updated only when the bank answers).
    public func question(for day: QuestionDay, model: LanguageModel, diagnostics: LunaDiagnostics,
                         history: inout QuestionHistory,
                         isPrivate: (String) -> Bool = { CrisisDetector.isCrisis($0) }) async -> DailyQuestion {
        if let kept = day.keptToday, !kept.isEmpty { return DailyQuestion(text: kept, source: .model) }
        if model.availability.isAvailable {
            switch await written(day, model: model, isPrivate: isPrivate) {
            case .success(let text):
                diagnostics.recordOutcome(.question, source: .model)
                return DailyQuestion(text: text, source: .model)
            case .failure(let error):
                diagnostics.recordError(error, service: .question)
            }
        }
        diagnostics.recordOutcome(.question, source: .bank)
        return DailyQuestion(text: inAppQuestion(path: day.path, language: day.language, date: day.date,
                                                 calendar: day.calendar, history: &history), source: .bank)
    }

    private func written(_ day: QuestionDay, model: LanguageModel, isPrivate: (String) -> Bool) async -> Result<String, Error> {
        let supported = model.supportedLanguages
        let direct = supported.contains(day.language)
        guard let writeIn = direct ? day.language : LunaChatService.pivotLanguage(supported) else {
            return .failure(GenerationError.unsupportedLanguageOrLocale)
        }
        let today = Self.dayString(day.date, calendar: day.calendar)
        let instructions = LunaPrompts.dailyQuestion(path: day.path.rawValue, day: today, replyLanguage: writeIn)
        var prompt = "Memories:\n" + day.memories.map { "- " + Transcript.oneLine($0) + "\n" }.joined()
        prompt += "Do not ask again:\n" + day.recentQuestions.map { "- " + Transcript.oneLine($0) + "\n" }.joined()
        prompt += "Recent entries:\n"
        var budget = Transcript.contextWindowTokens - Transcript.replyReserveTokens
            - Transcript.estimatedTokens(instructions) - Transcript.estimatedTokens(prompt)
        var lines: [String] = []
        for entry in day.recentEntries.reversed() where !isPrivate(entry) {
            let line = "- " + Transcript.oneLine(String(entry.prefix(600))) + "\n"
            let cost = Transcript.estimatedTokens(line)
            if cost > budget { break }
            budget -= cost
            lines.append(line)
        }
        prompt += lines.reversed().joined()
        do {
            var text = try await model.respond(instructions: instructions, prompt: prompt)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if !direct, !text.isEmpty {
                text = try await model.respond(instructions: LunaPrompts.translation(from: writeIn, to: day.language), prompt: text)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard !text.isEmpty else { throw GenerationError.emptyResponse }
            // A repeat of the last days' questions is not today's question.
            guard !day.recentQuestions.contains(text) else { throw QuestionRepeated() }
            return .success(text)
        } catch {
            return .failure(error)
        }
    }
}

/// The model answered with one of the last days' questions.
public struct QuestionRepeated: Error, CustomStringConvertible {
    public var description: String { "questionRepeated" }
}
