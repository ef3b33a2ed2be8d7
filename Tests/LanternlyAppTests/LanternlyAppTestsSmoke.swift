import XCTest

final class LanternlyAppTestsSmoke: XCTestCase {
    func testTargetBuilds() { XCTAssertEqual(1 + 1, 2) }
}
