import XCTest
import LanternlyCore
import TestSupport

/// Issue 9: files that may hold the person's words are private from their first instant;
/// folders Lanternly did not create keep their mode; limits and file fields are checked.
final class PrivacyTests: XCTestCase {
    private var home: TempHome!

    override func setUp() { home = TempHome() }
    override func tearDown() { home.remove() }

    private func mode(_ path: String) -> mode_t {
        var st = stat()
        XCTAssertEqual(lstat(path, &st), 0, path)
        return st.st_mode & 0o7777
    }

    // MARK: PrivateFile

    func testNewFileIsPrivateFromTheStartWhateverTheUmask() throws {
        let old = umask(0)
        defer { umask(old) }
        let file = try PrivateFile.create(in: home.url, prefix: "t-", suffix: ".md")
        XCTAssertEqual(mode(file.url.path), 0o600, "0600 at once, even at umask 000")
        try PrivateFile.write(Data("words".utf8), to: file)
        try PrivateFile.keep(file)
        XCTAssertEqual(mode(file.url.path), 0o600)
        let other = try PrivateFile.create(in: home.url, prefix: "t-", suffix: ".md")
        defer { PrivateFile.discard(other) }
        XCTAssertNotEqual(file.url, other.url, "random names")
        XCTAssertEqual(file.url.lastPathComponent.count, "t-".count + 16 + ".md".count)
    }

