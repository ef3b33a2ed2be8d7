import XCTest

final class LanternlyCoreTestsSmoke: XCTestCase {
    func testTargetBuilds() { XCTAssertEqual(1 + 1, 2) }
}
