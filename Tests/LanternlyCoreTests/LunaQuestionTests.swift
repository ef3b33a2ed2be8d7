import XCTest
@testable import LanternlyCore
import TestSupport

/// `DailyQuestionService.question(for:…)`: Luna's own question behind the gate, once a day,
/// never a repeat; the bank pick when closed or failing; the widget untouched.
final class LunaQuestionTests: XCTestCase {
    let strings = try! StringCatalog.shipped()
    let devices = try! DeviceCatalog.shipped()
    var home: TempHome!
    var calendar: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()

    override func setUp() { home = TempHome() }
    override func tearDown() { home.remove() }

    private func diag() -> LunaDiagnostics { LunaDiagnostics(paths: home.paths, strings: strings, devices: devices) }
    private func date(_ s: String) -> Date { try! DailyQuestionService.parseDay(s, calendar: calendar) }
    private var simulated: SimulatedLanguageModel {
        SimulatedLanguageModel(profile: { HardwareProfile() }, devices: devices, strings: strings, gender: { .neutral })
    }

    func testLunaWritesHerOwnQuestionFromMemoriesAndEntries() async {
        let service = DailyQuestionService(catalog: strings)
        var history = QuestionHistory()
        let d = diag()
        let q = await service.question(for: QuestionDay(path: .connection, language: .english, date: date("2027-03-04"),
                                                        calendar: calendar, memories: ["pet: Pepper"]),
                                       model: simulated, diagnostics: d, history: &history)
        XCTAssertEqual(q.source, .model)
        XCTAssertTrue(q.text.contains("Pepper"), q.text)
        XCTAssertTrue(history.picks.isEmpty, "the bank was not used")
        XCTAssertEqual(d.current.service(.question).lastSource, "model")
        let work = await service.question(for: QuestionDay(path: .calm, language: .english, date: date("2027-03-05"), calendar: calendar,
                                                           recentEntries: ["The deadline at work again", "Work, work, my boss"]),
                                          model: simulated, diagnostics: d, history: &history)
        XCTAssertTrue(Phrasebook.questions(.work).map(\.en).contains(work.text), work.text)
        XCTAssertFalse(service.questions(path: .calm, language: .english).contains(work.text), "not a bank line")
    }

    func testOncePerDayAndNeverARepeatOfTheLastDays() async {
        let service = DailyQuestionService(catalog: strings)
        var history = QuestionHistory()
        let kept = await service.question(for: QuestionDay(path: .calm, language: .english, date: date("2027-03-04"), calendar: calendar,
                                                           keptToday: "Kept since this morning?"),
                                          model: TestLanguageModel(fallback: .text("Another?")), diagnostics: diag(), history: &history)
        XCTAssertEqual(kept.text, "Kept since this morning?", "the day's question stays all day")
        // Over two weeks, each day's question differs from the days before.
        var asked: [String] = []
        for day in 1...14 {
            let q = await service.question(for: QuestionDay(path: .growth, language: .english,
                                                            date: date(String(format: "2027-04-%02d", day)), calendar: calendar,
                                                            memories: ["person: Ada"], recentQuestions: asked),
                                           model: simulated, diagnostics: diag(), history: &history)
            XCTAssertEqual(q.source, .model, "day \(day)")
            XCTAssertFalse(asked.contains(q.text), "day \(day) repeats “\(q.text)”")
            asked.append(q.text)
        }
        // A model that repeats itself does not get to: the bank answers and the repeat is recorded.
        let d = diag()
        let repeated = await service.question(for: QuestionDay(path: .calm, language: .english, date: date("2027-05-01"),
                                                               calendar: calendar, recentQuestions: ["Same again?"]),
                                              model: TestLanguageModel(fallback: .text("Same again?")), diagnostics: d, history: &history)
        XCTAssertEqual(repeated.source, .bank)
        XCTAssertEqual(d.current.service(.question).lastError, "questionRepeated")
    }

    func testTheBankWhenTheGateIsClosedOrTheModelFails() async {
        let service = DailyQuestionService(catalog: strings)
        var history = QuestionHistory()
        let closed = TestLanguageModel(availability: .unavailable(.deviceNotEligible))
        let d = diag()
        let q = await service.question(for: QuestionDay(path: .calm, language: .russian, date: date("2027-03-04"), calendar: calendar),
                                       model: closed, diagnostics: d, history: &history)
        XCTAssertEqual(q.source, .bank)
        XCTAssertTrue(service.questions(path: .calm, language: .russian).contains(q.text))
        XCTAssertTrue(closed.calls.isEmpty)
        XCTAssertEqual(history.picks.count, 1)
        XCTAssertEqual(d.current.service(.question).lastSource, "bank")
        var profile = HardwareProfile()
        profile.faults.respond = .empty
        let fixed = profile
        let faulty = SimulatedLanguageModel(profile: { fixed }, devices: devices, strings: strings, gender: { .neutral })
        let f = await service.question(for: QuestionDay(path: .calm, language: .english, date: date("2027-03-05"), calendar: calendar),
                                       model: faulty, diagnostics: d, history: &history)
        XCTAssertEqual(f.source, .bank)
        XCTAssertEqual(d.current.service(.question).lastError, "emptyResponse")
    }

    func testACrisisEntryNeverReachesTheQuestionModel() async {
        let model = TestLanguageModel(fallback: .text("What helps?"))
        var history = QuestionHistory()
        _ = await DailyQuestionService(catalog: strings).question(
            for: QuestionDay(path: .calm, language: .english, date: date("2027-03-04"), calendar: calendar,
                             recentEntries: ["Quiet walk", "Zephyr: I want to kill myself"]),
            model: model, diagnostics: diag(), history: &history)
        XCTAssertEqual(model.calls.count, 1)
        XCTAssertTrue(model.calls[0].prompt.contains("Quiet walk"))
        XCTAssertFalse(model.calls[0].prompt.contains("Zephyr"))
    }

    func testTheWidgetStaysTheDeterministicBankPick() {
        let service = DailyQuestionService(catalog: strings)
        let a = service.widgetQuestion(path: .calm, language: .english, date: date("2027-03-04"), calendar: calendar)
        XCTAssertEqual(a, service.questions(path: .calm, language: .english)[DailyQuestionService.widgetIndex(date: date("2027-03-04"), calendar: calendar)])
    }
}
