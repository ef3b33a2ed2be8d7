import Foundation
import LanternlyCore
@testable import ModelServer
import TestSupport
import XCTest

/// The model server client against the loopback test server: every behaviour of issue 13.
final class OpenAICompatibleModelTests: XCTestCase {
    var server: LoopbackModelServer!

    override func setUpWithError() throws {
        server = try LoopbackModelServer()
        server.firstTokenDelay = 1.2
    }

    override func tearDown() { server.stop() }

    func model(url: String? = nil, name: String? = "luna-test", languages: [String]? = nil, allowRemote: Bool = false,
               device: ModelAvailability = .available, timeouts: ModelServerTimeouts = ModelServerTimeouts(),
               now: @escaping @Sendable () -> Date = { Date() }) throws -> OpenAICompatibleLanguageModel {
        let settings = ModelServerSettings(server: url ?? server.url, name: name, languages: languages, allowRemote: allowRemote)
        return OpenAICompatibleLanguageModel(configuration: try XCTUnwrap(try ModelServerConfiguration(settings: settings)),
                                             deviceAvailability: { device }, timeouts: timeouts, now: now)
    }

    // MARK: Configuration

    func testNothingConfiguredMeansNoServer() throws {
        XCTAssertNil(try ModelServerConfiguration(settings: ModelServerSettings()))
        XCTAssertNil(try ModelServerConfiguration(settings: ModelServerSettings(server: "  ")))
    }

    func testURLsAreParsed() throws {
        let a = try ModelServerConfiguration.parse("http://127.0.0.1:11434/v1")
        XCTAssertEqual(a.host, "127.0.0.1"); XCTAssertEqual(a.port, 11434); XCTAssertEqual(a.path, "/v1")
        let b = try ModelServerConfiguration.parse("http://localhost:8080/")
        XCTAssertEqual(b.path, "/v1", "no path: the /v1 prefix the servers use")
        let c = try ModelServerConfiguration.parse("http://[::1]:1234/api/v1")
        XCTAssertEqual(c.host, "::1"); XCTAssertEqual(c.path, "/api/v1")
        XCTAssertThrowsError(try ModelServerConfiguration.parse("https://example.com/v1")) {
            XCTAssertEqual($0 as? ModelServerError, .unsupportedScheme)
        }
        XCTAssertThrowsError(try ModelServerConfiguration.parse("not a url")) {
            XCTAssertEqual($0 as? ModelServerError, .invalidURL)
        }
    }

    func testEnvironmentOverridesSettings() {
        let s = ModelServerSettings(server: "http://127.0.0.1:1/v1", name: "a")
            .overridden(by: ["LANTERNLY_MODEL_URL": "http://127.0.0.1:2/v1", "LANTERNLY_MODEL_NAME": "b"])
        XCTAssertEqual(s.server, "http://127.0.0.1:2/v1")
        XCTAssertEqual(s.name, "b")
        XCTAssertEqual(ModelServerSettings().appLanguages, Set(AppLanguage.allCases), "default: the UI languages")
        XCTAssertEqual(ModelServerSettings(languages: ["en"]).appLanguages, [.english])
    }

    func testLoopbackNames() throws {
        for host in ["127.0.0.1", "127.3.2.1", "localhost", "::1"] {
            XCTAssertTrue(ModelServerConfiguration.isLoopbackName(host), host)
        }
        for host in ["192.168.1.10", "10.0.0.1", "example.com", "128.0.0.1", "localhost.example.com"] {
            XCTAssertFalse(ModelServerConfiguration.isLoopbackName(host), host)
        }
    }

    /// A remote server is refused before any socket is opened: TEST-NET-1 (RFC 5737) is never reached.
    func testRemoteServerIsRefusedWithoutConnecting() async throws {
        let m = try model(url: "http://192.0.2.1:11434/v1")
        XCTAssertEqual(m.availability, .unavailable(.modelNotReady))
        XCTAssertEqual(m.serverStatus.state, .remoteNotAllowed)
        XCTAssertEqual(m.serverStatus.error, "remoteNotAllowed")
        XCTAssertTrue(m.serverStatus.isRemote)
        do {
            _ = try await m.respond(instructions: "i", prompt: "p")
            XCTFail("a remote server must be refused")
        } catch {
            XCTAssertEqual(error as? ModelServerError, .remoteNotAllowed)
        }
        XCTAssertEqual(m.checkReadiness().state, .remoteNotAllowed, "a check does not contact it either")
    }

    /// `localhost` is checked after resolving: an address that is not loopback is refused by the socket.
    func testSocketRefusesANonLoopbackAddressWhenLoopbackOnly() throws {
        XCTAssertThrowsError(try Socket(host: "192.0.2.1", port: 9, loopbackOnly: true, timeout: 2, cancel: CancelSignal())) {
            XCTAssertEqual($0 as? ModelServerError, .remoteNotAllowed)
        }
    }

