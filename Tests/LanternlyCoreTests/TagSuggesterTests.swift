import XCTest
@testable import LanternlyCore
import TestSupport

/// Tag suggestions: up to three with the gate open (existing tags preferred), nothing at all
/// with it closed, never for a crisis entry.
final class TagSuggesterTests: XCTestCase {
    let strings = try! StringCatalog.shipped()
    let devices = try! DeviceCatalog.shipped()
    var home: TempHome!

    override func setUp() { home = TempHome() }
    override func tearDown() { home.remove() }

    private func diag() -> LunaDiagnostics { LunaDiagnostics(paths: home.paths, strings: strings, devices: devices) }
    private func model(_ profile: HardwareProfile = HardwareProfile()) -> SimulatedLanguageModel {
        SimulatedLanguageModel(profile: { profile }, devices: devices, strings: strings, gender: { .neutral })
    }

    func testSuggestsUpToThreePreferringExistingTags() async {
        let d = diag()
        let s = TagSuggester(model: model(), diagnostics: d)
        let tags = await s.suggest(for: "Long day at work, then a walk by the river. So tired.",
                                   existing: ["river", "office", "walk"], current: [])
        XCTAssertEqual(tags.first, "river", "an existing tag the entry mentions comes first: \(tags)")
        XCTAssertTrue(tags.contains("walk"), "\(tags)")
        XCTAssertLessThanOrEqual(tags.count, 3)
        XCTAssertEqual(d.current.service(.tags).lastSource, "model")
        let again = await s.suggest(for: "Long day at work, then a walk by the river.", existing: ["river"], current: ["river", "walk"])
        XCTAssertFalse(again.contains("river") || again.contains("walk"), "the entry's own tags are not offered: \(again)")
        let ru = await s.suggest(for: "Долго гуляла в парке", existing: [], current: [])
        XCTAssertEqual(ru, ["прогулка", "природа"])
    }

    func testNothingWithTheGateClosedNorForACrisisEntry() async {
        let closed = TestLanguageModel(availability: .unavailable(.appleIntelligenceNotEnabled))
        let d = diag()
        let none = await TagSuggester(model: closed, diagnostics: d).suggest(for: "A walk at work", existing: ["walk"], current: [])
        XCTAssertEqual(none, [])
        XCTAssertTrue(closed.calls.isEmpty)
        XCTAssertEqual(d.current.service(.tags).lastSource, "gateClosed")
        let open = TestLanguageModel(fallback: .text(#"{"tags":["hope"]}"#))
        let crisis = await TagSuggester(model: open, diagnostics: d).suggest(for: "I want to kill myself", existing: [], current: [])
        XCTAssertEqual(crisis, [])
        XCTAssertTrue(open.calls.isEmpty)
    }

    func testAFaultOrABadAnswerSuggestsNothingAndIsRecorded() async {
        var profile = HardwareProfile()
        profile.faults.respond = .guardrailViolation
        let d = diag()
        let faulty = await TagSuggester(model: model(profile), diagnostics: d).suggest(for: "A walk", existing: [], current: [])
        XCTAssertEqual(faulty, [])
        XCTAssertEqual(d.current.service(.tags).lastError, "guardrailViolation")
        let bad = await TagSuggester(model: TestLanguageModel(fallback: .text("walk, work")), diagnostics: d)
            .suggest(for: "A walk", existing: [], current: [])
        XCTAssertEqual(bad, [])
        XCTAssertEqual(d.current.service(.tags).lastError, "decodingFailure")
        let many = await TagSuggester(model: TestLanguageModel(fallback: .text(#"{"tags":["A","b","@c","d","a"]}"#)), diagnostics: d)
            .suggest(for: "A walk", existing: [], current: [])
        XCTAssertEqual(many.count, 3)
    }
}
