import XCTest
@testable import TerminalUI

final class KeyDecodingTests: XCTestCase {
    func testRawModeBytesBecomeKeys() {
        XCTAssertEqual(Key.decode(character: 3), .ctrl("c"), "Ctrl-C arrives as a key in raw mode")
        XCTAssertEqual(Key.decode(character: 13), .enter)
        XCTAssertEqual(Key.decode(character: 10), .ctrl("j"))
        XCTAssertEqual(Key.decode(character: 19), .ctrl("s"))
        XCTAssertEqual(Key.decode(character: 127), .backspace)
        XCTAssertEqual(Key.decode(character: 8), .backspace)
        XCTAssertEqual(Key.decode(character: 27), .escape)
        XCTAssertEqual(Key.decode(character: 9), .tab)
    }

    func testPrintableScalarsAreCharacters() {
        XCTAssertEqual(Key.decode(character: 0x44F), .character("я"))
        XCTAssertEqual(Key.decode(character: 0x65E5), .character("日"))
        XCTAssertEqual(Key.decode(character: 0x1F389), .character("🎉"))
        XCTAssertEqual(Key.decode(character: 0x301), .character("\u{301}"), "a lone mark; the editor joins it")
    }

    func testNothingForControlsWithoutAMeaning() {
        XCTAssertNil(Key.decode(character: 0))
        XCTAssertNil(Key.decode(character: 0x1C))
        XCTAssertNil(Key.decode(character: 0x9B), "C1 CSI")
        XCTAssertNil(Key.decode(character: 0xD800), "a surrogate is not a scalar")
    }
}
