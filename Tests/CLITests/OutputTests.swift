import Foundation
import XCTest
@testable import lanternly

/// `Output.error` strips escape and control sequences itself, whatever its caller did: a value
/// from a file, an argument or the journal must not drive the terminal through stderr.
final class OutputTests: XCTestCase {
    /// What `body` writes to file descriptor 2 (stderr pointed at a temporary file meanwhile).
    private func capturingStandardError(_ body: () -> Void) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lanternly-stderr-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        XCTAssertGreaterThanOrEqual(fd, 0)
        fflush(stderr)
        let saved = dup(STDERR_FILENO)
        dup2(fd, STDERR_FILENO)
        body()
        fflush(stderr)
        dup2(saved, STDERR_FILENO)
        close(saved)
        close(fd)
        return try String(contentsOf: url, encoding: .utf8)
    }

    func testErrorLinesLoseEscapeSequences() throws {
        let written = try capturingStandardError {
            Output.error("lanternly: \u{1B}]0;owned\u{07}\u{1B}[2Jbad value\u{9B}31m here")
        }
        XCTAssertTrue(written.contains("bad value"), written)
        XCTAssertTrue(written.hasSuffix("\n"), written)
        for c in ["\u{1B}", "\u{07}", "\u{9B}"] { XCTAssertFalse(written.contains(c), written) }
    }
}
