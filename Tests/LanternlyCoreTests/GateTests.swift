import XCTest
@testable import LanternlyCore

final class GateTests: XCTestCase {
    let catalog = try! DeviceCatalog.shipped()
    let t0 = Date(timeIntervalSince1970: 1_900_000_000)

    private func gate(_ p: HardwareProfile, at now: Date? = nil) -> ModelAvailability {
        AvailabilityGate.availability(profile: p, catalog: catalog, now: now ?? t0)
    }

    func testAvailable() {
        XCTAssertEqual(gate(HardwareProfile()), .available)
    }

    func testOSTooOldComesFirst() {
        // Ineligible device, AI off, nothing downloaded: the OS still decides first.
        let p = HardwareProfile(device: "iPhone 15", os: "iOS 18.6", appleIntelligence: false,
                                model: ModelDownload(state: .notDownloaded))
        XCTAssertEqual(gate(p), .unavailable(.osTooOld))
        XCTAssertEqual(gate(HardwareProfile(os: "macOS 15.3")), .unavailable(.osTooOld))
        XCTAssertEqual(gate(HardwareProfile(os: "iOS 26")), .available)
        XCTAssertEqual(gate(HardwareProfile(os: "iOS 27.0")), .available)
    }

    func testDeviceNotEligibleBeforeSettings() {
        let p = HardwareProfile(device: "iPhone 15", appleIntelligence: false, model: ModelDownload(state: .notDownloaded))
        XCTAssertEqual(gate(p), .unavailable(.deviceNotEligible))
        XCTAssertEqual(gate(HardwareProfile(device: "MacBook Pro (Intel)", os: "macOS 26.1")), .unavailable(.deviceNotEligible))
        XCTAssertEqual(gate(HardwareProfile(device: "Unknown Phone")), .unavailable(.deviceNotEligible))
    }

    func testNotEnabledBeforeModelState() {
        let off = HardwareProfile(appleIntelligence: false, model: ModelDownload(state: .notDownloaded))
        XCTAssertEqual(gate(off), .unavailable(.appleIntelligenceNotEnabled))
        XCTAssertEqual(AvailabilityGate.notEnabledCause(profile: off), .switchedOff)
    }

    func testLanguageAndRegionBlockAppleIntelligence() {
        let ruDevice = HardwareProfile(deviceLanguage: "ru")
        XCTAssertEqual(gate(ruDevice), .unavailable(.appleIntelligenceNotEnabled))
        XCTAssertEqual(AvailabilityGate.notEnabledCause(profile: ruDevice), .language("ru"))
        XCTAssertEqual(gate(HardwareProfile(siriLanguage: "ru-RU")), .unavailable(.appleIntelligenceNotEnabled))
        let cn = HardwareProfile(deviceLanguage: "zh-Hans", siriLanguage: "zh-Hans", region: "CN")
        XCTAssertEqual(gate(cn), .unavailable(.appleIntelligenceNotEnabled))
        XCTAssertEqual(AvailabilityGate.notEnabledCause(profile: cn), .region("CN"))
        XCTAssertEqual(gate(HardwareProfile(deviceLanguage: "zh-Hans", siriLanguage: "zh-Hans", region: "TW")), .available)
        XCTAssertEqual(gate(HardwareProfile(deviceLanguage: "en-GB", siriLanguage: "fr")), .available)
    }

    func testLanguagesAddedIn26_1() {
        XCTAssertFalse(AvailabilityGate.isAppleIntelligenceLanguage("sv", os: "iOS 26.0"))
        XCTAssertTrue(AvailabilityGate.isAppleIntelligenceLanguage("sv", os: "iOS 26.1"))
        XCTAssertFalse(AvailabilityGate.isAppleIntelligenceLanguage("pt-PT", os: "iOS 26.0"))
        XCTAssertTrue(AvailabilityGate.isAppleIntelligenceLanguage("pt-BR", os: "iOS 26.0"))
        XCTAssertFalse(AvailabilityGate.isAppleIntelligenceLanguage("zh-Hant", os: "iOS 26.0"))
        XCTAssertTrue(AvailabilityGate.isAppleIntelligenceLanguage("zh_Hans", os: "iOS 26.0"))
        for ru in ["ru", "ru-RU", "RU"] { XCTAssertFalse(AvailabilityGate.isAppleIntelligenceLanguage(ru, os: "iOS 27.0")) }
    }

