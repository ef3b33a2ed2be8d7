import Foundation
import XCTest
@testable import LanternlyCore

/// The Swift classifier reads text exactly as `Scripts/crisis_train.py` trained it: the same
/// features and the same probabilities for fixed strings (expected values written by the script
/// into `Eval/crisis/classifier-expected.tsv` when it wrote the weights).
final class CrisisClassifierTests: XCTestCase {
    private func expected() throws -> [(text: String, features: Int, crisis: Float, concern: Float)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("Eval/crisis/classifier-expected.tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            return (String(f[0]), Int(f[1]) ?? -1, Float(f[2]) ?? -1, Float(f[3]) ?? -1)
        }
    }

    func testShippedWeightsLoad() {
        let c = CrisisClassifier.shipped
        XCTAssertTrue(c.isTrained)
        XCTAssertTrue(c.thresholds.used)
        XCTAssertLessThanOrEqual(c.thresholds.low, c.thresholds.high)
    }

    func testFeaturesAndProbabilitiesMatchTheTrainingScript() throws {
        let rows = try expected()
        XCTAssertGreaterThanOrEqual(rows.count, 5)
        for r in rows {
            let t = SafetyText(r.text, fold: CrisisLexicon.shipped.fold)
            XCTAssertEqual(CrisisClassifier.featureCount(t), r.features, r.text)
            let p = CrisisClassifier.shipped.probabilities(t)
            XCTAssertEqual(p.crisis, r.crisis, accuracy: 1e-4, r.text)
            XCTAssertEqual(p.concern, r.concern, accuracy: 1e-4, r.text)
        }
    }

    func testProbabilitiesOrderRiskAboveEveryday() throws {
        let c = CrisisClassifier.shipped
        let fold = CrisisLexicon.shipped.fold
        let risk = c.probabilities(SafetyText("i have been saving up my pills and tonight i am going to take them all", fold: fold))
        let calm = c.probabilities(SafetyText("we went to the market and bought apples for a pie", fold: fold))
        XCTAssertGreaterThan(risk.crisis, calm.crisis)
        XCTAssertLessThan(calm.crisis, c.thresholds.high)
    }

    /// The weights kept in memory (buckets of zeros left out) are the file's, bucket for bucket.
    func testEveryBucketHoldsTheFilesWeights() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("Resources/crisis-weights.bin"))
        let c = try XCTUnwrap(CrisisClassifier(data: data))
        let bytes = [UInt8](data.dropFirst(CrisisClassifier.headerSize)).map { Int8(bitPattern: $0) }
        XCTAssertEqual(bytes.count, c.buckets * 3)
        var nonZero = 0
        for b in 0..<c.buckets {
            let w = c.weights(bucket: b)
            if w.0 != bytes[3 * b] || w.1 != bytes[3 * b + 1] || w.2 != bytes[3 * b + 2] {
                XCTFail("bucket \(b): \(w) is not \(bytes[3 * b]) \(bytes[3 * b + 1]) \(bytes[3 * b + 2])")
                return
            }
            if w != (0, 0, 0) { nonZero += 1 }
        }
        XCTAssertGreaterThan(nonZero, 1000)
        // A small table of our own: every third bucket set, the others zero.
        var small = data.prefix(CrisisClassifier.headerSize)
        small.replaceSubrange(4..<8, with: [128, 0, 0, 0])
        small.append(contentsOf: (0..<128).flatMap { b -> [UInt8] in b % 3 == 0 ? [UInt8(b), 0, 255] : [0, 0, 0] })
        let s = try XCTUnwrap(CrisisClassifier(data: small))
        XCTAssertEqual(s.buckets, 128)
        for b in 0..<128 {
            let w = s.weights(bucket: b)
            XCTAssertTrue(b % 3 == 0 ? w == (Int8(bitPattern: UInt8(b)), 0, -1) : w == (0, 0, 0), "bucket \(b)")
        }
    }

    func testRejectsAWrongFile() {
        XCTAssertNil(CrisisClassifier(data: Data("LCC1".utf8) + Data(count: 100)))
        XCTAssertNil(CrisisClassifier(data: Data("LCC2".utf8) + Data(count: 100)), "the layout before highShort")
        var d = Data("LCC3".utf8)
        d.append(contentsOf: [0, 0, 1, 0])  // 65,536 buckets, but no weights follow
        d.append(Data(count: 15 * 4))
        XCTAssertNil(CrisisClassifier(data: d))
    }
}
