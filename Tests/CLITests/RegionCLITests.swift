import XCTest

/// The crisis help line follows the setting, then the locale's territory, then the profile,
/// on the command line as in the app (issue 7: a person in the UK was shown 988).
final class RegionCLITests: XCTestCase {
    var cli: CLIRunner!
    override func setUpWithError() throws { cli = try CLIRunner() }
    override func tearDown() { cli.cleanUp() }

    private func crisisText(_ env: [String: String], command: String = "reply") throws -> String {
        let r = try cli.run(["--profile", try cli.profileCopy("iphone-15").path, command, "--json", "I want to kill myself"], env: env)
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try XCTUnwrap(r.json, r.stdout)
        XCTAssertEqual(json["source"] as? String, "crisis")
        return try XCTUnwrap(json["text"] as? String)
    }

    func testBritishLocaleWithDefaultSettingsGetsSamaritans() throws {
        // The shipped profile says US; the locale's territory comes first.
        let text = try crisisText(["LANG": "en_GB.UTF-8"])
        XCTAssertTrue(text.contains("116 123"), text)
        XCTAssertFalse(text.contains("988"), text)
    }

    func testLCAllOutranksLang() throws {
        let text = try crisisText(["LC_ALL": "en_AU.UTF-8", "LANG": "en_GB.UTF-8"])
        XCTAssertTrue(text.contains("13 11 14") && text.contains("000"), text)
    }

    func testPlainCLocaleFallsBackToTheProfile() throws {
        let text = try crisisText(["LANG": "C.UTF-8"])
        XCTAssertTrue(text.contains("988") && text.contains("911"), text)
    }

    func testTheSettingOutranksTheLocaleAndAutoGoesBack() throws {
        XCTAssertEqual(try cli.run(["settings", "set", "region", "DE"]).status, 0)
        XCTAssertTrue(try crisisText(["LANG": "en_GB.UTF-8"]).contains("0800 111 0 111"))
        let shown = try cli.run(["settings", "show"], env: ["LANG": "en_GB.UTF-8"]).stdout
        XCTAssertTrue(shown.contains("region             DE "), shown)
        XCTAssertEqual(try cli.run(["settings", "set", "region", "auto"]).status, 0)
        XCTAssertTrue(try crisisText(["LANG": "en_GB.UTF-8"]).contains("116 123"))
        let auto = try cli.run(["settings", "show"], env: ["LANG": "ja_JP.UTF-8"]).stdout
        XCTAssertTrue(auto.contains("region             auto (JP) "), auto)
    }
}