    func testAllowedRemoteIsMarkedRemote() throws {
        let m = try model(url: "http://192.0.2.1:11434/v1", allowRemote: true)
        XCTAssertTrue(m.serverStatus.isRemote)
        XCTAssertEqual(m.serverStatus.state, .notChecked)
    }

    func testMissingNameIsNotConfigured() throws {
        let m = try model(name: nil)
        XCTAssertEqual(m.availability, .unavailable(.modelNotReady))
        XCTAssertEqual(m.serverStatus.state, .notConfigured)
        XCTAssertEqual(server.modelChecks, 0)
    }

    // MARK: The gate

    func testTheDeviceStoryComesFirst() throws {
        for reason in [UnavailableReason.deviceNotEligible, .appleIntelligenceNotEnabled, .osTooOld] {
            let m = try model(device: .unavailable(reason))
            XCTAssertEqual(m.availability, .unavailable(reason))
        }
        XCTAssertEqual(server.modelChecks, 0, "a closed device gate never asks the server")
        // A simulated download in progress does not matter: the server decides readiness.
        XCTAssertEqual(try model(device: .unavailable(.modelNotReady)).availability, .available)
    }

    func testReadyServer() throws {
        let m = try model()
        XCTAssertEqual(m.availability, .available)
        XCTAssertEqual(m.serverStatus.state, .ready)
        XCTAssertNil(m.serverStatus.error)
    }

    func testRefusedConnectionIsNotReady() throws {
        let m = try model(url: "http://127.0.0.1:\(try LoopbackModelServer.refusingPort())/v1")
        XCTAssertEqual(m.availability, .unavailable(.modelNotReady))
        XCTAssertEqual(m.serverStatus.state, .unreachable)
        XCTAssertEqual(m.serverStatus.error, "connectionRefused")
    }

    func testMissingModelIsNotReady() throws {
        server.models = ["llama3.2:latest"]
        let m = try model()
        XCTAssertEqual(m.availability, .unavailable(.modelNotReady))
        XCTAssertEqual(m.serverStatus.state, .modelMissing)
        XCTAssertEqual(m.serverStatus.model, "luna-test")
    }

    /// Re-checked on the 10–30 s rhythm: not on every reading of the gate.
    func testReadinessIsRecheckedOnTheRhythmOnly() throws {
        let clock = TestClock()
        let m = try model(now: { clock.now })
        for _ in 0..<20 { _ = m.availability }
        XCTAssertEqual(server.modelChecks, 1)
        clock.advance(OpenAICompatibleLanguageModel.recheckInterval - 1)
        _ = m.availability
        XCTAssertEqual(server.modelChecks, 1)
        server.models = []
        clock.advance(2)
        _ = m.availability  // starts a check in the background
        let deadline = Date().addingTimeInterval(10)
        while m.serverStatus.state != .modelMissing && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        XCTAssertEqual(server.modelChecks, 2)
        XCTAssertEqual(m.availability, .unavailable(.modelNotReady))
        XCTAssertLessThanOrEqual(AvailabilityGate.notReadyRecheckInterval, 30)
        XCTAssertGreaterThanOrEqual(AvailabilityGate.notReadyRecheckInterval, 10)
    }

