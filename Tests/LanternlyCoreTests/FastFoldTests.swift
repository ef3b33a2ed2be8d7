import XCTest
@testable import LanternlyCore

/// The byte-level fast paths give exactly what the general code gives.
final class FastFoldTests: XCTestCase {
    /// Every scalar of the Basic Multilingual Plane and some beyond, alone and between ASCII
    /// capitals: where ``SearchText/foldUTF8(_:into:)`` answers, it answers as the general fold.
    func testFoldUTF8AgreesWithTheGeneralFoldOnEveryScalar() {
        var answered = 0
        for v in UInt32(0)...0x2_0100 {
            guard let s = Unicode.Scalar(v) else { continue }
            for text in [String(Character(s)), "A" + String(Character(s)) + "Z"] {
                var copy = text
                let fast: String? = copy.withUTF8 { input in
                    var out = [UInt8](repeating: 0, count: input.count)
                    let ok = out.withUnsafeMutableBufferPointer { SearchText.foldUTF8(input, into: $0) }
                    return ok ? String(decoding: out, as: UTF8.self) : nil
                }
                guard let fast else { continue }
                answered += 1
                XCTAssertEqual(fast, SearchText.foldScalars(text), "U+\(String(v, radix: 16, uppercase: true))")
            }
        }
        XCTAssertGreaterThan(answered, 2 * (128 + 60 + 96 + 20 + 200 + 20_000), "the fast path covers the common scripts")
    }

    func testFoldUTF8TakesCommonTextAndRefusesTheRest() {
        func fast(_ text: String) -> String? {
            var copy = text
            return copy.withUTF8 { input in
                var out = [UInt8](repeating: 0, count: input.count)
                let ok = out.withUnsafeMutableBufferPointer { SearchText.foldUTF8(input, into: $0) }
                return ok ? String(decoding: out, as: UTF8.self) : nil
            }
        }
        XCTAssertEqual(fast("Ёлка и ЧАЙ — Café ÀÉÎ"), "ёлка и чай — café àéî")
        XCTAssertEqual(fast("灯籠の明かり、カフェ"), "灯籠の明かり、カフェ")
        XCTAssertNil(fast("Straße"), "ß grows to ss: the general path")
        XCTAssertNil(fast("ΟΔΥΣΣΕΥΣ"), "Greek: the general path")
        XCTAssertNil(fast("e\u{301}"), "a combining mark: NFC may change it")
        XCTAssertNil(fast("か\u{3099}"), "a kana voicing mark composes under NFC")
        var bad: [UInt8] = [0x61, 0xD0]  // cut in the middle of a character
        let ok = bad.withUnsafeBufferPointer { input in
            var out = [UInt8](repeating: 0, count: 2)
            return out.withUnsafeMutableBufferPointer { SearchText.foldUTF8(input, into: $0) }
        }
        bad.removeAll()
        XCTAssertFalse(ok, "malformed UTF-8 is left to the general path")
        XCTAssertEqual(SearchText.fold("Ёлка Straße"), "ёлка strasse", "fold takes the general path when needed")
    }

    /// CJK pieces from bytes are the pieces from scalars, in the same order.
    func testCJKGramsFromBytesAgreeWithTheScalarWay() {
        let samples = ["今日は猫が窓辺で寝ていた。灯籠の明かりがきれいだった。", "雨の日。カフェで本を読んだ @日記 雨の日",
                       "今天下雨了。我在家里喝茶，看书。猫在睡觉。", "Mixed: tea 茶 and чай and thé, 茶茶茶", "猫", "猫猫",
                       "ＡＢＣ全角", "한국어 일기", "㐀㐁 extension A", "𠀀𠀁 plane 2", "か\u{3099}", "No CJK at all — “quotes”"]
        var g = SeededRandom(seed: 7)
        let pool = Array("猫犬雨灯籠明かりの日。、 aZЁё—カフェ茶")
        var all = samples
        for _ in 0..<500 { all.append(String((0..<Int.random(in: 1...12, using: &g)).map { _ in pool.randomElement(using: &g)! })) }
        var fast = 0
        for text in all {
            var copy = text
            if copy.withUTF8(SearchText.cjkGramsUTF8) != nil { fast += 1 }
            XCTAssertEqual(SearchText.cjkGrams(text), SearchText.cjkGramsScalars(text), text)
        }
        XCTAssertGreaterThan(fast, 400, "most of the sample takes the byte path")
        XCTAssertEqual(SearchText.cjkGrams("灯籠の灯"), "灯 籠 灯籠 の 籠の の灯")
    }

    /// The ASCII tag path against the general one, on tags made of every kind of ASCII byte.
    func testASCIITagsNormalizeAsTheGeneralPathDoes() {
        var g = SeededRandom(seed: 11)
        let pieces = ["@", "@@", " ", "\t", "a", "Z", "9", "_", "-", "+", "*", "#", "/", ".", ",", "!", "é", "Ж", "x y"]
        var checked = 0
        for _ in 0..<5_000 {
            let n = Int.random(in: 1...6, using: &g)
            let raw = (0..<n).map { _ in pieces.randomElement(using: &g)! }.joined()
            let general = JournalEntry.normalizeTagScalars(raw)
            XCTAssertEqual(JournalEntry.normalizeTag(raw), general, raw.debugDescription)
            if raw.utf8.allSatisfy({ $0 < 0x80 }) { checked += 1 }
        }
        XCTAssertGreaterThan(checked, 1_000)
        XCTAssertEqual(JournalEntry.normalizeTag("@Work-Notes"), "work-notes")
        XCTAssertNil(JournalEntry.normalizeTag("@--"))
        XCTAssertEqual(JournalEntry.tags(in: "no tags here"), [])
        XCTAssertEqual(JournalEntry.tags(in: "tea @Home, then @работа and me@example.com"), ["home", "работа"])
    }

    func testShortIDsUseTheAlphabetAndVary() {
        let ids = (0..<2_000).map { _ in ShortID.random() }
        for id in ids {
            XCTAssertEqual(id.count, ShortID.length)
            XCTAssertTrue(id.allSatisfy(ShortID.alphabet.contains), id)
        }
        XCTAssertGreaterThan(Set(ids).count, 1_990, "ids are drawn at random")
        // Every character appears in every position.
        for position in 0..<ShortID.length {
            let seen = Set(ids.map { Array($0)[position] })
            XCTAssertEqual(seen.count, ShortID.alphabet.count, "position \(position)")
        }
    }
}
