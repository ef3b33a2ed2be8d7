import Foundation
import TestSupport
import XCTest

/// `lanternly` with a model server on 127.0.0.1 (the tests' own): settings, status,
/// replies, every failure to the bank with its name, the crisis rule, the remote rule.
final class ModelServerCLITests: XCTestCase {
    var cli: CLIRunner!
    var server: LoopbackModelServer!

    override func setUpWithError() throws {
        cli = try CLIRunner()
        server = try LoopbackModelServer()
    }

    override func tearDown() {
        server.stop()
        cli.cleanUp()
    }

    var env: [String: String] { ["LANTERNLY_MODEL_URL": server.url, "LANTERNLY_MODEL_NAME": "luna-test"] }

    func reply(_ text: String, env extra: [String: String] = [:]) throws -> [String: Any] {
        let r = try cli.run(profile: "iphone-16-pro", ["reply", "--json", text], env: env.merging(extra) { $1 })
        XCTAssertEqual(r.status, 0, r.stderr)
        return try XCTUnwrap(r.json, r.stdout)
    }

    func diagnostics() throws -> [String: Any] {
        try XCTUnwrap(try cli.run(profile: "iphone-16-pro", ["diagnostics", "--json"], env: env).json)
    }

    func testSettingsAreCheckedAndShown() throws {
        XCTAssertEqual(try cli.run(["settings", "set", "model.server", "https://example.com/v1"]).status, 2)
        XCTAssertEqual(try cli.run(["settings", "set", "model.server", "nonsense"]).status, 2)
        XCTAssertEqual(try cli.run(["settings", "set", "model.allowRemote", "maybe"]).status, 2)
        XCTAssertEqual(try cli.run(["settings", "set", "model.languages", "en,xx"]).status, 2)
        XCTAssertEqual(try cli.run(["settings", "set", "model.server", server.url]).status, 0)
        XCTAssertEqual(try cli.run(["settings", "set", "model.name", "luna-test"]).status, 0)
        XCTAssertEqual(try cli.run(["settings", "set", "model.languages", "en"]).status, 0)
        let shown = try cli.run(["settings", "show"]).stdout
        XCTAssertTrue(shown.contains("model.server       \(server.url) "), shown)
        XCTAssertTrue(shown.contains("model.languages    en "), shown)
        XCTAssertTrue(try cli.run(["settings", "show"], env: ["LANTERNLY_MODEL_NAME": "other"]).stdout.contains("model.name         other "))
    }

    func testNoServerConfiguredShowsNone() throws {
        let none = try cli.run(["settings", "show"]).stdout
        XCTAssertTrue(none.contains("model.server       none "), none)
        XCTAssertTrue(none.contains("no network"), none)
        let d = try XCTUnwrap(try cli.run(profile: "iphone-16-pro", ["diagnostics", "--json"]).json)
        XCTAssertNil(d["server"])
    }

    func testAReplyComesFromTheServer() throws {
        let json = try reply("work was a lot today")
        XCTAssertEqual(json["source"] as? String, "onDevice")
        XCTAssertEqual(json["text"] as? String, server.reply)
        let server = try XCTUnwrap(try diagnostics()["server"] as? [String: Any])
        XCTAssertEqual(server["state"] as? String, "ready")
    }

    func testACrisisMessageIsNeverSent() throws {
        let json = try reply("I want to end my life")
        XCTAssertEqual(json["source"] as? String, "crisis")
        XCTAssertEqual(server.requests, [])
    }

    func testFailuresFallToTheBankByName() throws {
        for (behaviour, name) in [(LoopbackModelServer.Behaviour.serverError, "http500"), (.dropMidStream, "connectionDropped"),
                                  (.malformed, "malformedResponse")] {
            server.behaviour = behaviour
            XCTAssertEqual(try reply("work was a lot today")["source"] as? String, "bank", name)
            XCTAssertEqual(try diagnostics()["lastGenerationError"] as? String, name)
        }
    }

