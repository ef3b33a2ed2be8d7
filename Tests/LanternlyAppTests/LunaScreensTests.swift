import Foundation
import XCTest
import LanternlyCore
import TerminalUI
@testable import LanternlyApp

/// Issue 10 in the app: "What Luna remembers", the month screen, the memory switch in
/// settings and Luna's tag suggestion after a saved entry.
final class LunaScreensTests: XCTestCase {
    // MARK: fixtures

    private let memories = [
        MemoryItem(id: 3, kind: .pet, words: "Miso", source: .chat, rememberedOn: "2026-11-02"),
        // The screen names an entry by its short id, as the journal and `lanternly show` do.
        MemoryItem(id: 5, kind: .situation, words: "job interview", date: "2026-12-01", source: .entry(12), rememberedOn: "2026-11-20",
                   entryShortID: "q7m2x"),
        MemoryItem(id: 9, kind: .preference, words: "loves slow rainy mornings with a long book and tea", source: .entry(14),
                   rememberedOn: "2026-11-28", entryShortID: "h4tz9"),
    ]

    private func rows(_ s: AppState) -> [String] {
        let frame = render(s, catalog: testCatalog)
        return (0..<s.height).map { frame.rowText($0) }
    }

    private func screenText(_ s: AppState) -> String { rows(s).joined(separator: "\n") }

    private func en(_ key: String) -> String { testCatalog.string(key, .english) }

    private func monthPage(_ month: YearMonth, current: YearMonth) -> MonthPage {
        let entries = (1...9).map { d in
            MonthEntry(day: LocalDay(year: month.year, month: month.month, day: d)!, hour: 9, tags: d % 2 == 0 ? ["walk"] : ["work"],
                       body: "A walk by the river with Sam \(d)")
        }
        let stats = MonthStats.compute(month: month, entries: entries, previous: [], writtenDays: Set(entries.map(\.day)), names: ["Sam"])
        return MonthPage(month: month, source: .computed, text: "\(month): you wrote on 9 days.\nWords that came up most: river, walk.",
                         stats: stats, title: "Month \(month)", current: current)
    }

    // MARK: What Luna remembers

    func testMemoriesScreenOpensFromAKeyTheFooterAndHelpList() {
        var s = AppState(width: 120, height: 30)
        let effects = reduce(&s, .keyPressed(.function(7)))
        XCTAssertEqual(s.screen, .memories)
        XCTAssertEqual(effects, [.loadMemories, .loadSettings, .pollStatus])
        XCTAssertNil(s.memories.items, "nothing shown as empty before the memories come")
        XCTAssertTrue(screenText(s).contains(en("ui.memories.reading")))
        // The chat's footer offers it, and the help screen lists it.
        var chat = AppState(width: 200, height: 30)
        let footer = rows(chat)[29]
        XCTAssertTrue(footer.contains("F7 " + en("ui.key.openMemories")), footer)
        XCTAssertTrue(footer.contains("F6 " + en("ui.key.openMonth")), footer)
        chat.height = 300
        _ = reduce(&chat, .keyPressed(.function(1)))
        let help = screenText(chat)
        XCTAssertTrue(help.contains(en("ui.help.section.memories")))
        XCTAssertTrue(help.contains("F7") && help.contains(en("ui.key.openMemories")))
        XCTAssertTrue(help.contains(en("ui.key.forgetMemory")) && help.contains(en("ui.key.forgetAllMemories")))
        // Its keys are its own: F7 is not taken by anything else anywhere.
        for context in KeyContext.allCases {
            let cmd = KeyCommand.command(for: .function(7), in: context)
            XCTAssertTrue(cmd == nil || cmd == .openMemories, "\(context): \(String(describing: cmd))")
        }
    }

