import XCTest
@testable import LanternlyCore

final class DeviceCatalogTests: XCTestCase {
    /// FACTS.md, "Apple Intelligence eligibility".
    func testEveryFactsDeviceWithItsEligibility() throws {
        let c = try DeviceCatalog.shipped()
        let expected: [(String, Bool)] = [
            ("iPhone 15 Pro", true), ("iPhone 15 Pro Max", true), ("iPhone 16", true), ("iPhone 16 Plus", true),
            ("iPhone 16e", true), ("iPhone 16 Pro", true), ("iPhone 16 Pro Max", true), ("iPhone 17", true),
            ("iPhone 17 Pro", true), ("iPhone 17 Pro Max", true), ("iPhone Air", true),
            ("iPhone 15", false), ("iPhone 15 Plus", false), ("iPhone 14", false), ("iPhone 14 Pro", false),
            ("iPhone 13", false), ("iPhone SE (3rd generation)", false),
            ("iPad mini (A17 Pro)", true), ("iPad Air (M1)", true), ("iPad Pro (M1)", true), ("iPad Pro (M4)", true),
            ("MacBook Air (M1)", true), ("Mac mini (M2)", true), ("MacBook Pro (M4)", true),
            ("MacBook Pro (Intel)", false), ("Apple Vision Pro", true),
        ]
        for (name, eligible) in expected {
            let d = c.device(named: name)
            XCTAssertNotNil(d, name)
            XCTAssertEqual(d?.eligible, eligible, name)
            XCTAssertFalse(d?.chip.isEmpty ?? true, name)
        }
        XCTAssertEqual(c.device(named: "Apple Vision Pro")?.chip, "M2")
        XCTAssertEqual(Set(c.names).count, c.names.count, "names are unique")
        for d in c.devices where d.chip.hasPrefix("M") { XCTAssertTrue(d.eligible, "\(d.name): M1 or later is eligible") }
        for d in c.devices where d.chip.contains("Intel") { XCTAssertFalse(d.eligible, d.name) }
    }

    func testLookupIsCaseAndSpaceInsensitive() throws {
        let c = try DeviceCatalog.shipped()
        XCTAssertEqual(c.device(named: "  iphone  16 PRO ")?.name, "iPhone 16 Pro")
        XCTAssertNil(c.device(named: "iPhone 99"))
        XCTAssertFalse(c.isEligible("iPhone 99"), "an unknown device is not eligible")
    }

    func testEveryShippedProfileNamesACatalogDevice() throws {
        let c = try DeviceCatalog.shipped()
        for name in HardwareProfile.shippedNames {
            let p = try HardwareProfile.shipped(named: name)
            XCTAssertNotNil(c.device(named: p.device), name)
        }
    }

    func testMalformedCatalogIsAnError() {
        XCTAssertThrowsError(try DeviceCatalog(data: Data(#"{"devices": [{"name": 3}]}"#.utf8)))
    }
}
