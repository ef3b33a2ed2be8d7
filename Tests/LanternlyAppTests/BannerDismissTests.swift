import XCTest
@testable import LanternlyApp
import LanternlyCore
import TerminalUI

/// The "switch Apple Intelligence on" banner can be hidden with a key, remembered in
/// settings under its cause; it comes back when the reason changes. Other banners stay.
final class BannerDismissTests: XCTestCase {
    private func off(_ cause: String) -> AppStatus {
        var s = AppStatus(availability: .unavailable(.appleIntelligenceNotEnabled),
                          banner: "Apple Intelligence is off.", bannerOffersSettings: true)
        s.bannerDismissalKey = "appleIntelligenceNotEnabled:\(cause)"
        return s
    }

    func testCtrlXHidesTheBannerAndRemembersItInSettings() {
        var s = AppState()
        _ = reduce(&s, .statusPolled(off("switchedOff")))
        XCTAssertTrue(render(s, catalog: testCatalog).rowText(0).contains("Apple Intelligence is off."))
        XCTAssertTrue(render(s, catalog: testCatalog).rowText(0).contains("Ctrl-X"), render(s, catalog: testCatalog).rowText(0))
        let effects = reduce(&s, .keyPressed(.ctrl("x")))
        XCTAssertEqual(s.settings.dismissedBanner, "appleIntelligenceNotEnabled:switchedOff")
        XCTAssertEqual(effects, [.saveSettings(s.settings)])
        XCTAssertFalse(render(s, catalog: testCatalog).rowText(0).contains("Apple Intelligence is off."))
        // The next poll with the same reason keeps it hidden; a new cause brings it back.
        _ = reduce(&s, .statusPolled(off("switchedOff")))
        XCTAssertFalse(render(s, catalog: testCatalog).rowText(0).contains("Apple Intelligence is off."))
        _ = reduce(&s, .statusPolled(off("language:zh")))
        XCTAssertTrue(render(s, catalog: testCatalog).rowText(0).contains("Apple Intelligence is off."))
    }

    func testANotEligibleBannerCannotBeHidden() {
        var s = AppState()
        _ = reduce(&s, .statusPolled(AppStatus(availability: .unavailable(.deviceNotEligible), banner: "Not eligible.")))
        XCTAssertEqual(reduce(&s, .keyPressed(.ctrl("x"))), [])
        XCTAssertNil(s.settings.dismissedBanner)
        XCTAssertTrue(render(s, catalog: testCatalog).rowText(0).contains("Not eligible."))
        XCTAssertFalse(render(s, catalog: testCatalog).rowText(0).contains("Ctrl-X"))
    }

    func testTheDismissalKeyFollowsTheCause() throws {
        let strings = try StringCatalog.shipped()
        let devices = try DeviceCatalog.shipped()
        let d = LunaDiagnostics(file: nil, log: nil, strings: strings, devices: devices)
        var p = try HardwareProfile.shipped(named: "iphone-15-pro-ai-off")
        let offKey = d.bannerDismissalKey(for: .unavailable(.appleIntelligenceNotEnabled), profile: p)
        XCTAssertEqual(offKey, "appleIntelligenceNotEnabled:switchedOff")
        p.appleIntelligence = true
        p.deviceLanguage = "ru"
        XCTAssertNotEqual(d.bannerDismissalKey(for: .unavailable(.appleIntelligenceNotEnabled), profile: p), offKey)
        XCTAssertNil(d.bannerDismissalKey(for: .unavailable(.deviceNotEligible), profile: p))
        XCTAssertNil(d.bannerDismissalKey(for: .unavailable(.modelNotReady), profile: p))
        XCTAssertNil(d.bannerDismissalKey(for: .available, profile: p))
    }
}