    func testMemoriesShowKindWordsSourceAndDay() {
        var s = AppState(width: 80, height: 24)
        _ = reduce(&s, .keyPressed(.function(7)))
        _ = reduce(&s, .memoriesLoaded(memories))
        let text = screenText(s)
        XCTAssertTrue(text.contains(testCatalog.format("ui.memories.titleCount", .english, "3")), text)
        XCTAssertTrue(text.contains(en("memory.kind.pet")) && text.contains("Miso"), text)
        XCTAssertTrue(text.contains("job interview (2026-12-01)"), text)
        XCTAssertTrue(text.contains(testCatalog.format("ui.memories.remembered", .english, en("memory.source.chat"), "2026-11-02")), text)
        XCTAssertTrue(text.contains(testCatalog.format("memory.source.entry", .english, "q7m2x")), text)
        XCTAssertFalse(text.contains(testCatalog.format("memory.source.entry", .english, "12")), "the row id is not shown: \(text)")
        // The highlighted memory is drawn in reverse video.
        let frame = render(s, catalog: testCatalog)
        let row = (0..<s.height).first { frame.rowText($0).contains("Miso") }!
        XCTAssertTrue(frame[3, row].style.reverse)
        _ = reduce(&s, .keyPressed(.down))
        XCTAssertEqual(s.memories.selected, 1)
        _ = reduce(&s, .keyPressed(.character("j")))
        _ = reduce(&s, .keyPressed(.character("j")))
        XCTAssertEqual(s.memories.selected, 2, "stops at the last one")
    }

    func testForgettingOneAsksFirstAndNoKeepsIt() {
        var s = AppState(width: 80, height: 24)
        _ = reduce(&s, .keyPressed(.function(7)))
        _ = reduce(&s, .memoriesLoaded(memories))
        _ = reduce(&s, .keyPressed(.down))
        XCTAssertEqual(reduce(&s, .keyPressed(.character("d"))), [], "nothing goes before the answer")
        XCTAssertEqual(s.confirmation, .forgetMemory(id: 5, words: "job interview"))
        XCTAssertTrue(screenText(s).contains(testCatalog.format("ui.confirm.forgetMemory", .english, "job interview")))
        XCTAssertEqual(reduce(&s, .keyPressed(.character("n"))), [])
        XCTAssertNil(s.confirmation)
        XCTAssertEqual(s.notice, .nothingForgotten)
        XCTAssertEqual(s.memories.items?.count, 3)
        // Enter is not a yes either.
        _ = reduce(&s, .keyPressed(.delete))
        XCTAssertEqual(reduce(&s, .keyPressed(.enter)), [])
        _ = reduce(&s, .keyPressed(.character("d")))
        XCTAssertEqual(reduce(&s, .keyPressed(.character("y"))), [.forgetMemory(id: 5)])
        _ = reduce(&s, .memoryForgotten(id: 5, found: true))
        XCTAssertEqual(s.memories.items?.map(\.id), [3, 9])
        XCTAssertEqual(s.notice, .memoryForgotten("job interview"))
        XCTAssertTrue(screenText(s).contains(testCatalog.format("ui.notice.memoryForgotten", .english, "job interview")))
        XCTAssertEqual(s.memories.selected, 1, "the highlight stays in the list")
    }

    func testClearingAllAsksFirstWithTheCount() {
        var s = AppState(width: 80, height: 24)
        _ = reduce(&s, .keyPressed(.function(7)))
        _ = reduce(&s, .memoriesLoaded(memories))
        _ = reduce(&s, .keyPressed(.character("D")))
        XCTAssertEqual(s.confirmation, .forgetAllMemories(count: 3))
        XCTAssertTrue(screenText(s).contains(testCatalog.format("ui.confirm.forgetAllMemories", .english, "3").prefix(30)), screenText(s))
        XCTAssertEqual(reduce(&s, .keyPressed(.character("q"))), [], "q answers no; it does not leave")
        XCTAssertEqual(s.screen, .memories)
        XCTAssertEqual(s.notice, .nothingForgotten)
        _ = reduce(&s, .keyPressed(.character("D")))
        XCTAssertEqual(reduce(&s, .keyPressed(.character("д"))), [.forgetAllMemories], "the Russian yes works too")
        _ = reduce(&s, .memoriesCleared(count: 3))
        XCTAssertEqual(s.memories.items, [])
        XCTAssertTrue(screenText(s).contains(en("ui.memories.empty").prefix(20)), screenText(s))
        // Nothing to clear: no question.
        _ = reduce(&s, .keyPressed(.character("D")))
        XCTAssertNil(s.confirmation)
    }

