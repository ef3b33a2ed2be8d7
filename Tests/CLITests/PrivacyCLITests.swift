import Foundation
import XCTest

/// Issue 9 through the command line: no user text where it should not be, folders we did not
/// create left alone, relative homes, limits, stderr.
final class PrivacyCLITests: XCTestCase {
    private var cli: CLIRunner!
    private var tmp: URL!

    override func setUpWithError() throws {
        cli = try CLIRunner()
        // The process's temporary folder is inside the home, so the scan covers it too.
        tmp = cli.home.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        cli.environment["TMPDIR"] = tmp.path
    }

    override func tearDown() { cli.cleanUp() }

    private func filesContaining(_ needle: String) -> [String] {
        cli.allFiles().filter { String(decoding: $0.1, as: UTF8.self).contains(needle) }.map(\.0)
    }

    /// With chat history off, a message is nowhere on disk afterwards: every file under the
    /// home is read, the journal, its WAL and the temporary folder included.
    func testNoUserTextOnDiskWithHistoryOff() throws {
        XCTAssertEqual(try cli.run(["settings", "set", "history", "off"]).status, 0)
        let copy = try cli.profileCopy("iphone-16-pro")
        _ = try cli.run(["--profile", copy.path, "write", "--quiet", "an entry to open the journal"])
        let r = try cli.run(["--profile", copy.path, "reply", "my cat Pumpernickel snored all night"])
        XCTAssertEqual(r.status, 0, r.stderr)
        // The plain chat keeps turns when history is on; here it must keep none.
        let chat = try cli.run(["--profile", copy.path, "chat", "--plain"],
                               stdin: Data("my cat Pumpernickel snored again\n/quit\n".utf8))
        XCTAssertEqual(chat.status, 0, chat.stderr)
        XCTAssertTrue(chat.stdout.contains("Luna ("), chat.stdout)
        _ = try cli.run(["--profile", copy.path, "diagnostics", "--write-report"])
        let files = cli.allFiles().map(\.0)
        XCTAssertTrue(files.contains { $0.hasSuffix("journal.sqlite3") }, "the journal is there and scanned: \(files)")
        XCTAssertEqual(filesContaining("Pumpernickel"), [])
    }

    /// A crisis message is never stored, whatever the settings: not in the chat history, the
    /// diagnostics, the report log, the journal's WAL or a temporary file.
    func testCrisisMessageIsNeverStored() throws {
        let copy = try cli.profileCopy("iphone-16-pro")
        let phrase = "I want to kill myself, Zanzibar"
        let r = try cli.run(["--profile", copy.path, "reply", phrase])
        XCTAssertEqual(r.status, 0, r.stderr)
        _ = try cli.run(["--profile", copy.path, "chat", "--plain"], stdin: Data("\(phrase)\n/quit\n".utf8))
        _ = try cli.run(["--profile", copy.path, "write", "--quiet", "an ordinary day"])  // the journal exists
        XCTAssertTrue(cli.allFiles().contains { $0.0.hasSuffix("journal.sqlite3") })
        XCTAssertEqual(filesContaining("Zanzibar"), [])
    }

    /// Anything echoed to standard error loses its escape sequences (a value from a file or
    /// an argument must not drive the terminal).
    func testStandardErrorIsSanitised() throws {
        let r = try cli.run(["list", "--from", "\u{1B}]0;owned\u{07}\u{1B}[2J2025"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("2025"), r.stderr)
        XCTAssertFalse(r.stderr.contains("\u{1B}"), r.stderr)
        XCTAssertFalse(r.stderr.contains("\u{07}"), r.stderr)
    }

    func testRelativeHomeIsRefused() throws {
        let r = try cli.run(["list"], env: ["LANTERNLY_HOME": "journal"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("LANTERNLY_HOME must be a full path"), r.stderr)
    }

    /// `--home DIR` with folders of the person's own: their modes stay, a warning says so, and
    /// what Lanternly creates inside is private.
    func testFoldersWeDidNotCreateKeepTheirMode() throws {
        let data = cli.home.appendingPathComponent("data")
        XCTAssertEqual(mkdir(data.path, 0o755), 0)
        XCTAssertEqual(chmod(data.path, 0o755), 0)
        let r = try cli.run(["write", "--quiet", "first"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(TempHomeMode.of(data.path), 0o755)
        XCTAssertTrue(r.stderr.contains("\(data.path) can be read by other people"), r.stderr)
        XCTAssertEqual(TempHomeMode.of(data.appendingPathComponent("journal.sqlite3").path), 0o600)
        _ = try cli.run(profile: "iphone-15", ["reply", "a quiet day"])
        XCTAssertEqual(TempHomeMode.of(cli.home.appendingPathComponent("state").path), 0o700, "created by us: 0700")
    }

    func testLimitsAreNamed() throws {
        let profile = try cli.profileCopy("iphone-16-pro")
        XCTAssertEqual(truncate(profile.path, 100 << 20), 0)
        let big = try cli.run(["--profile", profile.path, "status"])
        XCTAssertEqual(big.status, 1)
        XCTAssertTrue(big.stderr.contains("65536"), big.stderr)

        let settings = cli.home.appendingPathComponent("config/settings.json")
        try FileManager.default.createDirectory(at: settings.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"region": "Narnia"}"#.utf8).write(to: settings)
        let region = try cli.run(["settings", "show"])
        XCTAssertEqual(region.status, 1)
        XCTAssertTrue(region.stderr.contains("region"), region.stderr)
        try FileManager.default.removeItem(at: settings)

        let entry = try cli.run(["write", "--quiet"], stdin: Data(String(repeating: "a", count: (1 << 20) + 1).utf8))
        XCTAssertEqual(entry.status, 1)
        XCTAssertTrue(entry.stderr.contains("1048576"), entry.stderr)

        let file = cli.home.appendingPathComponent("import.txt")
        try Data(("[2025-01-01 09:00] ok\n\n[2025-01-02 10:00] " + String(repeating: "b", count: (1 << 20) + 1) + "\n").utf8).write(to: file)
        let imported = try cli.run(["import", "--from", "jrnl", file.path])
        XCTAssertEqual(imported.status, 1)
        XCTAssertTrue(imported.stderr.contains("line 3"), imported.stderr)
        XCTAssertTrue(imported.stderr.contains("1048576"), imported.stderr)
    }
}

/// Permission bits of a path.
enum TempHomeMode {
    static func of(_ path: String) -> Int {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_mode & 0o7777) : -1
    }
}
