import XCTest

/// `lanternly memory`, learning from chats and entries, and what must never be remembered.
final class MemoryCLITests: XCTestCase {
    var cli: CLIRunner!
    override func setUpWithError() throws { cli = try CLIRunner() }
    override func tearDown() { cli.cleanUp() }

    private func memories(_ profile: String = "iphone-16-pro") throws -> [[String: Any]] {
        let r = try cli.run(profile: profile, ["memory", "list", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
    }

    private func anyFileContains(_ needle: String) -> Bool {
        cli.allFiles().contains { $0.1.range(of: Data(needle.utf8)) != nil }
    }

    func testLearnsFromAnEntryAndAChatThenForgetsOnRequest() throws {
        XCTAssertEqual(try cli.run(profile: "iphone-16-pro", ["write", "--quiet", "My cat Pumpkin knocked over a plant."]).status, 0)
        let chat = try cli.run(profile: "iphone-16-pro", ["chat", "--plain"], stdin: Data("Coffee with Marguerite was nice\n".utf8))
        XCTAssertEqual(chat.status, 0, chat.stderr)
        var list = try memories()
        XCTAssertEqual(Set(list.compactMap { $0["words"] as? String }), ["Pumpkin", "Marguerite"])
        XCTAssertEqual(Set(list.compactMap { $0["source"] as? String }), ["entry:1", "chat"])
        let text = try cli.run(profile: "iphone-16-pro", ["memory", "list"])
        XCTAssertTrue(text.stdout.contains("Pumpkin") && text.stdout.contains("pet"), text.stdout)

        let id = try XCTUnwrap(list.first { $0["words"] as? String == "Pumpkin" }?["id"] as? Int)
        let forget = try cli.run(profile: "iphone-16-pro", ["memory", "forget", String(id)])
        XCTAssertEqual(forget.status, 0, forget.stderr)
        list = try memories()
        XCTAssertEqual(list.compactMap { $0["words"] as? String }, ["Marguerite"])
        XCTAssertEqual(try cli.run(profile: "iphone-16-pro", ["memory", "forget", "999"]).status, 1)
        XCTAssertEqual(try cli.run(profile: "iphone-16-pro", ["memory", "forget", "x"]).status, 2)

        // Clearing asks first; without a terminal to ask in, it needs --yes and keeps everything.
        let refused = try cli.run(profile: "iphone-16-pro", ["memory", "clear"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("--yes"), refused.stderr)
        XCTAssertEqual(try memories().count, 1)
        XCTAssertEqual(try cli.run(profile: "iphone-16-pro", ["memory", "clear", "--yes"]).status, 0)
        XCTAssertEqual(try memories().count, 0)
    }

    func testACrisisTurnLeavesNoMemory() throws {
        let crisis = "Zephyrine is gone and I want to kill myself\n"
        let chat = try cli.run(profile: "iphone-16-pro", ["chat", "--plain"], stdin: Data(crisis.utf8))
        XCTAssertEqual(chat.status, 0, chat.stderr)
        XCTAssertTrue(chat.stdout.contains("988"), "the crisis reply answered: \(chat.stdout)")
        XCTAssertEqual(try cli.run(profile: "iphone-16-pro", ["write", "--quiet", "Zephyrine left. I want to die."]).status, 0)
        XCTAssertEqual(try memories().count, 0)
        // Search the database itself: the name is in the saved entry only, never in memories.
        let db = try XCTUnwrap(cli.allFiles().first { $0.0.hasSuffix("journal.sqlite3") })
        XCTAssertNotNil(db.1.range(of: Data("Zephyrine left".utf8)), "the entry itself is kept")
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sqlite.arguments = ["sqlite3", db.0, "SELECT count(*) FROM memories WHERE words LIKE '%Zephyrine%'"]
        let out = Pipe()
        sqlite.standardOutput = out
        try sqlite.run()
        sqlite.waitUntilExit()
        let count = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if sqlite.terminationStatus == 0 { XCTAssertEqual(count.trimmingCharacters(in: .whitespacesAndNewlines), "0") }
    }

    func testNothingIsLearnedWithTheGateClosedOrMemoryOff() throws {
        XCTAssertEqual(try cli.run(profile: "iphone-15", ["write", "--quiet", "My cat Pumpkin is asleep."]).status, 0)
        XCTAssertEqual(try memories("iphone-15").count, 0)
        let diag = try cli.run(profile: "iphone-15", ["diagnostics", "--json"])
        let services = try XCTUnwrap(diag.json?["services"] as? [String: Any])
        XCTAssertEqual((services["memory"] as? [String: Any])?["lastSource"] as? String, "gateClosed")

        XCTAssertEqual(try cli.run(["settings", "set", "memory", "off"]).status, 0)
        XCTAssertEqual(try cli.run(profile: "iphone-16-pro", ["write", "--quiet", "My cat Pumpkin is asleep."]).status, 0)
        XCTAssertEqual(try memories().count, 0)
        let list = try cli.run(profile: "iphone-16-pro", ["memory", "list"])
        XCTAssertTrue(list.stderr.contains("settings set memory on"), list.stderr)
        XCTAssertEqual(try cli.run(["settings", "set", "memory", "on"]).status, 0)
        XCTAssertEqual(try cli.run(profile: "iphone-16-pro", ["write", "--quiet", "My cat Pumpkin is asleep."]).status, 0)
        XCTAssertEqual(try memories().count, 1)
    }
}

/// `write --suggest-tags`: offered with the gate open, nothing with it closed.
final class TagSuggestionCLITests: XCTestCase {
    var cli: CLIRunner!
    override func setUpWithError() throws { cli = try CLIRunner() }
    override func tearDown() { cli.cleanUp() }

    func testSuggestionsOnlyWithTheGateOpen() throws {
        let open = try cli.run(profile: "iphone-16-pro", ["write", "--quiet", "--suggest-tags", "A long walk by the sea after work"])
        XCTAssertEqual(open.status, 0, open.stderr)
        XCTAssertTrue(open.stdout.hasPrefix("Luna suggests tags: @"), open.stdout)
        XCTAssertTrue(open.stdout.contains("@walk"), open.stdout)
        let closed = try cli.run(profile: "iphone-15", ["write", "--quiet", "--suggest-tags", "A long walk by the sea after work"])
        XCTAssertEqual(closed.status, 0, closed.stderr)
        XCTAssertEqual(closed.stdout, "", "no placeholder, nothing offered")
    }
}
