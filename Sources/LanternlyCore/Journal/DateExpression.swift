import Foundation

/// Dates as people say them, for `--date`, `--from`, `--to` and `--on` (issue 12).
///
/// The grammar (English and Russian, any case; `last`/`прошлый` words are optional):
///
/// | said | the day |
/// |---|---|
/// | `YYYY-MM-DD` | that day (refused when it does not exist: `2025-02-30`) |
/// | `today`, `yesterday`, `tomorrow`, `сегодня`, `вчера`, `позавчера`, `завтра`, `послезавтра` | relative to today |
/// | `monday` … `sunday` (`mon` … `sun`), `понедельник`, `в среду` … | the most recent such day, today included |
/// | `last monday`, `в прошлый понедельник`, `в прошлую среду` | the most recent such day before today |
/// | `N days ago`, `N weeks ago`, `N months ago`, `N years ago`, `a week ago` | counted back on the calendar |
/// | `3 дня назад`, `5 дней назад`, `2 недели назад`, `неделю назад`, `месяц назад`, `год назад` | the same in Russian |
/// | `last week`, `last month`, `last year`, `на прошлой неделе`, `в прошлом месяце`, `в прошлом году` | one week, month, year back |
///
/// All arithmetic goes through Foundation's Gregorian `Calendar` (`date(byAdding:)`,
/// `component(.weekday, …)`): a month back from 31 March is the last day of February, a
/// year back from 29 February is 28 February. Days are counted on the wall calendar, so a
/// DST change (a 23- or 25-hour day) never shifts the answer.
public enum DateExpression {
    /// Why a phrase is not a date.
    public enum Failure: Error, Hashable, Sendable {
        /// Not something this grammar reads.
        case notUnderstood(String)
        /// An ISO date whose month or day does not exist (`2025-02-30`, `2025-13-01`); `daysInMonth`
        /// when the month exists.
        case doesNotExist(String, daysInMonth: Int?)
        /// A number too large to count back by.
        case outOfRange(String)
    }

