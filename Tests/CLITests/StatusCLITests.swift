import XCTest

/// `lanternly status` on every shipped profile: the gate as a person sees it.
final class StatusCLITests: XCTestCase {
    var cli: CLIRunner!
    override func setUpWithError() throws { cli = try CLIRunner() }
    override func tearDown() { cli.cleanUp() }

    func testEveryShippedProfileReportsItsState() throws {
        let expected: [(String, String, String?)] = [
            ("iphone-16-pro", "available", nil),
            ("iphone-15", "unavailable", "deviceNotEligible"),
            ("iphone-15-pro-ai-off", "unavailable", "appleIntelligenceNotEnabled"),
            ("iphone-16-downloading", "unavailable", "modelNotReady"),
            ("iphone-16-low-storage", "unavailable", "modelNotReady"),
            ("iphone-15-pro-ios18", "unavailable", "osTooOld"),
            ("mac-m1", "available", nil),
            ("intel-mac", "unavailable", "deviceNotEligible"),
        ]
        for (profile, availability, reason) in expected {
            let r = try cli.run(profile: profile, ["status", "--json"])
            XCTAssertEqual(r.status, 0, "\(profile): \(r.stderr)")
            let json = try XCTUnwrap(r.json, "\(profile): \(r.stdout)")
            XCTAssertEqual(json["availability"] as? String, availability, profile)
            XCTAssertEqual(json["reason"] as? String, reason, profile)
            XCTAssertEqual(json["bannerOffersSettings"] as? Bool, reason == "appleIntelligenceNotEnabled", profile)
            if reason == nil {
                XCTAssertTrue(json["banner"] is NSNull, "\(profile) should have no banner")
            } else {
                XCTAssertFalse((json["banner"] as? String ?? "").isEmpty, "\(profile) needs a banner")
            }
            XCTAssertTrue(json.keys.contains("reason"), "reason must be present (null when available)")
            XCTAssertEqual(json["profile"] as? String, try cli.profileCopy(profile).path)
        }
    }

    func testSimulatorHasNoBanner() throws {
        let json = try XCTUnwrap(try cli.run(profile: "simulator", ["status", "--json"]).json)
        XCTAssertEqual(json["isSimulator"] as? Bool, true)
        XCTAssertTrue(json["banner"] is NSNull)
    }

    func testRussianBannerFollowsLang() throws {
        let en = try XCTUnwrap(try cli.run(profile: "iphone-15", ["status", "--json"]).json?["banner"] as? String)
        let ru = try XCTUnwrap(try cli.run(profile: "iphone-15", ["--lang", "ru", "status", "--json"]).json?["banner"] as? String)
        XCTAssertNotEqual(en, ru)
        XCTAssertNotNil(ru.range(of: "\\p{Cyrillic}", options: .regularExpression))
        XCTAssertNil(en.range(of: "\\p{Cyrillic}", options: .regularExpression))
        let env = try XCTUnwrap(try cli.run(["--profile", try cli.profileCopy("iphone-15").path, "status", "--json"],
                                            env: ["LANG": "ru_RU.UTF-8"]).json?["banner"] as? String)
        XCTAssertEqual(env, ru, "LANG=ru_RU.UTF-8 picks Russian")
    }

    func testDefaultProfileIsCreatedOnFirstRun() throws {
        let r = try cli.run(["status", "--json"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let path = cli.home.appendingPathComponent("config/profile.json").path
        XCTAssertEqual(r.json?["profile"] as? String, path)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o600)
        XCTAssertEqual(r.json?["availability"] as? String, "available")
    }

    func testSwitchingAppleIntelligenceOnStartsTheDownload() throws {
        let copy = try cli.profileCopy("iphone-15-pro-ai-off")
        XCTAssertEqual(try cli.run(["--profile", copy.path, "profile", "set", "downloadSeconds", "4"]).status, 0)
        XCTAssertEqual(try cli.run(["--profile", copy.path, "profile", "set", "appleIntelligence", "true"]).status, 0)
        let during = try XCTUnwrap(try cli.run(["--profile", copy.path, "status", "--json"]).json)
        XCTAssertEqual(during["reason"] as? String, "modelNotReady")
        // The download is simulated against the wall clock; wait for it instead of timing it.
        var last: [String: Any] = during
        for _ in 0..<150 where last["availability"] as? String != "available" {
            Thread.sleep(forTimeInterval: 0.1)
            last = try XCTUnwrap(try cli.run(["--profile", copy.path, "status", "--json"]).json)
        }
        XCTAssertEqual(last["availability"] as? String, "available")
    }
}
