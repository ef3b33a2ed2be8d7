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

/// Runs `body` as an unprivileged user. Not root: as is. Root: `folder` is given to `nobody`
/// (uid/gid from the password database, 65534 when missing), then the effective group, the
/// supplementary groups and the effective user become `nobody`'s for `body` and are put back
/// after it, whatever it throws.
func asUnprivilegedUser(owning folder: URL, _ body: () throws -> Void) throws {
    guard geteuid() == 0 else { return try body() }
    let uid = getpwnam("nobody")?.pointee.pw_uid ?? 65534
    let gid = getpwnam("nobody")?.pointee.pw_gid ?? 65534
    XCTAssertEqual(chown(folder.path, uid, gid), 0, "chown \(folder.path)")
    var saved = [gid_t](repeating: 0, count: Int(getgroups(0, nil)))
    let count = getgroups(Int32(saved.count), &saved)
    var only = [gid]
    XCTAssertEqual(setgroups(1, &only), 0)
    XCTAssertEqual(setegid(gid), 0)
    XCTAssertEqual(seteuid(uid), 0, "seteuid(nobody)")
    defer {
        XCTAssertEqual(seteuid(0), 0)
        XCTAssertEqual(setegid(0), 0)
        XCTAssertEqual(setgroups(Int(max(count, 0)), &saved), 0)
        // Root owns it again, so the teardown can remove it.
        _ = chown(folder.path, 0, 0)
    }
    try body()
}
