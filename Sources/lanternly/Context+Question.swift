import Foundation
import JournalStore
import LanternlyCore

extension Context {
    /// Today's in-app question through ``DailyQuestionService/question(for:model:diagnostics:history:isPrivate:)``:
    /// Luna's own (kept for the day in the journal) when the gate is open, else the bank pick.
    /// The bank's history file is read and saved as before.
    func todaysQuestion(path: LifePath, language: AppLanguage, date: Date, calendar: Calendar) throws -> DailyQuestion {
        let historyURL = paths.state.appendingPathComponent("question-history.json")
        var history: QuestionHistory
        do {
            history = try QuestionHistory.load(from: historyURL)
        } catch {
            throw CLIError.runtime(key: "cli.question.historyUnreadable", historyURL.path)
        }
        let journal = try? self.journal()
        let service = DailyQuestionService(catalog: catalog)
        let day = DailyQuestionService.dayString(date, calendar: calendar)
        let since = calendar.date(byAdding: .day, value: -DailyQuestionService.modelRecentDays, to: date)
            .map { DailyQuestionService.dayString($0, calendar: calendar) } ?? day
        let request = QuestionDay(
            path: path, language: language, date: date, calendar: calendar,
            recentEntries: ((try? journal?.entries(EntryQuery(limit: 10))) ?? []).reversed().map(\.body),
            memories: settings.keepMemories ? ((try? journal?.memories()) ?? []).map(\.fact.line) : [],
            recentQuestions: (try? journal?.modelQuestions(since: since, before: day)) ?? [],
            keptToday: try? journal?.modelQuestion(day: day, language: language))
        let model = try languageModel()
        let diagnostics = try diagnostics()
        let before = history
        let result = try runBlocking { () -> (DailyQuestion, QuestionHistory) in
            var h = before
            let q = await service.question(for: request, model: model, diagnostics: diagnostics, history: &h)
            return (q, h)
        }
        history = result.1
        if result.0.source == .model, request.keptToday == nil {
            try? journal?.keepModelQuestion(day: day, language: language, text: result.0.text, at: now())
        }
        do {
            try LanternlyPaths.ensureDirectory(paths.state)
            try history.save(to: historyURL)
        } catch {
            Output.error("lanternly: " + text("cli.question.historyUnsaved", historyURL.path, FileCause(error).message(catalog, language)))
        }
        return result.0
    }
}
