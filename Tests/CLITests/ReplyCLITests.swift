import XCTest

/// `lanternly reply`: each source of the chain, the crisis rule, and bad input.
final class ReplyCLITests: XCTestCase {
    var cli: CLIRunner!
    override func setUpWithError() throws { cli = try CLIRunner() }
    override func tearDown() { cli.cleanUp() }

    func testEnglishOnAvailableDeviceIsOnDevice() throws {
        let r = try cli.run(profile: "iphone-16-pro", ["reply", "--json", "I", "had", "a", "long", "day", "at", "work"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(r.json)
        XCTAssertEqual(json["source"] as? String, "onDevice")
        XCTAssertEqual(json["language"] as? String, "en")
        XCTAssertFalse((json["text"] as? String ?? "").isEmpty)
    }

    func testRussianOnAvailableDeviceGoesThroughThePivot() throws {
        let json = try XCTUnwrap(try cli.run(profile: "iphone-16-pro", ["reply", "--json", "Сегодня я очень устала на работе"]).json)
        XCTAssertEqual(json["source"] as? String, "pivot")
        XCTAssertEqual(json["language"] as? String, "ru")
        XCTAssertNotNil((json["text"] as? String)?.range(of: "\\p{Cyrillic}", options: .regularExpression))
    }

    func testIneligibleDeviceAnswersFromTheBank() throws {
        let json = try XCTUnwrap(try cli.run(profile: "iphone-15", ["reply", "--json", "I had a long day"]).json)
        XCTAssertEqual(json["source"] as? String, "bank")
    }

    func testStandardInputIsTheMessage() throws {
        let r = try cli.run(profile: "iphone-15", ["reply", "--json"], stdin: Data("Slept badly again\n".utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.json?["source"] as? String, "bank")
    }

    func testFaultEndsInTheBankAndIsRecorded() throws {
        let copy = try cli.profileCopy("iphone-16-pro")
        XCTAssertEqual(try cli.run(["--profile", copy.path, "profile", "set", "faults.respond", "guardrailViolation"]).status, 0)
        let json = try XCTUnwrap(try cli.run(["--profile", copy.path, "reply", "--json", "Work was a lot today"]).json)
        XCTAssertEqual(json["source"] as? String, "bank")
        let diag = try XCTUnwrap(try cli.run(["--profile", copy.path, "diagnostics", "--json"]).json)
        XCTAssertEqual(diag["lastReplySource"] as? String, "bank")
        XCTAssertTrue((diag["lastGenerationError"] as? String ?? "").contains("guardrailViolation"))
    }

    func testCrisisReplyNamesTheLineAndLeavesNoTrace() throws {
        let message = "I want to kill myself tonight, zebra-marker-7731"
        let r = try cli.run(profile: "iphone-16-pro", ["reply", "--json", message])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(r.json)
        XCTAssertEqual(json["source"] as? String, "crisis")
        let text = try XCTUnwrap(json["text"] as? String)
        XCTAssertTrue(text.contains("988"), text)
        XCTAssertTrue(text.contains("911"), text)
        // Nothing under the home holds the message or the reply.
        let replyLine = text.split(separator: "\n").first.map(String.init) ?? text
        for (path, bytes) in cli.allFiles() {
            let content = String(decoding: bytes, as: UTF8.self)
            XCTAssertFalse(content.contains("zebra-marker-7731"), "message found in \(path)")
            XCTAssertFalse(content.contains("kill myself"), "message found in \(path)")
            XCTAssertFalse(content.contains(replyLine), "crisis reply found in \(path)")
        }
        let diag = try XCTUnwrap(try cli.run(profile: "iphone-16-pro", ["diagnostics", "--json"]).json)
        XCTAssertEqual(diag["lastReplySource"] as? String, "crisis")
    }

    func testRussianCrisisUsesTheRegionLine() throws {
        XCTAssertEqual(try cli.run(["settings", "set", "region", "RU"]).status, 0)
        let json = try XCTUnwrap(try cli.run(profile: "iphone-15", ["reply", "--json", "не хочу больше жить"]).json)
        XCTAssertEqual(json["source"] as? String, "crisis")
        XCTAssertEqual(json["language"] as? String, "ru")
        let text = json["text"] as? String ?? ""
        XCTAssertTrue(text.contains("112") && text.contains("8-800-2000-122"), text)
    }

    func testEmptyMessageIsRefused() throws {
        let r = try cli.run(profile: "iphone-15", ["reply", "   "])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertFalse(r.stderr.isEmpty)
    }

    func testInvalidUTF8IsRefusedWithAMessage() throws {
        let r = try cli.run(profile: "iphone-15", ["reply"], stdin: Data([0x66, 0xff, 0xfe, 0x0a]))
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("UTF-8"), r.stderr)
    }

    func testOneMegabyteMessageIsRefusedPastTheLimit() throws {
        let big = Data(String(repeating: "word ", count: 210_000).utf8)
        let r = try cli.run(profile: "iphone-15", ["reply"], stdin: big)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("bytes"), r.stderr)
        let fine = try cli.run(profile: "iphone-15", ["reply", "--json"], stdin: Data(String(repeating: "a calm day ", count: 1000).utf8))
        XCTAssertEqual(fine.status, 0, fine.stderr)
    }
}

extension ReplyCLITests {
    /// The bank never gives the same line twice in a row, also across separate runs. The seed
    /// makes every run pick the same line when nothing is remembered, so a lost "last line"
    /// shows on the second run, every time.
    func testBankDoesNotRepeatAcrossRuns() throws {
        let seeded = ["LANTERNLY_RANDOM_SEED": "7"]
        let fresh = try CLIRunner()
        defer { fresh.cleanUp() }
        let first = try XCTUnwrap(try fresh.run(profile: "iphone-15", ["reply", "--json", "a quiet day"], env: seeded).json?["text"] as? String)
        try FileManager.default.removeItem(at: fresh.home.appendingPathComponent("state/last-bank-line.txt"))
        let again = try XCTUnwrap(try fresh.run(profile: "iphone-15", ["reply", "--json", "a quiet day"], env: seeded).json?["text"] as? String)
        XCTAssertEqual(again, first, "with the same seed and nothing remembered, a run picks the same line")
        var previous: String?
        for _ in 0..<6 {
            let text = try XCTUnwrap(try cli.run(profile: "iphone-15", ["reply", "--json", "a quiet day"], env: seeded).json?["text"] as? String)
            XCTAssertNotEqual(text, previous)
            previous = text
        }
    }
}
