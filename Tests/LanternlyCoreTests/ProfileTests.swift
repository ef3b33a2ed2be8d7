import XCTest
@testable import LanternlyCore
import TestSupport

final class ProfileTests: XCTestCase {
    private var devices: DeviceCatalog { get throws { try DeviceCatalog.shipped() } }

    private func decodeError(_ json: String, path: String = "/tmp/p.json") -> ProfileError? {
        do {
            _ = try HardwareProfile(data: Data(json.utf8), path: path, catalog: try devices)
            return nil
        } catch let e as ProfileError {
            return e
        } catch {
            XCTFail("unexpected error \(error)")
            return nil
        }
    }

    func testEmptyObjectDecodesToDefaults() throws {
        let p = try HardwareProfile(data: Data("{}".utf8))
        XCTAssertEqual(p, HardwareProfile())
        XCTAssertEqual(p.modelLanguages, ["en"])
        XCTAssertFalse(p.simulator)
        XCTAssertEqual(p.model.state, .ready)
        XCTAssertNil(p.faults.respond)
    }

    func testIssueExampleDecodesEveryField() throws {
        let json = """
        { "device": "iphone 15 pro", "os": "iOS 26.1", "appleIntelligence": false,
          "freeStorageGB": 6.5, "deviceLanguage": "fr", "siriLanguage": "de", "region": "gb",
          "model": { "state": "downloading", "progress": 0.25, "downloadStartedAt": "2026-01-31T09:30:00Z" },
          "modelLanguages": ["en", "ru"], "simulator": true,
          "downloadSeconds": 5, "faults": { "respond": "delay:2.5" } }
        """
        let p = try HardwareProfile(data: Data(json.utf8), catalog: try devices)
        XCTAssertEqual(p.device, "iPhone 15 Pro", "catalog spelling")
        XCTAssertFalse(p.appleIntelligence)
        XCTAssertEqual(p.freeStorageGB, 6.5)
        XCTAssertEqual(p.deviceLanguage, "fr")
        XCTAssertEqual(p.siriLanguage, "de")
        XCTAssertEqual(p.region, "GB")
        XCTAssertEqual(p.model.state, .downloading)
        XCTAssertEqual(p.model.progress, 0.25)
        XCTAssertEqual(p.model.startedAt, Date(timeIntervalSince1970: 1_769_851_800))
        XCTAssertEqual(p.supportedLanguages, [.english, .russian])
        XCTAssertTrue(p.simulator)
        XCTAssertEqual(p.downloadSeconds, 5)
        XCTAssertEqual(p.faults.respond, .delay(2.5))
    }

    func testFaultSpellings() {
        XCTAssertEqual(RespondFault(string: "guardrailViolation"), .guardrailViolation)
        XCTAssertEqual(RespondFault(string: "exceededContextWindowSize"), .exceededContextWindowSize)
        XCTAssertEqual(RespondFault(string: "empty"), .empty)
        XCTAssertEqual(RespondFault(string: "delay:3"), .delay(3))
        XCTAssertNil(RespondFault(string: "delay:-1"))
        XCTAssertNil(RespondFault(string: "delay:soon"))
        XCTAssertNil(RespondFault(string: "crash"))
        XCTAssertEqual(RespondFault.delay(3).description, "delay:3")
    }

