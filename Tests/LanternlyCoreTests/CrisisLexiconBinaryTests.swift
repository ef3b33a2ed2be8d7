import Foundation
import XCTest
@testable import LanternlyCore

/// `Resources/crisis-lexicon.bin` (written by `Scripts/crisis_lexicon.py`, mapped into memory at
/// start-up) holds exactly the lexicon of `Resources/crisis-lexicon.txt`, its source of truth;
/// a binary made from another text is refused.
final class CrisisLexiconBinaryTests: XCTestCase {
    private var resources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Resources")
    }

    private func load() throws -> (text: CrisisLexicon, binary: CrisisLexicon, textData: Data) {
        let textData = try Data(contentsOf: resources.appendingPathComponent("crisis-lexicon.txt"))
        let fromText = try CrisisLexicon(data: textData)
        guard let file = MappedFile(path: resources.appendingPathComponent("crisis-lexicon.bin").path) else {
            throw XCTSkip("unreachable: the binary is committed")
        }
        let fromBinary = try textData.withUnsafeBytes { try CrisisLexicon(binary: file, text: $0) }
        return (fromText, fromBinary, textData)
    }

    func testBinaryHoldsTheSameLexiconAsTheText() throws {
        let (t, b, _) = try load()
        XCTAssertEqual(b.languages, t.languages)
        XCTAssertEqual(b.family, t.family)
        XCTAssertEqual(b.categories, t.categories)
        XCTAssertEqual(b.followupCategory, t.followupCategory)
        XCTAssertEqual(b.fold.entries, t.fold.entries)
        XCTAssertEqual(b.special, t.special)
        XCTAssertEqual(b.longestForm, t.longestForm)
        XCTAssertEqual(b.stemLengths, t.stemLengths)
        XCTAssertEqual(b.terms.count, t.terms.count)
        for (x, y) in zip(b.terms, t.terms) {
            XCTAssertEqual(x.language, y.language)
            XCTAssertEqual(x.kind, y.kind)
            XCTAssertEqual(x.softNext, y.softNext)
        }
        XCTAssertEqual(b.rules.count, t.rules.count)
        for (x, y) in zip(b.rules, t.rules) {
            XCTAssertEqual([x.category, x.language], [y.category, y.language])
            XCTAssertEqual(x.weight, y.weight)
            XCTAssertEqual(x.elements, y.elements)
            XCTAssertEqual(x.compact, y.compact)
        }
        XCTAssertEqual(b.rulesByTerm, t.rulesByTerm)
        // Word forms and stems: every hash finds the same terms, in the same order.
        for (name, bt, tt) in [("forms", b.forms, t.forms), ("stems", b.stems, t.stems)] {
            XCTAssertEqual(bt.count, tt.count, name)
            XCTAssertGreaterThan(tt.count, 0, name)
            for (key, value) in tt.entries {
                guard let found = bt.find(key) else { XCTFail("\(name): \(key) missing from the binary"); continue }
                XCTAssertEqual(b.terms(of: found), t.terms(of: value), name)
            }
        }
        XCTAssertGreaterThan(b.forms.count, 10_000)
        XCTAssertEqual(Set(b.compactForms.keys), Set(t.compactForms.keys))
        for (k, list) in t.compactForms {
            XCTAssertEqual(b.compactForms[k]?.map(\.scalars), list.map(\.scalars))
            XCTAssertEqual(b.compactForms[k]?.map(\.term), list.map(\.term))
        }
        XCTAssertEqual(Set(b.phrases.keys), Set(t.phrases.keys))
        for (k, list) in t.phrases {
            XCTAssertEqual(b.phrases[k]?.map(\.words), list.map(\.words))
            XCTAssertEqual(b.phrases[k]?.map(\.term), list.map(\.term))
        }
        XCTAssertEqual(b.idioms, t.idioms)
        XCTAssertFalse(t.idioms.isEmpty)
    }

    func testTheShippedLexiconIsTheMappedBinary() {
        XCTAssertTrue(CrisisLexicon.shipped.isMapped, "crisis-lexicon.bin was not used: run python3 Scripts/crisis_lexicon.py --binary")
        XCTAssertTrue(CrisisDetector.isCrisis("I want to end my life"))
    }

    func testABinaryMadeFromAnotherTextIsRefused() throws {
        let (_, _, textData) = try load()
        let file = try XCTUnwrap(MappedFile(path: resources.appendingPathComponent("crisis-lexicon.bin").path))
        var edited = textData
        edited.append(contentsOf: Array("L xx\n".utf8))
        XCTAssertThrowsError(try edited.withUnsafeBytes { try CrisisLexicon(binary: file, text: $0) })
        var changed = textData
        changed[changed.count / 2] ^= 1  // same length, one bit
        XCTAssertThrowsError(try changed.withUnsafeBytes { try CrisisLexicon(binary: file, text: $0) })
        // Cut short or with a wrong header: refused, never read past the end.
        let bytes = Data(file.bytes)
        for cut in [0, 8, 100, bytes.count / 2, bytes.count - 1] {
            XCTAssertThrowsError(try CrisisLexicon(binary: MappedFile(copying: bytes.prefix(cut)), text: nil), "cut at \(cut)")
        }
        XCTAssertThrowsError(try CrisisLexicon(binary: MappedFile(copying: Data("LCC2".utf8) + bytes.dropFirst(4)), text: nil))
    }

    func testTextDigestSeesEveryByte() {
        let base = Data((0..<37).map { UInt8($0) })
        let d0 = base.withUnsafeBytes { CrisisLexicon.textDigest($0) }
        for i in [0, 7, 8, 31, 32, 36] {
            var d = base
            d[i] ^= 0x40
            XCTAssertNotEqual(d.withUnsafeBytes { CrisisLexicon.textDigest($0) }, d0, "byte \(i)")
        }
        XCTAssertNotEqual((base + Data([0])).withUnsafeBytes { CrisisLexicon.textDigest($0) }, d0, "a zero byte more")
    }
}
