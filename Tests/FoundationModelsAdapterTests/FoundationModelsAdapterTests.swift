import Foundation
@_spi(StandIn) import FoundationModels
import FoundationModelsAdapter
import LanternlyCore
import TestSupport
import XCTest

/// The Foundation Models adapter against the stand-in framework: every availability reason,
/// every `GenerationError` case (recorded by name), languages, respond and stream.
final class FoundationModelsAdapterTests: XCTestCase {
    override func setUp() { StandIn.reset() }
    override func tearDown() { StandIn.reset() }

    func testEveryAvailabilityStateMaps() {
        let model = FoundationModelsLanguageModel()
        let cases: [(SystemLanguageModel.Availability, ModelAvailability)] = [
            (.available, .available),
            (.unavailable(.deviceNotEligible), .unavailable(.deviceNotEligible)),
            (.unavailable(.appleIntelligenceNotEnabled), .unavailable(.appleIntelligenceNotEnabled)),
            (.unavailable(.modelNotReady), .unavailable(.modelNotReady)),
        ]
        for (framework, ours) in cases {
            StandIn.set(availability: framework)
            XCTAssertEqual(model.availability, ours, "\(framework)")
        }
    }

    func testLanguagesComeFromTheFramework() {
        StandIn.set(languages: ["en-US", "ru", "ja"])
        XCTAssertEqual(FoundationModelsLanguageModel().supportedLanguages, [.english, .russian],
                       "the languages Lanternly ships, among the model's")
        StandIn.set(availability: .unavailable(.modelNotReady))
        XCTAssertEqual(FoundationModelsLanguageModel().supportedLanguages, [], "no languages behind a closed gate")
    }

    func testRespondUsesASessionWithTheInstructions() async throws {
        StandIn.set(snapshots: ["That", "That sounds", "That sounds heavy. What helped?"])
        let out = try await FoundationModelsLanguageModel().respond(instructions: "Be Luna.", prompt: "work was a lot")
        XCTAssertEqual(out, "That sounds heavy. What helped?")
        XCTAssertEqual(StandIn.calls.first?.instructions, "Be Luna.")
        XCTAssertEqual(StandIn.calls.first?.prompt, "work was a lot")
    }

    func testStreamReportsEachSnapshot() async throws {
        StandIn.set(snapshots: ["That", "That sounds", "That sounds heavy."])
        let seen = Seen()
        let out = try await FoundationModelsLanguageModel().streamResponse(instructions: "i", prompt: "p", progress: { seen.add($0) })
        XCTAssertEqual(out.text, "That sounds heavy.")
        XCTAssertFalse(out.isCutOff)
        XCTAssertEqual(seen.all, [.text("That"), .text("That sounds"), .text("That sounds heavy.")])
    }

    /// Closed gate at the call site: the framework's session is never made.
    func testNoCallBehindAClosedGate() async {
        StandIn.set(availability: .unavailable(.appleIntelligenceNotEnabled))
        do {
            _ = try await FoundationModelsLanguageModel().respond(instructions: "i", prompt: "p")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error as? GenerationError, .assetsUnavailable)
        }
        XCTAssertTrue(StandIn.calls.isEmpty)
    }

    func testEveryGenerationErrorIsRecordedByName() async throws {
        let ctx = LanguageModelSession.GenerationError.Context(debugDescription: "test")
        let cases: [(LanguageModelSession.GenerationError, String)] = [
            (.exceededContextWindowSize(ctx), "exceededContextWindowSize"),
            (.assetsUnavailable(ctx), "assetsUnavailable"),
            (.guardrailViolation(ctx), "guardrailViolation"),
            (.unsupportedGuide(ctx), "unsupportedGuide"),
            (.unsupportedLanguageOrLocale(ctx), "unsupportedLanguageOrLocale"),
            (.decodingFailure(ctx), "decodingFailure"),
            (.rateLimited(ctx), "rateLimited"),
            (.concurrentRequests(ctx), "concurrentRequests"),
            (.refusal(.init(), ctx), "refusal"),
        ]
        let home = TempHome()
        defer { home.remove() }
        let diagnostics = LunaDiagnostics(paths: home.paths, strings: try StringCatalog.shipped(), devices: try DeviceCatalog.shipped())
        let chain = LunaChatService(model: FoundationModelsLanguageModel(), catalog: try StringCatalog.shipped(),
                                    diagnostics: diagnostics, region: { "US" }, uiLanguage: .english)
        for (error, name) in cases {
            // Both calls: the whole reply and the stream.
            StandIn.set(snapshots: [], error: error)
            do {
                _ = try await FoundationModelsLanguageModel().respond(instructions: "i", prompt: "p")
                XCTFail("expected \(name)")
            } catch {
                XCTAssertEqual(LunaDiagnostics.errorName(error), name)
            }
            StandIn.set(snapshots: ["partial"], error: error)
            let reply = await chain.reply(to: "a quiet evening walk by the river")
            XCTAssertEqual(reply.source, .bank, name)
            XCTAssertEqual(diagnostics.lastGenerationError, name)
        }
    }
}

final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [ReplyProgress] = []
    func add(_ p: ReplyProgress) { lock.withLock { items.append(p) } }
    var all: [ReplyProgress] { lock.withLock { items } }
}