    func testMemoryOffAndGateClosedAreSaidPlainly() {
        var s = AppState(width: 80, height: 24)
        _ = reduce(&s, .keyPressed(.function(7)))
        _ = reduce(&s, .memoriesLoaded(memories))
        XCTAssertFalse(screenText(s).contains(en("ui.memories.gateClosed").prefix(20)))
        s.status = AppStatus(availability: .unavailable(.appleIntelligenceNotEnabled))
        XCTAssertTrue(screenText(s).contains(en("ui.memories.gateClosed").prefix(30)), screenText(s))
        s.settings.keepMemories = false
        let off = screenText(s)
        XCTAssertTrue(off.contains(en("ui.memories.off").prefix(30)), off)
        XCTAssertFalse(off.contains(en("ui.memories.gateClosed").prefix(20)), "one reason at a time: the switch first")
        XCTAssertTrue(off.contains("Miso"), "what is remembered is still shown, and forgettable")
        s.language = .russian
        XCTAssertTrue(screenText(s).contains(testCatalog.string("ui.memories.off", .russian).prefix(20)))
    }

    func testMemoriesInRussianAtFortyColumnsAndAfterAResize() {
        var s = AppState(width: 80, height: 24, language: .russian)
        _ = reduce(&s, .keyPressed(.function(7)))
        _ = reduce(&s, .memoriesLoaded(memories))
        _ = reduce(&s, .keyPressed(.down)); _ = reduce(&s, .keyPressed(.down))
        _ = reduce(&s, .resized(width: 40, height: 12))
        let narrow = rows(s)
        for row in narrow { XCTAssertLessThanOrEqual(DisplayWidth.of(row), 40) }
        let text = narrow.joined(separator: "\n")
        XCTAssertTrue(text.contains(testCatalog.string("ui.memories.title", .russian).prefix(10)), text)
        XCTAssertTrue(text.contains(testCatalog.string("memory.kind.preference", .russian)), "the highlighted memory stays in view: \(text)")
        XCTAssertTrue(text.contains("loves slow"), text)
        // The long words wrap instead of running off the edge.
        XCTAssertTrue(text.contains("tea"), text)
        _ = reduce(&s, .resized(width: 20, height: 5))
        _ = rows(s)  // draws without trapping
        _ = reduce(&s, .resized(width: 100, height: 30))
        XCTAssertTrue(screenText(s).contains("Miso"))
    }

    // MARK: the month

    func testMonthScreenLoadsThisMonthAndMovesBetweenMonths() {
        let current = YearMonth("2026-11")!
        var s = AppState(width: 80, height: 40)
        XCTAssertEqual(reduce(&s, .keyPressed(.function(6))), [.loadMonth(year: 0, month: 0)])
        XCTAssertEqual(s.screen, .month)
        XCTAssertTrue(screenText(s).contains(en("ui.month.reading")))
        _ = reduce(&s, .monthLoaded(monthPage(current, current: current)))
        let text = screenText(s)
        XCTAssertTrue(text.contains("Month 2026-11"), text)
        XCTAssertTrue(text.contains("Words that came up most: river, walk."), text)
        XCTAssertTrue(text.contains(en("ui.month.computed")), text)
        // The heat map and the tag bars, in plain characters.
        XCTAssertTrue(text.contains(en("month.chart.weekdays")), text)
        XCTAssertTrue(text.contains(" 1░") && text.contains("10·"), text)
        XCTAssertTrue(text.contains("@work") && text.contains("█"), text)
        // Later than this month: said, nothing asked.
        XCTAssertEqual(reduce(&s, .keyPressed(.right)), [])
        XCTAssertEqual(s.notice, .noLaterMonth)
        XCTAssertEqual(reduce(&s, .keyPressed(.left)), [.loadMonth(year: 2026, month: 10)])
        XCTAssertEqual(reduce(&s, .keyPressed(.character("h"))), [.loadMonth(year: 2026, month: 9)], "quick presses go on from the month asked for")
        // October comes late, after September was asked for: dropped.
        _ = reduce(&s, .monthLoaded(monthPage(YearMonth("2026-10")!, current: current)))
        XCTAssertEqual(s.month.page?.month, current)
        _ = reduce(&s, .monthLoaded(monthPage(YearMonth("2026-09")!, current: current)))
        XCTAssertEqual(s.month.page?.month, YearMonth("2026-09"))
        XCTAssertTrue(screenText(s).contains("Month 2026-09"))
        XCTAssertEqual(reduce(&s, .keyPressed(.character("l"))), [.loadMonth(year: 2026, month: 10)])
        // January goes back to December of the year before.
        s.month.page = monthPage(YearMonth("2026-01")!, current: current)
        s.month.loading = nil
        XCTAssertEqual(reduce(&s, .keyPressed(.left)), [.loadMonth(year: 2025, month: 12)])
        _ = reduce(&s, .keyPressed(.escape))
        XCTAssertEqual(s.screen, .chat)
    }