    /// The day `text` names, counted from `today`.
    ///
    /// - Throws: ``Failure``.
    public static func day(_ text: String, today: LocalDay) throws -> LocalDay {
        let raw = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let words = raw.lowercased().replacingOccurrences(of: "ё", with: "е")
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "_" }).map(String.init)
        guard !words.isEmpty else { throw Failure.notUnderstood(raw) }
        if words.count == 1, let iso = try iso(words[0], original: raw) { return iso }

        if words.count == 1, let offset = relativeWords[words[0]] { return try add(.day, offset, to: today, raw) }
        if words == ["day", "before", "yesterday"] { return try add(.day, -2, to: today, raw) }
        if words == ["day", "after", "tomorrow"] { return try add(.day, 2, to: today, raw) }

        // Weekdays: "monday", "last monday", "в понедельник", "в прошлый понедельник".
        var w = words
        if w.first == "в" || w.first == "во" || w.first == "on" { w.removeFirst() }
        var strictlyBefore = false
        if let first = w.first, ["last", "прошлый", "прошлую", "прошлое", "прошлой"].contains(first) {
            strictlyBefore = true
            w.removeFirst()
        }
        if w.count == 1, let weekday = weekdays[w[0]] {
            return try mostRecent(weekday: weekday, before: today, strictly: strictlyBefore, raw)
        }
        // "last week", "на прошлой неделе", "в прошлом месяце"…
        if strictlyBefore || words.first == "на" || words.contains("прошлом") {
            let unitWord = words.last!
            if let unit = units[unitWord] { return try add(unit, -1, to: today, raw) }
        }
        // "N units ago", "a week ago", "неделю назад", "3 дня назад".
        if let last = words.last, last == "ago" || last == "назад" {
            let body = Array(words.dropLast())
            var n = 1
            var unitWord: String
            if body.count == 2 {
                if body[0] == "a" || body[0] == "an" || body[0] == "one" {
                    n = 1
                } else if let v = Int(body[0]) {
                    n = v
                } else {
                    throw Failure.notUnderstood(raw)
                }
                unitWord = body[1]
            } else if body.count == 1 {
                unitWord = body[0]
            } else {
                throw Failure.notUnderstood(raw)
            }
            guard let unit = units[unitWord] else { throw Failure.notUnderstood(raw) }
            guard n >= 0, n <= 100_000 else { throw Failure.outOfRange(raw) }
            return try add(unit, -n, to: today, raw)
        }
        throw Failure.notUnderstood(raw)
    }

    // MARK: Words

    private static let relativeWords: [String: Int] = [
        "today": 0, "yesterday": -1, "tomorrow": 1,
        "сегодня": 0, "вчера": -1, "позавчера": -2, "завтра": 1, "послезавтра": 2,
    ]

    /// Weekday numbers as Foundation counts them: 1 = Sunday … 7 = Saturday.
    private static let weekdays: [String: Int] = {
        var m: [String: Int] = [:]
        let en = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        for (i, name) in en.enumerated() {
            m[name] = i + 1
            m[String(name.prefix(3))] = i + 1
        }
        let ru: [[String]] = [["воскресенье", "вс"], ["понедельник", "пн"], ["вторник", "вт"], ["среда", "среду", "ср"],
                              ["четверг", "чт"], ["пятница", "пятницу", "пт"], ["суббота", "субботу", "сб"]]
        for (i, names) in ru.enumerated() { for n in names { m[n] = i + 1 } }
        return m
    }()

    private static let units: [String: Calendar.Component] = [
        "day": .day, "days": .day, "week": .weekOfYear, "weeks": .weekOfYear,
        "month": .month, "months": .month, "year": .year, "years": .year,
        "день": .day, "дня": .day, "дней": .day,
        "неделя": .weekOfYear, "неделю": .weekOfYear, "недели": .weekOfYear, "недель": .weekOfYear, "неделе": .weekOfYear,
        "месяц": .month, "месяца": .month, "месяцев": .month, "месяце": .month,
        "год": .year, "года": .year, "лет": .year, "году": .year,
    ]

    // MARK: Arithmetic (Foundation's Calendar)

    private static var calendar: Calendar { CalendarCache.utc }

    private static func noon(_ day: LocalDay) -> Date {
        calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))!
    }

    private static func add(_ unit: Calendar.Component, _ n: Int, to day: LocalDay, _ raw: String) throws -> LocalDay {
        let value = unit == .weekOfYear ? n * 7 : n
        let component: Calendar.Component = unit == .weekOfYear ? .day : unit
        guard let date = calendar.date(byAdding: component, value: value, to: noon(day)) else { throw Failure.outOfRange(raw) }
        let c = calendar.dateComponents([.era, .year, .month, .day], from: date)
        guard c.era == 1, let result = LocalDay(year: c.year!, month: c.month!, day: c.day!) else { throw Failure.outOfRange(raw) }
        return result
    }

    private static func mostRecent(weekday: Int, before today: LocalDay, strictly: Bool, _ raw: String) throws -> LocalDay {
        let current = calendar.component(.weekday, from: noon(today))
        var back = (current - weekday + 7) % 7
        if back == 0 && strictly { back = 7 }
        return try add(.day, -back, to: today, raw)
    }

    /// `YYYY-MM-DD` (digits and dashes only): the day, `nil` when the shape is different.
    private static func iso(_ word: String, original: String) throws -> LocalDay? {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), parts.allSatisfy({ $0.allSatisfy(\.isASCII) })
        else { return nil }
        if let day = LocalDay(year: y, month: m, day: d) { return day }
        var length: Int?
        if (1...12).contains(m), y >= 1, let first = calendar.date(from: DateComponents(year: y, month: m, day: 1)) {
            length = calendar.range(of: .day, in: .month, for: first)?.count
        }
        throw Failure.doesNotExist(original, daysInMonth: length)
    }
}
