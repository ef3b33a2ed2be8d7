import XCTest
import TerminalUI
@testable import LanternlyApp

final class UIBenchmarkTests: XCTestCase {
    func testTheBenchmarkFramesChangeAndShowTheNewestMessage() {
        var frames: [ScreenBuffer] = []
        let times = UIBenchmark.renderAndPaint(iterations: 3, catalog: testCatalog) { frames.append($0) }
        XCTAssertEqual(times.count, 3)
        XCTAssertEqual(frames.count, 3)
        XCTAssertNotEqual(frames[0].textDump(), frames[1].textDump(), "each iteration types a character")
        XCTAssertEqual(frames[0].width, 200)
        XCTAssertEqual(frames[0].height, 60)
        XCTAssertTrue(frames[2].textDump().contains("#999"))
    }
}
