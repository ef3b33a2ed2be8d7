import Foundation
import XCTest
import LanternlyCore

/// The date grammar of `--date`, `--from`, `--to`, `--on` (issue 12), table-driven.
final class DateExpressionTests: XCTestCase {
    private func day(_ s: String) -> LocalDay { LocalDay(s)! }

    func testEnglishAndRussianPhrases() throws {
        // 2026-11-25 is a Wednesday.
        let today = day("2026-11-25")
        let table: [(String, String)] = [
            ("today", "2026-11-25"), ("Yesterday", "2026-11-24"), ("tomorrow", "2026-11-26"),
            ("day before yesterday", "2026-11-23"),
            ("wednesday", "2026-11-25"), ("monday", "2026-11-23"), ("Mon", "2026-11-23"), ("thursday", "2026-11-19"),
            ("sunday", "2026-11-22"), ("last wednesday", "2026-11-18"), ("last monday", "2026-11-23"),
            ("3 days ago", "2026-11-22"), ("0 days ago", "2026-11-25"), ("1 day ago", "2026-11-24"),
            ("2 weeks ago", "2026-11-11"), ("a week ago", "2026-11-18"), ("last week", "2026-11-18"),
            ("last month", "2026-10-25"), ("a month ago", "2026-10-25"), ("2 months ago", "2026-09-25"),
            ("last year", "2025-11-25"), ("1 year ago", "2025-11-25"),
            ("2026-02-28", "2026-02-28"), ("  2026-3-9 ", "2026-03-09"),
            ("сегодня", "2026-11-25"), ("вчера", "2026-11-24"), ("Позавчера", "2026-11-23"), ("завтра", "2026-11-26"),
            ("послезавтра", "2026-11-27"), ("в понедельник", "2026-11-23"), ("понедельник", "2026-11-23"),
            ("в среду", "2026-11-25"), ("в прошлую среду", "2026-11-18"), ("в пятницу", "2026-11-20"),
            ("в воскресенье", "2026-11-22"), ("в прошлое воскресенье", "2026-11-22"), ("прошлый понедельник", "2026-11-23"),
            ("3 дня назад", "2026-11-22"), ("5 дней назад", "2026-11-20"), ("1 день назад", "2026-11-24"),
            ("2 недели назад", "2026-11-11"), ("неделю назад", "2026-11-18"), ("месяц назад", "2026-10-25"),
            ("в прошлом месяце", "2026-10-25"), ("на прошлой неделе", "2026-11-18"), ("в прошлом году", "2025-11-25"),
            ("год назад", "2025-11-25"), ("2 года назад", "2024-11-25"),
        ]
        for (text, expected) in table {
            XCTAssertEqual(try DateExpression.day(text, today: today).description, expected, text)
        }
    }

    /// Calendar arithmetic, not 24-hour steps: month ends clamp, leap days, year ends.
    func testCalendarEdges() throws {
        let table: [(String, String, String)] = [
            ("2026-03-31", "last month", "2026-02-28"),
            ("2024-03-31", "last month", "2024-02-29"),
            ("2024-02-29", "last year", "2023-02-28"),
            ("2024-02-29", "4 years ago", "2020-02-29"),
            ("2024-03-01", "yesterday", "2024-02-29"),
            ("2023-03-01", "yesterday", "2023-02-28"),
            ("2026-01-01", "yesterday", "2025-12-31"),
            ("2026-01-01", "last monday", "2025-12-29"),
            ("2026-01-03", "2 weeks ago", "2025-12-20"),
            // DST days in the US (2025-03-09, 23 hours) and Europe (2025-10-26, 25 hours).
            ("2025-03-10", "yesterday", "2025-03-09"),
            ("2025-03-09", "yesterday", "2025-03-08"),
            ("2025-10-27", "2 days ago", "2025-10-25"),
            ("2025-10-26", "sunday", "2025-10-26"),
            ("2025-10-26", "last sunday", "2025-10-19"),
        ]
        for (today, text, expected) in table {
            XCTAssertEqual(try DateExpression.day(text, today: day(today)).description, expected, "\(today) \(text)")
        }
    }

