import XCTest
import LanternlyCore

/// A small deterministic generator (SplitMix64) so picks are repeatable.
struct ContentTestRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

final class ReplyBankTests: XCTestCase {
    private func bank() throws -> ReplyBank { ReplyBank(catalog: try StringCatalog.shipped()) }

    func testEachLanguageHasAtLeastEightDistinctLines() throws {
        let bank = try bank()
        for language in AppLanguage.allCases {
            let lines = bank.lines(for: language)
            XCTAssertGreaterThanOrEqual(lines.count, 8, "\(language)")
            XCTAssertEqual(Set(lines).count, lines.count, "duplicate bank lines in \(language)")
        }
        XCTAssertNotEqual(bank.lines(for: .english), bank.lines(for: .russian))
    }

    func testLinesEndInAQuestionOrInvitation() throws {
        let bank = try bank()
        for language in AppLanguage.allCases {
            for line in bank.lines(for: language) {
                XCTAssertTrue(line.hasSuffix("?") || line.hasSuffix("."), line)
                XCTAssertLessThanOrEqual(line.count, 140, "bank lines stay short: \(line)")
            }
        }
    }

    func testNoImmediateRepeatsOverManyPicks() throws {
        let bank = try bank()
        var random = ContentTestRandom(seed: 42)
        for language in AppLanguage.allCases {
            var previous: String?
            var seen = Set<String>()
            for _ in 0..<2_000 {
                let line = bank.pick(language: language, previous: previous, using: &random)
                XCTAssertNotEqual(line, previous)
                XCTAssertTrue(bank.lines(for: language).contains(line))
                seen.insert(line)
                previous = line
            }
            XCTAssertEqual(seen.count, bank.lines(for: language).count, "every line comes up eventually")
        }
    }

    func testSystemRandomPickAlsoAvoidsPrevious() throws {
        let bank = try bank()
        var previous = bank.pick(language: .russian, previous: nil)
        for _ in 0..<200 {
            let next = bank.pick(language: .russian, previous: previous)
            XCTAssertNotEqual(next, previous)
            previous = next
        }
    }

    func testOneLineBankReturnsItAndEmptyBankReturnsEmpty() throws {
        let one = try StringCatalog(data: Data(#"{"strings":{"bank.01":{"localizations":{"en":{"stringUnit":{"value":"Only line?"}}}}}}"#.utf8))
        let bank = ReplyBank(catalog: one)
        XCTAssertEqual(bank.pick(language: .english, previous: "Only line?"), "Only line?")
        XCTAssertEqual(bank.lines(for: .russian), ["Only line?"], "falls back to English")
        XCTAssertEqual(ReplyBank(catalog: try StringCatalog(data: Data("{}".utf8))).pick(language: .english, previous: nil), "")
    }
}