    func testMonthScrollsAtFortyColumnsAndFitsTheWidth() {
        let current = YearMonth("2026-11")!
        var s = AppState(width: 40, height: 12, language: .russian)
        _ = reduce(&s, .keyPressed(.function(6)))
        _ = reduce(&s, .monthLoaded(monthPage(current, current: current)))
        for row in rows(s) { XCTAssertLessThanOrEqual(DisplayWidth.of(row), 40) }
        XCTAssertTrue(screenText(s).contains(testCatalog.string("ui.help.more", .russian)), "says there is more below")
        for _ in 0..<100 { _ = reduce(&s, .keyPressed(.down)) }
        let bottom = screenText(s)
        XCTAssertTrue(bottom.contains("@work"), bottom)
        XCTAssertFalse(bottom.contains(testCatalog.string("ui.help.more", .russian)), "no more mark at the end")
        let scrolled = s.month.scroll
        _ = reduce(&s, .keyPressed(.up))
        XCTAssertEqual(s.month.scroll, scrolled - 1, "Up responds at once after a long Down")
        _ = reduce(&s, .keyPressed(.pageUp))
        XCTAssertEqual(s.month.scroll, 0)
        _ = reduce(&s, .resized(width: 90, height: 40))
        XCTAssertTrue(screenText(s).contains("@work"))
    }

    // MARK: the memory switch

    func testTheMemorySwitchIsASettingsRow() {
        var s = AppState(width: 80, height: 30)
        _ = reduce(&s, .keyPressed(.function(2)))
        let row = SettingsRow.allCases.firstIndex(of: .keepMemories)!
        for _ in 0..<row { _ = reduce(&s, .keyPressed(.down)) }
        let label = en("ui.settings.keepMemories")
        let line = rows(s).first { $0.contains(label) }!
        XCTAssertTrue(line.contains(en("ui.value.on")), line)
        let effects = reduce(&s, .keyPressed(.enter))
        XCTAssertFalse(s.settings.keepMemories)
        var off = UserSettings(); off.keepMemories = false
        XCTAssertEqual(effects, [.saveSettings(off)])
        XCTAssertTrue(rows(s).first { $0.contains(label) }!.contains(en("ui.value.off")))
        // The memories screen now says memory is off.
        _ = reduce(&s, .keyPressed(.function(7)))
        _ = reduce(&s, .memoriesLoaded([]))
        XCTAssertTrue(screenText(s).contains(en("ui.memories.off").prefix(30)))
    }

    // MARK: Luna's tags for a saved entry

    /// Luna may offer one tag or several: the offer reads right for either number (no "them"
    /// for one tag, no plural "теги" before a single one), in both languages, at 80 and 40 columns.
    func testTheTagOfferReadsRightForOneTagAndForSeveral() {
        for language in [AppLanguage.english, .russian] {
            for tags in [["sea"], ["sea", "tide", "morning"]] {
                for width in [80, 40] {
                    var s = AppState(width: width, height: 24)
                    s.language = language
                    _ = reduce(&s, .keyPressed(.function(4)))
                    _ = reduce(&s, .journalListed([JournalEntrySummary(id: 3, day: "2026-11-30", time: "08:10", title: "Sea at dawn")]))
                    _ = reduce(&s, .tagsSuggested(entryID: 3, tags: tags))
                    let line = testCatalog.format("ui.journal.suggestedTags", language, tags.map { "@" + $0 }.joined(separator: " "), "a", "x")
                    let words = Set(line.lowercased().split { !$0.isLetter }.map(String.init))
                    XCTAssertTrue(words.isDisjoint(with: ["them", "they", "теги", "их"]), "\(language) \(tags): \(line)")
                    let text = screenText(s).replacingOccurrences(of: "\n", with: " ")
                    for tag in tags { XCTAssertTrue(text.contains("@" + tag), "\(width) \(language): \(text)") }
                }
            }
        }
    }

