import XCTest

final class CLITestsSmoke: XCTestCase {
    func testTargetBuilds() { XCTAssertEqual(1 + 1, 2) }
}
