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

final class ASCIIFallbackTests: XCTestCase {
    func testStandInsKeepTheWidthOfWhatTheyStandFor() {
        for g: Character in ["›", "·", "ж", "日", "🎉", "👨‍👩‍👧", "🇯🇵", "é", "e\u{301}", "a", "…"] {
            let stand = ASCIIFallback.standIn(for: g)
            XCTAssertTrue(stand.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 }, "\(g) → \(stand)")
            XCTAssertEqual(stand.count, DisplayWidth.of(g), "\(g) → \(stand)")
        }
        XCTAssertEqual(ASCIIFallback.standIn(for: "›"), ">")
        XCTAssertEqual(ASCIIFallback.standIn(for: "e\u{301}"), "e")
    }

    func testBytesReadOneByOneComeBackAsWhatWasTyped() {
        for text in ["Сегодня", "日本語", "👨‍👩‍👧 🇯🇵", "ok ё"] {
            var a = ASCIIFallback.UTF8Assembler()
            var out = String.UnicodeScalarView()
            for b in text.utf8 { out.append(contentsOf: a.feed(b)) }
            XCTAssertFalse(a.isPending)
            XCTAssertEqual(String(out), text)
        }
        // A sequence that breaks off is marked, and the byte after it is kept.
        var a = ASCIIFallback.UTF8Assembler()
        var out = String.UnicodeScalarView()
        for b: UInt8 in [0xD0, 0x41, 0xFF, 0x42] { out.append(contentsOf: a.feed(b)) }
        XCTAssertEqual(String(out), "\u{FFFD}A\u{FFFD}B")
    }
}

final class LayoutChangingCharacterTests: XCTestCase {
    func testCharactersThatChangeWhatFollowsAreNeverDrawn() {
        let inputs = ["a\u{202E}reversed", "x\u{202B}y\u{202C}", "isolate \u{2067}rtl", "\u{2066}l\u{2069}",
                      "line\u{2028}sep", "para\u{2029}graph", "show\u{FFF9}hidden\u{FFFA}ann\u{FFFB}"]
        for text in inputs {
            let clean = TerminalText.sanitize(text)
            XCTAssertFalse(clean.unicodeScalars.contains { TerminalText.isLayoutChanging($0) }, text.debugDescription)
        }
        XCTAssertEqual(TerminalText.sanitize("line\u{2028}sep"), "line\nsep")
        // Text that needs no control keeps every letter: Hebrew, Arabic, marks, emoji.
        for text in ["שלום עולם", "مرحبا", "e\u{301}", "👨‍👩‍👧", "left\u{200F}mark"] {
            XCTAssertEqual(TerminalText.sanitize(text), text)
        }
    }
}