    func testSavedEntryAsksForTagsAndOneKeyTakesThem() {
        var s = AppState(width: 80, height: 24)
        _ = reduce(&s, .keyPressed(.function(4)))
        _ = reduce(&s, .keyPressed(.character("n")))
        s.type("A walk by the river with Sam")
        XCTAssertEqual(reduce(&s, .keyPressed(.ctrl("s"))), [.saveEntry(body: "A walk by the river with Sam", tags: [])])
        let effects = reduce(&s, .entrySaved(id: 7, body: "A walk by the river with Sam"))
        XCTAssertTrue(effects.contains(.suggestTags(entryID: 7, body: "A walk by the river with Sam")), "\(effects)")
        _ = reduce(&s, .journalListed([JournalEntrySummary(id: 7, day: "2026-11-30", time: "09:00", title: "A walk by the river with Sam")]))
        XCTAssertEqual(s.keyContext, .journalList, "nothing offered before Luna answers")
        _ = reduce(&s, .tagsSuggested(entryID: 7, tags: ["walk", "river"]))
        XCTAssertEqual(s.keyContext, .tagSuggestion)
        let text = screenText(s)
        XCTAssertTrue(text.contains(testCatalog.format("ui.journal.suggestedTags", .english, "@walk @river", "a", "x")), text)
        XCTAssertTrue(rows(s)[23].contains("a " + en("ui.key.acceptTags")), rows(s)[23])
        XCTAssertEqual(reduce(&s, .keyPressed(.character("a"))), [.addTags(entryID: 7, tags: ["walk", "river"])])
        XCTAssertNil(s.journal.suggestion)
        _ = reduce(&s, .tagsAdded(entryID: 7, added: ["walk", "river"], tags: ["river", "walk"]))
        XCTAssertEqual(s.journal.entries.first?.tags, ["river", "walk"])
        XCTAssertEqual(s.notice, .tagsAdded(["walk", "river"]))
        XCTAssertTrue(screenText(s).contains("@river @walk"))
    }

    func testTheOfferCanBeLeftWithXOrAnyOtherKey() {
        var s = AppState(width: 80, height: 24)
        _ = reduce(&s, .keyPressed(.function(4)))
        _ = reduce(&s, .journalListed([JournalEntrySummary(id: 7, day: "2026-11-30", time: "09:00", title: "A walk")]))
        _ = reduce(&s, .tagsSuggested(entryID: 7, tags: ["walk"]))
        XCTAssertEqual(reduce(&s, .keyPressed(.character("x"))), [])
        XCTAssertNil(s.journal.suggestion)
        XCTAssertEqual(s.journal.entries.first?.tags, [], "left as it was")
        _ = reduce(&s, .tagsSuggested(entryID: 7, tags: ["walk"]))
        XCTAssertEqual(reduce(&s, .keyPressed(.escape)), [], "Esc leaves the offer, not the journal")
        XCTAssertEqual(s.screen, .journal)
        XCTAssertNil(s.journal.suggestion)
        _ = reduce(&s, .tagsSuggested(entryID: 7, tags: ["walk"]))
        _ = reduce(&s, .keyPressed(.character("n")))
        XCTAssertNil(s.journal.suggestion)
        XCTAssertEqual(s.journal.mode, .writing, "n still starts a new entry")
        // An empty suggestion (the gate closed) shows nothing at all.
        _ = reduce(&s, .keyPressed(.escape))
        _ = reduce(&s, .tagsSuggested(entryID: 7, tags: []))
        XCTAssertNil(s.journal.suggestion)
    }

    func testACrisisEntryIsNeverOfferedTags() {
        var s = AppState(width: 80, height: 24)
        _ = reduce(&s, .keyPressed(.function(4)))
        // The runtime saves a crisis entry with no second reflection: its body comes back empty.
        let effects = reduce(&s, .entrySaved(id: 8, body: ""))
        XCTAssertFalse(effects.contains { if case .suggestTags = $0 { return true }; return false }, "\(effects)")
    }

    // MARK: through the runtime

