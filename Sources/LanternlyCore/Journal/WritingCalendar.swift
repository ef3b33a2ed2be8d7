import Foundation

/// A month of writing: which days hold entries, and the streaks (issue 12, `lanternly
/// calendar`, `c` in the app). Pure: the store gives the days, this counts.
public struct WritingMonth: Hashable, Sendable {
    /// The month shown.
    public var year: Int
    public var month: Int
    /// Entries per day of this month (days without any are absent).
    public var entriesPerDay: [LocalDay: Int]
    /// Consecutive days written up to today; a streak that ended yesterday still counts
    /// (today is not over yet).
    public var currentStreak: Int
    /// The longest run of consecutive days ever written, and the day it ended.
    public var longestStreak: Int
    public var longestStreakEnd: LocalDay?
    /// The days of the month, in order (28…31 of them).
    public var days: [LocalDay]
    /// Weekday of the 1st as Foundation counts it: 1 = Sunday … 7 = Saturday.
    public var firstWeekday: Int
    /// The day the streaks were counted on.
    public var today: LocalDay

    /// Days of this month with at least one entry.
    public var daysWritten: Int { entriesPerDay.count }

    /// Builds the month `year`-`month` from `entriesPerDay` (this month's counts) and
    /// `allDays` (every day ever written, oldest first, for the streaks), as of `today`.
    ///
    /// Returns `nil` when the month does not exist (month 13, year 0).
    public init?(year: Int, month: Int, entriesPerDay: [LocalDay: Int], allDays: [LocalDay], today: LocalDay) {
        guard let first = LocalDay(year: year, month: month, day: 1) else { return nil }
        let calendar = CalendarCache.utc
        let firstDate = first.start(in: calendar.timeZone)
        let length = calendar.range(of: .day, in: .month, for: firstDate)!.count
        self.year = year
        self.month = month
        self.entriesPerDay = entriesPerDay
        self.today = today
        self.days = (1...length).compactMap { LocalDay(year: year, month: month, day: $0) }
        self.firstWeekday = calendar.component(.weekday, from: firstDate)
        let s = WritingMonth.streaks(allDays, today: today)
        currentStreak = s.current
        longestStreak = s.longest
        longestStreakEnd = s.longestEnd
    }

    /// The current and longest streak of `days` (sorted, oldest first, no repeats) as of
    /// `today`. Consecutive means one calendar day apart (``LocalDay/daysSinceEpoch``, a
    /// Gregorian `Calendar` count), across month and year ends.
    public static func streaks(_ days: [LocalDay], today: LocalDay) -> (current: Int, longest: Int, longestEnd: LocalDay?) {
        var longest = 0, run = 0
        var longestEnd: LocalDay?
        var previous: Int?
        var lastRunEnd: Int?
        var numbering = DayNumbering()
        let todayNumber = numbering.number(today)
        for day in days {
            let n = numbering.number(day)
            if n > todayNumber { break }
            run = (previous.map { n == $0 + 1 } ?? false) ? run + 1 : 1
            previous = n
            lastRunEnd = n
            if run > longest { longest = run; longestEnd = day }
        }
        var current = 0
        if let end = lastRunEnd, end == todayNumber || end == todayNumber - 1 { current = run }
        return (current, longest, longestEnd)
    }
}

/// Day numbers for many days at once: a few `Calendar` calls per month instead of per day.
///
/// A journal of many years has thousands of days written; counting each through
/// ``LocalDay/daysSinceEpoch`` (several `Calendar` calls) would cost tens of milliseconds.
/// Here each month's first day number and length come from Foundation's Gregorian calendar
/// (`dateComponents([.day], from:to:)`, `range(of: .day, in: .month, for:)`) once per process,
/// shared by every numbering (a lock guards the table), and the days of a month are counted
/// from its first.
public struct DayNumbering {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var shared: [Int: (start: Int, length: Int)] = [:]
    private var months: [Int: (start: Int, length: Int)] = [:]

    public init() {}

    private mutating func month(_ year: Int, _ month: Int) -> (start: Int, length: Int)? {
        let key = year * 100 + month
        if let m = months[key] { return m }
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        let cached = DayNumbering.lock.withLock { DayNumbering.shared[key] }
        if let cached {
            months[key] = cached
            return cached
        }
        guard let m = DayNumbering.computeMonth(year, month) else { return nil }
        months[key] = m
        DayNumbering.lock.withLock { DayNumbering.shared[key] = m }
        return m
    }

    /// Gregorian month lengths as Foundation's calendar gives them for a common and a leap
    /// year (2001, 2004), read once.
    private static let monthLengths: (common: [Int], leap: [Int]) = {
        let calendar = CalendarCache.utc
        func lengths(_ year: Int) -> [Int] {
            (1...12).map { m in
                let d = calendar.date(from: DateComponents(year: year, month: m, day: 1, hour: 12))!
                return calendar.range(of: .day, in: .month, for: d)!.count
            }
        }
        return (lengths(2001), lengths(2004))
    }()

