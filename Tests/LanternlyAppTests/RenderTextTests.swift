import XCTest
import LanternlyCore
import TerminalUI
@testable import LanternlyApp

/// Text the screens draw: nothing cut bare, nothing said twice, keys that work.
final class RenderTextTests: XCTestCase {
    func testListTitlesDropTrailingTagsTheTagColumnShows() {
        XCTAssertEqual(titleWithoutTrailingTags("A quiet morning @calm @рай", tags: ["calm", "рай"]), "A quiet morning")
        XCTAssertEqual(titleWithoutTrailingTags("felt @calm today", tags: ["calm"]), "felt @calm today", "inline tags stay")
        XCTAssertEqual(titleWithoutTrailingTags("tea @other", tags: ["calm"]), "tea @other", "only tags the row lists")
        XCTAssertEqual(titleWithoutTrailingTags("@calm", tags: ["calm"]), "@calm", "a title of tags alone stays")
    }

    func testTheBannerOffersSettingsWithAVisibleKeyButNotOnTheSettingsScreen() {
        let aiOff = AppStatus(availability: .unavailable(.appleIntelligenceNotEnabled),
                              banner: "Apple Intelligence is off. You can turn it on in settings so Luna can answer in her own words.",
                              bannerOffersSettings: true)
        for (w, h) in [(80, 24), (40, 12), (20, 5)] {
            var s = AppState(width: w, height: h, language: .russian, status: aiOff)
            let chat = render(s, catalog: testCatalog)
            XCTAssertTrue((0..<3).contains { chat.rowText($0).contains("[F2]") }, "\(w)x\(h): \(chat.textDump())")
            _ = reduce(&s, .keyPressed(.function(2)))
            let settings = render(s, catalog: testCatalog)
            XCTAssertFalse((0..<h).contains { settings.rowText($0).contains("[F2]") }, "already on settings")
        }
    }

    func testScrolledChatSaysNewerLinesAreBelowOnItsOwnRow() {
        var s = AppState(width: 40, height: 12)
        for i in 0..<30 { s.transcript.append(ChatLine(role: .person, text: "line \(i)")) }
        _ = reduce(&s, .keyPressed(.pageUp))
        let frame = render(s, catalog: testCatalog)
        let more = testCatalog.string("ui.chat.more", .english)
        guard let y = (0..<s.height).first(where: { frame.rowText($0).contains(more) }) else {
            return XCTFail("no hint: \(frame.textDump())")
        }
        XCTAssertEqual(frame.rowText(y).trimmingCharacters(in: .whitespaces), "↓ " + more, "the hint covers no text")
    }

    func testTheInputBoxWrapsOnWordsLikeSentMessagesAndKeepsTheCursorOnItsLetter() {
        let text = "Сегодня утром я долго стояла у окна и смотрела, как соседка справилась с тяжёлой сумкой без всякой помощи, и мне стало тепло"
        for (w, h) in [(80, 24), (40, 12), (20, 5)] {
            var s = AppState(width: w, height: h)
            s.input = TextEditor(text)
            let frame = render(s, catalog: testCatalog)
            let rows = (0..<h).map { frame.rowText($0) }.filter { $0.hasPrefix("› ") || ($0.hasPrefix("  ") && !$0.trimmingCharacters(in: .whitespaces).isEmpty && text.contains($0.trimmingCharacters(in: .whitespaces))) }
            let expected = TerminalText.wrap(text, width: w - 2)
            let shown = rows.map { String($0.dropFirst(2)).trimmingCharacters(in: .whitespaces) }
            XCTAssertFalse(shown.isEmpty, "\(w)x\(h): \(frame.textDump())")
            for line in shown {
                XCTAssertTrue(expected.map { $0.trimmingCharacters(in: .whitespaces) }.contains(line), "\(w)x\(h): «\(line)» is not a row of the sent-message wrap")
                XCTAssertFalse(line.hasPrefix(" "))
            }
            // Every word shown whole (no word here is longer than the row).
            let words = Set(text.split(separator: " ").map(String.init))
            for word in shown.flatMap({ $0.split(separator: " ").map(String.init) }) {
                XCTAssertTrue(words.contains(word), "\(w)x\(h): «\(word)» is a broken word")
            }
            // The cursor sits after the last letter, and moving it onto a word keeps it there.
            let last = expected.last!
            XCTAssertEqual(frame.cursor?.x, 2 + DisplayWidth.of(last), "\(w)x\(h)")
            XCTAssertEqual(frame.rowText(frame.cursor!.y).dropFirst(2).trimmingCharacters(in: .whitespaces), last.trimmingCharacters(in: .whitespaces))
        }
        // A word longer than the row still breaks, and the cursor follows its letter.
        var e = TextEditor("ab " + String(repeating: "ж", count: 12))
        for _ in 0..<3 { e.moveLeft() }
        let l = e.layout(width: 8)
        XCTAssertEqual(l.lines, ["ab ", "жжжжжжжж", "жжжж"])
        XCTAssertEqual(l.cursorRow, 2)
        XCTAssertEqual(l.cursorColumn, 1)
        var f = TextEditor("one two three")
        for _ in 0..<5 { f.moveLeft() }  // on the "t" of "three"
        let m = f.layout(width: 9)
        XCTAssertEqual(m.lines, ["one two ", "three"])
        XCTAssertEqual(m.cursorRow, 1)
        XCTAssertEqual(m.cursorColumn, 0)
    }