    func testNoFirstTokenInTimeFallsToTheBank() throws {
        server.behaviour = .slowFirstToken
        server.firstTokenDelay = 5
        let json = try reply("work was a lot today", env: ["LANTERNLY_MODEL_FIRST_TOKEN_TIMEOUT": "1"])
        XCTAssertEqual(json["source"] as? String, "bank")
        XCTAssertEqual(try diagnostics()["lastGenerationError"] as? String, "firstTokenTimedOut")
    }

    func testCutOffIsMarked() throws {
        server.behaviour = .cutOff
        let json = try reply("work was a lot today")
        XCTAssertEqual(json["ending"] as? String, "cutOff")
        let text = try cli.run(profile: "iphone-16-pro", ["reply", "work was a lot"], env: env).stdout
        XCTAssertTrue(text.contains("(cut off"), text)
    }

    func testEscapeSequencesNeverReachTheTerminal() throws {
        server.behaviour = .escapeSequences
        let out = try cli.run(profile: "iphone-16-pro", ["reply", "say hi"], env: env).stdout
        XCTAssertFalse(out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E }, out.debugDescription)
        XCTAssertTrue(out.contains("Hello there friend"), out)
    }

    func testMissingModelIsNotReadyWithTheFix() throws {
        server.models = ["llama3.2:latest"]
        let status = try XCTUnwrap(try cli.run(profile: "iphone-16-pro", ["status", "--json"], env: env).json)
        XCTAssertEqual(status["reason"] as? String, "modelNotReady")
        XCTAssertTrue((status["banner"] as? String ?? "").contains("ollama pull luna-test"))
        XCTAssertEqual(try diagnostics()["serverFix"] as? String, "ollama pull luna-test")
        XCTAssertEqual(try reply("work was a lot today")["source"] as? String, "bank")
    }

    func testRefusedConnectionIsNotReadyAndNamed() throws {
        let url = "http://127.0.0.1:\(try LoopbackModelServer.refusingPort())/v1"
        let r = try cli.run(profile: "iphone-16-pro", ["status"], env: ["LANTERNLY_MODEL_URL": url, "LANTERNLY_MODEL_NAME": "x"])
        XCTAssertTrue(r.stdout.contains("modelNotReady"), r.stdout)
        XCTAssertTrue(r.stdout.contains(url) && r.stdout.contains("connectionRefused"), r.stdout)
    }

    func testTheDeviceGateStillComesFirst() throws {
        let status = try XCTUnwrap(try cli.run(profile: "iphone-15", ["status", "--json"], env: env).json)
        XCTAssertEqual(status["reason"] as? String, "deviceNotEligible")
        XCTAssertEqual(server.modelChecks, 0)
    }

    /// Decided from the URL alone: TEST-NET-1 (RFC 5737) is never contacted.
    func testRemoteServerIsRefusedUnlessAllowed() throws {
        let remote = ["LANTERNLY_MODEL_URL": "http://192.0.2.1:11434/v1", "LANTERNLY_MODEL_NAME": "x"]
        let status = try XCTUnwrap(try cli.run(profile: "iphone-16-pro", ["status", "--json"], env: remote).json)
        XCTAssertEqual(status["reason"] as? String, "modelNotReady")
        XCTAssertTrue((status["banner"] as? String ?? "").contains("model.allowRemote true"))
        let json = try XCTUnwrap(try cli.run(profile: "iphone-16-pro", ["reply", "--json", "work was a lot"], env: remote).json)
        XCTAssertEqual(json["source"] as? String, "bank")
        // Allowed, on a device whose gate is closed (so still nothing is contacted): the notice shows.
        XCTAssertEqual(try cli.run(["settings", "set", "model.allowRemote", "true"]).status, 0)
        let d = try XCTUnwrap(try cli.run(profile: "iphone-15", ["diagnostics", "--json"], env: remote).json)
        XCTAssertTrue((d["privacyNotice"] as? String ?? "").contains("leave this computer"), "\(d)")
    }
}