    /// "Today" comes from the person's zone: around a DST change the local day is the wall
    /// calendar's, never an instant minus 24 hours.
    func testTodayAroundDSTFromInstants() throws {
        let la = TimeZone(identifier: "America/Los_Angeles")!
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let cases: [(String, TimeZone, String)] = [
            ("2025-03-09T10:30:00Z", la, "2025-03-08"),   // 03:30 PDT, just after the gap
            ("2025-03-09T09:30:00Z", la, "2025-03-08"),   // 01:30 PST, just before it
            ("2025-03-10T06:30:00Z", la, "2025-03-08"),   // 23:30 PDT at the end of the short day
            ("2025-10-26T00:30:00Z", berlin, "2025-10-25"), // 02:30 CEST, before the repeated hour
            ("2025-10-26T22:30:00Z", berlin, "2025-10-25"), // 23:30 CET, end of the long day
        ]
        for (instant, zone, expected) in cases {
            let today = LocalDay(ISO8601DateFormatter().date(from: instant)!, in: zone)
            XCTAssertEqual(try DateExpression.day("yesterday", today: today).description, expected, instant)
        }
    }

    func testImpossibleDatesAreRefusedWithTheReason() {
        let today = day("2026-11-25")
        XCTAssertEqual(failure("2025-02-29", today), .doesNotExist("2025-02-29", daysInMonth: 28))
        XCTAssertEqual(failure("2026-04-31", today), .doesNotExist("2026-04-31", daysInMonth: 30))
        XCTAssertEqual(failure("2026-13-01", today), .doesNotExist("2026-13-01", daysInMonth: nil))
        XCTAssertEqual(failure("2026-00-10", today), .doesNotExist("2026-00-10", daysInMonth: nil))
        for text in ["", "someday", "next monday", "3 fortnights ago", "funday", "2026/03/09", "ago", "-3 days ago", "в"] {
            XCTAssertNotNil(failure(text, today), text)
            if case .doesNotExist? = failure(text, today) { XCTFail(text) }
        }
        XCTAssertEqual(failure("999999 days ago", today), .outOfRange("999999 days ago"))
    }

    private func failure(_ text: String, _ today: LocalDay) -> DateExpression.Failure? {
        do {
            _ = try DateExpression.day(text, today: today)
            return nil
        } catch {
            return error as? DateExpression.Failure
        }
    }
}

/// Streaks and the month grid behind `lanternly calendar`.
final class WritingMonthTests: XCTestCase {
    private func days(_ s: [String]) -> [LocalDay] { s.map { LocalDay($0)! } }

    func testStreaksAcrossMonthAndYearEnds() {
        let written = days(["2025-12-29", "2025-12-30", "2025-12-31", "2026-01-01", "2026-01-02",
                            "2026-01-30", "2026-01-31", "2026-02-01"])
        let s = WritingMonth.streaks(written, today: LocalDay("2026-02-01")!)
        XCTAssertEqual(s.current, 3)
        XCTAssertEqual(s.longest, 5)
        XCTAssertEqual(s.longestEnd, LocalDay("2026-01-02"))
        // Yesterday's streak still counts today; a day missed ends it.
        XCTAssertEqual(WritingMonth.streaks(written, today: LocalDay("2026-02-02")!).current, 3)
        XCTAssertEqual(WritingMonth.streaks(written, today: LocalDay("2026-02-03")!).current, 0)
        // Leap day: Feb 28 → Feb 29 → Mar 1 is three in a row; in 2023 Feb 28 → Mar 1 is two.
        XCTAssertEqual(WritingMonth.streaks(days(["2024-02-28", "2024-02-29", "2024-03-01"]), today: LocalDay("2024-03-01")!).longest, 3)
        XCTAssertEqual(WritingMonth.streaks(days(["2023-02-28", "2023-03-01"]), today: LocalDay("2023-03-01")!).longest, 2)
        XCTAssertEqual(WritingMonth.streaks([], today: LocalDay("2023-03-01")!).longest, 0)
    }

