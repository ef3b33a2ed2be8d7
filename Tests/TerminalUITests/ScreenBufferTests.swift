import XCTest
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

final class ScreenBufferTests: XCTestCase {
    override func setUp() { setlocale(LC_CTYPE, "C.UTF-8") }

    func testWideGlyphTakesACellAndAContinuation() {
        var b = ScreenBuffer(width: 6, height: 1)
        let written = b.write("a日b", x: 0, y: 0)
        XCTAssertEqual(written, 4)
        XCTAssertEqual(b[1, 0].grapheme, "日")
        XCTAssertTrue(b[2, 0].isContinuation)
        XCTAssertEqual(b[3, 0].grapheme, "b")
        XCTAssertEqual(b.rowText(0), "a日b  ")
    }

    func testWideGlyphAtTheEdgeBecomesASpace() {
        var b = ScreenBuffer(width: 3, height: 1)
        b.write("ab日", x: 0, y: 0)
        XCTAssertEqual(b.rowText(0), "ab ")
        XCTAssertFalse(b.cells.contains { $0.grapheme == "日" })
    }

    func testOverwritingHalfAGlyphBlanksTheOtherHalf() {
        var b = ScreenBuffer(width: 4, height: 1)
        b.write("日本", x: 0, y: 0)
        b.write("x", x: 1, y: 0)
        XCTAssertEqual(b.rowText(0), " x本")
        XCTAssertFalse(b[0, 0].isContinuation)
    }

    func testDiffReportsOnlyChangedRunsAndWholeGlyphs() {
        var a = ScreenBuffer(width: 10, height: 2)
        a.write("hello 日本", x: 0, y: 0)
        var b = a
        b.write("J", x: 0, y: 0)
        b.write("語", x: 8, y: 0)
        let changes = b.changes(since: a)
        XCTAssertEqual(changes.count, 2)
        XCTAssertEqual(changes[0].x, 0)
        XCTAssertEqual(changes[0].cells.count, 1)
        XCTAssertEqual(changes[1].x, 8)
        XCTAssertEqual(changes[1].cells.map(\.grapheme), ["語", " "])
        XCTAssertEqual(b.changes(since: nil).count, 2, "no previous frame: every row")
        XCTAssertTrue(b.changes(since: b).isEmpty)
    }

    func testTextDumpHasABorderAndEqualRows() {
        var b = ScreenBuffer(width: 4, height: 2)
        b.write("日x", x: 0, y: 1)
        XCTAssertEqual(b.textDump(), "+----+\n|    |\n|日x |\n+----+\n")
    }
}
