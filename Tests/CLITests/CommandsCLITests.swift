import XCTest

/// The other commands: question, profile, settings, diagnostics, chat --plain, help and usage.
final class CommandsCLITests: XCTestCase {
    var cli: CLIRunner!
    override func setUpWithError() throws { cli = try CLIRunner() }
    override func tearDown() { cli.cleanUp() }

    func testEveryCommandHasHelp() throws {
        for name in ["reply", "status", "question", "diagnostics", "profile", "chat", "settings",
                     "write", "list", "search", "export", "import", "history", "memory", "month"] {
            let r = try cli.run([name, "--help"])
            XCTAssertEqual(r.status, 0, name)
            XCTAssertTrue(r.stdout.hasPrefix("Usage: lanternly \(name)"), "\(name): \(r.stdout.prefix(80))")
        }
        XCTAssertTrue(try cli.run(["--help"]).stdout.contains("Commands:"))
        XCTAssertTrue(try cli.run(["--version"]).stdout.hasPrefix("lanternly "))
    }

    func testHelpFollowsTheInterfaceLanguage() throws {
        func hasCyrillic(_ s: String) -> Bool { s.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } }
        // A broken settings file must not stop --help.
        let config = cli.home.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: config.appendingPathComponent("settings.json"))
        for name in ["reply", "status", "question", "diagnostics", "profile", "chat", "settings",
                     "write", "list", "search", "export", "import", "history", "memory", "month"] {
            let en = try cli.run(["--lang", "en", name, "--help"])
            XCTAssertEqual(en.status, 0, "\(name): \(en.stderr)")
            XCTAssertTrue(en.stdout.hasPrefix("Usage: lanternly \(name)"), "\(name): \(en.stdout.prefix(80))")
            XCTAssertFalse(hasCyrillic(en.stdout), name)
            let ru = try cli.run(["--lang", "ru", name, "--help"])
            XCTAssertEqual(ru.status, 0, "\(name): \(ru.stderr)")
            XCTAssertFalse(ru.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, name)
            XCTAssertTrue(hasCyrillic(ru.stdout), "\(name): \(ru.stdout.prefix(80))")
            XCTAssertTrue(ru.stdout.hasPrefix("Использование: lanternly \(name)"), "\(name): \(ru.stdout.prefix(80))")
            XCTAssertNotEqual(ru.stdout, en.stdout, name)
            XCTAssertFalse(ru.stdout.contains("%@"), name)
            // The locale alone picks Russian too, and `help NAME` is the same text.
            XCTAssertEqual(try cli.run([name, "--help"], env: ["LANG": "ru_RU.UTF-8"]).stdout, ru.stdout, name)
            XCTAssertEqual(try cli.run(["--lang", "ru", "help", name]).stdout, ru.stdout, name)
        }
        let reply = try cli.run(["--lang", "ru", "reply", "--help"]).stdout
        XCTAssertNotNil(reply.range(of: #"\d+ КиБ"#, options: .regularExpression), reply)
        let general = try cli.run(["--help"], env: ["LANG": "ru_RU.UTF-8"])
        XCTAssertEqual(general.status, 0, general.stderr)
        XCTAssertTrue(general.stdout.contains("Команды:"), general.stdout)
        XCTAssertTrue(general.stdout.contains("  reply "), general.stdout)
        XCTAssertTrue(try cli.run(["--lang", "en", "--help"]).stdout.contains("Commands:"))
    }

    func testUsageErrorsExitWithTwo() throws {
        XCTAssertEqual(try cli.run(["--lang", "fr", "status"]).status, 2)
        XCTAssertEqual(try cli.run(["nonsense"]).status, 2)
        XCTAssertEqual(try cli.run(["status", "--bogus"]).status, 2)
        XCTAssertEqual(try cli.run(["question", "--path", "wisdom"]).status, 2)
        let badDate = try cli.run(["question", "--widget", "--date", "2025-02-29"])
        XCTAssertEqual(badDate.status, 2)
        XCTAssertTrue(badDate.stderr.contains("2025-02-29"), badDate.stderr)
    }

    /// Luna's own question stays all day, in the language it is read in: switching language
    /// the same day gives the day's question in the new one, and it then stays too.
    func testTodaysQuestionFollowsTheLanguageSwitchedToTheSameDay() throws {
        func q(_ lang: String) throws -> [String: Any] {
            let r = try cli.run(profile: "iphone-16-pro", ["--lang", lang, "question", "--json"])
            XCTAssertEqual(r.status, 0, r.stderr)
            return try XCTUnwrap(r.json, r.stdout)
        }
        let english = try q("en"), russian = try q("ru")
        XCTAssertEqual(english["source"] as? String, "model")
        XCTAssertEqual(russian["source"] as? String, "model")
        let text = try XCTUnwrap(russian["question"] as? String)
        XCTAssertTrue(text.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }, "not Russian: \(text)")
        XCTAssertFalse(text.unicodeScalars.contains { ("a"..."z").contains(Character($0)) }, "English left in: \(text)")
        XCTAssertEqual(try q("ru")["question"] as? String, text, "the Russian question stays for the day")
        XCTAssertEqual(try q("en")["question"] as? String, english["question"] as? String)
    }

    func testWidgetQuestionIsTheSameAllDayAndWrapsOnDay366() throws {
        func q(_ date: String) throws -> String {
            let r = try cli.run(["question", "--widget", "--path", "growth", "--date", date])
            XCTAssertEqual(r.status, 0, r.stderr)
            return r.stdout
        }
        // 6 questions a path: day 1 and day 7 share a question, day 366 is day 6 of the cycle.
        XCTAssertEqual(try q("2025-01-01"), try q("2025-01-07"))
        XCTAssertNotEqual(try q("2025-01-01"), try q("2025-01-02"))
        XCTAssertEqual(try q("2024-12-31"), try q("2024-01-06"))
        XCTAssertEqual(try q("2024-02-29"), try q("2024-01-06"))  // day 60 → (60-1) % 6 = 5
        XCTAssertTrue(cli.allFiles().allSatisfy { !$0.0.hasSuffix("question-history.json") }, "widget writes nothing")
    }

    func testInAppQuestionKeepsAHistory() throws {
        let r = try cli.run(["question", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.json?["mode"] as? String, "inApp")
        XCTAssertTrue(cli.allFiles().contains { $0.0.hasSuffix("question-history.json") })
        let again = try cli.run(["question", "--json"])
        XCTAssertEqual(again.json?["question"] as? String, r.json?["question"] as? String, "same question all day")
    }

    func testCorruptProfileNamesTheFileAndKey() throws {
        let bad = cli.home.appendingPathComponent("bad.json")
        try Data(#"{"device": "iPhone 16 Pro", "freeStorageGB": "lots"}"#.utf8).write(to: bad)
        let r = try cli.run(["--profile", bad.path, "status"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains(bad.path), r.stderr)
        XCTAssertTrue(r.stderr.contains("freeStorageGB"), r.stderr)

        try Data("not json at all".utf8).write(to: bad)
        let r2 = try cli.run(["--profile", bad.path, "reply", "hello"])
        XCTAssertEqual(r2.status, 1)
        XCTAssertTrue(r2.stderr.contains(bad.path), r2.stderr)
    }

    func testUnknownDeviceListsTheKnownOnes() throws {
        let bad = cli.home.appendingPathComponent("nokia.json")
        try Data(#"{"device": "Nokia 3310"}"#.utf8).write(to: bad)
        let r = try cli.run(["--profile", bad.path, "status"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("Nokia 3310"), r.stderr)
        XCTAssertTrue(r.stderr.contains("iPhone 16 Pro"), r.stderr)
    }

    func testMissingProfileSaysHowToFixIt() throws {
        let r = try cli.run(["--profile", "/nonexistent/profile.json", "status"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("/nonexistent/profile.json"), r.stderr)
    }

    func testProfileListUseAndSet() throws {
        let list = try cli.run(["profile", "list"]).stdout
        for name in ["iphone-16-pro", "iphone-15", "simulator", "intel-mac"] { XCTAssertTrue(list.contains(name)) }
        XCTAssertEqual(try cli.run(["profile", "use", "iphone-15"]).status, 0)
        XCTAssertEqual(try cli.run(["status", "--json"]).json?["reason"] as? String, "deviceNotEligible")
        // A new device has no model yet: with Apple Intelligence on, it starts downloading it.
        XCTAssertEqual(try cli.run(["profile", "set", "device", "iPhone 16 Pro"]).status, 0)
        XCTAssertEqual(try cli.run(["status", "--json"]).json?["reason"] as? String, "modelNotReady")
        let bad = try cli.run(["profile", "set", "freeStorageGB", "plenty"])
        XCTAssertEqual(bad.status, 2, bad.stderr)
        XCTAssertEqual(try cli.run(["profile", "use", "no-such-profile"]).status, 1)
    }

    /// `profile use` over a profile that does not read (edited by hand, cut short) keeps the old
    /// bytes beside it instead of losing them.
    func testProfileUseKeepsAnUnreadableProfile() throws {
        let path = cli.home.appendingPathComponent("mine.json")
        let broken = Data("{\"device\": \"iPhone 15\", \"os\": ".utf8)
        try broken.write(to: path)
        let r = try cli.run(["--profile", path.path, "profile", "use", "iphone-16-pro"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains(path.path + ".unreadable"), r.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path.path + ".unreadable")), broken)
        XCTAssertEqual(try cli.run(["--profile", path.path, "status", "--json"]).status, 0)
        // A second time the first copy stays; a readable profile is simply replaced.
        try broken.write(to: path)
        XCTAssertTrue(try cli.run(["--profile", path.path, "profile", "use", "iphone-15"]).stderr.contains(".unreadable-2"))
        let again = try cli.run(["--profile", path.path, "profile", "use", "iphone-16-pro"])
        XCTAssertFalse(again.stderr.contains(".unreadable"), again.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path.path + ".unreadable")), broken)
    }

    func testSettingsRoundTrip() throws {
        XCTAssertEqual(try cli.run(["settings", "set", "gender", "feminine"]).status, 0)
        XCTAssertEqual(try cli.run(["settings", "set", "path", "growth"]).status, 0)
        XCTAssertEqual(try cli.run(["settings", "set", "gender", "other"]).status, 2)
        let json = try XCTUnwrap(try cli.run(["settings", "show", "--json"]).json)
        XCTAssertEqual(json["gender"] as? String, "feminine")
        XCTAssertEqual(json["path"] as? String, "growth")  // the name `settings set` takes
    }

    func testPlainChatAnswersEachLine() throws {
        let r = try cli.run(profile: "iphone-15", ["chat", "--plain"],
                            stdin: Data("I had a good walk today\nМне сегодня грустно\n/quit\n".utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("["), "banner line first: \(r.stdout)")
        XCTAssertEqual(r.stdout.components(separatedBy: "Luna (").count - 1, 2, r.stdout)
    }

    func testDiagnosticsPersistAndHoldNoUserText() throws {
        // History off, so no file at all may hold the message (the journal included).
        XCTAssertEqual(try cli.run(["settings", "set", "history", "off"]).status, 0)
        let copy = try cli.profileCopy("iphone-16-pro")
        _ = try cli.run(["--profile", copy.path, "reply", "my cat Pumpernickel snored all night"])
        let diag = try XCTUnwrap(try cli.run(["--profile", copy.path, "diagnostics", "--json"]).json)
        XCTAssertEqual(diag["lastReplySource"] as? String, "onDevice")
        let report = try cli.run(["--profile", copy.path, "diagnostics", "--write-report"])
        XCTAssertEqual(report.status, 0, report.stderr)
        for (path, bytes) in cli.allFiles() {
            XCTAssertFalse(String(decoding: bytes, as: UTF8.self).contains("Pumpernickel"), path)
        }
    }
}
