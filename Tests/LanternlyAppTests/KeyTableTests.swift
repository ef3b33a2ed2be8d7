import XCTest
import LanternlyCore
import TerminalUI
@testable import LanternlyApp

/// The key table is the one source of the help line and the help screen: what they claim
/// must be what the reducer does, and the two must agree.
final class KeyTableTests: XCTestCase {
    func testEveryListedKeyReallyTriggersItsCommand() {
        for context in KeyContext.allCases {
            for command in KeyCommand.listed(in: context) {
                for key in command.keys(in: context) {
                    XCTAssertEqual(KeyCommand.command(for: key, in: context), command,
                                   "\(KeyCommand.name(of: key)) is listed for \(command) in \(context)")
                }
            }
        }
    }

    func testWritingAnEntryDoesNotClaimQGoesBack() {
        XCTAssertEqual(KeyCommand.back.label(in: .journalWrite), "Esc")
        XCTAssertEqual(KeyCommand.back.label(in: .tagInput), "Esc")
        XCTAssertEqual(KeyCommand.back.label(in: .journalList), "Esc/q")
        var s = AppState(width: 80, height: 200)
        _ = reduce(&s, .keyPressed(.function(4)))
        _ = reduce(&s, .keyPressed(.character("n")))
        s.type("q")
        XCTAssertEqual(s.journal.draft.text, "q", "q types a q while writing")
        // On the help screen, the "Writing an entry" section lists Esc alone for back.
        _ = reduce(&s, .keyPressed(.escape))
        _ = reduce(&s, .keyPressed(.function(1)))
        let frame = render(s, catalog: testCatalog)
        let rows = (0..<s.height).map { trimmed(frame.rowText($0)) }
        let title = testCatalog.string("ui.help.section.journalWrite", .english)
        let start = try! XCTUnwrap(rows.firstIndex { $0.contains(title) })
        let section = rows[start...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let back = testCatalog.string("ui.key.back", .english)
        let backRow = try! XCTUnwrap(section.first { $0.hasSuffix(" " + back) })
        XCTAssertFalse(backRow.contains("q"), backRow)
    }

    func testTheFooterShowsWhatTheHelpScreenListsForTheSameContext() {
        let wide = AppState(width: 300, height: 300)
        let rows = { (s: AppState) -> [String] in
            let frame = render(s, catalog: testCatalog)
            return (0..<s.height).map { trimmed(frame.rowText($0)) }
        }
        var helpState = wide
        _ = reduce(&helpState, .keyPressed(.function(1)))
        let helpRows = rows(helpState)
        var s = wide
        _ = reduce(&s, .keyPressed(.function(4)))
        let footer = rows(s)[s.height - 1]
        let title = testCatalog.string("ui.help.section.journalList", .english)
        let start = try! XCTUnwrap(helpRows.firstIndex { $0.trimmingCharacters(in: .whitespaces) == title })
        let section = helpRows[(start + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        for command in KeyCommand.listed(in: .journalList) where command.inHelpLine {
            let text = testCatalog.string(command.helpKey, .english)
            XCTAssertTrue(footer.contains(command.label(in: .journalList, short: true) + " " + text), "\(command) in footer: \(footer)")
            XCTAssertTrue(section.contains { $0.contains(command.label(in: .journalList) + " ") && $0.hasSuffix(" " + text) },
                          "\(command) in the help screen's journal section")
        }
        XCTAssertTrue(section.contains { $0.contains(" n ") }, "n for a new entry is on the help screen")
        XCTAssertTrue(section.contains { $0.contains(" e ") }, "e for a new entry in $EDITOR is on the help screen")
    }

    func testTheHelpLineDropsWholeHintsNeverCutsOne() {
        for language in [AppLanguage.english, .russian] {
            for (w, h) in [(80, 24), (60, 20), (40, 12), (30, 10), (20, 5)] {
                for key in [Key.function(2), .function(3), .function(4), .function(1)] {
                    var s = AppState(width: w, height: h, language: language)
                    _ = reduce(&s, .keyPressed(key))
                    let footer = render(s, catalog: testCatalog).rowText(h - 1)
                    let hints = KeyCommand.listed(in: s.keyContext).filter(\.inHelpLine).map {
                        $0.label(in: s.keyContext, short: true) + " " + testCatalog.string($0.helpKey, language)
                    }
                    let shown = footer.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")
                    XCTAssertFalse(footer.contains("…"), "\(w)x\(h) \(language) \(s.keyContext): \(footer)")
                    XCTAssertFalse(shown.isEmpty)
                    for part in shown { XCTAssertTrue(hints.contains(part), "\(part) is a whole hint (\(footer))") }
                    let help = KeyCommand.showHelp.label(in: s.keyContext, short: true) + " " + testCatalog.string(KeyCommand.showHelp.helpKey, language)
                    if hints.contains(help) { XCTAssertTrue(shown.contains(help), "help stays: \(footer)") }
                }
            }
        }
    }

    func testHelpScreenSaysWhenThereIsMoreBelow() {
        var s = AppState(width: 40, height: 12)
        _ = reduce(&s, .keyPressed(.function(1)))
        let more = testCatalog.string("ui.help.more", .english)
        XCTAssertTrue(render(s, catalog: testCatalog).rowText(s.height - 2).contains(more))
        for _ in 0..<500 { _ = reduce(&s, .keyPressed(.down)) }
        let last = render(s, catalog: testCatalog)
        XCTAssertFalse((0..<s.height).contains { last.rowText($0).contains(more) }, "no hint at the end")
        let quit = testCatalog.string(KeyCommand.quit.helpKey, .english)
        XCTAssertTrue(last.rowText(s.height - 2).contains(quit), "the last command shows at the end")
        s.language = .russian
        _ = reduce(&s, .keyPressed(.pageUp))
        XCTAssertTrue(render(s, catalog: testCatalog).rowText(s.height - 2).contains(testCatalog.string("ui.help.more", .russian)))
    }

    func testJournalRowsEndInAnEllipsisWhenCut() {
        var s = AppState(width: 30, height: 10)
        _ = reduce(&s, .keyPressed(.function(4)))
        _ = reduce(&s, .journalListed([JournalEntrySummary(id: 1, day: "2026-11-29", time: "08:15",
                                                           title: "A calm day", tags: ["calm", "рай", "утро"])]))
        let row = trimmed(render(s, catalog: testCatalog).rowText(2))
        XCTAssertTrue(row.hasSuffix("…"), row)
        XCTAssertEqual(DisplayWidth.of(row), 30, "the row is used to its end")
        s.status = RenderSnapshotTests.status("available")
        _ = reduce(&s, .keyPressed(.function(2)))
        let frame = render(s, catalog: testCatalog)
        let settings = (0..<s.height).map { trimmed(frame.rowText($0)) }
        XCTAssertTrue(settings.contains { $0.hasSuffix("iPhone 15 P…") }, "\(settings)")
    }
}

/// A row without its trailing blanks.
private func trimmed(_ row: String) -> String {
    var s = Substring(row)
    while s.last == " " { s = s.dropLast() }
    return String(s)
}
