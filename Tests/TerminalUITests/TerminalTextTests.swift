import XCTest
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

final class TerminalTextTests: XCTestCase {
    override func setUp() { setlocale(LC_CTYPE, "C.UTF-8") }

    func testSanitizeKeepsNewlineAndTabOnly() {
        XCTAssertEqual(TerminalText.sanitize("a\tb\nc"), "a\tb\nc")
        XCTAssertEqual(TerminalText.sanitize("red \u{1B}[31mtext\u{1B}[0m!"), "red text!")
        XCTAssertEqual(TerminalText.sanitize("title\u{1B}]0;pwned\u{7}after"), "titleafter")
        XCTAssertEqual(TerminalText.sanitize("osc\u{1B}]8;;http://x\u{1B}\\link"), "osclink")
        XCTAssertEqual(TerminalText.sanitize("bell\u{7} cr\r del\u{7F} c1\u{9B}2Jz"), "bell cr del c1z")
        XCTAssertEqual(TerminalText.sanitize("\u{1B}7save\u{1B}8"), "save")
        XCTAssertEqual(TerminalText.sanitize("Привет 今日は 👨‍👩‍👧"), "Привет 今日は 👨‍👩‍👧")
        XCTAssertEqual(TerminalText.sanitize("dcs\u{1B}Pq#0;2;0;0;0\u{1B}\\end"), "dcsend")
    }

    func testWrapByCellsNeverSplitsWideGlyphs() {
        let lines = TerminalText.wrap("今日は良い天気", width: 5)
        XCTAssertEqual(lines, ["今日", "は良", "い天", "気"])
        for l in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(l), 5) }
    }

    func testWrapPrefersSpacesAndKeepsEveryCharacter() {
        let text = "the quick brown fox jumps"
        let lines = TerminalText.wrap(text, width: 10)
        XCTAssertEqual(lines, ["the quick ", "brown fox ", "jumps"])
        XCTAssertEqual(lines.joined(), text)
        XCTAssertEqual(TerminalText.wrap("a\n\nb", width: 4), ["a", "", "b"])
    }

    func testWrapEmojiSequencesStayWhole() {
        let lines = TerminalText.wrap("ab👨‍👩‍👧cd", width: 3)
        XCTAssertEqual(lines, ["ab", "👨‍👩‍👧c", "d"])
    }

    func testWrapSpaceThenWideGlyphAtNarrowWidth() {
        for l in TerminalText.wrap(" abc日本語 x", width: 4) { XCTAssertLessThanOrEqual(DisplayWidth.of(l), 4) }
    }

    func testTruncateAddsEllipsisWithinWidth() {
        XCTAssertEqual(TerminalText.truncate("日本語テキスト", width: 6), "日本…")
        XCTAssertEqual(TerminalText.truncate("short", width: 10), "short")
    }
}
