import Foundation
import XCTest

/// settings.json uses the names `settings set` and `settings show` use; older files still work.
final class SettingsNamesCLITests: XCTestCase {
    func testSettingsFileUsesTheSameNamesAsSettingsSet() throws {
        let cli = try CLIRunner(); defer { cli.cleanUp() }
        XCTAssertEqual(try cli.run(["settings", "set", "path", "growth"]).status, 0)
        XCTAssertEqual(try cli.run(["settings", "set", "history", "off"]).status, 0)
        XCTAssertEqual(try cli.run(["settings", "set", "answers", "chat"]).status, 0)
        let data = try Data(contentsOf: cli.home.appendingPathComponent("config/settings.json"))
        let file = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(file["path"] as? String, "growth")
        XCTAssertEqual(file["history"] as? String, "off")
        XCTAssertEqual(file["answers"] as? String, "chat")
        for old in ["lifePath", "keepChatHistory", "answersToJournal", "keepMemories"] { XCTAssertNil(file[old], old) }
        let shown = try XCTUnwrap(try cli.run(["settings", "show", "--json"]).json)
        XCTAssertEqual(shown["path"] as? String, "growth")
        XCTAssertEqual(shown["history"] as? String, "off")
    }

    func testAFileWithTheOldNamesIsStillRead() throws {
        let cli = try CLIRunner(); defer { cli.cleanUp() }
        let config = cli.home.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data(#"{"lifePath": "connection", "keepChatHistory": false, "answersToJournal": false, "keepMemories": false, "gender": "feminine"}"#.utf8)
            .write(to: config.appendingPathComponent("settings.json"))
        let shown = try cli.run(["settings", "show", "--json"])
        XCTAssertEqual(shown.status, 0, shown.stderr)
        let json = try XCTUnwrap(shown.json)
        XCTAssertEqual(json["path"] as? String, "connection")
        XCTAssertEqual(json["history"] as? String, "off")
        XCTAssertEqual(json["answers"] as? String, "chat")
        XCTAssertEqual(json["gender"] as? String, "feminine")
        XCTAssertEqual(json["memory"] as? String, "off")
        // Changing one setting rewrites the file with the new names and keeps the old values.
        XCTAssertEqual(try cli.run(["settings", "set", "region", "GB"]).status, 0)
        let again = try XCTUnwrap(try cli.run(["settings", "show", "--json"]).json)
        XCTAssertEqual(again["path"] as? String, "connection")
        XCTAssertEqual(again["history"] as? String, "off")
    }

    func testWriteQuietPrintsNothing() throws {
        let cli = try CLIRunner(); defer { cli.cleanUp() }
        let quiet = try cli.run(["write", "--quiet", "a calm evening with tea"])
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertEqual(quiet.stdout, "")
        XCTAssertEqual(quiet.stderr, "")
        let list = try cli.run(["list", "--json"])
        XCTAssertTrue(list.stdout.contains("a calm evening with tea"), list.stdout)
        let loud = try cli.run(["write", "another evening"])
        XCTAssertFalse(loud.stderr.isEmpty, "without --quiet the save is confirmed")
    }
}