    /// The first day number and length of a month. From 1600 on (wholly Gregorian in
    /// Foundation's calendar) two `Calendar` calls a year: the day number of 1 January and the
    /// year's length, the months counted from the tables above; `nil` earlier, where the
    /// calendar reckons by the Julian rules and skips ten days in October 1582.
    private static func computeMonth(_ year: Int, _ month: Int) -> (start: Int, length: Int)? {
        let calendar = CalendarCache.utc
        let epochNoon = Date(timeIntervalSince1970: 12 * 3600)
        if year >= 1600 {
            let yearKey = year * 100
            var info = lock.withLock { shared[yearKey] }
            if info == nil {
                guard let jan1 = calendar.date(from: DateComponents(year: year, month: 1, day: 1, hour: 12)),
                      let start = calendar.dateComponents([.day], from: epochNoon, to: jan1).day,
                      let length = calendar.range(of: .day, in: .year, for: jan1)?.count else { return nil }
                info = (start, length)
                lock.withLock { shared[yearKey] = info }
            }
            let lengths = info!.length == 366 ? monthLengths.leap : monthLengths.common
            return (info!.start + lengths[0..<(month - 1)].reduce(0, +), lengths[month - 1])
        }
        return nil  // before 1600: counted day by day (the Julian years and the 1582 change)
    }

    /// ``LocalDay/daysSinceEpoch`` of `day`.
    public mutating func number(_ day: LocalDay) -> Int {
        guard let m = month(day.year, day.month) else { return day.daysSinceEpoch }
        return m.start + day.day - 1
    }

    /// Reads stored `YYYYMMDD` numbers (``LocalDay/number``); a number that is not a day that
    /// exists is skipped.
    public mutating func days(fromNumbers numbers: [Int]) -> [LocalDay] {
        var out: [LocalDay] = []
        out.reserveCapacity(numbers.count)
        for n in numbers where n > 0 {
            if let found = day(n / 10_000, n / 100 % 100, n % 100) { out.append(found) }
        }
        return out
    }

    /// The day `y-mo-d` if it exists: from the month table where there is one, else by
    /// ``LocalDay/init(year:month:day:)``.
    private mutating func day(_ y: Int, _ mo: Int, _ d: Int) -> LocalDay? {
        if let m = month(y, mo) {
            return (1...m.length).contains(d) ? LocalDay(checkedYear: y, month: mo, day: d) : nil
        }
        return LocalDay(year: y, month: mo, day: d)
    }

    /// Parses stored `YYYY-MM-DD` texts; a text that is not a day that exists is skipped.
    public mutating func days(fromStored texts: [String]) -> [LocalDay] {
        var out: [LocalDay] = []
        out.reserveCapacity(texts.count)
        for t in texts {
            var t = t
            let parsed: (Int, Int, Int)? = t.withUTF8 { u in
                guard u.count == 10, u[4] == 45, u[7] == 45 else { return nil }
                var v = (0, 0, 0)
                for j in 0..<10 where j != 4 && j != 7 {
                    guard u[j] >= 48 && u[j] <= 57 else { return nil }
                    let d = Int(u[j] - 48)
                    if j < 4 { v.0 = v.0 * 10 + d } else if j < 7 { v.1 = v.1 * 10 + d } else { v.2 = v.2 * 10 + d }
                }
                return v
            }
            guard let (y, mo, d) = parsed else { continue }
            if let found = day(y, mo, d) { out.append(found) }
        }
        return out
    }
}

extension WritingMonth {
    /// The month's name and year in `language` (`November 2026`, `ноябрь 2026`): Foundation's
    /// `DateFormatter` with the template `LLLLyyyy` (the stand-alone month name).
    public func title(_ language: AppLanguage) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language == .russian ? "ru_RU" : "en_US")
        formatter.timeZone = CalendarCache.utc.timeZone
        formatter.setLocalizedDateFormatFromTemplate("LLLLyyyy")
        return formatter.string(from: days[0].start(in: CalendarCache.utc.timeZone))
    }

    /// The first weekday of a row (`Calendar` numbering, 1 = Sunday): Monday (2) in every
    /// language, as ISO 8601 weeks and as the month's chart (`month`, F6) draws them, so the
    /// calendars of `calendar`, the journal screen and `month` line up.
    public static func weekStart(_ language: AppLanguage) -> Int { 2 }

    /// Two-letter weekday names in `language`, Sunday first (`Calendar.shortStandaloneWeekdaySymbols`).
    public static func weekdaySymbols(_ language: AppLanguage) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: language == .russian ? "ru_RU" : "en_US")
        return calendar.shortStandaloneWeekdaySymbols.map { String($0.prefix(2)) }
    }
}
