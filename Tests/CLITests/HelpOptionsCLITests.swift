import XCTest

/// Each command's --help names what the command accepts.
final class HelpOptionsCLITests: XCTestCase {
    var cli: CLIRunner!
    override func setUpWithError() throws { cli = try CLIRunner() }
    override func tearDown() { cli.cleanUp() }

    func testSettingsHelpListsEveryKeySetAccepts() throws {
        // The keys `settings set` accepts, as its own refusal lists them ("… Settings: a, b, c.").
        let refusal = try cli.run(["--lang", "en", "settings", "set", "no-such-key", "1"])
        XCTAssertNotEqual(refusal.status, 0)
        let tail = try XCTUnwrap(refusal.stderr.components(separatedBy: ": ").last)
        let keys = tail.trimmingCharacters(in: CharacterSet(charactersIn: ".\n ")).components(separatedBy: ", ")
        for key in ["answers", "memory", "model.server", "model.allowRemote"] {
            XCTAssertTrue(keys.contains(key), "\(key) not in: \(refusal.stderr)")
        }
        for lang in ["en", "ru"] {
            let help = try cli.run(["--lang", lang, "settings", "--help"]).stdout
            let named = Set(help.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
            for key in keys { XCTAssertTrue(named.contains(key), "\(lang): settings --help lacks \(key)") }
        }
        // Every key is really accepted: `settings set KEY` with a bad value is refused for the
        // value, not as an unknown key.
        for key in keys {
            let r = try cli.run(["--lang", "en", "settings", "set", key, "\u{1}"])
            XCTAssertFalse(r.stderr.contains("there is no setting"), "\(key): \(r.stderr)")
        }
    }

    func testDateOptionsAreInTheHelp() throws {
        for lang in ["en", "ru"] {
            let list = try cli.run(["--lang", lang, "list", "--help"]).stdout
            for option in ["--from", "--to", "--on", "--tag", "--starred", "-n", "--json"] {
                XCTAssertTrue(list.contains(option), "\(lang): list --help lacks \(option)")
            }
            let history = try cli.run(["--lang", lang, "history", "--help"]).stdout
            for option in ["--from", "--to", "--on", "-n", "--json"] {
                XCTAssertTrue(history.contains(option), "\(lang): history --help lacks \(option)")
            }
            let search = try cli.run(["--lang", lang, "search", "--help"]).stdout
            XCTAssertTrue(search.contains("-n N"), "\(lang): search --help lacks -n")
        }
        // Each option the help names is accepted (not refused as unknown).
        for args in [["list", "--on", "2026-01-01"], ["history", "--on", "2026-01-01"],
                     ["history", "--from", "2026-01-01", "--to", "2026-01-02"]] {
            let r = try cli.run(args)
            XCTAssertEqual(r.status, 0, "\(args): \(r.stderr)")
        }
    }
}
