import Foundation
import XCTest
import LanternlyApp
import LanternlyCore
@testable import lanternly

/// The app's live wiring (`LiveDependencies`), built from a real ``Context`` on a private home.
final class WiringTests: XCTestCase {
    private var home: URL!
    private var deps: AppDependencies!
    private var context: Context!

    override func setUpWithError() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("lanternly-wiring-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let profile = home.appendingPathComponent("profile.json")
        try FileManager.default.copyItem(at: CLIRunner.profiles.appendingPathComponent("iphone-16-pro.json"), to: profile)
        context = try Context(options: GlobalOptions(home: home.path, profile: profile.path, language: "en"),
                                  environment: ["HOME": home.path, "LANG": "C.UTF-8", "TZ": "UTC"])
        deps = try LiveDependencies.make(context: context)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: home) }

    /// A long entry whose crisis words come at its very end gets the crisis reply: the crisis
    /// check reads the whole entry, not the part a model would be shown.
    func testReflectionSeesTheWholeEntryForACrisis() async throws {
        let filler = String(repeating: "The day was long and the bus was late again. ", count: 2_000)
        XCTAssertGreaterThan(filler.utf8.count, LunaChatService.maxMessageBytes)
        let reply = await deps.reflect(filler + "I want to kill myself.")
        XCTAssertEqual(reply.source, .crisis)
    }

    /// The live store refuses a crisis turn even if the app asked; others are kept.
    func testChatHistoryNeverKeepsACrisisTurn() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try deps.appendChat(ChatExchange(message: "I want to kill myself",
                                         reply: Reply(text: "help line", source: .crisis, language: .english), date: now))
        XCTAssertEqual(try deps.chatHistory(), [])
        try deps.appendChat(ChatExchange(message: "a quiet day",
                                         reply: Reply(text: "Tell me more?", source: .bank, language: .english), date: now))
        XCTAssertEqual(try deps.chatHistory().map(\.text), ["a quiet day", "Tell me more?"])
    }

    /// An answer to the daily question comes back from the history with its question, above
    /// the person's words (the next session's transcript and `lanternly history` show it).
    func testAnAnswerKeepsItsQuestionInTheHistory() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        try deps.appendChat(ChatExchange(message: "the walk home\nin the rain",
                                         reply: Reply(text: "What made it yours?", source: .bank, language: .english),
                                         date: now, question: "What felt like yours today?"))
        try deps.appendChat(ChatExchange(message: "hello", reply: Reply(text: "Hi.", source: .bank, language: .english), date: now))
        let lines = try deps.chatHistory()
        XCTAssertEqual(lines.first, ChatLine(role: .person, text: "the walk home\nin the rain", context: "What felt like yours today?"))
        XCTAssertEqual(lines.map(\.context), ["What felt like yours today?", nil, nil, nil])

        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let env = ["LANTERNLY_HOME": home.path]
        let plain = try cli.run(["history"], env: env).stdout
        let rows = plain.split(separator: "\n").map(String.init)
        let asked = try XCTUnwrap(rows.firstIndex { $0.contains("What felt like yours today?") }, plain)
        XCTAssertTrue(rows[asked + 1].hasSuffix("> the walk home"), plain)
        // The second line of the message sits under the first, not at the left edge.
        XCTAssertEqual(rows[asked + 2], String(repeating: " ", count: rows[asked + 1].count - "the walk home".count) + "in the rain", plain)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(cli.run(["history", "--json"], env: env).stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(json.first?["question"] as? String, "What felt like yours today?")
        XCTAssertTrue(json.last?["question"] is NSNull, "\(json)")
    }

    /// With history switched off, the live store keeps no turn even if the app asked.
    func testChatHistoryOffKeepsNothing() throws {
        var settings = context.settings
        settings.keepChatHistory = false
        try deps.saveSettings(settings)
        try deps.appendChat(ChatExchange(message: "a quiet day",
                                         reply: Reply(text: "Tell me more?", source: .bank, language: .english),
                                         date: Date(timeIntervalSince1970: 1_800_000_000)))
        XCTAssertEqual(try deps.chatHistory(), [])
    }
}
