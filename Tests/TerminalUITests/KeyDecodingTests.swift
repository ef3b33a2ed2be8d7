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

    /// Feeds `text` (what follows the ESC) one character at a time, as the backend does, and
    /// returns every step's outcome.
    private func steps(_ text: String) -> [EscapeDecoding] {
        var read: [UInt32] = []
        var outcomes: [EscapeDecoding] = []
        for s in text.unicodeScalars {
            read.append(s.value)
            let outcome = EscapeSequence.decode(afterEscape: read)
            outcomes.append(outcome)
            if outcome != .incomplete { break }
        }
        return outcomes
    }

    /// The outcome once the sequence is complete, and how many characters it took.
    private func whole(_ text: String) -> (EscapeDecoding, Int) {
        let s = steps(text)
        return (s.last ?? .incomplete, s.count)
    }

    func testUnknownCSIIsConsumedWholeAndDropped() {
        let (outcome, used) = whole("[99;99Zrest")
        XCTAssertEqual(outcome, .dropped)
        XCTAssertEqual(used, 7, "every byte up to the final Z, none of what follows")
        XCTAssertEqual(whole("[?1;2c").0, .dropped, "a device-attributes report")
        XCTAssertEqual(whole("[I").0, .dropped, "focus in")
        XCTAssertEqual(whole("[2~").0, .dropped, "Insert has no meaning here")
        XCTAssertEqual(whole("[201~").0, .dropped, "a stray paste end")
        XCTAssertEqual(whole("[<0;12;5M").0, .dropped, "an SGR mouse report")
        XCTAssertEqual(whole("[1 q").0, .dropped, "an intermediate byte before the final")
    }

    func testKnownSequencesMapToKeys() {
        XCTAssertEqual(whole("[1;5C").0, .key(.right), "Ctrl-Right moves as Right")
        XCTAssertEqual(whole("[1;3D").0, .key(.left), "Alt-Left")
        XCTAssertEqual(whole("[A").0, .key(.up))
        XCTAssertEqual(whole("OB").0, .key(.down))
        XCTAssertEqual(whole("[4~").0, .key(.end))
        XCTAssertEqual(whole("[1~").0, .key(.home))
        XCTAssertEqual(whole("OH").0, .key(.home))
        XCTAssertEqual(whole("[3~").0, .key(.delete))
        XCTAssertEqual(whole("[3;5~").0, .key(.delete), "Ctrl-Delete")
        XCTAssertEqual(whole("[5~").0, .key(.pageUp))
        XCTAssertEqual(whole("[6~").0, .key(.pageDown))
        XCTAssertEqual(whole("[Z").0, .key(.backTab))
        XCTAssertEqual(whole("OP").0, .key(.function(1)))
        XCTAssertEqual(whole("[1;2S").0, .key(.function(4)))
        XCTAssertEqual(whole("[15~").0, .key(.function(5)))
        XCTAssertEqual(whole("[21~").0, .key(.function(10)))
        XCTAssertEqual(whole("[24~").0, .key(.function(12)))
        XCTAssertEqual(whole("OM").0, .key(.enter), "keypad Enter")
        XCTAssertEqual(whole("Os").0, .key(.character("3")), "keypad digit")
        XCTAssertEqual(whole("[200~").0, .pasteStart)
    }

    func testAltPlusACharacterIsDropped() {
        XCTAssertEqual(whole("x").0, .dropped)
        XCTAssertEqual(whole("x").1, 1)
        XCTAssertEqual(whole("я").0, .dropped)
    }

    func testEscapeBeforeAControlStandsAlone() {
        XCTAssertEqual(whole("\u{1B}[A").0, .escapeThenReplay, "Esc Esc: the second one starts anew")
        XCTAssertEqual(whole("\r").0, .escapeThenReplay)
        XCTAssertEqual(whole("\u{7F}").0, .escapeThenReplay)
    }

    func testABrokenSequenceDropsItsStartOnly() {
        XCTAssertEqual(whole("[12\u{1B}").0, .droppedThenReplay, "a new ESC cuts it; it is read again")
        XCTAssertEqual(whole("[12\r").0, .droppedThenReplay)
        XCTAssertEqual(whole("[1 2A").0, .droppedThenReplay, "a parameter after an intermediate")
    }

    func testPartialSequencesAskForMore() {
        XCTAssertEqual(EscapeSequence.decode(afterEscape: []), .incomplete)
        XCTAssertEqual(steps("[1;5"), [.incomplete, .incomplete, .incomplete, .incomplete])
        XCTAssertEqual(steps("O"), [.incomplete])
        let endless = String(repeating: "1", count: EscapeSequence.maxLength + 5)
        XCTAssertEqual(whole("[" + endless).0, .dropped, "a sequence never grows without bound")
    }
}
