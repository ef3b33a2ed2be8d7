import XCTest
import LanternlyCore
import TerminalUI
@testable import LanternlyApp

/// `/` search, n/N, Esc, `d` delete with its question and `e` edit in the journal screen (issue 12).
final class JournalSearchTests: XCTestCase {
    private func listed() -> AppState {
        var s = AppState()
        _ = reduce(&s, .keyPressed(.function(4)))
        _ = reduce(&s, .journalListed([
            JournalEntrySummary(id: 3, day: "2026-01-03", time: "09:00", title: "The lantern on the porch"),
            JournalEntrySummary(id: 2, day: "2026-01-02", time: "09:00", title: "Tea with Mara"),
            JournalEntrySummary(id: 1, day: "2026-01-01", time: "09:00", title: "A new lantern"),
        ]))
        return s
    }

    func testSlashSearchesAsYouTypeAndEscBringsTheListBack() {
        var s = listed()
        XCTAssertEqual(s.keyContext, .journalList)
        XCTAssertEqual(reduce(&s, .keyPressed(.character("/"))), [])
        XCTAssertEqual(s.keyContext, .searchInput)
        XCTAssertEqual(reduce(&s, .keyPressed(.character("l"))), [.searchJournal(query: "l")])
        s.type("antern")
        // A result for a query typed past is dropped; the current one is shown.
        _ = reduce(&s, .journalSearched(query: "lan", [JournalEntrySummary(id: 2, day: "2026-01-02", time: "09:00", title: "x")]))
        XCTAssertNil(s.journal.search)
        let hits = [s.journal.entries[0], s.journal.entries[2]]
        _ = reduce(&s, .journalSearched(query: "lantern", hits))
        XCTAssertEqual(s.journal.entries.map(\.id), [3, 1])
        XCTAssertEqual(s.journal.search?.query, "lantern")
        XCTAssertEqual(reduce(&s, .keyPressed(.enter)), [.searchJournal(query: "lantern")])
        XCTAssertEqual(s.keyContext, .journalFound)
        // n and N move between hits, round the ends.
        _ = reduce(&s, .keyPressed(.character("n")))
        XCTAssertEqual(s.journal.selected, 1)
        _ = reduce(&s, .keyPressed(.character("n")))
        XCTAssertEqual(s.journal.selected, 0)
        _ = reduce(&s, .keyPressed(.character("N")))
        XCTAssertEqual(s.journal.selected, 1)
        // A page of the whole journal arriving meanwhile does not replace the hits.
        XCTAssertEqual(reduce(&s, .journalListed([])), [])
        XCTAssertEqual(s.journal.entries.map(\.id), [3, 1])
        // Esc: the whole list again (and read afresh).
        XCTAssertEqual(reduce(&s, .keyPressed(.escape)), [.loadJournal])
        XCTAssertNil(s.journal.search)
        XCTAssertEqual(s.journal.entries.map(\.id), [3, 2, 1])
        XCTAssertEqual(s.keyContext, .journalList)
    }

    func testNothingFoundSaysSo() {
        var s = listed()
        _ = reduce(&s, .keyPressed(.character("/")))
        s.type("whale")
        _ = reduce(&s, .journalSearched(query: "whale", []))
        XCTAssertEqual(s.notice, .noSearchHits)
        XCTAssertEqual(s.journal.entries, [])
        // Emptying the query ends the search.
        for _ in 0..<5 { _ = reduce(&s, .keyPressed(.backspace)) }
        XCTAssertNil(s.journal.search)
        XCTAssertEqual(s.journal.entries.count, 3)
    }

    func testSlashStartsAFreshQueryAndEscInThePromptBringsTheWholeListBack() {
        var s = listed()
        _ = reduce(&s, .keyPressed(.character("/")))
        s.type("tea")
        _ = reduce(&s, .journalSearched(query: "tea", [s.journal.entries[1]]))
        _ = reduce(&s, .keyPressed(.enter))
        XCTAssertEqual(s.keyContext, .journalFound)
        // `/` again: an empty prompt, and typing starts a new query.
        _ = reduce(&s, .keyPressed(.character("/")))
        XCTAssertEqual(s.journal.searchInput?.text, "")
        XCTAssertEqual(reduce(&s, .keyPressed(.character("m"))), [.searchJournal(query: "m")])
        // Esc in the prompt: no search, the whole list.
        XCTAssertEqual(reduce(&s, .keyPressed(.escape)), [.loadJournal])
        XCTAssertNil(s.journal.search)
        XCTAssertNil(s.journal.searchInput)
        XCTAssertEqual(s.journal.entries.map(\.id), [3, 2, 1])
        XCTAssertEqual(s.keyContext, .journalList)
    }

    func testASearchWithoutHitsNamesItsQueryNotAnEmptyJournal() {
        for language in [AppLanguage.english, .russian] {
            var s = listed()
            s.language = language
            _ = reduce(&s, .keyPressed(.character("/")))
            s.type("qwv")
            _ = reduce(&s, .journalSearched(query: "qwv", []))
            _ = reduce(&s, .keyPressed(.enter))
            let text = render(s, catalog: testCatalog).textDump()
            XCTAssertTrue(text.contains(testCatalog.format("ui.journal.noMatches", language, "qwv")), text)
            XCTAssertFalse(text.contains(testCatalog.string("ui.journal.empty", language)), text)
        }
    }