    func testRuntimeAsksTheServicesAndAddsTagsInOneCall() async {
        final class Calls: @unchecked Sendable {
            let lock = NSLock()
            var added: [(Int64, [String])] = []
            var forgotten: [Int64] = []
            var suggestedFor: [String] = []
        }
        let calls = Calls()
        var deps = Recorder().dependencies()
        deps.memories = { [MemoryItem(id: 1, kind: .person, words: "Dana", source: .chat, rememberedOn: "2026-11-30")] }
        deps.forgetMemory = { id in calls.lock.withLock { calls.forgotten.append(id) }; return true }
        deps.forgetAllMemories = { 1 }
        let month = YearMonth("2026-11")!
        deps.monthObservation = { _, _, _ in self.monthPage(month, current: month) }
        deps.suggestTags = { _, body in
            calls.lock.withLock { calls.suggestedFor.append(body) }
            return body.contains("river") ? ["river"] : []
        }
        deps.addTags = { id, tags in calls.lock.withLock { calls.added.append((id, tags)) }; return ["calm"] + tags }
        let rt = AppRuntime(state: AppState(width: 80, height: 24), dependencies: deps)
        rt.send(.keyPressed(.function(7)))
        XCTAssertEqual(rt.state.memories.items?.map(\.words), ["Dana"])
        rt.send(.keyPressed(.character("d")))
        rt.send(.keyPressed(.character("y")))
        XCTAssertEqual(calls.lock.withLock { calls.forgotten }, [1])
        XCTAssertEqual(rt.state.memories.items, [])
        rt.send(.keyPressed(.function(6)))
        await rt.settle()
        XCTAssertEqual(rt.state.month.page?.month, month)
        rt.send(.keyPressed(.function(4)))
        rt.send(.keyPressed(.character("n")))
        for c in "By the river" { rt.send(.keyPressed(.character(c))) }
        rt.send(.keyPressed(.ctrl("s")))
        await rt.settle()
        XCTAssertEqual(calls.lock.withLock { calls.suggestedFor }, ["By the river"])
        XCTAssertEqual(rt.state.journal.suggestion, TagSuggestion(entryID: 7, tags: ["river"]))
        rt.send(.keyPressed(.enter))
        XCTAssertEqual(calls.lock.withLock { calls.added.map { "\($0.0) \($0.1)" } }, ["7 [\"river\"]"])
        XCTAssertEqual(rt.state.notice, .tagsAdded(["river"]))
        // No suggestion (the gate closed): nothing is offered, no empty placeholder.
        rt.send(.keyPressed(.character("n")))
        for c in "Quiet day" { rt.send(.keyPressed(.character(c))) }
        rt.send(.keyPressed(.ctrl("s")))
        await rt.settle()
        XCTAssertNil(rt.state.journal.suggestion)
        XCTAssertFalse(rt.frame().textDump().contains(en("ui.journal.suggestedTags").prefix(12)))
    }
}

/// The new screens drawn at the three sizes every screen is snapshotted at.
final class LunaScreensSnapshotTests: XCTestCase {
    func testMemoriesAndMonthSnapshots() {
        let items = [
            MemoryItem(id: 3, kind: .pet, words: "Miso", source: .chat, rememberedOn: "2026-11-02"),
            MemoryItem(id: 5, kind: .situation, words: "job interview", date: "2026-12-01", source: .entry(12), rememberedOn: "2026-11-20",
                       entryShortID: "q7m2x"),
        ]
        let month = YearMonth("2026-02")!
        let entries = [1, 2, 3, 10, 28].map {
            MonthEntry(day: LocalDay(year: 2026, month: 2, day: $0)!, hour: 20, tags: ["walk"], body: "Evening walk with Miso")
        }
        let stats = MonthStats.compute(month: month, entries: entries, previous: [], writtenDays: Set(entries.map(\.day)), names: ["Miso"])
        let page = MonthPage(month: month, source: .computed, text: "February 2026\nYou wrote on 5 of 28 days; entries: 5.",
                             stats: stats, title: "February 2026", current: YearMonth("2026-03")!)
        for (w, h) in [(80, 24), (40, 12), (20, 5)] {
            var s = AppState(width: w, height: h)
            _ = reduce(&s, .keyPressed(.function(7)))
            _ = reduce(&s, .memoriesLoaded(items))
            assertSnapshot(render(s, catalog: testCatalog), named: "memories-\(w)x\(h)")
            s.settings.keepMemories = false
            s.language = .russian
            assertSnapshot(render(s, catalog: testCatalog), named: "memories-ru-off-\(w)x\(h)")
            var m = AppState(width: w, height: h)
            _ = reduce(&m, .keyPressed(.function(6)))
            _ = reduce(&m, .monthLoaded(page))
            assertSnapshot(render(m, catalog: testCatalog), named: "month-\(w)x\(h)")
        }
    }
}
