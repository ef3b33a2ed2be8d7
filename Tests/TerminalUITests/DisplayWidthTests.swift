import XCTest
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

final class DisplayWidthTests: XCTestCase {
    override func setUp() { setlocale(LC_CTYPE, "C.UTF-8") }

    func testASCIIAndCyrillicAreOneCell() {
        XCTAssertEqual(DisplayWidth.of("hello"), 5)
        XCTAssertEqual(DisplayWidth.of("привет"), 6)
        XCTAssertEqual(DisplayWidth.of("ёлка"), 4)
    }

    func testCJKIsTwoCells() {
        XCTAssertEqual(DisplayWidth.of("今日は"), 6)
        XCTAssertEqual(DisplayWidth.of("한국어"), 6)
        XCTAssertEqual(DisplayWidth.of("ｱ"), 1, "halfwidth katakana is narrow")
    }

    func testEmojiAndZWJSequencesAreTwoCells() {
        XCTAssertEqual(DisplayWidth.of(Character("😀")), 2)
        let family: Character = "👨‍👩‍👧"
        XCTAssertEqual(family.unicodeScalars.count, 5)
        XCTAssertEqual(DisplayWidth.of(family), 2)
        XCTAssertEqual(DisplayWidth.of(Character("❤️")), 2, "text symbol + VS16 is emoji presentation")
        XCTAssertEqual(DisplayWidth.of(Character("🇯🇵")), 2, "a flag")
        XCTAssertEqual(DisplayWidth.of(Character("1️⃣")), 2, "a keycap")
        XCTAssertEqual(DisplayWidth.of(Character("👍🏽")), 2, "skin tone modifier")
    }

    func testCombiningMarksAddNothing() {
        let e = "e\u{301}"
        XCTAssertEqual(e.count, 1)
        XCTAssertEqual(DisplayWidth.of(e), 1)
        XCTAssertEqual(DisplayWidth.of("й"), 1)  // и + combining breve when decomposed
        XCTAssertEqual(DisplayWidth.of("и\u{306}"), 1)
        XCTAssertEqual(DisplayWidth.scalarWidth("\u{301}"), 0)
        XCTAssertEqual(DisplayWidth.scalarWidth("\u{200D}"), 0)
        XCTAssertEqual(DisplayWidth.scalarWidth("\u{FE0F}"), 0)
    }

    func testControlsMeasureZero() {
        XCTAssertEqual(DisplayWidth.of(Character("\u{7}")), 0)
        XCTAssertEqual(DisplayWidth.of(Character("\u{1B}")), 0)
    }
}

extension DisplayWidthTests {
    /// The remembered widths of single BMP scalars are the computed ones, first time and again.
    func testRememberedWidthsMatchTheComputedOnes() {
        setlocale(LC_CTYPE, "C.UTF-8")
        for v in UInt32(0x20)..<0x10000 where !(0xD800...0xDFFF).contains(v) {
            let scalar = Unicode.Scalar(v)!
            let expected = v >= 0x7F && v < 0xA0 ? 0 : (v < 0x7F ? 1 : DisplayWidth.scalarWidth(scalar))
            let c = Character(scalar)
            XCTAssertEqual(DisplayWidth.of(c), expected, String(v, radix: 16))
            XCTAssertEqual(DisplayWidth.of(c), expected, String(v, radix: 16))
        }
    }
}

final class MultiGlyphClusterTests: XCTestCase {
    func testClustersCursesCannotHoldAreFound() {
        for c: Character in ["👨‍👩‍👧", "🇯🇵", "👍🏽", "👩🏽‍💻", "🧑‍🍳", "🏳️‍🌈"] {
            XCTAssertTrue(DisplayWidth.isMultiGlyphCluster(c), "\(c)")
        }
        for c: Character in ["a", "é", "e\u{301}", "日", "😀", "❤️", "1️⃣"] {
            XCTAssertFalse(DisplayWidth.isMultiGlyphCluster(c), "\(c)")
        }
    }

    /// Every kind of emoji sequence (UTS #51 §1.4) is 2 cells and written whole: ZWJ,
    /// flags, skin-tone modifiers, keycaps, tag sequences, VS16 presentation sequences.
    func testEveryKindOfEmojiSequenceIsTwoCellsAndWrittenWhole() {
        setlocale(LC_CTYPE, "C.UTF-8")
        let kinds: [Character] = [
            "👨‍👩‍👧", "🧑‍🍳", "🐻‍❄️", "🏳️‍🌈",                  // ZWJ
            "🇯🇵", "🇺🇦", "🇧🇷",                               // flags
            "👍🏽", "✌🏿", "👋🏻", "🤝🏼", "👩🏿‍💻", "🧑🏾‍🚀",         // modifiers (with and without ZWJ)
            "1️⃣", "#️⃣", "*️⃣", "0\u{20E3}",                   // keycaps, fully and minimally qualified
            "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",  // Scotland (tag sequence)
            "🏴\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}",  // Wales
            "❤️", "☺️", "✈️", "⚠️", "©️",                        // VS16
        ]
        for c in kinds {
            XCTAssertEqual(DisplayWidth.of(c), 2, "\(c) \(c.unicodeScalars.map { String($0.value, radix: 16) })")
            XCTAssertTrue(DisplayWidth.isEmojiSequence(c), "\(c)")
            XCTAssertGreaterThanOrEqual(DisplayWidth.unjoinedWidth(c), 2, "\(c)")
        }
        for c: Character in ["a", "é", "e\u{301}", "日", "😀", "й", "❤", "1"] {
            XCTAssertFalse(DisplayWidth.isEmojiSequence(c), "\(c)")
        }
        // How far a terminal that draws the glyphs apart moves (tmux 3.3: 4 for 👍🏽, 3 for ✌🏿).
        XCTAssertEqual(DisplayWidth.unjoinedWidth("👍🏽"), 4)
        XCTAssertEqual(DisplayWidth.unjoinedWidth("✌🏿"), 3)
        XCTAssertEqual(DisplayWidth.unjoinedWidth("1️⃣"), 2)
    }
}
