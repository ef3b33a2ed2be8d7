import Foundation
import JournalStore
import LanternlyCore

/// `lanternly month [YYYY-MM] [--json]`: the month's observation — Luna's own with the model
/// available, else computed from the journal, with a calendar heat map and tag bars.
enum MonthCommand {
    static let command = Command(
        name: "month",
        run: run)

    static func run(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        try context.requireSettings()
        let json = args.flag("--json")
        let words = try args.positionals()
        guard words.count <= 1 else { throw CLIError.usage(key: "cli.month.tooMany") }
        let current = YearMonth(LocalDay(context.now(), in: context.calendar.timeZone))
        var month = current
        if let text = words.first {
            guard let m = YearMonth(text) else {
                throw CLIError.usage(context.text("month.badMonth", text))
            }
            guard m <= current else { throw CLIError.usage(context.text("month.future", text)) }
            month = m
        }
        let observation = try context.monthObservation(month, current: current)
        let service = try context.monthService()
        if json {
            try Output.json(Payload(month: month.description, source: observation.source.rawValue,
                                    text: observation.text, kept: month < current, stats: observation.stats))
            return 0
        }
        for line in observation.text.split(separator: "\n", omittingEmptySubsequences: false) {
            Output.line(Sanitize.text(String(line)))
        }
        Output.line("")
        for line in service.chart(observation.stats, language: context.language) { Output.line(Sanitize.text(line)) }
        return 0
    }

    struct Payload: Encodable {
        let month: String
        let source: String
        let text: String
        /// Whether this observation is kept (a past month's), rather than recomputed.
        let kept: Bool
        let stats: MonthStats
    }
}

extension Context {
    func monthService() throws -> MonthObservationService {
        MonthObservationService(model: try languageModel(), diagnostics: try diagnostics(), catalog: catalog)
    }

    /// A month's observation: a past month's kept one when it exists; else made now (and
    /// kept when the month is past).
    func monthObservation(_ month: YearMonth, current: YearMonth) throws -> MonthObservationService.Observation {
        let journal: SQLiteJournal
        do { journal = try self.journal() } catch { throw CLIError.runtime(describeJournalError(error)) }
        let service = try monthService()
        let keepMemories = settings.keepMemories, language = self.language, now = self.now()
        do {
            return try runBlocking {
                try await Context.observeMonth(month, current: current, journal: journal, service: service,
                                               keepMemories: keepMemories, language: language, now: now)
            }
        } catch let e as CLIError {
            throw e
        } catch {
            throw CLIError.runtime(describeJournalError(error))
        }
    }

    /// The one way a month's observation is made, for `lanternly month` and the app's month
    /// screen: a past month's kept text when there is one (its numbers recomputed), else made
    /// now by `service` (and kept when the month is past).
    ///
    /// - Throws: the journal's errors.
    static func observeMonth(_ month: YearMonth, current: YearMonth, journal: SQLiteJournal, service: MonthObservationService,
                             keepMemories: Bool, language: AppLanguage, now: Date) async throws -> MonthObservationService.Observation {
        // The text of the newest entries only (the month reads no more); the month before is
        // only counted.
        let inMonth = try journal.monthEntries(from: month.firstDay, to: month.lastDay, bodies: MonthStats.wordEntryLimit)
        let before = try journal.monthEntries(from: month.previous.firstDay, to: month.previous.lastDay, bodies: 0)
        let days = try journal.writtenDays()
        let names = keepMemories
            ? try journal.memories().filter { $0.fact.kind == .person || $0.fact.kind == .pet }.map(\.fact.words) : []
        if month < current, let kept = try journal.keptMonthObservation(month) {
            // The numbers again, with the same crisis check as when the text was made.
            let stats = service.stats(month: month, entries: inMonth, previous: before, writtenDayNumbers: days, names: names)
            return .init(month: month, source: kept.source, text: kept.text, stats: stats)
        }
        let made = await service.observe(month: month, entries: inMonth, previous: before, writtenDayNumbers: days,
                                         names: names, language: language)
        if month < current { try journal.keepMonthObservation(month, text: made.text, source: made.source, at: now) }
        return made
    }
}