    func testWrongTypeNamesFileAndKey() {
        let e = decodeError(#"{"freeStorageGB": "lots"}"#, path: "/home/x/profile.json")
        XCTAssertEqual(e?.kind, .wrongType)
        XCTAssertEqual(e?.key, "freeStorageGB")
        XCTAssertTrue(e?.description.contains("/home/x/profile.json") == true, e?.description ?? "")
        XCTAssertTrue(e?.description.contains("\"freeStorageGB\": expected a number") == true, e?.description ?? "")
    }

    func testNestedWrongTypeNamesDottedKey() {
        let e = decodeError(#"{"model": {"state": "downloading", "progress": "half"}}"#)
        XCTAssertEqual(e?.kind, .wrongType)
        XCTAssertEqual(e?.key, "model.progress")
        let b = decodeError(#"{"appleIntelligence": "yes"}"#)
        XCTAssertEqual(b?.key, "appleIntelligence")
        XCTAssertTrue(b?.description.contains("true or false") == true)
        let l = decodeError(#"{"modelLanguages": "en"}"#)
        XCTAssertEqual(l?.key, "modelLanguages")
    }

    func testNotJSON() {
        let e = decodeError("{ device: iPhone", path: "/p/broken.json")
        XCTAssertEqual(e?.kind, .notJSON)
        XCTAssertTrue(e?.description.hasPrefix("/p/broken.json: not valid JSON") == true, e?.description ?? "")
        XCTAssertEqual(decodeError("[1, 2]")?.kind, .wrongType)
    }

    func testBadValuesAndUnknownKeys() {
        let s = decodeError(#"{"model": {"state": "done"}}"#)
        XCTAssertEqual(s?.kind, .badValue)
        XCTAssertEqual(s?.key, "model.state")
        XCTAssertTrue(s?.description.contains("notDownloaded, downloading or ready") == true)
        XCTAssertEqual(decodeError(#"{"model": {"state": "downloading", "progress": 1.5}}"#)?.key, "model.progress")
        XCTAssertEqual(decodeError(#"{"os": "twenty-six"}"#)?.key, "os")
        XCTAssertEqual(decodeError(#"{"faults": {"respond": "explode"}}"#)?.key, "faults.respond")
        XCTAssertEqual(decodeError(#"{"freeStorageGB": -1}"#)?.key, "freeStorageGB")
        let u = decodeError(#"{"appleInteligence": true}"#)
        XCTAssertEqual(u?.kind, .unknownKey)
        XCTAssertEqual(u?.key, "appleInteligence")
        XCTAssertTrue(u?.description.contains("appleIntelligence") == true, "lists the known keys")
    }

    func testUnknownDeviceListsKnownOnes() {
        let e = decodeError(#"{"device": "iPhone 99"}"#)
        XCTAssertEqual(e?.kind, .unknownDevice)
        XCTAssertTrue(e?.description.contains("\"iPhone 99\"") == true)
        XCTAssertTrue(e?.description.contains("iPhone 16 Pro") == true)
        XCTAssertTrue(e?.description.contains("MacBook Pro (Intel)") == true)
    }

    func testMissingFileSuggestsASafeFix() {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/profile.json")
        XCTAssertThrowsError(try HardwareProfile.load(from: url)) { error in
            let e = error as? ProfileError
            XCTAssertEqual(e?.kind, .missingFile)
            XCTAssertTrue(e?.description.contains(url.path) == true)
            // A safe fix: a shipped profile by name; never `profile use`, which writes a profile.
            XCTAssertTrue(e?.description.contains("--profile iphone-16-pro") == true, e?.description ?? "")
            XCTAssertFalse(e?.description.contains("profile use") == true, e?.description ?? "")
        }
    }

    func testSaveIsAtomicPrivateAndRoundTrips() throws {
        let home = TempHome()
        defer { home.remove() }
        var p = HardwareProfile(device: "iPhone 16", freeStorageGB: 12.5)
        p.startDownload(now: Date(timeIntervalSince1970: 1_800_000_000))
        p.faults.respond = .delay(4)
        p.modelLanguages = ["en", "ru"]
        let url = home.paths.defaultProfile
        try p.save(to: url)
        XCTAssertEqual(try HardwareProfile.load(from: url), p)
        XCTAssertEqual(TempHome.permissions(url), 0o600)
        XCTAssertEqual(TempHome.permissions(url.deletingLastPathComponent()), 0o700)
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.contains("\"downloadStartedAt\""))
        XCTAssertTrue(text.contains("delay:4"))
        // No temporary file is left beside it.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path), ["profile.json"])
    }

    func testEveryShippedProfileLoads() throws {
        let names = HardwareProfile.shippedNames
        for expected in ["iphone-16-pro", "iphone-15", "iphone-15-pro-ai-off", "iphone-16-downloading",
                         "iphone-16-low-storage", "iphone-15-pro-ios18", "mac-m1", "intel-mac", "simulator"] {
            XCTAssertTrue(names.contains(expected), expected)
            XCTAssertNoThrow(try HardwareProfile.shipped(named: expected), expected)
        }
        XCTAssertEqual(try HardwareProfile.shipped(named: "iphone-16-pro"), HardwareProfile())
        XCTAssertThrowsError(try HardwareProfile.shipped(named: "pixel-9")) { error in
            XCTAssertTrue("\(error)".contains("iphone-15-pro-ai-off"), "lists the shipped ones")
        }
    }

    // MARK: profile set

    func testSwitchingOnStartsDownloadOnEligibleDevice() throws {
        var p = try HardwareProfile.shipped(named: "iphone-15-pro-ai-off")
        let now = Date(timeIntervalSince1970: 1_900_000_000)
        try p.set(key: "appleIntelligence", value: "true", now: now, catalog: try devices)
        XCTAssertTrue(p.appleIntelligence)
        XCTAssertEqual(p.model, ModelDownload(state: .downloading, progress: 0, startedAt: now))
    }

    func testSwitchingOnIneligibleDeviceStartsNothing() throws {
        var p = try HardwareProfile.shipped(named: "iphone-15")
        p.appleIntelligence = false
        p.model = ModelDownload(state: .notDownloaded)
        // A chip that cannot run it has no switch: refused with the reason, nothing started.
        XCTAssertThrowsError(try p.set(key: "appleIntelligence", value: "on", now: Date(), catalog: try devices)) {
            XCTAssertTrue("\($0)".contains("cannot run Apple Intelligence"), "\($0)")
        }
        XCTAssertFalse(p.appleIntelligence)
        XCTAssertEqual(p.model.state, .notDownloaded)
        var mac = try HardwareProfile.shipped(named: "intel-mac")
        mac.appleIntelligence = false
        XCTAssertThrowsError(try mac.set(key: "appleIntelligence", value: "true", now: Date(), catalog: try devices))
    }

    func testAnEligibleDeviceWithAppleIntelligenceOnDownloadsItsModelHoweverItGotThere() throws {
        let c = try devices
        let t0 = Date(timeIntervalSince1970: 2_000_000_000)
        func profile(_ device: String, os: String, free: Double) -> HardwareProfile {
            var p = HardwareProfile()
            p.device = device; p.os = os; p.appleIntelligence = true; p.freeStorageGB = free
            p.model = ModelDownload(state: .notDownloaded)
            return p
        }
        // Edited by hand / by another program: the live profile starts the download (in memory).
        for device in ["iPhone 16 Pro", "iPhone 15 Pro Max", "MacBook Air (M1)"] {
            let platform = c.device(named: device)!.platform
            var p = profile(device, os: "\(platform) 26.1", free: 64)
            XCTAssertTrue(p.startDownloadIfDue(now: t0, catalog: c), device)
            XCTAssertEqual(p.model.state, .downloading)
        }
        // Not when it cannot: too little storage, a system without the framework, not eligible.
        var low = profile("iPhone 16 Pro", os: "iOS 26.1", free: 5)
        XCTAssertFalse(low.startDownloadIfDue(now: t0, catalog: c))
        var old = profile("iPhone 16 Pro", os: "iOS 18.4", free: 64)
        XCTAssertFalse(old.startDownloadIfDue(now: t0, catalog: c))
        var no = profile("iPhone 15", os: "iOS 26.1", free: 64)
        XCTAssertFalse(no.startDownloadIfDue(now: t0, catalog: c))
        // A system update in Settings (18 → 26) and freeing space both start it.
        try old.set(key: "os", value: "iOS 26.1", now: t0, catalog: c)
        XCTAssertEqual(old.model.state, .downloading)
        try low.set(key: "freeStorageGB", value: "64", now: t0, catalog: c)
        XCTAssertEqual(low.model.state, .downloading)
        // A file on disk that says so: LiveProfile downloads without rewriting the file.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lanternly-profile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("p.json")
        try profile("iPhone 16 Pro", os: "iOS 26.1", free: 64).save(to: file)
        let before = try Data(contentsOf: file)
        let live = try LiveProfile(url: file, devices: c, clock: { t0 })
        XCTAssertEqual(live.profile.model.state, .downloading)
        XCTAssertEqual(try Data(contentsOf: file), before)
    }

    func testALowStorageDownloadResumesWhereItStopped() throws {
        let c = try devices
        let t0 = Date(timeIntervalSince1970: 2_000_000_000)
        var p = HardwareProfile()
        p.device = "iPhone 16 Pro"; p.os = "iOS 26.1"; p.appleIntelligence = true; p.freeStorageGB = 64
        p.downloadSeconds = 100
        p.startDownload(now: t0)
        // 15 s in, space runs out; 400 s later it is freed.
        try p.set(key: "freeStorageGB", value: "2", now: t0 + 15, catalog: c)
        XCTAssertEqual(AvailabilityGate.downloadProgress(profile: p, now: t0 + 200)!, 0.15, accuracy: 0.001)
        try p.set(key: "freeStorageGB", value: "64", now: t0 + 415, catalog: c)
        XCTAssertEqual(AvailabilityGate.downloadProgress(profile: p, now: t0 + 415)!, 0.15, accuracy: 0.001)
        XCTAssertEqual(AvailabilityGate.downloadProgress(profile: p, now: t0 + 415 + 17)!, 0.15 + 0.85 * 0.17, accuracy: 0.001)
        XCTAssertEqual(AvailabilityGate.downloadStatus(profile: p, now: t0 + 415 + 100), .complete)
    }

    func testTheSystemFollowsTheDevice() throws {
        let c = try devices
        let now = Date()
        var p = try HardwareProfile.shipped(named: "iphone-16-pro")
        for wrong in ["iPadOS 26.1", "macOS 15.5", "visionOS 26.1"] {
            XCTAssertThrowsError(try p.set(key: "os", value: wrong, now: now, catalog: c), wrong)
        }
        try p.set(key: "os", value: "iOS 18.4", now: now, catalog: c)
        try p.set(key: "device", value: "MacBook Air (M1)", now: now, catalog: c)
        XCTAssertEqual(p.os, "macOS 15.4")
        try p.set(key: "os", value: "macOS 26.1", now: now, catalog: c)
        try p.set(key: "device", value: "iPhone 16 Pro", now: now, catalog: c)
        XCTAssertEqual(p.os, "iOS 26.1")
    }

    func testBooleansTakeOnOffTrueFalseOnly() throws {
        var p = try HardwareProfile.shipped(named: "iphone-16-pro")
        for bad in ["yes", "no", "1", "0", "enabled", ""] {
            XCTAssertThrowsError(try p.set(key: "simulator", value: bad, now: Date(), catalog: try devices)) {
                XCTAssertTrue("\($0)".contains("on or off"), "\($0)")
            }
        }
        try p.set(key: "simulator", value: "on", now: Date(), catalog: try devices)
        XCTAssertTrue(p.simulator)
    }

    func testSetEveryKey() throws {
        var p = HardwareProfile()
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let c = try devices
        try p.set(key: "device", value: "macbook air (m1)", now: now, catalog: c)
        XCTAssertEqual(p.device, "MacBook Air (M1)")
        try p.set(key: "os", value: "macOS 26.1", now: now, catalog: c)
        try p.set(key: "freeStorageGB", value: "3", now: now, catalog: c)
        try p.set(key: "deviceLanguage", value: "ru", now: now, catalog: c)
        try p.set(key: "siriLanguage", value: "en-GB", now: now, catalog: c)
        try p.set(key: "region", value: "ru", now: now, catalog: c)
        try p.set(key: "model.state", value: "downloading", now: now, catalog: c)
        try p.set(key: "model.progress", value: "0.5", now: now, catalog: c)
        try p.set(key: "modelLanguages", value: "en, ru", now: now, catalog: c)
        try p.set(key: "simulator", value: "true", now: now, catalog: c)
        try p.set(key: "downloadSeconds", value: "2", now: now, catalog: c)
        try p.set(key: "faults.respond", value: "empty", now: now, catalog: c)
        XCTAssertEqual(p.os, "macOS 26.1")
        XCTAssertEqual(p.freeStorageGB, 3)
        XCTAssertEqual(p.region, "RU")
        XCTAssertEqual(p.model, ModelDownload(state: .downloading, progress: 0.5, startedAt: now))
        XCTAssertEqual(p.modelLanguages, ["en", "ru"])
        XCTAssertTrue(p.simulator)
        XCTAssertEqual(p.downloadSeconds, 2)
        XCTAssertEqual(p.faults.respond, .empty)
        try p.set(key: "faults.respond", value: "none", now: now, catalog: c)
        XCTAssertNil(p.faults.respond)
        try p.set(key: "model.state", value: "ready", now: now, catalog: c)
        XCTAssertEqual(p.model, ModelDownload(state: .ready))
    }

    func testSetRejectsUnknownKeysAndBadValues() throws {
        var p = HardwareProfile()
        let c = try devices
        let cases: [(String, String, ProfileError.Kind)] = [
            ("colour", "blue", .unknownKey), ("freeStorageGB", "lots", .badValue),
            ("freeStorageGB", "-3", .badValue), ("appleIntelligence", "maybe", .badValue),
            ("model.state", "finished", .badValue), ("model.progress", "2", .badValue),
            ("region", "Narnia", .badValue), ("os", "26.1", .badValue), ("faults.respond", "boom", .badValue),
            ("device", "iPhone 99", .unknownDevice), ("modelLanguages", "", .badValue),
        ]
        for (key, value, kind) in cases {
            XCTAssertThrowsError(try p.set(key: key, value: value, now: Date(), catalog: c), "\(key)=\(value)") { error in
                let e = error as? ProfileError
                XCTAssertEqual(e?.kind, kind, "\(key)=\(value)")
                XCTAssertTrue(e?.description.contains(key) == true || kind == .unknownDevice, e?.description ?? "")
            }
        }
        XCTAssertEqual(p, HardwareProfile(), "a refused value changes nothing")
    }

    // MARK: LiveProfile

    func testLiveProfileFollowsEditsAndKeepsTheLastGoodOne() throws {
        let home = TempHome()
        defer { home.remove() }
        let url = home.paths.defaultProfile
        try HardwareProfile().save(to: url)
        let live = try LiveProfile(url: url, devices: try devices)
        XCTAssertFalse(live.refresh(), "unchanged file")
        try Data(#"{"device": "iPhone 15", "appleIntelligence": false}"#.utf8).write(to: url)
        XCTAssertTrue(live.refresh())
        XCTAssertEqual(live.profile.device, "iPhone 15")
        XCTAssertEqual(live.provider().appleIntelligence, false)
        try Data("{ not json at all".utf8).write(to: url)
        XCTAssertTrue(live.refresh())
        XCTAssertEqual(live.loadError?.kind, .notJSON)
        XCTAssertEqual(live.profile.device, "iPhone 15", "keeps the last good profile")
        try live.update { try $0.set(key: "device", value: "iPhone 16", now: Date(), catalog: try self.devices) }
        XCTAssertNil(live.loadError)
        XCTAssertEqual(try HardwareProfile.load(from: url).device, "iPhone 16")
        XCTAssertFalse(live.refresh(), "its own write is not a change")
        XCTAssertThrowsError(try live.update { try $0.set(key: "nope", value: "1", now: Date(), catalog: try self.devices) })
        XCTAssertEqual(try HardwareProfile.load(from: url).device, "iPhone 16", "a refused change writes nothing")
    }

    func testLiveProfileRefusesABrokenFileAtStart() throws {
        let home = TempHome()
        defer { home.remove() }
        XCTAssertThrowsError(try LiveProfile(url: home.paths.defaultProfile, devices: try devices)) {
            XCTAssertEqual(($0 as? ProfileError)?.kind, .missingFile)
        }
    }
}

extension ProfileTests {
    /// Another device has no model yet, and switching Apple Intelligence off removes it: both
    /// lead back through a download (DESIGN.md §5).
    func testNewDeviceOrSwitchingOffStartsOverTheDownload() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var p = HardwareProfile()  // iPhone 16 Pro, model ready
        XCTAssertEqual(p.model.state, .ready)
        try p.set(key: "device", value: "iPhone 15 Pro", now: now, catalog: try devices)
        XCTAssertEqual(p.model.state, .downloading)
        XCTAssertEqual(p.model.startedAt, now)

        var q = HardwareProfile()
        try q.set(key: "appleIntelligence", value: "false", now: now, catalog: try devices)
        XCTAssertEqual(q.model.state, .notDownloaded)
        try q.set(key: "appleIntelligence", value: "true", now: now, catalog: try devices)
        XCTAssertEqual(q.model.state, .downloading)

        var r = HardwareProfile()
        try r.set(key: "device", value: "iPhone 15", now: now, catalog: try devices)  // not eligible
        XCTAssertEqual(r.model.state, .notDownloaded)
    }
}

/// Foundation and system errors become plain causes in our words, in each language.
final class FileCauseTests: XCTestCase {
    func testFoundationAndSystemErrorsBecomePlainCauses() throws {
        let catalog = try StringCatalog.shipped()
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/x")
        XCTAssertThrowsError(try Data(contentsOf: missing)) { XCTAssertEqual(FileCause($0), .noSuchFile) }
        XCTAssertThrowsError(try Data("x".utf8).write(to: missing)) { XCTAssertEqual(FileCause($0), .noSuchFile) }
        XCTAssertEqual(FileCause(CocoaError(.fileWriteOutOfSpace)), .noSpace)
        XCTAssertEqual(FileCause(NSError(domain: NSPOSIXErrorDomain, code: Int(EISDIR))), .isFolder)
        XCTAssertEqual(FileCause(PrivateFile.SystemError(function: "open", code: EACCES)), .permissionDenied)
        XCTAssertEqual(FileCause(errno: ENOTDIR), .notFolder)
        for cause in FileCause.allCases {
            for language in AppLanguage.allCases {
                XCTAssertNotNil(catalog.value(cause.key, language), "\(cause.key) [\(language)]")
            }
        }
        XCTAssertEqual(FileCause.localized("cause.noSpace", catalog, .russian), catalog.value("cause.noSpace", .russian))
    }
}
