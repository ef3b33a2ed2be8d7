import XCTest
@testable import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

final class TextEditorTests: XCTestCase {
    override func setUp() { setlocale(LC_CTYPE, "C.UTF-8") }

    func testBackspaceRemovesOneGrapheme() {
        var e = TextEditor("ok👨‍👩‍👧")
        e.backspace()
        XCTAssertEqual(e.text, "ok")
        e = TextEditor("café")  // é precomposed
        e.backspace()
        XCTAssertEqual(e.text, "caf")
        e = TextEditor("cafe\u{301}")
        e.backspace()
        XCTAssertEqual(e.text, "caf")
    }

    func testTypedCombiningMarkJoinsThePreviousGrapheme() {
        var e = TextEditor()
        for s in "e\u{301}x".unicodeScalars { e.insert(Character(s)) }
        XCTAssertEqual(e.characters.count, 2)
        XCTAssertEqual(e.cursor, 2)
        var z = TextEditor()
        for s in "👨‍👩‍👧".unicodeScalars { z.insert(Character(s)) }
        XCTAssertEqual(z.characters.count, 1)
    }

    func testCursorColumnIsInCells() {
        var e = TextEditor("a日👍b")
        XCTAssertEqual(e.layout(width: 20).cursorColumn, 6)
        e.moveLeft()
        XCTAssertEqual(e.layout(width: 20).cursorColumn, 5)
        e.moveLeft()
        XCTAssertEqual(e.layout(width: 20).cursorColumn, 3)
        e.moveHome()
        XCTAssertEqual(e.layout(width: 20).cursorColumn, 0)
        e.moveEnd()
        XCTAssertEqual(e.cursor, 4)
    }

    func testLayoutWrapsByCellsAndTracksTheCursorRow() {
        let e = TextEditor("日本語日本\nab")
        let l = e.layout(width: 4)
        XCTAssertEqual(l.lines, ["日本", "語日", "本", "ab"])
        XCTAssertEqual(l.cursorRow, 3)
        XCTAssertEqual(l.cursorColumn, 2)
    }

    func testHomeEndAndVerticalMovesStayOnLogicalLines() {
        var e = TextEditor("first\nвторой")
        e.moveHome()
        XCTAssertEqual(e.cursor, 6)
        XCTAssertFalse(e.cursorOnFirstLine)
        e.moveEnd()
        e.moveVertically(by: -1)
        XCTAssertEqual(e.cursor, 5, "column 6 clamps to the end of 'first'")
        XCTAssertTrue(e.cursorOnFirstLine)
    }

    func testPasteKeepsEveryCharacterAndNormalizesNewlines() {
        var e = TextEditor("ab")
        e.moveLeft()
        e.insert("x\r\ny\rz")
        XCTAssertEqual(e.text, "ax\ny\nzb")
        XCTAssertEqual(e.cursor, 6)
    }
}
