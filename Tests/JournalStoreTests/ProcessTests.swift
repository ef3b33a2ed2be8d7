import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

/// Durability across real processes: the test binary starts copies of itself that run
/// ``testChildWriterLoop`` (a writer that prints each id once `add` has returned).
final class ProcessTests: XCTestCase {
    private static let childDatabase = "LANTERNLY_JOURNAL_CHILD_DB"
    private static let childName = "LANTERNLY_JOURNAL_CHILD_NAME"
    private static let childCount = "LANTERNLY_JOURNAL_CHILD_COUNT"

    /// Runs only inside a child process: adds entries and reports each saved one on stdout.
    func testChildWriterLoop() throws {
        let env = ProcessInfo.processInfo.environment
        guard let path = env[Self.childDatabase] else { throw XCTSkip("runs only as a child of ProcessTests") }
        let name = env[Self.childName] ?? "child"
        let count = Int(env[Self.childCount] ?? "") ?? Int.max
        let journal = try SQLiteJournal(url: URL(fileURLWithPath: path))
        var i = 0
        while i < count {
            let e = try journal.add("\(name)-\(i) " + String(repeating: "words ", count: i % 40))
            FileHandle.standardOutput.write(Data("saved \(e.id) \(name)-\(i)\n".utf8))
            i += 1
        }
        // What this process sees in the journal at the end.
        FileHandle.standardOutput.write(Data("count \(try journal.entryCount())\n".utf8))
    }

    private func child(_ db: URL, name: String, count: Int?) throws -> (Process, Pipe) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        p.arguments = ["JournalStoreTests.ProcessTests/testChildWriterLoop"]
        var env = ProcessInfo.processInfo.environment
        env[Self.childDatabase] = db.path
        env[Self.childName] = name
        if let count { env[Self.childCount] = String(count) }
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        return (p, out)
    }

    /// Lines `saved ID NAME` read so far.
    private func savedLines(_ data: Data) -> [(Int64, String)] {
        String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 3, parts[0] == "saved", let id = Int64(parts[1]) else { return nil }
            return (id, String(parts[2]))
        }
    }

    func testKillDashNineLosesNothingReportedSaved() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment[Self.childDatabase] != nil)
        let db = try makeTempHome(self).appendingPathComponent("data/journal.sqlite3")
        _ = try SQLiteJournal(url: db)  // create it first
        let (p, out) = try child(db, name: "k", count: nil)
        var buffer = Data()
        let deadline = Date().addingTimeInterval(60)
        while savedLines(buffer).count < 150 && Date() < deadline {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
        }
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        buffer.append(out.fileHandleForReading.readDataToEndOfFile())
        let reported = savedLines(buffer)
        XCTAssertGreaterThanOrEqual(reported.count, 150)

        let journal = try SQLiteJournal(url: db)
        XCTAssertEqual(try journal.integrityCheck(), ["ok"])
        for (id, name) in reported {
            let e = try journal.entry(id: id)
            XCTAssertEqual(e?.body.hasPrefix(name + " ") ?? false || e?.body == name, true, "entry \(id) (\(name)) missing")
        }
    }

    func testTwoProcessesWritingAtOnceKeepEverything() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment[Self.childDatabase] != nil)
        let db = try makeTempHome(self).appendingPathComponent("data/journal.sqlite3")
        let (a, outA) = try child(db, name: "a", count: 150)
        let (b, outB) = try child(db, name: "b", count: 150)
        let dataA = outA.fileHandleForReading.readDataToEndOfFile()
        let dataB = outB.fileHandleForReading.readDataToEndOfFile()
        a.waitUntilExit()
        b.waitUntilExit()
        XCTAssertEqual(a.terminationStatus, 0)
        XCTAssertEqual(b.terminationStatus, 0)
        XCTAssertEqual(savedLines(dataA).count, 150)
        XCTAssertEqual(savedLines(dataB).count, 150)
        let journal = try SQLiteJournal(url: db)
        XCTAssertEqual(try journal.entryCount(), 300)
        var names = Set<String>()
        try journal.forEachEntry { names.insert(String($0.body.split(separator: " ").first ?? "")) }
        XCTAssertEqual(names, Set((0..<150).flatMap { ["a-\($0)", "b-\($0)"] }))
    }

    /// Two journals of one process on one file (the app and its services each open it) while
    /// another process opens and closes it: what this process writes afterwards reaches the
    /// file for everyone. (Reading the header with a plain open()/close() once dropped this
    /// process's POSIX locks, so the other process deleted the write-ahead log on its way out
    /// and later entries went into a deleted file, seen by no one else and lost on a crash.)
    func testASecondJournalInOneProcessLeavesTheFirstOnesLocksAlone() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment[Self.childDatabase] != nil)
        let db = try makeTempHome(self).appendingPathComponent("data/journal.sqlite3")
        let first = try SQLiteJournal(url: db)
        _ = try first.add("written first")
        let second = try SQLiteJournal(url: db)
        XCTAssertEqual(try second.entryCount(), 1)
        let (p, out) = try child(db, name: "other", count: 1)
        let seen = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertTrue(seen.contains("count 2"), seen)
        _ = try first.add("written after the other process closed the file")
        _ = try second.add("and one by the second journal")
        let (q, check) = try child(db, name: "check", count: 0)
        let counted = String(decoding: check.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        q.waitUntilExit()
        XCTAssertTrue(counted.contains("count 4"), "another process sees every entry: \(counted)")
    }

    /// Many processes opening one journal that does not exist yet, at the same moment:
    /// creating the file, switching it to WAL and migrating its schema race, and none of them
    /// may fail (some SQLite lock upgrades answer SQLITE_BUSY without waiting), in any round.
    func testManyProcessesCreatingOneJournalAtOnceAllSucceed() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment[Self.childDatabase] != nil)
        let processes = 12, perProcess = 3, rounds = 4
        for round in 0..<rounds {
            let db = try makeTempHome(self).appendingPathComponent("data/journal.sqlite3")
            var children: [(Process, Pipe)] = []
            for i in 0..<processes { children.append(try child(db, name: "r\(round)p\(i)", count: perProcess)) }
            var saved = 0
            for (p, out) in children {
                let data = out.fileHandleForReading.readDataToEndOfFile()
                p.waitUntilExit()
                XCTAssertEqual(p.terminationStatus, 0, "round \(round): a process failed to open or write")
                saved += savedLines(data).count
            }
            XCTAssertEqual(saved, processes * perProcess, "round \(round)")
            let journal = try SQLiteJournal(url: db)
            XCTAssertEqual(try journal.entryCount(), processes * perProcess, "round \(round)")
            XCTAssertEqual(try journal.integrityCheck(), ["ok"])
        }
    }
}
