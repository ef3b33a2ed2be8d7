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
}
