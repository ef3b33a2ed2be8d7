import XCTest
@testable import LanternlyCore
import TestSupport

final class DiagnosticsTests: XCTestCase {
    let strings = try! StringCatalog.shipped()
    let devices = try! DeviceCatalog.shipped()
    let t0 = Date(timeIntervalSince1970: 1_900_000_000)

    private func inMemory() -> LunaDiagnostics {
        let t0 = self.t0
        return LunaDiagnostics(file: nil, log: nil, strings: strings, devices: devices, now: { t0 })
    }

    private func banner(_ p: HardwareProfile, _ language: AppLanguage = .english) -> String? {
        let d = inMemory()
        return d.banner(for: AvailabilityGate.availability(profile: p, catalog: devices, now: t0), profile: p, language: language)
    }

    func testNoBannerWhenAvailableOrOnASimulator() throws {
        XCTAssertNil(banner(HardwareProfile()))
        let sim = try HardwareProfile.shipped(named: "simulator")
        XCTAssertFalse(AvailabilityGate.availability(profile: sim, catalog: devices, now: t0).isAvailable)
        XCTAssertNil(banner(sim), "no banner at all on a simulator profile")
    }

    func testOneHonestSentencePerReasonInBothLanguages() throws {
        let profiles = ["iphone-15", "iphone-15-pro-ai-off", "iphone-16-downloading", "iphone-16-low-storage",
                        "iphone-15-pro-ios18", "intel-mac"]
        var seen = Set<String>()
        for name in profiles {
            let p = try HardwareProfile.shipped(named: name)
            for language in AppLanguage.allCases {
                guard let b = banner(p, language) else { return XCTFail("\(name) needs a banner") }
                XCTAssertFalse(b.contains("%@"), b)
                XCTAssertTrue(seen.insert(b).inserted, "distinct: \(b)")
                let cyrillic = b.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) }
                XCTAssertEqual(cyrillic, language == .russian, b)
            }
        }
    }

    func testNotEligibleIsPermanent() {
        let b = banner(HardwareProfile(device: "iPhone 15"))!
        XCTAssertTrue(b.contains("iPhone 15"), b)
        for word in ["later", "soon", "wait", "download"] { XCTAssertFalse(b.lowercased().contains(word), b) }
    }

    func testNotEnabledNamesSettingsLanguageOrRegion() {
        XCTAssertTrue(banner(HardwareProfile(appleIntelligence: false))!.contains("settings"))
        XCTAssertTrue(banner(HardwareProfile(deviceLanguage: "ru"))!.contains("(ru)"))
        XCTAssertTrue(banner(HardwareProfile(region: "CN"))!.contains("CN"))
    }

    func testNotReadyShowsProgressOrStorage() {
        var p = HardwareProfile(downloadSeconds: 20)
        p.startDownload(now: t0 - 10)
        XCTAssertTrue(banner(p)!.contains("50%"), banner(p)!)
        XCTAssertTrue(banner(p, .russian)!.contains("50%"))
        p.freeStorageGB = 3.5
        let stalled = banner(p)!
        XCTAssertTrue(stalled.contains("7 GB") && stalled.contains("3.5 GB"), stalled)
        XCTAssertTrue(banner(p, .russian)!.contains("3,5 ГБ"), banner(p, .russian)!)
        XCTAssertTrue(banner(HardwareProfile(model: ModelDownload(state: .notDownloaded)))!.contains("isn't on this device"))
    }

    func testOldOSSaysAnUpdateWouldUnlockLunaOnlyOnEligibleDevices() {
        let eligible = banner(HardwareProfile(device: "iPhone 15 Pro", os: "iOS 18.6"))!
        XCTAssertTrue(eligible.contains("26") && eligible.contains("iOS 18.6"), eligible)
        let ineligible = banner(HardwareProfile(device: "MacBook Pro (Intel)", os: "macOS 15.3"))!
        XCTAssertFalse(ineligible.contains("26"), ineligible)
        XCTAssertTrue(ineligible.contains("can't run Apple Intelligence"), ineligible)
    }

    func testUnknownReasonStillHasABanner() {
        let d = inMemory()
        let b = d.banner(for: .unavailable(.unknown("somethingNew")), profile: HardwareProfile(), language: .english)
        XCTAssertEqual(b, strings.string("banner.unknown", .english))
        XCTAssertFalse(d.bannerOffersSettings(for: .unavailable(.unknown("somethingNew"))))
    }

    func testSettingsOfferedOnlyWhenNotEnabled() {
        let d = inMemory()
        XCTAssertTrue(d.bannerOffersSettings(for: .unavailable(.appleIntelligenceNotEnabled)))
        for a in [ModelAvailability.available, .unavailable(.deviceNotEligible), .unavailable(.modelNotReady), .unavailable(.osTooOld)] {
            XCTAssertFalse(d.bannerOffersSettings(for: a), "\(a)")
        }
    }

    // MARK: Persistence

    func testRecordPersistsAcrossInstancesWithPrivateFiles() throws {
        let home = TempHome()
        defer { home.remove() }
        let first = LunaDiagnostics(paths: home.paths, strings: strings, devices: devices)
        first.recordGenerationError(GenerationError.guardrailViolation, source: .onDevice)
        first.recordReply(source: .bank)
        XCTAssertNil(first.persistenceError)

        let second = LunaDiagnostics(paths: home.paths, strings: strings, devices: devices)
        XCTAssertEqual(second.lastSource, .bank)
        XCTAssertEqual(second.lastGenerationError, "guardrailViolation")
        XCTAssertEqual(second.current.lastGenerationErrorSource, .onDevice)
        XCTAssertEqual(TempHome.permissions(home.paths.diagnosticsFile), 0o600)
        XCTAssertEqual(TempHome.permissions(home.paths.reportLog), 0o600)
        XCTAssertEqual(TempHome.permissions(home.paths.state), 0o700)
    }

    func testLogLinesHoldOnlyNames() throws {
        let home = TempHome()
        defer { home.remove() }
        let d = LunaDiagnostics(paths: home.paths, strings: strings, devices: devices)
        struct Leaky: Error, CustomStringConvertible { var description: String { "user said: my secret" } }
        d.recordGenerationError(Leaky(), source: .pivot)
        d.recordGenerationError(CancellationError(), source: .onDevice)
        d.recordReply(source: .onDevice)
        d.recordReply(source: .crisis)
        let lines = d.log!.lines()
        XCTAssertEqual(lines.count, 3, "the crisis turn adds no line")
        let pattern = try NSRegularExpression(pattern: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ event=[A-Za-z]+( service=[a-z]+)?( source=[A-Za-z]+)?( error=[A-Za-z0-9._:-]+)?$"#)
        for line in lines {
            XCTAssertNotNil(pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)), line)
        }
        XCTAssertEqual(d.lastGenerationError, "cancelled")
        XCTAssertFalse(home.anyFileContains("secret"))
        XCTAssertEqual(d.lastSource, .crisis)
    }

    func testSnapshotAndReport() throws {
        let home = TempHome()
        defer { home.remove() }
        let d = LunaDiagnostics(paths: home.paths, strings: strings, devices: devices)
        d.recordGenerationError(GenerationError.exceededContextWindowSize, source: .onDevice)
        let p = try HardwareProfile.shipped(named: "iphone-16-low-storage")
        let availability = AvailabilityGate.availability(profile: p, catalog: devices, now: Date())
        let s = d.snapshot(availability: availability, profile: p, profilePath: "/x/profile.json", language: .english)
        XCTAssertEqual(s.availability, "unavailable")
        XCTAssertEqual(s.reason, "modelNotReady")
        XCTAssertEqual(s.downloadStatus, "stalled")
        XCTAssertEqual(s.lastGenerationError, "exceededContextWindowSize")
        XCTAssertFalse(s.bannerOffersSettings)
        let url = try d.writeReport(availability: availability, profile: p, profilePath: "/x/profile.json", language: .russian)
        XCTAssertEqual(TempHome.permissions(url), 0o600)
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.contains("Доступность: недоступна"), text)
        XCTAssertTrue(text.contains("exceededContextWindowSize"), text)
        XCTAssertTrue(text.contains("/x/profile.json"))
    }

    func testSourceLabels() {
        let d = inMemory()
        let labels = ReplySource.allCases.map { d.sourceLabel($0, language: .english) }
        XCTAssertEqual(Set(labels).count, labels.count)
        XCTAssertFalse(labels.contains { $0.hasPrefix("diagnostics.") })
    }
}
