import Foundation

/// The month's observation (DESIGN.md §9), behind the one-bit gate.
///
/// With the gate open, the model writes a short, warm observation from the month's entries
/// (crisis entries are never sent, and their words never counted). With it closed, or when the
/// model fails, an honest computed observation from the journal itself, with a small chart in
/// terminal cells. The caller keeps a past month's observation once made
/// (``Observation/isKept``) and recomputes the current month.
public struct MonthObservationService: Sendable {
    /// One month's observation.
    public struct Observation: Codable, Equatable, Sendable {
        public var month: YearMonth
        /// `model` or `computed`.
        public var source: ServiceSource
        /// The sentences, in the UI language.
        public var text: String
        public var stats: MonthStats

        public init(month: YearMonth, source: ServiceSource, text: String, stats: MonthStats) {
            self.month = month
            self.source = source
            self.text = text
            self.stats = stats
        }
    }

    private let model: LanguageModel
    private let diagnostics: LunaDiagnostics
    private let strings: StringCatalog
    private let isPrivate: @Sendable (String) -> Bool

    /// - Parameter isPrivate: texts never sent nor counted; the crisis detector by default.
    public init(model: LanguageModel, diagnostics: LunaDiagnostics, catalog: StringCatalog,
                isPrivate: @escaping @Sendable (String) -> Bool = { CrisisDetector.isCrisis($0) }) {
        self.model = model
        self.diagnostics = diagnostics
        self.strings = catalog
        self.isPrivate = isPrivate
    }

    /// The observation of `month`.
    ///
    /// - Parameters:
    ///   - entries: the month's entries; `previous`: the month before's.
    ///   - writtenDays: every day the journal has an entry on (streaks across month ends).
    ///   - names: people and pets Luna remembers, to count.
    ///   - language: the UI language of the text.
    public func observe(month: YearMonth, entries: [MonthEntry], previous: [MonthEntry], writtenDays: Set<LocalDay>,
                        names: [String], language: AppLanguage) async -> Observation {
        await observe(month: month, entries: entries, previous: previous, writtenDayNumbers: Set(writtenDays.map(\.civilDays)),
                      names: names, language: language)
    }

    /// ``observe(month:entries:previous:writtenDays:names:language:)`` with the written days
    /// as ``LocalDay/civilDays`` numbers.
    public func observe(month: YearMonth, entries: [MonthEntry], previous: [MonthEntry], writtenDayNumbers: Set<Int>,
                        names: [String], language: AppLanguage) async -> Observation {
        // The crisis check reads each whole entry whose words are counted, before they are.
        let entries = checked(entries, month: month)
        let stats = MonthStats.compute(month: month, entries: entries, previous: previous,
                                       writtenDayNumbers: writtenDayNumbers, names: names)
        if model.availability.isAvailable {
            switch await written(month: month, entries: entries, stats: stats, language: language) {
            case .success(let text):
                diagnostics.recordOutcome(.month, source: .model)
                return Observation(month: month, source: .model, text: text, stats: stats)
            case .failure(let error):
                diagnostics.recordError(error, service: .month)
            }
        }
        diagnostics.recordOutcome(.month, source: .computed)
        return Observation(month: month, source: .computed, text: computedText(stats, language: language), stats: stats)
    }

    /// The month's numbers as ``observe(month:entries:previous:writtenDayNumbers:names:language:)``
    /// counts them (a kept observation's numbers are recomputed with it): the crisis check
    /// first reads every entry whose words are counted, and a crisis entry counts only for its day.
    public func stats(month: YearMonth, entries: [MonthEntry], previous: [MonthEntry], writtenDayNumbers: Set<Int>,
                      names: [String]) -> MonthStats {
        MonthStats.compute(month: month, entries: checked(entries, month: month), previous: previous,
                           writtenDayNumbers: writtenDayNumbers, names: names)
    }

    /// `entries` with the crisis check's verdict on those whose words are counted (the month's
    /// newest ``MonthStats/wordEntryLimit``); the others are read only if the model is sent them.
    private func checked(_ entries: [MonthEntry], month: YearMonth) -> [MonthEntry] {
        var entries = entries
        for i in MonthStats.wordWindow(entries, month: month) {
            entries[i].isPrivate = isPrivate(entries[i].body)
            entries[i].isChecked = true
        }
        return entries
    }

    /// The model's observation: in `language` when the model writes it, else in English and
    /// translated back by the model (as the chat's pivot does).
    private func written(month: YearMonth, entries: [MonthEntry], stats: MonthStats,
                         language: AppLanguage) async -> Result<String, Error> {
        let supported = model.supportedLanguages
        let direct = supported.contains(language)
        guard let writeIn = direct ? language : LunaChatService.pivotLanguage(supported) else {
            return .failure(GenerationError.unsupportedLanguageOrLocale)
        }
        let instructions = LunaPrompts.monthObservation(month: month.description, replyLanguage: writeIn)
        let prompt = Self.prompt(stats: stats, entries: entries, instructions: instructions, isPrivate: isPrivate)
        do {
            var text = try await model.respond(instructions: instructions, prompt: prompt)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { throw GenerationError.emptyResponse }
            if !direct {
                text = try await model.respond(instructions: LunaPrompts.translation(from: writeIn, to: language), prompt: text)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                guard !text.isEmpty else { throw GenerationError.emptyResponse }
            }
            return .success(text)
        } catch {
            return .failure(error)
        }
    }

