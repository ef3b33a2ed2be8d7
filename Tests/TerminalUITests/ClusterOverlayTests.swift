import Foundation
import TerminalUI
import XCTest

/// What the backend writes after curses for emoji sequences: each whole, at its cell, then
/// the cells a terminal that draws its glyphs apart would have covered, again from the frame.
final class ClusterOverlayTests: XCTestCase {
    override func setUp() { setlocale(LC_CTYPE, "C.UTF-8") }

    private func overlay(_ frame: ScreenBuffer) -> String {
        var positions: [(x: Int, y: Int)] = []
        for y in 0..<frame.height {
            for x in 0..<frame.width where !frame[x, y].isContinuation && DisplayWidth.isEmojiSequence(frame[x, y].grapheme) {
                positions.append((x, y))
            }
        }
        return ClusterOverlay.sequence(frame, positions: positions, sgr: { $0.bold ? "\u{1B}[1m" : "" })
    }

    func testEachKindIsWrittenWholeAtItsCell() {
        for c in ["👍🏽", "👩🏿‍💻", "1️⃣", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "❤️", "👨‍👩‍👧", "🇯🇵"] {
            var f = ScreenBuffer(width: 20, height: 2)
            f.write("ab" + c + "cdef", x: 3, y: 1)
            let out = overlay(f)
            XCTAssertTrue(out.hasPrefix("\u{1B}[2;6H" + c + "\u{1B}[0m"), "\(c): \(out.debugDescription)")
            // Never part of the cluster alone: the whole scalar sequence is there once.
            XCTAssertEqual(out.components(separatedBy: c).count, 2, c)
        }
    }

    func testWhatAnUnjoinedDrawingCoversIsRepainted() {
        var f = ScreenBuffer(width: 20, height: 1)
        f.write("x👍🏽yz!", x: 0, y: 0)
        // 👍🏽 at 1…2; a terminal drawing 👍 and 🏽 apart covers 1…4: y and z come back at 3 and 4.
        XCTAssertEqual(overlay(f), "\u{1B}[1;2H👍🏽\u{1B}[0m\u{1B}[1;4Hy\u{1B}[0m\u{1B}[1;5Hz\u{1B}[0m")
        var g = ScreenBuffer(width: 20, height: 1)
        g.write("✌🏿日本", x: 0, y: 0, style: .bold)
        // ✌ (1) + 🏿 (2) covers 0…2: the wide 日 at 2…3 is written again, in its style.
        XCTAssertEqual(overlay(g), "\u{1B}[1;1H\u{1B}[1m✌🏿\u{1B}[0m\u{1B}[1;3H\u{1B}[1m日\u{1B}[0m")
    }

    func testTwoSequencesSideBySideBothEndWhole() {
        var f = ScreenBuffer(width: 20, height: 1)
        f.write("👍🏽👋🏻.", x: 0, y: 0)
        let out = overlay(f)
        // The second is first repainted as its stand-in (covering the first's tail), then whole.
        let whole = out.ranges(of: "👋🏻")
        XCTAssertEqual(whole.count, 1, out.debugDescription)
        XCTAssertTrue(out.hasSuffix("\u{1B}[1;3H👋🏻\u{1B}[0m\u{1B}[1;5H.\u{1B}[0m\u{1B}[1;6H \u{1B}[0m"), out.debugDescription)
        XCTAssertTrue(out.contains("\u{1B}[1;3H👋\u{1B}[0m"), out.debugDescription)
    }

    func testAtTheRowsEndTheStandInStays() {
        var f = ScreenBuffer(width: 6, height: 1)
        f.write("abc👍🏽", x: 0, y: 0)  // fits in two cells, but drawn apart it would wrap
        XCTAssertEqual(overlay(f), "")
        XCTAssertEqual(ClusterOverlay.standIn("👍🏽"), "👍")
        XCTAssertEqual(ClusterOverlay.standIn("1️⃣"), "1 ")
        XCTAssertEqual(ClusterOverlay.standIn("❤️"), "❤ ")
        for c: Character in ["👍🏽", "1️⃣", "❤️", "🇯🇵", "👩🏿‍💻"] {
            XCTAssertEqual(DisplayWidth.of(ClusterOverlay.standIn(c)), DisplayWidth.of(c), "\(c)")
        }
    }
}