    func testMonthGrid() throws {
        let m = try XCTUnwrap(WritingMonth(year: 2024, month: 2, entriesPerDay: [LocalDay("2024-02-29")!: 2],
                                           allDays: days(["2024-02-29"]), today: LocalDay("2024-03-01")!))
        XCTAssertEqual(m.days.count, 29)
        XCTAssertEqual(m.firstWeekday, 5)  // 2024-02-01 was a Thursday
        XCTAssertEqual(m.daysWritten, 1)
        XCTAssertEqual(m.currentStreak, 1)
        XCTAssertNil(WritingMonth(year: 2024, month: 13, entriesPerDay: [:], allDays: [], today: LocalDay("2024-03-01")!))
    }

    /// One `Calendar` call per month gives the same numbers as one per day.
    func testDayNumberingMatchesDaysSinceEpoch() {
        var numbering = DayNumbering()
        var day = LocalDay("2023-12-25")!
        for _ in 0..<800 {
            XCTAssertEqual(numbering.number(day), day.daysSinceEpoch, day.description)
            day = LocalDay(daysSinceEpoch: day.daysSinceEpoch + 1)
        }
        // Leap years by the Gregorian rules (1900 is not one, 2000 is), and the Julian years.
        for text in ["1900-02-28", "1900-03-01", "2000-02-29", "2000-03-01", "1600-12-31", "1582-10-15", "1582-10-04", "1066-10-14", "2100-03-01"] {
            let d = LocalDay(text)!
            XCTAssertEqual(numbering.number(d), d.daysSinceEpoch, text)
        }
        XCTAssertEqual(numbering.days(fromStored: ["1900-02-29", "2000-02-29"]).map(\.description), ["2000-02-29"])
        XCTAssertEqual(numbering.days(fromStored: ["2024-02-29", "2023-02-29", "2024-13-01", "x", "2024-1-01", "2025-12-31"])
            .map(\.description), ["2024-02-29", "2025-12-31"])
        // The stored numbers (`YYYYMMDD`) read the same days, and the same ones are refused.
        XCTAssertEqual(numbering.days(fromNumbers: [19_000_229, 20_000_229]).map(\.description), ["2000-02-29"])
        XCTAssertEqual(numbering.days(fromNumbers: [20_240_229, 20_230_229, 20_241_301, 0, -5, 20_240_100, 20_251_231, 15_821_010])
            .map(\.description), ["2024-02-29", "2025-12-31"])
    }

    /// A day and its stored number, `YYYYMMDD`, both ways; numbers that name no day are refused.
    func testStoredDayNumbers() throws {
        for text in ["2025-03-09", "0001-01-01", "1999-12-31", "2000-02-29", "9999-12-31"] {
            let day = try XCTUnwrap(LocalDay(text))
            XCTAssertEqual(LocalDay(number: day.number), day, text)
            XCTAssertEqual(String(format: "%08d", day.number), text.replacingOccurrences(of: "-", with: ""))
        }
        XCTAssertLessThan(try XCTUnwrap(LocalDay("1999-12-31")).number, try XCTUnwrap(LocalDay("2000-01-01")).number,
                          "numbers sort as the days do")
        for bad in [0, -20_250_309, 20_250_229, 20_251_301, 20_250_100, 20_250_932, 100_000_101] {
            XCTAssertNil(LocalDay(number: bad), "\(bad)")
        }
        let clock = LocalClock(Date(timeIntervalSince1970: 1_741_512_600), in: try XCTUnwrap(TimeZone(identifier: "UTC")))
        XCTAssertEqual(clock.time, "09:30")
        XCTAssertEqual(clock.timeNumber, 930)
    }

    func testShortIDs() {
        var g = SystemRandomNumberGenerator()
        let ids = (0..<200).map { _ in ShortID.random(using: &g) }
        for id in ids { XCTAssertEqual(ShortID.normalize(id), id) }
        XCTAssertEqual(ShortID.normalize("#K3F9Q"), "k3f9q")
        XCTAssertNil(ShortID.normalize("k3f9"))
        XCTAssertNil(ShortID.normalize("k3f0q"), "0 is not in the alphabet")
        XCTAssertNil(ShortID.normalize("12"))
    }
}
