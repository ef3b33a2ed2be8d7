import XCTest
@testable import LanternlyCore
import TestSupport

/// `MemoryExtractor`: structured facts from the (simulated) model behind the gate; nothing
/// when the gate is closed, memory is off, or the text is a crisis text.
final class MemoryExtractorTests: XCTestCase {
    let strings = try! StringCatalog.shipped()
    let devices = try! DeviceCatalog.shipped()
    var home: TempHome!

    override func setUp() { home = TempHome() }
    override func tearDown() { home.remove() }

    private func diagnostics() -> LunaDiagnostics { LunaDiagnostics(paths: home.paths, strings: strings, devices: devices) }

    private func simulated(_ profile: HardwareProfile = HardwareProfile()) -> SimulatedLanguageModel {
        SimulatedLanguageModel(profile: { profile }, devices: devices, strings: strings, gender: { .neutral })
    }

    func testTheSimulatedModelAnswersInTheFixedStructure() async throws {
        let text = "My dog Biscuit chewed my shoe. Dinner with Priya was lovely. I have a dentist appointment tomorrow. "
            + "I want to learn the cello. I love rainy mornings. We might move to Porto @plans"
        let out = try await simulated().respond(instructions: LunaPrompts.memoryExtraction(today: "2026-02-28"), prompt: text)
        let decoded = try JSONDecoder().decode(MemoryExtraction.self, from: Data(out.utf8))
        let facts = Set(decoded.memories)
        XCTAssertTrue(facts.contains(MemoryFact(kind: .pet, words: "Biscuit")), out)
        XCTAssertTrue(facts.contains(MemoryFact(kind: .person, words: "Priya")), out)
        XCTAssertTrue(facts.contains(MemoryFact(kind: .place, words: "Porto")), out)
        XCTAssertTrue(facts.contains { $0.kind == .situation && $0.words.contains("appointment") && $0.date == "2026-03-01" }, out)
        XCTAssertTrue(facts.contains { $0.kind == .goal && $0.words == "want to learn the cello" }, out)
        XCTAssertTrue(facts.contains { $0.kind == .preference && $0.words == "love rainy mornings" }, out)
        XCTAssertFalse(facts.contains { $0.words.contains("plans") }, "a tag is not a fact: \(out)")
        XCTAssertFalse(facts.contains { $0.kind == .person && $0.words == "Biscuit" }, "a pet is not a person")
    }

    func testRussianFactsAndALeapDay() async throws {
        let text = "Мой кот Мисо спит на клавиатуре. Вера приедет в гости. В пятницу у меня экзамен. Хочу научиться плавать."
        let out = try await simulated().respond(instructions: LunaPrompts.memoryExtraction(today: "2028-02-24"), prompt: text)
        let facts = try JSONDecoder().decode(MemoryExtraction.self, from: Data(out.utf8)).memories
        XCTAssertTrue(facts.contains(MemoryFact(kind: .pet, words: "Мисо")), out)
        XCTAssertTrue(facts.contains(MemoryFact(kind: .person, words: "Вера")), out)
        // 2028-02-24 is a Thursday; the Friday after is the 25th… and "В пятницу" names it.
        XCTAssertTrue(facts.contains { $0.kind == .situation && $0.date == "2028-02-25" }, out)
        XCTAssertTrue(facts.contains { $0.kind == .goal && $0.words.hasPrefix("Хочу научиться") }, out)
    }

    func testExtractorReturnsFactsAndRecordsTheSource() async {
        let diag = diagnostics()
        let facts = await MemoryExtractor(model: simulated(), diagnostics: diag)
            .extract(from: "Walked with my cat Tofu to the park", today: "2026-05-01")
        XCTAssertEqual(facts, [MemoryFact(kind: .pet, words: "Tofu")])
        XCTAssertEqual(diag.current.service(.memory).lastSource, "model")
    }

    func testNothingWhenTheGateIsClosedOrMemoryIsOff() async {
        let closed = TestLanguageModel(availability: .unavailable(.appleIntelligenceNotEnabled))
        let diag = diagnostics()
        let none = await MemoryExtractor(model: closed, diagnostics: diag).extract(from: "My cat Tofu", today: "2026-05-01")
        XCTAssertEqual(none, [])
        XCTAssertTrue(closed.calls.isEmpty, "no model call with the gate closed")
        XCTAssertEqual(diag.current.service(.memory).lastSource, "gateClosed")

        let open = TestLanguageModel(fallback: .text(#"{"memories":[{"kind":"pet","words":"Tofu"}]}"#))
        let off = await MemoryExtractor(model: open, diagnostics: diag, isEnabled: { false })
            .extract(from: "My cat Tofu", today: "2026-05-01")
        XCTAssertEqual(off, [])
        XCTAssertTrue(open.calls.isEmpty)
        XCTAssertEqual(diag.current.service(.memory).lastSource, "switchedOff")
        let on = await MemoryExtractor(model: open, diagnostics: diag).extract(from: "My cat Tofu", today: "2026-05-01")
        XCTAssertEqual(on, [MemoryFact(kind: .pet, words: "Tofu")], "the same model answers when allowed")
    }

    func testACrisisTextNeverReachesTheModelNorLeavesATrace() async {
        let model = TestLanguageModel(fallback: .text(#"{"memories":[{"kind":"person","words":"Dana"}]}"#))
        let diag = diagnostics()
        let crisis = "Dana left and I want to kill myself"
        XCTAssertTrue(CrisisDetector.isCrisis(crisis), "the fixture is a crisis text")
        let facts = await MemoryExtractor(model: model, diagnostics: diag).extract(from: crisis, today: "2026-05-01")
        XCTAssertEqual(facts, [])
        XCTAssertTrue(model.calls.isEmpty)
        XCTAssertNil(diag.current.service(.memory).lastSource)
        XCTAssertFalse(home.anyFileContains("Dana"))
    }

    func testModelFaultsAndBadStructureAreRecordedNeverStored() async throws {
        let diag = diagnostics()
        let bad = await MemoryExtractor(model: TestLanguageModel(fallback: .text("Sure! Miso is a cat.")), diagnostics: diag)
            .extract(from: "My cat Miso", today: "2026-05-01")
        XCTAssertEqual(bad, [])
        XCTAssertEqual(diag.current.service(.memory).lastError, "decodingFailure")
        var profile = HardwareProfile()
        profile.faults.respond = .guardrailViolation
        let faulty = await MemoryExtractor(model: simulated(profile), diagnostics: diag).extract(from: "My cat Miso", today: "2026-05-01")
        XCTAssertEqual(faulty, [])
        XCTAssertEqual(diag.current.service(.memory).lastError, "guardrailViolation")
        XCTAssertTrue(diag.log!.lines().contains { $0.hasSuffix("event=generationError service=memory error=guardrailViolation") })
        XCTAssertFalse(home.anyFileContains("Miso"))
    }
}