    func testDeleteAsksAndOnlyYDeletes() {
        var s = listed()
        _ = reduce(&s, .keyPressed(.down))
        XCTAssertEqual(reduce(&s, .keyPressed(.character("d"))), [])
        XCTAssertEqual(s.confirmation, .deleteEntry(id: 2, title: "Tea with Mara", day: "2026-01-02"))
        XCTAssertEqual(reduce(&s, .keyPressed(.character("n"))), [])
        XCTAssertNil(s.confirmation)
        XCTAssertEqual(s.notice, .nothingDeleted)
        _ = reduce(&s, .keyPressed(.character("d")))
        XCTAssertEqual(reduce(&s, .keyPressed(.character("y"))), [.trashEntry(id: 2)])
        XCTAssertEqual(reduce(&s, .entryTrashed(id: 2, shortID: "")), [.loadJournal])
        XCTAssertEqual(s.journal.entries.map(\.id), [3, 1])
        XCTAssertEqual(s.notice, .entryTrashed(shortID: ""))
        // In the reading view too, with the entry's own title; д confirms in Russian.
        _ = reduce(&s, .entryLoaded(JournalEntryDetail(id: 3, day: "2026-01-03", time: "09:00", body: "The lantern on the porch\nmore")))
        _ = reduce(&s, .keyPressed(.character("d")))
        XCTAssertEqual(s.confirmation, .deleteEntry(id: 3, title: "The lantern on the porch", day: "2026-01-03"))
        XCTAssertEqual(reduce(&s, .keyPressed(.character("д"))), [.trashEntry(id: 3)])
        _ = reduce(&s, .entryTrashed(id: 3, shortID: ""))
        XCTAssertEqual(s.journal.mode, .list)
        XCTAssertNil(s.journal.open)
    }

    func testEInTheReadingViewEditsTheEntry() {
        var s = listed()
        _ = reduce(&s, .entryLoaded(JournalEntryDetail(id: 2, day: "2026-01-02", time: "09:00", body: "Tea with Mara")))
        XCTAssertEqual(reduce(&s, .keyPressed(.character("e"))), [.editExternally(initial: "Tea with Mara")])
        XCTAssertEqual(reduce(&s, .externalEditFinished("Tea with Mara\n")), [])
        XCTAssertEqual(s.notice, .entryUnchanged)
        _ = reduce(&s, .keyPressed(.character("e")))
        XCTAssertEqual(reduce(&s, .externalEditFinished("Coffee with Mara\n")), [.saveEdit(id: 2, body: "Coffee with Mara")])
        _ = reduce(&s, .entryEdited(JournalEntryDetail(id: 2, day: "2026-01-02", time: "09:00", body: "Coffee with Mara")))
        XCTAssertEqual(s.journal.open?.body, "Coffee with Mara")
        XCTAssertEqual(s.journal.entries[1].title, "Coffee with Mara")
        XCTAssertEqual(s.notice, .entryEdited)
        // The keys are in the help for the reading view.
        XCTAssertTrue(KeyCommand.listed(in: .journalRead).contains(.editEntry))
        XCTAssertTrue(KeyCommand.listed(in: .journalRead).contains(.deleteEntry))
        XCTAssertTrue(KeyCommand.listed(in: .journalList).contains(.search))
        XCTAssertTrue(KeyCommand.listed(in: .journalFound).contains(.nextHit))
    }

    func testHighlightsTheMatchInAnyCase() {
        var s = listed()
        _ = reduce(&s, .keyPressed(.character("/")))
        s.type("LANTERN")
        _ = reduce(&s, .journalSearched(query: "LANTERN", [s.journal.entries[0]]))
        let buf = render(s, catalog: try! StringCatalog.shipped())
        var found = false
        for y in 0..<buf.height {
            let row = (0..<buf.width).map { buf[$0, y] }
            let text = String(row.map(\.grapheme))
            if let r = text.range(of: "lantern") {
                let x = text.distance(from: text.startIndex, to: r.lowerBound)
                XCTAssertTrue(row[x].style.underline && row[x].style.bold, "the match is highlighted")
                XCTAssertFalse(row[max(0, x - 2)].style.underline, "the text before it is not")
                found = true
            }
        }
        XCTAssertTrue(found)
    }

