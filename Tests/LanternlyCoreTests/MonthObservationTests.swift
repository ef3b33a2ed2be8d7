import XCTest
@testable import LanternlyCore
import TestSupport

/// The month's observation: computed numbers on a fixture journal (streaks across month
/// ends, a leap February), the chart, and the service's gate, fallback and crisis rule.
final class MonthObservationTests: XCTestCase {
    let strings = try! StringCatalog.shipped()
    let devices = try! DeviceCatalog.shipped()
    var home: TempHome!

    override func setUp() { home = TempHome() }
    override func tearDown() { home.remove() }

    private func day(_ s: String) -> LocalDay { LocalDay(s)! }

    private func entry(_ d: String, _ hour: Int = 20, _ body: String = "A quiet day", tags: [String] = []) -> MonthEntry {
        MonthEntry(day: day(d), hour: hour, tags: tags, body: body)
    }

    /// January 29 – February 2 every day, February 10–11, February 29 and March 1 (2028 is leap).
    private var fixture: [MonthEntry] {
        ["2028-01-29", "2028-01-30", "2028-01-31", "2028-02-01", "2028-02-02", "2028-02-10", "2028-02-11",
         "2028-02-29", "2028-03-01"].map { entry($0) }
            + [entry("2028-02-10", 8, "Coffee with Priya, then the river walk", tags: ["friends", "walk"]),
               entry("2028-02-11", 23, "River walk again with Priya", tags: ["walk"])]
    }

    func testLeapFebruaryAndStreaksAcrossMonthEnds() {
        let feb = YearMonth("2028-02")!
        XCTAssertEqual(feb.dayCount, 29)
        XCTAssertEqual(YearMonth("2027-02")!.dayCount, 28)
        XCTAssertEqual(YearMonth("2100-02")!.dayCount, 28, "divisible by 100, not by 400")
        XCTAssertEqual(YearMonth("2000-02")!.dayCount, 29)
        let all = fixture
        let days = Set(all.map(\.day))
        let s = MonthStats.compute(month: feb, entries: all.filter { YearMonth($0.day) == feb },
                                   previous: all.filter { YearMonth($0.day) == feb.previous }, writtenDays: days, names: ["Priya"])
        XCTAssertEqual(s.entries, 7)
        XCTAssertEqual(s.daysWritten, 5)
        XCTAssertEqual(s.perDay.count, 29)
        XCTAssertEqual(s.perDay[9], 2)
        XCTAssertEqual(s.perDay[28], 1, "the 29th counts")
        XCTAssertEqual(s.longestStreak, 5, "Jan 29 – Feb 2, counted whole")
        XCTAssertEqual(s.streakStart, day("2028-01-29"))
        XCTAssertEqual(s.streakEnd, day("2028-02-02"))
        XCTAssertEqual(s.topTags.map(\.name), ["walk", "friends"])
        XCTAssertEqual(s.people, [MonthStats.Count(name: "Priya", count: 2)])
        XCTAssertEqual(s.topWords.first, MonthStats.Count(name: "quiet", count: 5))
        XCTAssertTrue(s.topWords.contains(MonthStats.Count(name: "river", count: 2)), "\(s.topWords)")
        XCTAssertFalse(s.topWords.contains { $0.name == "priya" }, "names are people, not words")
        XCTAssertEqual(s.previousEntries, 3)
        XCTAssertEqual(s.previousDaysWritten, 3)
        XCTAssertEqual(s.usualTime, .evening)

        // March: the streak Feb 29 – Mar 1 crosses the month's start.
        let mar = MonthStats.compute(month: feb.next, entries: all.filter { YearMonth($0.day) == feb.next },
                                     previous: [], writtenDays: days, names: [])
        XCTAssertEqual(mar.longestStreak, 2)
        XCTAssertEqual(mar.streakStart, day("2028-02-29"))
    }

    func testCivilDaysAgreeWithTheCalendar() {
        for text in ["1970-01-01", "1969-12-31", "2000-02-29", "2028-02-29", "2100-03-01", "2026-11-30", "1600-01-01"] {
            let d = day(text)
            XCTAssertEqual(d.civilDays, d.daysSinceEpoch, text)
            XCTAssertEqual(LocalDay(civilDays: d.civilDays), d, text)
        }
    }

