import XCTest

/// Bad input and hostile environments: a clear message, nothing lost, never a crash.
final class BadInputCLITests: XCTestCase {
    var cli: CLIRunner!
    override func setUpWithError() throws { cli = try CLIRunner() }
    override func tearDown() { cli.cleanUp() }

    func testCrisisIsAnsweredEvenWithABrokenSettingsFile() throws {
        let config = cli.home.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try Data("garbage{".utf8).write(to: config.appendingPathComponent("settings.json"))
        let r = try cli.run(["reply", "--json", "I want to kill myself"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.json?["source"] as? String, "crisis")
        XCTAssertTrue((r.json?["text"] as? String ?? "").contains("988"))
        // Anything else still reports the broken file, naming it.
        let other = try cli.run(["reply", "a calm day"])
        XCTAssertEqual(other.status, 1)
        XCTAssertTrue(other.stderr.contains("settings.json"), other.stderr)
    }

    func testCrisisAtTheEndOfALongEntryIsSeen() throws {
        let text = String(repeating: "today was long. ", count: 4200) + "I want to kill myself"
        let r = try cli.run(["write"], stdin: Data(text.utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("988"), String(r.stdout.prefix(300)))
    }

    func testAFailedWriteToStandardOutputIsAnErrorNotACrash() throws {
        _ = try cli.run(["write", "--quiet", "one entry"])
        let p = Process()
        p.executableURL = CLIRunner.binary
        p.arguments = ["list"]
        p.environment = cli.environment
        p.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let err = Pipe()
        p.standardError = err
        try p.run()
        p.waitUntilExit()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(p.terminationStatus, 1, stderr)
        XCTAssertTrue(stderr.contains("could not be written"), stderr)
        XCTAssertFalse(stderr.contains("Fatal error"), stderr)
    }

    func testExportFollowsALinkAndNeverReplacesAFolder() throws {
        _ = try cli.run(["write", "--quiet", "an entry to export"])
        let target = cli.home.appendingPathComponent("target.txt")
        let link = cli.home.appendingPathComponent("link.txt")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        XCTAssertEqual(try cli.run(["export", "--format", "txt", "--output", link.path]).status, 0)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path)
        XCTAssertTrue(try String(contentsOf: target, encoding: .utf8).contains("an entry to export"))

        let folder = cli.home.appendingPathComponent("a-folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let r = try cli.run(["export", "--format", "txt", "--output", folder.path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains(folder.path), r.stderr)
        var isDir: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDir) && isDir.boolValue)
    }

    func testAProfileThatIsAFolderOrAPipeIsRefusedWithoutBlocking() throws {
        let fifo = cli.home.appendingPathComponent("profile.fifo").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        for path in [fifo, cli.home.path] {
            let r = try cli.run(["--profile", path, "status"])
            XCTAssertEqual(r.status, 1)
            XCTAssertTrue(r.stderr.contains(path), r.stderr)
        }
    }

    func testNumbersAndEmptyHomeAreChecked() throws {
        XCTAssertEqual(try cli.run(["history", "-n", "-1"]).status, 2)
        XCTAssertEqual(try cli.run(["history", "-n", "abc"]).status, 2)
        XCTAssertEqual(try cli.run(["list", "-n", "99999999999999999999"]).status, 2)
        XCTAssertEqual(try cli.run(["--home", "", "status"]).status, 2)
    }

    func testAFilterThatMatchesNothingSaysSo() throws {
        _ = try cli.run(["write", "--quiet", "an entry @home"])
        let r = try cli.run(["list", "--tag", "elsewhere"])
        XCTAssertEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("match"), r.stderr)
    }
}