    /// The model's prompt: the month's numbers, then as many entries as fit the window
    /// (newest last, each at most 600 characters, one line each). Each entry that would go is
    /// read by the crisis check first (unless it already was): a crisis entry is never sent.
    static func prompt(stats: MonthStats, entries: [MonthEntry], instructions: String,
                       isPrivate: (String) -> Bool) -> String {
        var head = "Month: \(stats.month)\nDays written: \(stats.daysWritten)/\(stats.dayCount)\nEntries: \(stats.entries)\n"
        if !stats.people.isEmpty { head += "People: " + stats.people.map(\.name).joined(separator: ", ") + "\n" }
        if !stats.topTags.isEmpty { head += "Tags: " + stats.topTags.map(\.name).joined(separator: ", ") + "\n" }
        head += "Entries:\n"
        var budget = Transcript.contextWindowTokens - Transcript.replyReserveTokens
            - Transcript.estimatedTokens(instructions) - Transcript.estimatedTokens(head)
        var lines: [String] = []
        for e in entries.reversed() where YearMonth(e.day) == stats.month && !e.body.isEmpty {
            let line = "\(e.day): " + Transcript.oneLine(String(e.body.prefix(600))) + "\n"
            let cost = Transcript.estimatedTokens(line)
            if cost > budget { break }
            if e.isChecked ? e.isPrivate : isPrivate(e.body) { continue }
            budget -= cost
            lines.append(line)
        }
        return head + lines.reversed().joined()
    }

    // MARK: The computed observation

    /// The computed observation's sentences in `language`.
    public func computedText(_ s: MonthStats, language: AppLanguage) -> String {
        var lines: [String] = [monthTitle(s.month, language)]
        if s.entries == 0 {
            lines.append(strings.string("month.computed.none", language))
        } else {
            lines.append(strings.format("month.computed.days", language, String(s.daysWritten), String(s.dayCount), String(s.entries)))
            if s.longestStreak > 1, let a = s.streakStart, let b = s.streakEnd {
                lines.append(strings.format("month.computed.streak", language, String(s.longestStreak), a.description, b.description))
            }
            if !s.topTags.isEmpty {
                lines.append(strings.format("month.computed.tags", language, s.topTags.map { "@\($0.name) (\($0.count))" }.joined(separator: ", ")))
            }
            if !s.people.isEmpty {
                lines.append(strings.format("month.computed.people", language, s.people.map { "\($0.name) (\($0.count))" }.joined(separator: ", ")))
            }
            if !s.topWords.isEmpty {
                lines.append(strings.format("month.computed.words", language, s.topWords.map(\.name).joined(separator: ", ")))
            }
            if s.entries > MonthStats.wordEntryLimit, !s.topWords.isEmpty || !s.people.isEmpty || !s.topTags.isEmpty {
                lines.append(strings.format("month.computed.wordsWindow", language, language.formatNumber(Double(MonthStats.wordEntryLimit))))
            }
            if let t = s.usualTime { lines.append(strings.string("month.computed.time.\(t.rawValue)", language)) }
        }
        lines.append(strings.format("month.computed.compare", language, monthTitle(s.month.previous, language, capitalized: language == .english),
                                    String(s.previousDaysWritten), String(s.previousEntries)))
        return lines.joined(separator: "\n")
    }

    /// "November 2026", "ноябрь 2026" (Foundation's stand-alone month name).
    public func monthTitle(_ m: YearMonth, _ language: AppLanguage, capitalized: Bool = true) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: language == .russian ? "ru_RU" : "en_US")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "LLLL yyyy"
        let date = m.firstDay.start(in: TimeZone(identifier: "UTC")!)
        let text = f.string(from: date)
        return capitalized ? text.prefix(1).uppercased() + text.dropFirst() : text
    }

    /// The chart: a calendar heat map of writing days (weeks from Monday, each day its number
    /// and a shade: `·` none, `░` one entry, `▒` two, `▓` three or more), its legend, and
    /// bars for the top tags. Plain characters, so it reads without colour (`NO_COLOR`).
    ///
    /// - Returns: lines, each at most 22 cells wide for the calendar and `barWidth + 24`
    ///   for the bars.
    public func chart(_ s: MonthStats, language: AppLanguage, barWidth: Int = 20) -> [String] {
        Self.chart(s, catalog: strings, language: language, barWidth: barWidth)
    }

    /// ``chart(_:language:barWidth:)`` without a service (the app draws it at its own width).
    public static func chart(_ s: MonthStats, catalog strings: StringCatalog, language: AppLanguage, barWidth: Int = 20) -> [String] {
        var lines = [strings.string("month.chart.weekdays", language)]
        // 1970-01-01 was a Thursday: Monday-based column of the 1st.
        let firstColumn = ((s.month.firstDay.civilDays + 3) % 7 + 7) % 7
        var row = String(repeating: "   ", count: firstColumn)
        for day in 1...s.dayCount {
            let n = s.perDay[day - 1]
            let shade = n == 0 ? "·" : n == 1 ? "░" : n == 2 ? "▒" : "▓"
            row += (day < 10 ? " " : "") + String(day) + shade
            if (firstColumn + day) % 7 == 0 { lines.append(row); row = "" }
        }
        if !row.isEmpty { lines.append(row) }
        lines.append(strings.string("month.chart.legend", language))
        if let most = s.topTags.first?.count, most > 0 {
            lines.append("")
            let width = min(16, s.topTags.map { $0.name.count + 1 }.max() ?? 0)
            for t in s.topTags {
                let label = ("@" + t.name).prefix(width)
                let bar = String(repeating: "█", count: max(1, t.count * barWidth / most))
                lines.append(label + String(repeating: " ", count: width - label.count + 1) + bar + " " + String(t.count))
            }
        }
        return lines
    }
}