    /// F5: the answer becomes an entry titled with the question, Luna reflects on it, the
    /// header says it is answered; with the setting off it is a chat message as before.
    func testDailyQuestionAnswerBecomesAnEntry() {
        var s = AppState()
        XCTAssertEqual(reduce(&s, .dailyQuestionPicked("What made you smile today?")),
                       [.checkQuestionAnswered(question: "What made you smile today?")])
        _ = reduce(&s, .keyPressed(.function(5)))
        s.type("The cat on the windowsill")
        XCTAssertEqual(reduce(&s, .keyPressed(.enter)),
                       [.saveAnswer(question: "What made you smile today?", answer: "The cat on the windowsill")])
        XCTAssertNil(s.answering)
        XCTAssertEqual(s.transcript.last, ChatLine(role: .person, text: "The cat on the windowsill", context: "What made you smile today?"))
        XCTAssertEqual(reduce(&s, .answerSaved(body: "What made you smile today?\n\nThe cat on the windowsill", answer: "The cat on the windowsill")),
                       [.reflectOnEntry(requestID: 1, body: "The cat on the windowsill")])
        XCTAssertTrue(s.questionAnswered)
        XCTAssertEqual(s.notice, .answerSaved)
        let buf = render(s, catalog: try! StringCatalog.shipped())
        let rows = (0..<buf.height).map { y in String((0..<buf.width).map { buf[$0, y].grapheme }) }
        XCTAssertTrue(rows.contains { $0.contains("✓ answered") && $0.contains("What made you smile") }, rows.joined(separator: "\n"))

        var off = AppState()
        off.settings.answersToJournal = false
        _ = reduce(&off, .dailyQuestionPicked("What made you smile today?"))
        _ = reduce(&off, .keyPressed(.function(5)))
        off.type("Tea")
        XCTAssertEqual(reduce(&off, .keyPressed(.enter)), [.sendToLuna(requestID: 1, message: "Tea")])
        // Settings written before this one existed read as on.
        XCTAssertTrue(try JSONDecoder().decode(UserSettings.self, from: Data("{}".utf8)).answersToJournal)
    }

    /// `*` shows the starred entries (again, or Esc: the whole journal); `/@tag` filters by a tag;
    /// on this day in earlier years shows above the list.
    func testStarredAndTagFiltersAndOnThisDay() {
        var s = listed()
        XCTAssertEqual(reduce(&s, .keyPressed(.character("*"))), [.searchJournal(query: "*")])
        _ = reduce(&s, .journalSearched(query: "*", [s.journal.entries[1]]))
        XCTAssertEqual(s.journal.entries.map(\.id), [2])
        XCTAssertEqual(s.keyContext, .journalFound)
        var buf = render(s, catalog: try! StringCatalog.shipped())
        var rows = (0..<buf.height).map { y in String((0..<buf.width).map { buf[$0, y].grapheme }) }
        XCTAssertTrue(rows.contains { $0.contains("Starred: 1") }, rows.joined(separator: "\n"))
        XCTAssertEqual(reduce(&s, .keyPressed(.character("*"))), [.loadJournal])
        XCTAssertEqual(s.journal.entries.count, 3)
        _ = reduce(&s, .keyPressed(.character("/")))
        s.type("@work")
        XCTAssertEqual(reduce(&s, .keyPressed(.enter)), [.searchJournal(query: "@work")])
        _ = reduce(&s, .keyPressed(.escape))
        XCTAssertEqual(reduce(&s, .keyPressed(.function(4))), [.loadJournal, .loadOnThisDay])
        _ = reduce(&s, .onThisDayLoaded([JournalEntrySummary(id: 9, day: "2025-01-03", time: "08:00", title: "Snow at last")]))
        buf = render(s, catalog: try! StringCatalog.shipped())
        rows = (0..<buf.height).map { y in String((0..<buf.width).map { buf[$0, y].grapheme }) }
        XCTAssertTrue(rows.contains { $0.contains("On this day: 2025 Snow at last") }, rows.joined(separator: "\n"))
    }

    /// `c` opens the month: days written marked (readable without colour), ← → change month, Esc closes.
    func testCalendarInTheJournalScreen() throws {
        var s = listed()
        XCTAssertEqual(reduce(&s, .keyPressed(.character("c"))), [.loadCalendar(year: 0, month: 0)])
        let day = { LocalDay($0)! }
        let month = try XCTUnwrap(WritingMonth(year: 2024, month: 2, entriesPerDay: [day("2024-02-28"): 1, day("2024-02-29"): 2],
                                               allDays: [day("2024-02-28"), day("2024-02-29")], today: day("2024-02-29")))
        _ = reduce(&s, .calendarLoaded(month))
        XCTAssertEqual(s.keyContext, .journalCalendar)
        let buf = render(s, catalog: try StringCatalog.shipped())
        let rows = (0..<buf.height).map { y in String((0..<buf.width).map { buf[$0, y].grapheme }) }
        let text = rows.joined(separator: "\n")
        XCTAssertTrue(text.contains("Calendar · February 2024"), text)
        XCTAssertTrue(text.contains(" Mo  Tu  We  Th  Fr  Sa  Su"), text)
        XCTAssertTrue(text.contains(" 26  27  28*>29*"), text)
        XCTAssertTrue(text.contains("Current streak: 2. Longest: 2."), text)
        XCTAssertEqual(reduce(&s, .keyPressed(.left)), [.loadCalendar(year: 2024, month: 1)])
        XCTAssertEqual(reduce(&s, .keyPressed(.right)), [.loadCalendar(year: 2024, month: 3)])
        _ = reduce(&s, .keyPressed(.escape))
        XCTAssertNil(s.journal.calendar)
        XCTAssertEqual(s.keyContext, .journalList)
    }
}