    func testEveryConfirmationQuestionShowsWholeAtEverySize() {
        func words(_ s: String) -> String { s.split(whereSeparator: { $0 == " " }).joined(separator: " ") }
        for language in [AppLanguage.english, .russian] {
            for (w, h) in [(80, 24), (40, 12), (20, 5)] {
                var s = AppState(width: w, height: h, language: language)
                s.screen = .settings
                s.confirmation = .eraseChat(count: 1234)
                let question = testCatalog.string("ui.confirm.eraseChat", language)
                    .replacingOccurrences(of: "%@", with: language.formatNumber(1234))
                let frame = render(s, catalog: testCatalog)
                let shown = words((0..<h - 1).map { frame.rowText($0) }.joined(separator: " "))
                let short = testCatalog.string("ui.confirm.eraseChatShort", language)
                    .replacingOccurrences(of: "%@", with: language.formatNumber(1234))
                XCTAssertTrue(shown.hasSuffix(words(question)) || (w < 40 && shown.hasSuffix(words(short))),
                              "\(language) \(w)x\(h): \(frame.textDump())")

                s.screen = .journal
                s.confirmation = .deleteEntry(id: 7, title: "A very long afternoon walk along the river with my sister and her dog", day: "2026-03-14")
                let format = testCatalog.string(w < 40 ? "ui.confirm.deleteEntryShort" : "ui.confirm.deleteEntry", language)
                let tail = words(String(format[format.range(of: "%@", options: .backwards)!.upperBound...]))
                let page = render(s, catalog: testCatalog)
                let asked = words((0..<h - 1).map { page.rowText($0) }.joined(separator: " "))
                XCTAssertTrue(asked.contains("2026-03-14" + tail), "\(language) \(w)x\(h): \(page.textDump())")
                XCTAssertTrue(page.rowText(h - 1).contains(testCatalog.string(KeyCommand.showHelp.helpKey, language)) || w < 40, "help line kept")
            }
        }
    }

    func testACutSettingsListSaysThereAreMoreRowsAboveOrBelow() {
        for language in [AppLanguage.english, .russian] {
            let below = testCatalog.string("ui.help.more", language)
            let above = testCatalog.string("ui.list.moreAbove", language)
            var s = AppState(width: 40, height: 12, language: language)
            _ = reduce(&s, .keyPressed(.function(2)))
            func dump() -> String { render(s, catalog: testCatalog).textDump() }
            XCTAssertTrue(dump().contains(below), dump())
            XCTAssertFalse(dump().contains(above), dump())
            // At the last row: more above, none below; the selected row shows.
            for _ in 0..<SettingsRow.allCases.count { _ = reduce(&s, .keyPressed(.down)) }
            let last = SettingsRow.allCases.count - 1
            XCTAssertEqual(s.settingsCursor, last)
            let frame = render(s, catalog: testCatalog)
            XCTAssertTrue(frame.textDump().contains(above), frame.textDump())
            XCTAssertFalse(frame.textDump().contains(below), frame.textDump())
            let label = "›" + String(testCatalog.string(SettingsRow.allCases[last].labelKey, language).prefix(10))
            XCTAssertTrue(frame.textDump().contains(label), frame.textDump())
            // In the middle: both.
            for _ in 0..<(last / 2) { _ = reduce(&s, .keyPressed(.up)) }
            if s.settingsCursor > 0 && s.settingsCursor < last {
                let mid = dump()
                XCTAssertTrue(mid.contains(above) || mid.contains(below), mid)
            }
            // Where everything fits, no mark.
            s.width = 80; s.height = 40
            XCTAssertFalse(dump().contains(below) || dump().contains(above), dump())
        }
    }
}