    func testTheChartIsACalendarFromMondayReadableWithoutColour() {
        let feb = YearMonth("2028-02")!  // 2028-02-01 is a Tuesday
        let s = MonthStats.compute(month: feb, entries: fixture.filter { YearMonth($0.day) == feb }, previous: [],
                                   writtenDays: Set(fixture.map(\.day)), names: [])
        let service = MonthObservationService(model: TestLanguageModel(), diagnostics: diag(), catalog: strings)
        let lines = service.chart(s, language: .english)
        XCTAssertEqual(lines[0], "Mo Tu We Th Fr Sa Su")
        XCTAssertEqual(lines[1], "    1░ 2░ 3· 4· 5· 6·")
        XCTAssertEqual(lines[2], " 7· 8· 9·10▒11▒12·13·")
        XCTAssertEqual(lines[5], "28·29░")
        XCTAssertTrue(lines.contains("· none  ░ 1 entry  ▒ 2  ▓ 3 or more"))
        XCTAssertTrue(lines.contains("@walk    ████████████████████ 2"), lines.joined(separator: "\n"))
        XCTAssertTrue(lines.contains("@friends ██████████ 1"), lines.joined(separator: "\n"))
        XCTAssertFalse(lines.joined().contains("\u{1B}"), "no escape sequences")
        XCTAssertEqual(service.chart(s, language: .russian)[0], "Пн Вт Ср Чт Пт Сб Вс")
    }

    private func diag() -> LunaDiagnostics { LunaDiagnostics(paths: home.paths, strings: strings, devices: devices) }

    func testComputedWhenTheGateIsClosedAndInBothLanguages() async {
        let model = TestLanguageModel(availability: .unavailable(.deviceNotEligible))
        let d = diag()
        let service = MonthObservationService(model: model, diagnostics: d, catalog: strings)
        let feb = YearMonth("2028-02")!
        let o = await service.observe(month: feb, entries: fixture.filter { YearMonth($0.day) == feb },
                                      previous: fixture.filter { YearMonth($0.day) == feb.previous },
                                      writtenDays: Set(fixture.map(\.day)), names: ["Priya"], language: .english)
        XCTAssertEqual(o.source, .computed)
        XCTAssertTrue(model.calls.isEmpty)
        XCTAssertTrue(o.text.hasPrefix("February 2028\nYou wrote on 5 of 29 days; entries: 7."), o.text)
        XCTAssertTrue(o.text.contains("Longest streak: 5 days in a row (2028-01-29 – 2028-02-02)."), o.text)
        XCTAssertTrue(o.text.contains("For comparison, January 2028: days written 3, entries 3."), o.text)
        XCTAssertEqual(d.current.service(.month).lastSource, "computed")
        let ru = await service.observe(month: feb, entries: [], previous: [], writtenDays: [], names: [], language: .russian)
        XCTAssertTrue(ru.text.hasPrefix("Февраль 2028\nВ этом месяце записей пока нет."), ru.text)
    }

    func testTheModelWritesItWhenOpenNeverSeeingACrisisEntry() async throws {
        let crisis = "Zephyr words: I want to kill myself"
        XCTAssertTrue(CrisisDetector.isCrisis(crisis))
        let feb = YearMonth("2028-02")!
        let entries = fixture.filter { YearMonth($0.day) == feb }
            + [entry("2028-02-12", 1, crisis + " tonight tonight tonight @zephyrtag", tags: ["zephyrtag"])]
        let model = TestLanguageModel(fallback: .text("A gentle month?"))
        let d = diag()
        let o = await MonthObservationService(model: model, diagnostics: d, catalog: strings)
            .observe(month: feb, entries: entries, previous: [], writtenDays: Set(entries.map(\.day)), names: [], language: .english)
        XCTAssertEqual(o.source, .model)
        XCTAssertEqual(o.text, "A gentle month?")
        XCTAssertEqual(o.stats.daysWritten, 6, "the crisis entry's day still counts")
        XCTAssertFalse(o.stats.topWords.contains { $0.name == "tonight" || $0.name == "zephyr" }, "its words are never counted")
        XCTAssertEqual(model.calls.count, 1)
        XCTAssertTrue(model.calls[0].prompt.contains("Coffee with Priya"))
        XCTAssertFalse(model.calls[0].prompt.contains("Zephyr"))
        XCTAssertFalse(model.calls[0].prompt.contains("kill"))
        XCTAssertFalse(model.calls[0].prompt.contains("zephyrtag"), "nor its tags")
        XCTAssertFalse(o.stats.topTags.contains { $0.name == "zephyrtag" })
        XCTAssertEqual(d.current.service(.month).lastSource, "model")
    }

