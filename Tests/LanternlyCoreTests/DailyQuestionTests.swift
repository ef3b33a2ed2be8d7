import XCTest
import LanternlyCore

final class DailyQuestionTests: XCTestCase {
    private var calendar: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "America/Los_Angeles")!
        return c
    }()

    private func service() throws -> DailyQuestionService { DailyQuestionService(catalog: try StringCatalog.shipped()) }

    private func date(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 12, _ min: Int = 0, _ s: Int = 0) -> Date {
        calendar.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: min, second: s))!
    }

    func testEighteenQuestionsInEveryLanguage() throws {
        let service = try service()
        var all = Set<String>()
        for language in AppLanguage.allCases {
            for path in LifePath.allCases {
                let questions = service.questions(path: path, language: language)
                XCTAssertEqual(questions.count, 6)
                for q in questions {
                    XCTAssertFalse(q.hasPrefix("question."), "missing catalog key: \(q)")
                    XCTAssertTrue(q.hasSuffix("?"), q)
                }
                all.formUnion(questions)
            }
        }
        XCTAssertEqual(all.count, 36)
    }

    func testWidgetFollowsDayOfYear() throws {
        let service = try service()
        let bank = service.questions(path: .growth, language: .english)
        // 2024-02-29 is day 60 → index 59 % 6 = 5.
        XCTAssertEqual(service.widgetQuestion(path: .growth, language: .english, date: date(2024, 2, 29), calendar: calendar), bank[59 % 6])
        // 2024-12-31 is day 366 → index 365 % 6 = 5.
        XCTAssertEqual(calendar.ordinality(of: .day, in: .year, for: date(2024, 12, 31)), 366)
        XCTAssertEqual(service.widgetQuestion(path: .growth, language: .english, date: date(2024, 12, 31), calendar: calendar), bank[365 % 6])
        // 2025-01-01 is day 1 → index 0.
        XCTAssertEqual(service.widgetQuestion(path: .growth, language: .english, date: date(2025, 1, 1), calendar: calendar), bank[0])
        XCTAssertEqual(DailyQuestionService.widgetIndex(date: date(2025, 1, 2), calendar: calendar), 1)
    }

    func testWidgetChangesAtLocalMidnightAndHoldsAllDay() throws {
        let service = try service()
        let late = date(2025, 3, 10, 23, 59, 59)
        let midnight = date(2025, 3, 11, 0, 0, 0)
        let morning = date(2025, 3, 10, 0, 0, 0)
        let q = { service.widgetQuestion(path: .calm, language: .russian, date: $0, calendar: self.calendar) }
        XCTAssertEqual(q(morning), q(late))
        XCTAssertNotEqual(q(late), q(midnight))
        // Local, not UTC: 23:59:59 in Los Angeles is already the next day in UTC.
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        XCTAssertNotEqual(DailyQuestionService.widgetIndex(date: late, calendar: calendar),
                          DailyQuestionService.widgetIndex(date: late, calendar: utc))
    }

    func testInAppSameQuestionAllDay() throws {
        let service = try service()
        var history = QuestionHistory()
        var random = ContentTestRandom(seed: 7)
        let first = service.inAppQuestion(path: .connection, language: .english, date: date(2025, 5, 1, 8),
                                          calendar: calendar, history: &history, random: &random)
        for hour in [9, 13, 23] {
            XCTAssertEqual(service.inAppQuestion(path: .connection, language: .english, date: date(2025, 5, 1, hour),
                                                 calendar: calendar, history: &history, random: &random), first)
        }
        // The same question in the other language (history keeps the index, not the text).
        let ru = service.inAppQuestion(path: .connection, language: .russian, date: date(2025, 5, 1, 20),
                                       calendar: calendar, history: &history, random: &random)
        let index = service.questions(path: .connection, language: .english).firstIndex(of: first)
        XCTAssertEqual(service.questions(path: .connection, language: .russian).firstIndex(of: ru), index)
        XCTAssertEqual(history.picks.count, 1)
    }

    func testInAppDoesNotRepeatRecentDays() throws {
        for seed in 1...20 as ClosedRange<UInt64> {
            var history = QuestionHistory()
            var random = ContentTestRandom(seed: seed)
            var indices: [Int] = []
            var day = date(2024, 12, 20)
            for _ in 0..<40 {
                indices.append(DailyQuestionService.inAppIndex(path: .calm, date: day, calendar: calendar,
                                                               history: &history, random: &random))
                day = calendar.date(byAdding: .day, value: 1, to: day)!
            }
            for i in indices.indices {
                let window = indices[max(0, i - DailyQuestionService.recentDays)..<i]
                XCTAssertFalse(window.contains(indices[i]), "seed \(seed): \(indices)")
            }
            XCTAssertGreaterThan(Set(indices).count, 4)
        }
    }

    func testInAppWithFewerQuestionsThanRecentDaysStillAvoidsYesterday() {
        var history = QuestionHistory()
        var random = ContentTestRandom(seed: 11)
        var day = date(2025, 2, 1)
        var previous: Int?
        for _ in 0..<30 {
            let index = DailyQuestionService.inAppIndex(path: .growth, date: day, calendar: calendar, count: 3,
                                                        history: &history, random: &random)
            XCTAssertTrue((0..<3).contains(index))
            XCTAssertNotEqual(index, previous)
            previous = index
            day = calendar.date(byAdding: .day, value: 1, to: day)!
        }
        XCTAssertLessThanOrEqual(history.picks.count, QuestionHistory.maximumPicks)
    }

    func testInAppIgnoresAStoredIndexOutOfRange() throws {
        var history = QuestionHistory(picks: [.init(day: "2025-02-01", path: .calm, index: 42)])
        var random = ContentTestRandom(seed: 5)
        let index = DailyQuestionService.inAppIndex(path: .calm, date: date(2025, 2, 1), calendar: calendar,
                                                    history: &history, random: &random)
        XCTAssertTrue((0..<6).contains(index))
        XCTAssertEqual(history.picks, [.init(day: "2025-02-01", path: .calm, index: index)])
    }

    func testInAppHistoryPersistsAcrossRuns() throws {
        let service = try service()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lanternly-qh-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("state/question-history.json")

        var history = try QuestionHistory.load(from: file)  // missing file → empty
        XCTAssertEqual(history, QuestionHistory())
        var random = ContentTestRandom(seed: 3)
        let morning = service.inAppQuestion(path: .growth, language: .english, date: date(2025, 6, 2, 7),
                                            calendar: calendar, history: &history, random: &random)
        try history.save(to: file)
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)

        var reloaded = try QuestionHistory.load(from: file)
        XCTAssertEqual(reloaded, history)
        var other = ContentTestRandom(seed: 99)
        XCTAssertEqual(service.inAppQuestion(path: .growth, language: .english, date: date(2025, 6, 2, 22),
                                             calendar: calendar, history: &reloaded, random: &other), morning)
        // Saving again replaces the file atomically; no temporary files are left behind.
        try reloaded.save(to: file)
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        XCTAssertEqual(names, ["question-history.json"])
    }

    func testHistoryFileErrorsNameTheFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lanternly-qh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("question-history.json")
        try Data("not json".utf8).write(to: file)
        XCTAssertThrowsError(try QuestionHistory.load(from: file)) { error in
            XCTAssertTrue("\(error)".contains(file.path), "\(error)")
        }
        try Data(#"{"picks":[{"day":"2025-01-01","path":"calm","index":"three"}]}"#.utf8).write(to: file)
        XCTAssertThrowsError(try QuestionHistory.load(from: file)) { error in
            XCTAssertTrue("\(error)".contains("picks.0.index"), "\(error)")
        }
        try Data("{}".utf8).write(to: file)
        XCTAssertEqual(try QuestionHistory.load(from: file), QuestionHistory())
    }

    func testParseDayAcceptsRealDays() throws {
        let d = try DailyQuestionService.parseDay("2024-02-29", calendar: calendar)
        XCTAssertEqual(DailyQuestionService.dayString(d, calendar: calendar), "2024-02-29")
        XCTAssertEqual(calendar.component(.hour, from: d), 0)
        let last = try DailyQuestionService.parseDay("2024-12-31", calendar: calendar)
        XCTAssertEqual(calendar.ordinality(of: .day, in: .year, for: last), 366)
    }

    func testParseDayRejectsImpossibleDates() {
        for text in ["2025-02-29", "2024-13-01", "2024-00-10", "2024-04-31", "2024-01-00", "2024-1-01",
                     "20240101", "", "tomorrow", "2024-01-01x", "+024-01-01", "2024-01-1", "0000-01-01"] {
            XCTAssertThrowsError(try DailyQuestionService.parseDay(text, calendar: calendar), text) { error in
                XCTAssertTrue("\(error)".contains("\"\(text)\""), "\(error)")
                XCTAssertTrue("\(error)".contains("YYYY-MM-DD"), "\(error)")
            }
        }
    }
}
