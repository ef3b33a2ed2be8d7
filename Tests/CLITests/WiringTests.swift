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
