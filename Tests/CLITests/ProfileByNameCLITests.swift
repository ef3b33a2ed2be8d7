import XCTest

/// `--profile NAME`: a shipped profile picked by name, as the README shows.
final class ProfileByNameCLITests: XCTestCase {
    var cli: CLIRunner!
    override func setUpWithError() throws { cli = try CLIRunner() }
    override func tearDown() { cli.cleanUp() }

    private func shippedNames() throws -> [String] {
        let r = try cli.run(["profile", "list"])
        XCTAssertEqual(r.status, 0, r.stderr)
        return r.stdout.split(separator: "\n").map(String.init)
    }

    func testEveryListedNameWorksWithProfile() throws {
        let names = try shippedNames()
        XCTAssertGreaterThan(names.count, 3)
        for name in names {
            let r = try cli.run(["--profile", name, "status", "--json"])
            XCTAssertEqual(r.status, 0, "\(name): \(r.stderr)")
            XCTAssertNotNil(r.json, "\(name): \(r.stdout)")
        }
        // The same name picks the same device as the file of that name.
        let byName = try cli.run(["--profile", "iphone-15-pro-ios18", "status", "--json"])
        let byPath = try cli.run(profile: "iphone-15-pro-ios18", ["status", "--json"])
        XCTAssertEqual(byName.json?["reason"] as? String, "osTooOld", byName.stdout)
        XCTAssertEqual(byName.json?["reason"] as? String, byPath.json?["reason"] as? String)
    }

    func testUnknownNameListsTheShippedNamesAndWritesNothing() throws {
        let names = try shippedNames()
        for args in [["status"], ["profile", "use", "iphone-15"], ["profile", "set", "appleIntelligence", "true"]] {
            let r = try cli.run(["--profile", "no-such-phone-42"] + args)
            XCTAssertNotEqual(r.status, 0, "\(args)")
            XCTAssertTrue(r.stderr.contains("no-such-phone-42"), r.stderr)
            XCTAssertFalse(r.stderr.contains("/no-such-phone-42"), "a name is not a path: \(r.stderr)")
            for name in names { XCTAssertTrue(r.stderr.contains(name), "\(name) missing from: \(r.stderr)") }
            XCTAssertFalse(r.stderr.contains("profile use"), "must not suggest overwriting a profile: \(r.stderr)")
        }
        let made = FileManager.default.enumerator(atPath: cli.home.path)?.allObjects as? [String] ?? []
        XCTAssertFalse(made.contains { $0.hasSuffix("no-such-phone-42") }, "\(made)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "no-such-phone-42"))
    }

    func testAShippedProfileByNameIsNeverRewritten() throws {
        let shipped = CLIRunner.profiles.appendingPathComponent("iphone-15-pro-ai-off.json")
        let before = try Data(contentsOf: shipped)
        let r = try cli.run(["--profile", "iphone-15-pro-ai-off", "profile", "set", "appleIntelligence", "true"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try Data(contentsOf: shipped), before, "the shipped file changed")
        let copy = cli.home.appendingPathComponent("config/profiles/iphone-15-pro-ai-off.json")
        let written = try JSONSerialization.jsonObject(with: Data(contentsOf: copy)) as? [String: Any]
        XCTAssertEqual(written?["appleIntelligence"] as? Bool, true, "\(String(describing: written))")
    }
}