    /// A month larger than ``MonthStats/wordEntryLimit``: only its newest entries' words are
    /// read, and only those are given to the crisis check (counted here, not timed); every
    /// entry still counts for its day and its time; the text says where words and tags are from.
    func testOnlyTheNewestEntriesAreReadAndCheckedInALargeMonth() async throws {
        let feb = YearMonth("2028-02")!
        let limit = MonthStats.wordEntryLimit
        var entries: [MonthEntry] = []
        // The oldest 500: words of their own ("harbour"); then `limit` newer ones ("meadow").
        for i in 0..<(limit + 500) {
            let d = LocalDay(year: 2028, month: 2, day: 1 + i * 28 / (limit + 500))!
            entries.append(entry(d.description, 9, i < 500 ? "Harbour lights at dusk \(i)" : "Meadow flowers in bloom \(i)", tags: ["walk"]))
        }
        final class Reads: @unchecked Sendable { let lock = NSLock(); var bodies: [String] = [] }
        let reads = Reads()
        let service = MonthObservationService(model: TestLanguageModel(availability: .unavailable(.deviceNotEligible)),
                                              diagnostics: diag(), catalog: strings,
                                              isPrivate: { body in reads.lock.withLock { reads.bodies.append(body) }; return body.hasSuffix(" \(limit + 499)") })
        let o = await service.observe(month: feb, entries: entries, previous: [], writtenDays: Set(entries.map(\.day)),
                                      names: [], language: .english)
        XCTAssertEqual(reads.bodies.count, limit, "each entry whose words are counted is checked once; no other")
        XCTAssertFalse(reads.bodies.contains { $0.hasPrefix("Harbour") })
        XCTAssertEqual(o.stats.entries, limit + 500)
        XCTAssertEqual(o.stats.topTags.first?.count, limit - 1, "tags count as words do: not the older ones, not the private one")
        XCTAssertEqual(o.stats.timesOfDay["morning"], limit + 500)
        XCTAssertEqual(o.stats.wordEntries, limit - 1, "the private one is not read")
        XCTAssertFalse(o.stats.topWords.contains { $0.name == "harbour" }, "\(o.stats.topWords)")
        XCTAssertEqual(o.stats.topWords.first { $0.name == "meadow" }?.count, limit - 1)
        XCTAssertTrue(o.text.contains("Words, names and tags are counted from the latest \(limit) entries."), o.text)
        // A small month says nothing of the kind.
        let small = await service.observe(month: feb, entries: Array(entries.suffix(10)), previous: [], writtenDays: [],
                                          names: [], language: .english)
        XCTAssertFalse(small.text.contains("latest"), small.text)
    }

    /// A kept observation's numbers are recomputed with the same crisis check.
    func testRecomputedNumbersNeverCountACrisisEntry() {
        let feb = YearMonth("2028-02")!
        let crisis = entry("2028-02-12", 1, "Zephyr words: I want to kill myself tonight")
        let service = MonthObservationService(model: TestLanguageModel(availability: .unavailable(.deviceNotEligible)),
                                              diagnostics: diag(), catalog: strings)
        let s = service.stats(month: feb, entries: fixture.filter { YearMonth($0.day) == feb } + [crisis], previous: [],
                              writtenDayNumbers: [], names: [])
        XCTAssertEqual(s.entries, 8)
        XCTAssertFalse(s.topWords.contains { ["zephyr", "words", "kill", "myself", "tonight"].contains($0.name) }, "\(s.topWords)")
        XCTAssertTrue(s.topWords.contains { $0.name == "river" })
    }

    func testAFaultFallsBackToTheComputedObservation() async throws {
        var profile = HardwareProfile()
        profile.faults.respond = .guardrailViolation
        let fixed = profile
        let model = SimulatedLanguageModel(profile: { fixed }, devices: devices, strings: strings, gender: { .neutral })
        let d = diag()
        let feb = YearMonth("2028-02")!
        let o = await MonthObservationService(model: model, diagnostics: d, catalog: strings)
            .observe(month: feb, entries: fixture.filter { YearMonth($0.day) == feb }, previous: [],
                     writtenDays: Set(fixture.map(\.day)), names: [], language: .english)
        XCTAssertEqual(o.source, .computed)
        XCTAssertEqual(d.current.service(.month).lastError, "guardrailViolation")
    }

    func testTheSimulatedModelWritesAWarmObservationInTheUILanguage() async throws {
        let feb = YearMonth("2028-02")!
        let model = SimulatedLanguageModel(profile: { HardwareProfile() }, devices: devices, strings: strings, gender: { .neutral })
        let service = MonthObservationService(model: model, diagnostics: diag(), catalog: strings)
        let entries = fixture.filter { YearMonth($0.day) == feb }
        let en = await service.observe(month: feb, entries: entries, previous: [], writtenDays: Set(entries.map(\.day)),
                                       names: ["Priya"], language: .english)
        XCTAssertEqual(en.source, .model)
        XCTAssertTrue(en.text.hasPrefix("Days with entries this month: 5/29."), en.text)
        XCTAssertTrue(en.text.contains("Priya"), en.text)
        XCTAssertFalse(en.text.contains("Coffee with Priya"), "never quotes an entry")
        // Russian is not the model's language here: written in English, translated back.
        let ru = await service.observe(month: feb, entries: entries, previous: [], writtenDays: Set(entries.map(\.day)),
                                       names: ["Priya"], language: .russian)
        XCTAssertEqual(ru.source, .model)
        XCTAssertTrue(ru.text.hasPrefix("Дней с записями в этом месяце: 5/29."), ru.text)
    }
}