    func testDownloadCompletesAfterDownloadSeconds() {
        var p = HardwareProfile(downloadSeconds: 20)
        p.startDownload(now: t0)
        XCTAssertEqual(gate(p, at: t0), .unavailable(.modelNotReady))
        XCTAssertEqual(gate(p, at: t0 + 19.9), .unavailable(.modelNotReady))
        XCTAssertEqual(gate(p, at: t0 + 20), .available)
        XCTAssertEqual(AvailabilityGate.downloadProgress(profile: p, now: t0), 0)
        XCTAssertEqual(AvailabilityGate.downloadProgress(profile: p, now: t0 + 10)!, 0.5, accuracy: 1e-9)
        XCTAssertEqual(AvailabilityGate.downloadProgress(profile: p, now: t0 + 30), 1)
    }

    func testLowStorageNeverCompletes() {
        var p = HardwareProfile(freeStorageGB: 6.9, downloadSeconds: 1)
        p.startDownload(now: t0)
        XCTAssertEqual(gate(p, at: t0 + 1_000_000), .unavailable(.modelNotReady))
        XCTAssertEqual(AvailabilityGate.downloadStatus(profile: p, now: t0 + 1_000_000), .stalled(freeStorageGB: 6.9))
        p.freeStorageGB = 7
        XCTAssertEqual(gate(p, at: t0 + 1), .available, "with 7 GB it finishes")
    }

    func testFrozenAndUnstartedDownloads() {
        let frozen = HardwareProfile(model: ModelDownload(state: .downloading, progress: 0.4))
        XCTAssertEqual(gate(frozen, at: t0 + 1e9), .unavailable(.modelNotReady))
        XCTAssertEqual(AvailabilityGate.downloadStatus(profile: frozen, now: t0), .inProgress(progress: 0.4))
        let none = HardwareProfile(model: ModelDownload(state: .notDownloaded))
        XCTAssertEqual(gate(none), .unavailable(.modelNotReady))
        XCTAssertNil(AvailabilityGate.downloadProgress(profile: none, now: t0))
    }

    func testShippedProfiles() throws {
        let expected: [String: ModelAvailability] = [
            "iphone-16-pro": .available, "iphone-15": .unavailable(.deviceNotEligible),
            "iphone-15-pro-ai-off": .unavailable(.appleIntelligenceNotEnabled),
            "iphone-16-downloading": .unavailable(.modelNotReady), "iphone-16-low-storage": .unavailable(.modelNotReady),
            "iphone-15-pro-ios18": .unavailable(.osTooOld), "mac-m1": .available,
            "intel-mac": .unavailable(.deviceNotEligible), "simulator": .unavailable(.appleIntelligenceNotEnabled),
        ]
        for (name, availability) in expected {
            XCTAssertEqual(gate(try HardwareProfile.shipped(named: name)), availability, name)
        }
        let low = try HardwareProfile.shipped(named: "iphone-16-low-storage")
        guard case .stalled = AvailabilityGate.downloadStatus(profile: low, now: t0) else {
            return XCTFail("low storage must stall")
        }
    }

    /// Issue 2, item 2: switching Apple Intelligence on starts a download that ends in `.available`.
    func testSwitchOnFlowEndsAvailable() throws {
        var p = try HardwareProfile.shipped(named: "iphone-15-pro-ai-off")
        XCTAssertEqual(gate(p), .unavailable(.appleIntelligenceNotEnabled))
        try p.set(key: "appleIntelligence", value: "true", now: t0, catalog: catalog)
        XCTAssertEqual(gate(p, at: t0 + 1), .unavailable(.modelNotReady))
        XCTAssertEqual(gate(p, at: t0 + p.downloadSeconds), .available)
    }

    func testFrozenDownloadClockCanBeStarted() throws {
        var p = try HardwareProfile.shipped(named: "iphone-16-downloading")
        XCTAssertTrue(p.startDownloadClockIfFrozen(now: t0))
        XCTAssertEqual(AvailabilityGate.downloadProgress(profile: p, now: t0), 0.4)
        XCTAssertEqual(gate(p, at: t0 + p.downloadSeconds), .available)
        XCTAssertFalse(p.startDownloadClockIfFrozen(now: t0 + 5), "already running")
        var ready = HardwareProfile()
        XCTAssertFalse(ready.startDownloadClockIfFrozen(now: t0))
    }

    func testRecheckRhythmIsWithinDesign() {
        XCTAssertTrue((10...30).contains(AvailabilityGate.notReadyRecheckInterval))
        XCTAssertLessThanOrEqual(AvailabilityGate.profilePollInterval, 2)
    }
}
