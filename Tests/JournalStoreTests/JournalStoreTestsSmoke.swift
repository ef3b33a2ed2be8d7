import XCTest

final class JournalStoreTestsSmoke: XCTestCase {
    func testTargetBuilds() { XCTAssertEqual(1 + 1, 2) }
}
