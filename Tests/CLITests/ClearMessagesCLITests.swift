import XCTest

/// Settings and messages speak clearly: one set of setting names, values checked with the
/// allowed ones listed, messages in the interface language, no raw Foundation error text.
final class ClearMessagesCLITests: XCTestCase {
    var cli: CLIRunner!
    override func setUpWithError() throws { cli = try CLIRunner() }
    override func tearDown() { cli.cleanUp() }

    func testSettingsShowUsesTheNamesAndValuesSettingsSetTakes() throws {
        try cli.run(["settings", "set", "region", "jp"])
        try cli.run(["settings", "set", "language", "ru"])
        let shown = try cli.run(["settings", "show", "--json"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        let json = try XCTUnwrap(shown.json)
        let keys = Set(json.keys).subtracting(["resolved"])
        XCTAssertEqual(keys, ["gender", "region", "path", "language", "history", "memory",
                              "model.server", "model.name", "model.languages", "model.allowRemote", "answers"])
        XCTAssertEqual(json["region"] as? String, "JP")
        XCTAssertEqual(json["language"] as? String, "ru")
        // Every value shown can be given back to `settings set` as it is.
        for key in keys {
            guard let value = json[key] as? String else { continue }  // null: not set yet
            let r = try cli.run(["settings", "set", key, value])
            XCTAssertEqual(r.status, 0, "settings set \(key) \(value): \(r.stderr)")
        }
        // The plain view uses the same names.
        let plain = try cli.run(["settings", "show"]).stdout
        for key in keys { XCTAssertTrue(plain.contains(key), "\(key) missing from: \(plain)") }
    }

    func testUnknownValuesAreRefusedWithTheAllowedOnesListed() throws {
        let cases: [([String], [String])] = [
            (["settings", "set", "region", "xx"], ["auto", "US"]),
            (["settings", "set", "region", "UK"], ["auto", "GB"]),
            (["settings", "set", "region", "usa"], ["auto"]),
            (["settings", "set", "gender", "other"], ["feminine", "masculine", "neutral"]),
            (["settings", "set", "path", "zen"], ["calm", "growth", "connection"]),
            (["settings", "set", "language", "de"], ["en", "ru", "auto"]),
            (["settings", "set", "history", "yes"], ["on", "off"]),
            (["settings", "set", "model.allowRemote", "yes"], ["true", "false"]),
            (["profile", "set", "appleIntelligence", "yes"], ["on", "off"]),
            (["profile", "set", "simulator", "1"], ["on", "off"]),
            (["profile", "set", "region", "QQ"], ["US"]),
        ]
        for (args, listed) in cases {
            let r = try cli.run(args)
            XCTAssertEqual(r.status, 2, "\(args) was accepted")
            for word in listed { XCTAssertTrue(r.stderr.contains(word), "\(args): '\(word)' not listed in \(r.stderr)") }
        }
        // Nothing was stored by the refused ones.
        let json = try XCTUnwrap(try cli.run(["settings", "show", "--json"]).json)
        XCTAssertEqual(json["region"] as? String, "auto")
    }

    func testMessagesFollowTheInterfaceLanguageAndCarryNoRawFoundationText() throws {
        let cyrillic = { (s: String) in s.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } }
        var r = try cli.run(["--lang", "ru", "list", "-n", "abc"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(cyrillic(r.stderr), r.stderr)
        for args in [["settings", "set", "region", "xx"], ["settings", "set", "gender", "x"], ["settings", "set", "nosuch", "1"]] {
            r = try cli.run(["--lang", "ru"] + args)
            XCTAssertEqual(r.status, 2)
            XCTAssertTrue(cyrillic(r.stderr), "\(args): \(r.stderr)")
        }
        r = try cli.run(["--lang", "ru", "history", "-n", "-3"])
        XCTAssertTrue(cyrillic(r.stderr), r.stderr)
        r = try cli.run(["--lang", "ru", "write"], stdin: Data([0x48, 0xFF, 0xFE, 0x0A]))
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(cyrillic(r.stderr), r.stderr)
        // --home pointing at a file: the real problem, named, in words.
        let file = cli.home.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        for args in [["list"], ["settings", "set", "gender", "feminine"], ["status"], ["export", "--format", "json"]] {
            r = try cli.run(["--home", file.path] + args)
            XCTAssertNotEqual(r.status, 0, "\(args)")
            XCTAssertFalse(r.stderr.contains("NSCocoaErrorDomain") || r.stderr.contains("error 512") || r.stderr.contains(".."), r.stderr)
            XCTAssertTrue(r.stderr.contains(file.path) && r.stderr.contains("not a folder"), "\(args): \(r.stderr)")
        }
    }

    func testPlainChatKnowsItsCommands() throws {
        let r = try cli.run(["--lang", "ru", "chat", "--plain"], stdin: Data("/help\n/nosuch\n/quit\n".utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("/quit"), r.stdout)
        XCTAssertTrue(r.stdout.contains("/nosuch"), r.stdout)
        XCTAssertFalse(r.stdout.contains("Луна ("), "a /command went to Luna: \(r.stdout)")
    }
}
