import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

/// A fresh folder under the system temp dir, removed when the test ends.
func makeTempHome(_ test: XCTestCase, file: StaticString = #filePath, line: UInt = #line) throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("lanternly-journal-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock {
        _ = chmod(url.path, 0o700)
        try? FileManager.default.removeItem(at: url)
    }
    return url
}

/// A journal in a fresh `--home`.
func makeJournal(_ test: XCTestCase) throws -> (SQLiteJournal, LanternlyPaths) {
    let paths = LanternlyPaths(home: try makeTempHome(test))
    return (try SQLiteJournal(paths: paths), paths)
}

/// The URL of a file under `Tests/JournalStoreTests/Fixtures/`.
func fixture(_ name: String) -> URL {
    Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent(name)
}

/// POSIX permission bits of `path`.
func mode(_ path: String) -> Int {
    var st = stat()
    guard stat(path, &st) == 0 else { return -1 }
    return Int(st.st_mode & 0o777)
}

let utc = TimeZone(identifier: "UTC")!
let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

/// A date from a UTC ISO 8601 string such as `2025-03-10T06:59:00Z`.
func isoDate(_ s: String) -> Date {
    let f = ISO8601DateFormatter()
    return f.date(from: s)!
}
