import Foundation

/// The daily question: 3 ``LifePath``s × 6 questions (DESIGN.md §6).
///
/// Questions live in the catalog as `question.<path>.<1…6>`. Two separate picks over the same
/// data: ``widgetQuestion(path:language:date:calendar:)`` (deterministic by local day of year,
/// for status lines) and ``inAppQuestion(path:language:date:calendar:history:random:)``
/// (random, not repeating recent days, same all day, history kept in ``QuestionHistory``).
public struct DailyQuestionService: Sendable {
    /// Questions per life path.
    public static let questionsPerPath = 6
    /// In-app mode avoids the questions shown on this many previous local days.
    public static let recentDays = 4

    private let table: [LifePath: [AppLanguage: [String]]]

    public init(catalog: StringCatalog) {
        var table: [LifePath: [AppLanguage: [String]]] = [:]
        for path in LifePath.allCases {
            var byLanguage: [AppLanguage: [String]] = [:]
            for language in AppLanguage.allCases {
                byLanguage[language] = (1...Self.questionsPerPath).map {
                    catalog.string(Self.key(path: path, number: $0), language)
                }
            }
            table[path] = byLanguage
        }
        self.table = table
    }

    /// The catalog key of question `number` (1-based) of `path`, e.g. `question.calm.1`.
    public static func key(path: LifePath, number: Int) -> String {
        "question.\(path.rawValue).\(number)"
    }

    /// The six questions of `path` in `language`, in bank order.
    public func questions(path: LifePath, language: AppLanguage) -> [String] {
        table[path]?[language] ?? []
    }

    /// Widget mode: `bank[(dayOfYear - 1) % bank.count]` by the local day of `date` in `calendar`.
    ///
    /// The local day is the calendar's (its time zone decides when midnight is): the question is
    /// the same all day and changes at local midnight; day 366 of a leap year is fine.
    public func widgetQuestion(path: LifePath, language: AppLanguage, date: Date, calendar: Calendar) -> String {
        let bank = questions(path: path, language: language)
        guard !bank.isEmpty else { return "" }
        return bank[Self.widgetIndex(date: date, calendar: calendar, count: bank.count)]
    }

    /// The 0-based index ``widgetQuestion(path:language:date:calendar:)`` uses.
    public static func widgetIndex(date: Date, calendar: Calendar, count: Int = questionsPerPath) -> Int {
        let dayOfYear = calendar.ordinality(of: .day, in: .year, for: date) ?? 1
        return (dayOfYear - 1) % max(count, 1)
    }

    /// In-app mode: a random question of `path`, the same for the rest of the local day, and
    /// none of those shown on the ``recentDays`` previous local days (while enough are left).
    ///
    /// Reads and updates `history` (by question index, so a language switch keeps the day's
    /// question); the caller saves it (``QuestionHistory/save(to:)``).
    public func inAppQuestion<R: RandomNumberGenerator>(path: LifePath, language: AppLanguage, date: Date,
                                                        calendar: Calendar, history: inout QuestionHistory,
                                                        random: inout R) -> String {
        let bank = questions(path: path, language: language)
        guard !bank.isEmpty else { return "" }
        let index = Self.inAppIndex(path: path, date: date, calendar: calendar, count: bank.count,
                                    history: &history, random: &random)
        return bank[index]
    }

    /// ``inAppQuestion(path:language:date:calendar:history:random:)`` with the system's random source.
    public func inAppQuestion(path: LifePath, language: AppLanguage, date: Date, calendar: Calendar,
                              history: inout QuestionHistory) -> String {
        var random = SystemRandomNumberGenerator()
        return inAppQuestion(path: path, language: language, date: date, calendar: calendar,
                             history: &history, random: &random)
    }

    /// The 0-based index the in-app pick uses; records it in `history`.
    public static func inAppIndex<R: RandomNumberGenerator>(path: LifePath, date: Date, calendar: Calendar,
                                                           count: Int = questionsPerPath,
                                                           history: inout QuestionHistory,
                                                           random: inout R) -> Int {
        let today = dayString(date, calendar: calendar)
        if let pick = history.pick(day: today, path: path), (0..<count).contains(pick.index) {
            return pick.index
        }
        let start = calendar.startOfDay(for: date)
        let recent = Set((1...recentDays).compactMap { back in
            calendar.date(byAdding: .day, value: -back, to: start).map { dayString($0, calendar: calendar) }
        })
        let recentIndices = Set(history.picks.filter { $0.path == path && recent.contains($0.day) }.map(\.index))
        var candidates = (0..<count).filter { !recentIndices.contains($0) }
        if candidates.isEmpty {
            // More recent days than questions: only avoid yesterday's.
            let yesterday = calendar.date(byAdding: .day, value: -1, to: start).map { dayString($0, calendar: calendar) }
            let last = history.picks.last { $0.path == path && $0.day == yesterday }?.index
            candidates = (0..<count).filter { $0 != last }
        }
        let index = candidates.randomElement(using: &random) ?? 0
        history.record(QuestionHistory.Pick(day: today, path: path, index: index))
        return index
    }

    /// The local day of `date` in `calendar`, as `YYYY-MM-DD`.
    public static func dayString(_ date: Date, calendar: Calendar) -> String {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    /// A `--date` value that is not a real day. `description` names the value and the fix.
    public struct InvalidDate: Error, CustomStringConvertible {
        public let value: String
        public let reason: String
        public var description: String {
            "invalid date \"\(value)\": \(reason); use YYYY-MM-DD with a day that exists, e.g. 2025-02-28"
        }
    }

    /// Parses `YYYY-MM-DD` (the CLI's `--date`) as the start of that local day in `calendar`.
    ///
    /// - Throws: ``InvalidDate`` for anything else: a wrong shape (`2025-2-1`, `20250201`),
    ///   a month outside 1–12 (`2024-13-01`), or a day the month does not have (`2025-02-29`).
    public static func parseDay(_ text: String, calendar: Calendar) throws -> Date {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let shapeOK = parts.count == 3 && parts[0].count == 4 && parts[1].count == 2 && parts[2].count == 2
            && parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
        guard shapeOK, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else {
            throw InvalidDate(value: text, reason: "expected the form YYYY-MM-DD")
        }
        guard (1...12).contains(month) else {
            throw InvalidDate(value: text, reason: "there is no month \(month)")
        }
        guard year >= 1 else {
            throw InvalidDate(value: text, reason: "the year must be 0001 or later")
        }
        var components = DateComponents()
        components.year = year
        components.month = month
        components.day = day
        components.hour = 0
        guard let date = calendar.date(from: components) else {
            throw InvalidDate(value: text, reason: "no such day")
        }
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        guard back.year == year, back.month == month, back.day == day else {
            throw InvalidDate(value: text, reason: "that month has no day \(day)")
        }
        return calendar.startOfDay(for: date)
    }
}