    /// The app's first look does not wait: the gate stays closed (not checked) until the
    /// background check is done.
    func testStartCheckingDoesNotBlockTheFirstLook() throws {
        server.behaviour = .normal
        let m = try model()
        m.startChecking()
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            // Read the gate first: if the state is still unchecked afterwards, the gate was read unchecked.
            let gate = m.availability
            guard m.serverStatus.state == .notChecked else { break }
            XCTAssertEqual(gate, .unavailable(.modelNotReady), "closed while not checked")
            Thread.sleep(forTimeInterval: 0.005)
        }
        XCTAssertEqual(m.serverStatus.state, .ready)
        XCTAssertEqual(m.availability, .available)
        XCTAssertEqual(server.modelChecks, 1, "one check, not one per look")
    }

    // MARK: Streaming

    func testStreamsTheReplyAndSendsOnlyInstructionsAndMessage() async throws {
        let m = try model()
        let seen = Collected()
        let out = try await m.streamResponse(instructions: "Be Luna.", prompt: "work was a lot", progress: { seen.add($0) })
        XCTAssertEqual(out.text, server.reply)
        XCTAssertFalse(out.isCutOff)
        let texts = seen.texts
        XCTAssertGreaterThan(texts.count, 2, "the text arrives in pieces")
        XCTAssertEqual(texts.last, server.reply)
        XCTAssertTrue(zip(texts, texts.dropFirst()).allSatisfy { $1.hasPrefix($0) }, "each report is the text so far")
        let body = try XCTUnwrap(server.requests.first)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        XCTAssertEqual(Set(json.keys), ["model", "messages", "stream"])
        XCTAssertEqual(json["stream"] as? Bool, true)
        XCTAssertEqual(json["model"] as? String, "luna-test")
        let messages = try XCTUnwrap(json["messages"] as? [[String: String]])
        XCTAssertEqual(messages, [["role": "system", "content": "Be Luna."], ["role": "user", "content": "work was a lot"]])
    }

    func testACharacterSplitAcrossChunksIsJoined() async throws {
        server.behaviour = .splitCharacter
        let out = try await model().respond(instructions: "i", prompt: "p")
        XCTAssertEqual(out, "Привет 🌙 — how was today?")
        XCTAssertFalse(out.contains("\u{FFFD}"))
    }

    func testLengthFinishMarksTheReplyCutOff() async throws {
        server.behaviour = .cutOff
        let out = try await model().streamResponse(instructions: "i", prompt: "p", progress: { _ in })
        XCTAssertTrue(out.isCutOff)
        XCTAssertTrue(out.text.hasSuffix("the part about"))
    }

    func testServerErrorIsNamed() async throws {
        server.behaviour = .serverError
        await assertThrows(try model(), .httpStatus(500), name: "http500")
    }

    func testDroppedConnectionIsNamed() async throws {
        server.behaviour = .dropMidStream
        await assertThrows(try model(), .connectionDropped, name: "connectionDropped")
    }

    func testMalformedDataIsNamed() async throws {
        server.behaviour = .malformed
        await assertThrows(try model(), .malformedResponse, name: "malformedResponse")
    }

    func testMissingModelOnChatIsNamed() async throws {
        server.models = ["other"]
        await assertThrows(try model(), .httpStatus(404), name: "http404")
    }

    func testRefusedConnectionOnChatIsNamed() async throws {
        let m = try model(url: "http://127.0.0.1:\(try LoopbackModelServer.refusingPort())/v1")
        await assertThrows(m, .connectionRefused, name: "connectionRefused")
        XCTAssertEqual(m.serverStatus.state, .unreachable, "the gate closes until the next check")
    }

    func testEscapeSequencesNeverReachTheTerminal() async throws {
        server.behaviour = .escapeSequences
        let seen = Collected()
        let out = try await model().streamResponse(instructions: "i", prompt: "p", progress: { seen.add($0) })
        for text in seen.texts + [out.text] {
            XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }, text.debugDescription)
            XCTAssertFalse(text.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) }, text.debugDescription)
            XCTAssertFalse(text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) }, text.debugDescription)
        }
        XCTAssertEqual(out.text, "Hello there friend evil ok\n?")
    }

    func testSlowFirstTokenReportsWakingThenTheReply() async throws {
        server.behaviour = .slowFirstToken
        let seen = Collected()
        let m = try model(timeouts: ModelServerTimeouts(firstToken: 30, wakingNotice: 0.3))
        let out = try await m.streamResponse(instructions: "i", prompt: "p", progress: { seen.add($0) })
        XCTAssertEqual(out.text, server.reply)
        XCTAssertEqual(seen.all.first, .waking)
    }

    func testNoFirstTokenInTimeIsNamed() async throws {
        server.behaviour = .slowFirstToken
        server.firstTokenDelay = 5
        await assertThrows(try model(timeouts: ModelServerTimeouts(firstToken: 0.5, wakingNotice: 0.2)),
                           .firstTokenTimedOut, name: "firstTokenTimedOut")
    }

    func testCancellingStopsTheStreamAtOnce() async throws {
        server.behaviour = .endless
        let m = try model()
        let seen = Collected()
        let task = Task { try await m.streamResponse(instructions: "i", prompt: "p", progress: { seen.add($0) }) }
        while seen.texts.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("a cancelled stream must not finish")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    // MARK: Helpers

    func assertThrows(_ m: @autoclosure () throws -> OpenAICompatibleLanguageModel, _ expected: ModelServerError,
                      name: String, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            let model = try m()
            _ = try await model.respond(instructions: "i", prompt: "p")
            XCTFail("expected \(expected)", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? ModelServerError, expected, file: file, line: line)
            XCTAssertEqual(LunaDiagnostics.errorName(error), name, file: file, line: line)
        }
    }
}

final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [ReplyProgress] = []
    func add(_ p: ReplyProgress) { lock.withLock { items.append(p) } }
    var all: [ReplyProgress] { lock.withLock { items } }
    var texts: [String] { all.compactMap { if case .text(let t) = $0 { return t }; return nil } }
}

final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var t = Date(timeIntervalSince1970: 1_800_000_000)
    var now: Date { lock.withLock { t } }
    func advance(_ s: TimeInterval) { lock.withLock { t += s } }
}
