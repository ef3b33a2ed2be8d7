import Foundation
import LanternlyCore
import ModelServer
import TestSupport
import XCTest

/// Luna's chain through the model server: the crisis path never reaches it, errors fall to
/// the bank by name, cut-off and stopped replies are marked, the pivot uses the server.
final class ServerChainTests: XCTestCase {
    var server: LoopbackModelServer!
    var home: TempHome!
    var diagnostics: LunaDiagnostics!

    override func setUpWithError() throws {
        server = try LoopbackModelServer()
        home = TempHome()
        diagnostics = LunaDiagnostics(paths: home.paths, strings: try StringCatalog.shipped(), devices: try DeviceCatalog.shipped())
    }

    override func tearDown() {
        server.stop()
        home.remove()
    }

    func chain(languages: [String]? = nil) throws -> LunaChatService {
        let settings = ModelServerSettings(server: server.url, name: "luna-test", languages: languages)
        let model = OpenAICompatibleLanguageModel(configuration: try XCTUnwrap(try ModelServerConfiguration(settings: settings)),
                                                  deviceAvailability: { .available })
        return LunaChatService(model: model, catalog: try StringCatalog.shipped(), diagnostics: diagnostics,
                               region: { "US" }, uiLanguage: .english)
    }

    func testALiveReplyComesFromTheServer() async throws {
        let reply = await try chain().reply(to: "work was a lot today")
        XCTAssertEqual(reply.source, .onDevice)
        XCTAssertEqual(reply.text, server.reply)
        XCTAssertNil(reply.ending)
    }

    func testACrisisMessageIsNeverSent() async throws {
        let reply = await try chain().reply(to: "I want to kill myself")
        XCTAssertEqual(reply.source, .crisis)
        XCTAssertEqual(server.requests, [], "no request reached the server")
        XCTAssertFalse(home.anyFileContains("kill myself"))
    }

    func testServerErrorFallsToTheBankByName() async throws {
        server.behaviour = .serverError
        let reply = await try chain().reply(to: "work was a lot today")
        XCTAssertEqual(reply.source, .bank)
        XCTAssertEqual(diagnostics.lastGenerationError, "http500")
        server.behaviour = .dropMidStream
        _ = await try chain().reply(to: "work was a lot today")
        XCTAssertEqual(diagnostics.lastGenerationError, "connectionDropped")
        server.behaviour = .malformed
        _ = await try chain().reply(to: "work was a lot today")
        XCTAssertEqual(diagnostics.lastGenerationError, "malformedResponse")
        XCTAssertFalse(home.anyFileContains("work was a lot"), "names only, never text")
    }

    func testCutOffReplyIsMarked() async throws {
        server.behaviour = .cutOff
        let reply = await try chain().reply(to: "work was a lot today")
        XCTAssertEqual(reply.source, .onDevice)
        XCTAssertEqual(reply.ending, .cutOff)
        XCTAssertEqual(diagnostics.lastGenerationError, "cutOff")
    }

    func testStoppedReplyKeepsThePartReceived() async throws {
        server.behaviour = .endless
        let service = try chain()
        let seen = Collected()
        let done = FinishedReply()
        let task = Task {
            let reply = await service.reply(to: "keep going", progress: { seen.add($0) })
            done.set(reply)
            return reply
        }
        // Waits for the stream, never forever: a reply that did not come from the server (the
        // crisis path, the bank) fails by its source instead of hanging the whole suite.
        while !(seen.texts.last?.contains("word2") ?? false) {
            if let early = done.reply { return XCTFail("the reply never streamed: \(early.source): \(early.text.prefix(60))") }
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        task.cancel()
        let reply = await task.value
        XCTAssertEqual(reply.ending, .stopped)
        XCTAssertEqual(reply.source, .onDevice)
        XCTAssertTrue(reply.text.hasPrefix("word0 word1 word2"), reply.text)
    }

    /// The conversation's turns travel as chat messages; nothing but instructions, turns and
    /// the message is sent.
    func testTurnsAreSentAsMessages() async throws {
        let service = try chain()
        _ = await service.reply(to: "work was a lot today")
        _ = await service.reply(to: "my sister called later")
        let body = try XCTUnwrap(server.requests.last)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        XCTAssertEqual(Set(json.keys), ["model", "messages", "stream"])
        let messages = try XCTUnwrap(json["messages"] as? [[String: String]])
        XCTAssertEqual(messages.map { $0["role"] }, ["system", "user", "assistant", "user"])
        XCTAssertEqual(messages[1]["content"], "work was a lot today")
        XCTAssertEqual(messages[2]["content"], server.reply)
        XCTAssertEqual(messages[3]["content"], "my sister called later")
    }

    func testPivotTranslatesThroughTheServer() async throws {
        let reply = await try chain(languages: ["en"]).reply(to: "Сегодня я очень устала на работе")
        XCTAssertEqual(reply.source, .pivot)
        XCTAssertEqual(server.requests.count, 3, "translate, answer, translate back")
        XCTAssertTrue(server.requests[0].contains("Translate the text from ru to en"))
    }

    func testRussianGoesStraightWhenTheModelWritesIt() async throws {
        let reply = await try chain().reply(to: "Сегодня я очень устала на работе")
        XCTAssertEqual(reply.source, .onDevice)
        XCTAssertEqual(server.requests.count, 1)
    }
}

/// The reply of a task, once it has one (read while the test waits for its stream).
final class FinishedReply: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Reply?
    func set(_ r: Reply) { lock.withLock { value = r } }
    var reply: Reply? { lock.withLock { value } }
}
