import Foundation
import XCTest

/// Every error a person can meet on the command line is said in the UI language, in our
/// words: with `--lang ru` stderr is Russian, never an English sentence, never Foundation's
/// `NSCocoaErrorDomain` / `Error Domain` text.
final class LocalizedErrorsCLITests: XCTestCase {
    /// A line of stderr that is an English sentence: three or more ASCII words of letters
    /// in a row with no Cyrillic anywhere on the line.
    private func englishSentences(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { line in
            let cyrillic = line.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }
            let words = line.split(whereSeparator: { !$0.isLetter }).filter { $0.count > 1 && $0.allSatisfy(\.isASCII) }
            return !cyrillic && words.count >= 3
        }
    }

    private func assertRussian(_ r: CLIRunner.Result, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNotEqual(r.status, 0, "\(what) should fail", file: file, line: line)
        XCTAssertTrue(r.stderr.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) },
                      "\(what): no Russian in \(r.stderr)", file: file, line: line)
        XCTAssertEqual(englishSentences(r.stderr), [], "\(what): English left in \(r.stderr)", file: file, line: line)
        for raw in ["NSCocoaErrorDomain", "Error Domain", "NSPOSIX", "UserInfo", "Code="] {
            XCTAssertFalse(r.stderr.contains(raw), "\(what): \(raw) in \(r.stderr)", file: file, line: line)
        }
    }

    func testBadInvocationsAreRefusedInRussian() throws {
        let cli = try CLIRunner(); defer { cli.cleanUp() }
        let table: [[String]] = [
            ["nosuchcommand"], ["--bogus"], ["list", "--bogus"], ["list", "extra-word"], ["write", "--date"],
            ["search"], ["export", "--format", "pdf"], ["import", "--from", "dayone", "x"], ["import", "--from", "jrnl"],
            ["history", "shred"], ["profile", "frobnicate"], ["profile", "use"], ["profile", "set", "os"],
            ["profile", "set", "nosuchkey", "1"], ["profile", "set", "model.state", "melting"],
            ["profile", "set", "device", "Nokia 3310"], ["profile", "use", "no-such-shipped"],
            ["settings", "frobnicate"], ["settings", "set", "gender"], ["settings", "set", "model.languages", "xx"],
            ["question", "--path", "chaos"], ["question", "--date", "yesterdayish"],
            ["--profile", "/nonexistent/folder/p.json", "status"],
            ["month", "2026-01", "2026-02"], ["memory", "frobnicate"], ["memory", "forget"], ["memory", "list", "x"],
        ]
        for args in table {
            assertRussian(try cli.run(["--lang", "ru"] + args), args.joined(separator: " "))
        }
        // The global-option errors, before any `--lang` is read, follow the environment.
        assertRussian(try cli.run(["--home"], env: ["LANG": "ru_RU.UTF-8"]), "--home with no value")
        assertRussian(try cli.run(["--home", "", "list"], env: ["LANG": "ru_RU.UTF-8"]), "--home ''")
        assertRussian(try cli.run(["list"], env: ["LANG": "ru_RU.UTF-8", "LANTERNLY_HOME": "relative/home"]), "relative LANTERNLY_HOME")
    }

    func testBadFilesAreExplainedInRussian() throws {
        let cli = try CLIRunner(); defer { cli.cleanUp() }
        let config = cli.home.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let settings = config.appendingPathComponent("settings.json")
        for (what, body) in [("not JSON", "{ nope"), ("bad value", #"{"gender": 7}"#), ("bad region", #"{"region": "Narnia"}"#),
                             ("bad history", #"{"history": "sometimes"}"#)] {
            try Data(body.utf8).write(to: settings)
            assertRussian(try cli.run(["--lang", "ru", "list"]), "settings.json " + what)
        }
        try FileManager.default.removeItem(at: settings)
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        assertRussian(try cli.run(["--lang", "ru", "list"]), "settings.json is a folder")
        try FileManager.default.removeItem(at: settings)

        let profile = cli.home.appendingPathComponent("p.json")
        for (what, body) in [("not JSON", "]["), ("array", "[1]"), ("unknown key", #"{"device": "iPhone 16 Pro", "colour": 1}"#),
                             ("wrong type", #"{"device": 16}"#), ("unknown device", #"{"device": "Toaster"}"#),
                             ("bad os", #"{"device": "iPhone 16 Pro", "os": "Windows"}"#)] {
            try Data(body.utf8).write(to: profile)
            assertRussian(try cli.run(["--lang", "ru", "--profile", profile.path, "status"]), "profile " + what)
        }
        // Files that cannot be written or read: Foundation's errors become plain causes.
        assertRussian(try cli.run(["--lang", "ru", "export", "--format", "json", "--output", "/nonexistent/dir/out.json"]),
                      "export into a folder that does not exist")
        assertRussian(try cli.run(["--lang", "ru", "import", "--from", "jrnl", "/nonexistent/journal.json"]),
                      "import of a file that does not exist")
        assertRussian(try cli.run(["--lang", "ru", "import", "--from", "jrnl", cli.home.path]), "import of a folder")
    }
}
