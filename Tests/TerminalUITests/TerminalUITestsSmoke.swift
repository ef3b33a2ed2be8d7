import XCTest

final class TerminalUITestsSmoke: XCTestCase {
    func testTargetBuilds() { XCTAssertEqual(1 + 1, 2) }
}