    func testPlantedLinkAndFileAtTheNameAreNeverFollowedNorReused() throws {
        // Someone guessed (or saw) the next names: a link to a file of theirs, and a file of theirs.
        let victim = home.url.appendingPathComponent("victim.txt")
        try Data("theirs".utf8).write(to: victim)
        let dir = home.url
        let name = { (n: UInt64) in dir.appendingPathComponent("x-" + String(format: "%016llx", n) + ".tmp") }
        XCTAssertEqual(symlink(victim.path, name(1).path), 0)
        try Data("planted".utf8).write(to: name(2))
        var sequence: [UInt64] = [1, 2, 3]
        let file = try PrivateFile.create(in: home.url, prefix: "x-", suffix: ".tmp", random: { sequence.removeFirst() })
        try PrivateFile.write(Data("journal".utf8), to: file)
        try PrivateFile.commit(file, to: home.url.appendingPathComponent("out.txt"))
        XCTAssertEqual(file.url, name(3), "the taken names are skipped")
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "theirs", "the link was not followed")
        XCTAssertEqual(try String(contentsOf: name(2), encoding: .utf8), "planted", "the planted file was not reused")
        XCTAssertEqual(try String(contentsOf: home.url.appendingPathComponent("out.txt"), encoding: .utf8), "journal")
    }

    func testCommitRefusesAFileSwappedInBeforeTheRename() throws {
        let target = home.url.appendingPathComponent("export.json")
        let file = try PrivateFile.create(in: home.url, prefix: ".export.json.", suffix: ".tmp")
        try PrivateFile.write(Data("journal".utf8), to: file)
        // Someone replaces the temporary file (a folder others can write).
        XCTAssertEqual(unlink(file.url.path), 0)
        try Data("swapped".utf8).write(to: file.url)
        XCTAssertThrowsError(try PrivateFile.commit(file, to: target))
        XCTAssertEqual(TemporaryFiles.paths.filter { $0.hasPrefix(home.url.path) }, [])
    }

    func testCommitRenamesAndForgetsTheFile() throws {
        let target = home.url.appendingPathComponent("settings.json")
        let file = try PrivateFile.create(in: home.url, prefix: ".settings.json.", suffix: ".tmp")
        XCTAssertTrue(TemporaryFiles.paths.contains(file.url.path), "listed for removal on SIGTERM while it exists")
        try PrivateFile.write(Data("{}".utf8), to: file)
        try PrivateFile.commit(file, to: target)
        XCTAssertFalse(TemporaryFiles.paths.contains(file.url.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.url.path))
        XCTAssertEqual(mode(target.path), 0o600)
    }

    func testAtomicWriteNeverFollowsAnotherUsersLink() throws {
        try XCTSkipIf(geteuid() != 0, "making a link owned by another user needs root")
        let victim = home.url.appendingPathComponent("victim")
        try Data("mine".utf8).write(to: victim)
        let link = home.url.appendingPathComponent("out.json")
        XCTAssertEqual(symlink(victim.path, link.path), 0)
        XCTAssertEqual(lchown(link.path, 65534, 65534), 0)
        XCTAssertThrowsError(try AtomicFile.write(Data("export".utf8), to: link) { NSError(domain: $0, code: 1) })
        XCTAssertEqual(try String(contentsOf: victim, encoding: .utf8), "mine")
    }

    func testAtomicWriteIsPrivateAtUmaskZero() throws {
        let old = umask(0)
        defer { umask(old) }
        let url = home.url.appendingPathComponent("profile.json")
        try AtomicFile.write(Data("{}".utf8), to: url) { NSError(domain: $0, code: 1) }
        XCTAssertEqual(mode(url.path), 0o600)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.url.path), ["profile.json"], "no temporary file left")
    }

    // MARK: Folders

    func testExistingFoldersKeepTheirModeAndMissingOnesAre0700() throws {
        let old = umask(0)
        defer { umask(old) }
        let data = home.url.appendingPathComponent("data")
        XCTAssertEqual(mkdir(data.path, 0o755), 0)
        XCTAssertFalse(try LanternlyPaths.ensureDirectory(data))
        XCTAssertEqual(mode(data.path), 0o755, "a folder Lanternly did not create is left as it is")
        let deep = home.url.appendingPathComponent("state/a/b")
        XCTAssertTrue(try LanternlyPaths.ensureDirectory(deep))
        for path in ["state", "state/a", "state/a/b"] {
            XCTAssertEqual(mode(home.url.appendingPathComponent(path).path), 0o700, path)
        }
        let paths = LanternlyPaths(home: home.url)
        XCTAssertEqual(paths.exposedFolders().map(\.lastPathComponent), ["data"])
    }

    func testPrivateFolderMustBeOursAndClosed() throws {
        let open = home.url.appendingPathComponent("editor")
        XCTAssertEqual(mkdir(open.path, 0o755), 0)
        XCTAssertThrowsError(try LanternlyPaths.ensurePrivateDirectory(open), "a folder others can open is refused")
        let link = home.url.appendingPathComponent("editor-link")
        XCTAssertEqual(symlink(open.path, link.path), 0)
        XCTAssertThrowsError(try LanternlyPaths.ensurePrivateDirectory(link), "a link is refused")
        let mine = home.url.appendingPathComponent("mine")
        try LanternlyPaths.ensurePrivateDirectory(mine)
        XCTAssertEqual(mode(mine.path), 0o700)
    }

    func testRelativeHomesAreResolvedOnceOrRefused() throws {
        let paths = try LanternlyPaths.resolve(home: "j/../journal", environment: [:], currentDirectory: "/srv/me")
        XCTAssertEqual(paths.data.path, "/srv/me/journal/data")
        XCTAssertThrowsError(try LanternlyPaths.resolve(home: nil, environment: ["LANTERNLY_HOME": "journal"])) {
            XCTAssertTrue("\($0)".contains("LANTERNLY_HOME must be an absolute path"), "\($0)")
        }
        // XDG: a relative value is ignored (XDG Base Directory Specification).
        let xdg = try LanternlyPaths.resolve(home: nil, environment: ["HOME": "/home/me", "XDG_DATA_HOME": "rel"])
        XCTAssertEqual(xdg.data.path, "/home/me/.local/share/lanternly")
    }

    // MARK: Limits

    func testEntryLimitsNameTheLimit() throws {
        XCTAssertEqual(InputLimits.entryBytes, 1_048_576)
        XCTAssertNoThrow(try InputLimits.checkEntry(String(repeating: "a", count: InputLimits.entryBytes)))
        XCTAssertThrowsError(try InputLimits.checkEntry(String(repeating: "я", count: InputLimits.entryBytes / 2 + 1))) {
            XCTAssertEqual($0 as? LimitExceeded, LimitExceeded(kind: .entryBytes, found: InputLimits.entryBytes + 2))
            XCTAssertTrue("\($0)".contains("1048576"), "\($0)")
        }
        let tags = (0...InputLimits.tagsPerEntry).map { "@t\($0)" }.joined(separator: " ")
        XCTAssertThrowsError(try InputLimits.checkEntry(tags)) {
            XCTAssertEqual($0 as? LimitExceeded, LimitExceeded(kind: .tagsPerEntry, found: InputLimits.tagsPerEntry + 1))
        }
        XCTAssertThrowsError(try InputLimits.checkEntry("hi", extraTags: (0...InputLimits.tagsPerEntry).map { "t\($0)" }))
        XCTAssertNoThrow(try InputLimits.checkEntry((1...InputLimits.tagsPerEntry).map { "@t\($0)" }.joined(separator: " ")))
    }

    func testLargeProfileAndSettingsFilesAreRefusedUnread() throws {
        let big = home.url.appendingPathComponent("profile.json")
        XCTAssertTrue(FileManager.default.createFile(atPath: big.path, contents: nil))
        XCTAssertEqual(truncate(big.path, 100 << 20), 0)  // 100 MB, sparse
        XCTAssertThrowsError(try HardwareProfile.load(from: big)) {
            XCTAssertEqual(($0 as? ProfileError)?.kind, .tooLarge)
            XCTAssertTrue("\($0)".contains(String(InputLimits.profileBytes)), "\($0)")
        }
        XCTAssertThrowsError(try InputLimits.readFile(big, limit: .settingsBytes)) {
            XCTAssertEqual($0 as? LimitExceeded, LimitExceeded(kind: .settingsBytes, found: 100 << 20))
        }
        XCTAssertThrowsError(try UserSettings.decodeFile(Data(count: InputLimits.settingsBytes + 1)))
        XCTAssertNil(try InputLimits.readFile(home.url.appendingPathComponent("none"), limit: .settingsBytes))
    }

    func testFileFieldsAreCheckedAsSetChecksThem() throws {
        XCTAssertThrowsError(try HardwareProfile(data: Data(#"{"region": "USA"}"#.utf8), path: "p.json")) {
            XCTAssertEqual(($0 as? ProfileError)?.key, "region")
        }
        XCTAssertEqual(try HardwareProfile(data: Data(#"{"region": "gb"}"#.utf8)).region, "GB")
        XCTAssertThrowsError(try HardwareProfile(data: Data(#"{"modelLanguages": []}"#.utf8))) {
            XCTAssertEqual(($0 as? ProfileError)?.key, "modelLanguages")
        }
        XCTAssertThrowsError(try UserSettings.decodeFile(Data(#"{"region": "Россия"}"#.utf8)))
        XCTAssertEqual(try UserSettings.decodeFile(Data(#"{"region": "ru"}"#.utf8)).region, "RU")
        for bad in ["USA", "1A", "", "Ü1"] { XCTAssertNil(UserSettings.regionCode(bad), bad) }
    }
}
