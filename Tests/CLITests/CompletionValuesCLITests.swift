import Foundation
import XCTest

/// bash completion completes values, not only names: settings keys and what each takes,
/// export formats, shipped profile names (and one's own .json files), languages, paths.
final class CompletionValuesCLITests: XCTestCase {
    private var cli: CLIRunner!
    private var script: URL!

    override func setUpWithError() throws {
        cli = try CLIRunner()
        script = cli.home.appendingPathComponent("lanternly.bash")
        let r = try cli.run(["completions", "bash"])
        XCTAssertEqual(r.status, 0, r.stderr)
        try Data(r.stdout.utf8).write(to: script)
    }

    override func tearDown() { cli.cleanUp() }

    /// What bash offers for the command line `words` with the cursor in the last word.
    private func complete(_ words: [String], in folder: URL? = nil) throws -> [String] {
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let program = """
            source '\(script.path)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _lanternly
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", program]
        p.currentDirectoryURL = folder ?? cli.home
        let out = Pipe()
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        return text.split(separator: "\n").map(String.init)
    }

    func testSettingsKeysAndTheirValues() throws {
        XCTAssertEqual(try complete(["lanternly", "settings", "set", "mo"]).sorted(),
                       ["model.allowRemote", "model.languages", "model.name", "model.server"])
        XCTAssertEqual(try complete(["lanternly", "settings", "set", "gender", ""]).sorted(), ["feminine", "masculine", "neutral"])
        XCTAssertEqual(try complete(["lanternly", "settings", "set", "answers", ""]).sorted(), ["chat", "journal"])
        XCTAssertEqual(try complete(["lanternly", "settings", "set", "history", "o"]).sorted(), ["off", "on"])
        XCTAssertTrue(try complete(["lanternly", "settings", "set", "region", ""]).contains("auto"))
        XCTAssertTrue(try complete(["lanternly", "settings", "set", "region", "D"]).contains("DE"))
        // Global options before the command do not shift the positions.
        XCTAssertEqual(try complete(["lanternly", "--lang", "ru", "settings", "set", "path", ""]).sorted(), ["calm", "connection", "growth"])
    }

    /// Every value offered for every key is one `settings set` takes.
    func testEveryOfferedValueIsAccepted() throws {
        let keys = try complete(["lanternly", "settings", "set", ""])
        XCTAssertGreaterThanOrEqual(keys.count, 10)
        for key in keys {
            let values = try complete(["lanternly", "settings", "set", key, ""])
            for value in (key == "region" ? Array(values.prefix(6)) : values) {
                let r = try cli.run(["settings", "set", key, value])
                XCTAssertEqual(r.status, 0, "settings set \(key) \(value): \(r.stderr)")
            }
        }
    }

    func testOptionValues() throws {
        XCTAssertEqual(try complete(["lanternly", "export", "--format", ""]).sorted(), ["json", "markdown", "txt"])
        XCTAssertEqual(try complete(["lanternly", "import", "--from", ""]), ["jrnl"])
        XCTAssertTrue(try complete(["lanternly", "list", "--from", "yes"]).contains("yesterday"))
        XCTAssertEqual(try complete(["lanternly", "question", "--path", ""]).sorted(), ["calm", "connection", "growth"])
        XCTAssertEqual(try complete(["lanternly", "--lang", ""]).sorted(), ["en", "ru"])
        let profiles = try FileManager.default.contentsOfDirectory(atPath: CLIRunner.profiles.path).map { String($0.dropLast(5)) }
        XCTAssertEqual(Set(try complete(["lanternly", "--profile", ""])).intersection(profiles).count, profiles.count)
        XCTAssertEqual(try complete(["lanternly", "--profile", "iphone-16-p"]), ["iphone-16-pro"])
        XCTAssertTrue(try complete(["lanternly", "profile", "use", "sim"]).contains("simulator"))
        // One's own profile file is offered too.
        try Data("{}".utf8).write(to: cli.home.appendingPathComponent("mine.json"))
        XCTAssertTrue(try complete(["lanternly", "--profile", "mi"]).contains("mine.json"))
        // Commands and their options still complete.
        XCTAssertTrue(try complete(["lanternly", "on-"]).contains("on-this-day"))
        XCTAssertTrue(try complete(["lanternly", "export", "--f"]).contains("--format"))
    }
}
