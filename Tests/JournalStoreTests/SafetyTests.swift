import CSQLite
import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

final class SafetyTests: XCTestCase {
    func testPermissions() throws {
        let (journal, paths) = try makeJournal(self)
        _ = try journal.add("private")
        XCTAssertEqual(mode(paths.data.path), 0o700)
        XCTAssertEqual(mode(paths.database.path), 0o600)
        XCTAssertEqual(mode(paths.database.path + "-wal"), 0o600)
        XCTAssertEqual(mode(paths.database.path + "-shm"), 0o600)
    }

    func testForeignFileIsLeftUntouched() throws {
        let paths = LanternlyPaths(home: try makeTempHome(self))
        try LanternlyPaths.ensureDirectory(paths.data)
        let cases: [(String, Data, (JournalError) -> Bool)] = [
            ("text", Data("these are my notes, not a database\n".utf8), { $0 == .notADatabase(path: paths.database.path) }),
            ("short", Data("SQLite".utf8), { $0 == .notADatabase(path: paths.database.path) }),
            ("random", Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919) }), { $0 == .notADatabase(path: paths.database.path) }),
        ]
        for (name, bytes, expected) in cases {
            try bytes.write(to: paths.database)
            XCTAssertThrowsError(try SQLiteJournal(paths: paths), name) {
                XCTAssertTrue(expected($0 as! JournalError), "\(name): \($0)")
            }
            XCTAssertEqual(try Data(contentsOf: paths.database), bytes, name)
            XCTAssertFalse(FileManager.default.fileExists(atPath: paths.database.path + "-wal"))
        }
    }

    func testAnotherProgramsDatabaseIsLeftUntouched() throws {
        let paths = LanternlyPaths(home: try makeTempHome(self))
        try LanternlyPaths.ensureDirectory(paths.data)
        // Unmarked, with tables of its own.
        var db = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        try db.execute("CREATE TABLE photos(id INTEGER PRIMARY KEY, name TEXT); INSERT INTO photos(name) VALUES ('cat.jpg')")
        db.close()
        var before = try Data(contentsOf: paths.database)
        XCTAssertThrowsError(try SQLiteJournal(paths: paths)) {
            XCTAssertEqual($0 as? JournalError, .foreignDatabase(path: paths.database.path))
        }
        XCTAssertEqual(try Data(contentsOf: paths.database), before)

        // Marked with someone else's application_id.
        try FileManager.default.removeItem(at: paths.database)
        db = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        try db.execute("PRAGMA application_id = 42; CREATE TABLE t(x)")
        db.close()
        before = try Data(contentsOf: paths.database)
        XCTAssertThrowsError(try SQLiteJournal(paths: paths)) {
            XCTAssertEqual($0 as? JournalError, .foreignDatabase(path: paths.database.path))
            XCTAssertTrue("\($0)".contains(paths.database.path))
        }
        XCTAssertEqual(try Data(contentsOf: paths.database), before)
    }

    func testCorruptJournalIsLeftUntouched() throws {
        let paths = LanternlyPaths(home: try makeTempHome(self))
        // A version-1 journal of ours (so opening it wants a migration) with damaged pages.
        try LanternlyPaths.ensureDirectory(paths.data)
        let db = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        try db.execute("""
            CREATE TABLE entries(id INTEGER PRIMARY KEY, body TEXT NOT NULL, starred INTEGER NOT NULL DEFAULT 0,
                created_at INTEGER NOT NULL, time_zone TEXT NOT NULL);
            CREATE INDEX entries_created_at ON entries(created_at);
            CREATE TABLE chat_turns(id INTEGER PRIMARY KEY, message TEXT NOT NULL, reply TEXT NOT NULL,
                source TEXT NOT NULL, language TEXT NOT NULL, created_at INTEGER NOT NULL);
            PRAGMA application_id = 1280201804; PRAGMA user_version = 1;
            """)
        let ins = try db.prepare("INSERT INTO entries(body, created_at, time_zone) VALUES (?1, ?2, 'UTC')")
        for i in 0..<400 {
            ins.bind(1, String(repeating: "entry \(i) ", count: 40)); ins.bind(2, Int64(i))
            try ins.step(); ins.reset()
        }
        db.close()
        var bytes = try Data(contentsOf: paths.database)
        XCTAssertGreaterThan(bytes.count, 4096 * 8)
        for i in (4096 * 2)..<(4096 * 6) { bytes[i] = 0xA5 }
        try bytes.write(to: paths.database)
        XCTAssertThrowsError(try SQLiteJournal(paths: paths)) {
            guard case .corrupt(let path, _)? = $0 as? JournalError else { return XCTFail("\($0)") }
            XCTAssertEqual(path, paths.database.path)
        }
        XCTAssertEqual(try Data(contentsOf: paths.database), bytes)
    }

    func testDamagedCurrentJournalIsLeftUntouched() throws {
        let paths = LanternlyPaths(home: try makeTempHome(self))
        var journal: SQLiteJournal? = try SQLiteJournal(paths: paths)
        try journal!.bulkInsert((0..<300).map {
            NewEntry(text: String(repeating: "page filler \($0) ", count: 30), createdAt: Date(timeIntervalSince1970: Double($0)), timeZone: utc)
        })
        journal = nil  // last connection: checkpointed into the main file
        XCTAssertFalse(FileManager.default.fileExists(atPath: paths.database.path + "-wal"))
        let good = try Data(contentsOf: paths.database)

        var damaged = good
        for i in (4096 * 3)..<(4096 * 7) { damaged[i] = 0x5A }
        try damaged.write(to: paths.database)
        XCTAssertThrowsError(try SQLiteJournal(paths: paths)) {
            guard case .corrupt(paths.database.path, _)? = $0 as? JournalError else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(try Data(contentsOf: paths.database), damaged)

        let cut = good.prefix(good.count / 2)
        try cut.write(to: paths.database)
        XCTAssertThrowsError(try SQLiteJournal(paths: paths)) {
            guard case .corrupt(paths.database.path, _)? = $0 as? JournalError else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(try Data(contentsOf: paths.database), cut)
    }

    func testUnwritableFolderGivesAClearErrorAndTheDraftIsKept() throws {
        let home = try makeTempHome(self)
        let paths = LanternlyPaths(home: home)
        // The data folder cannot be created: a plain file sits where it should be. (Tests may
        // run as root, for whom permission bits do not stop a write.)
        try Data("x".utf8).write(to: paths.data)
        XCTAssertThrowsError(try SQLiteJournal(paths: paths)) {
            guard case .cannotWrite(let path, let reason)? = $0 as? JournalError else { return XCTFail("\($0)") }
            XCTAssertEqual(path, paths.data.path)
            XCTAssertFalse(reason.isEmpty)
        }
        let fallback = home.appendingPathComponent("tmp-fallback")
        let draft = try RecoveryDraft.save("Unsaved words 🌙 @tag", createdAt: Date(timeIntervalSince1970: 1_700_000_000),
                                           timeZone: losAngeles, paths: paths, fallback: fallback)
        XCTAssertEqual(draft.file.deletingLastPathComponent().path, RecoveryDraft.folder(in: paths).path)
        XCTAssertEqual(mode(draft.file.path), 0o600)
        XCTAssertEqual(mode(RecoveryDraft.folder(in: paths).path), 0o700)
        let pending = RecoveryDraft.pending(in: paths, fallback: fallback)
        XCTAssertEqual(pending.map(\.text), ["Unsaved words 🌙 @tag"])
        XCTAssertEqual(pending.first?.timeZoneIdentifier, "America/Los_Angeles")
        XCTAssertEqual(pending.first?.createdAt, Date(timeIntervalSince1970: 1_700_000_000))
        let (journal, _) = try makeJournal(self)
        let saved = try journal.add(pending[0].newEntry)
        XCTAssertEqual(saved.body, "Unsaved words 🌙 @tag")
        XCTAssertEqual(saved.createdAt, Date(timeIntervalSince1970: 1_700_000_000))
        XCTAssertEqual(saved.timeZoneIdentifier, "America/Los_Angeles")
        try pending[0].discard()
        XCTAssertEqual(RecoveryDraft.pending(in: paths, fallback: fallback), [])
    }

    func testDraftFallsBackWhenStateFolderIsUnwritable() throws {
        let home = try makeTempHome(self)
        let paths = LanternlyPaths(home: home)
        try Data("x".utf8).write(to: paths.state)
        let fallback = home.appendingPathComponent("tmp-fallback")
        let draft = try RecoveryDraft.save("kept anyway", paths: paths, fallback: fallback)
        XCTAssertEqual(draft.file.deletingLastPathComponent().path, fallback.path)
        XCTAssertEqual(mode(fallback.path), 0o700)
        XCTAssertEqual(RecoveryDraft.pending(in: paths, fallback: fallback).map(\.text), ["kept anyway"])

        try Data("y".utf8).write(to: home.appendingPathComponent("blocked"))
        XCTAssertThrowsError(try RecoveryDraft.save("nowhere", paths: paths,
                                                    fallback: home.appendingPathComponent("blocked/sub"))) {
            guard case .cannotWrite(let path, _)? = $0 as? JournalError else { return XCTFail("\($0)") }
            XCTAssertEqual(path, RecoveryDraft.folder(in: paths).path)
        }
    }

    func testADraftInTheSharedFallbackIsOfferedOnlyToItsOwnHome() throws {
        let root = try makeTempHome(self)
        let fallback = root.appendingPathComponent("shared-fallback")
        // Two homes of the same person whose state folders cannot be written: both fall back
        // to the one shared folder.
        var homes: [LanternlyPaths] = []
        for name in ["work", "personal", "backup copy"] {
            let paths = LanternlyPaths(home: root.appendingPathComponent(name))
            try FileManager.default.createDirectory(at: paths.state.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: paths.state)
            homes.append(paths)
        }
        try RecoveryDraft.save("for work only", paths: homes[0], fallback: fallback)
        try RecoveryDraft.save("личное", paths: homes[1], fallback: fallback)
        XCTAssertEqual(RecoveryDraft.pending(in: homes[0], fallback: fallback).map(\.text), ["for work only"])
        XCTAssertEqual(RecoveryDraft.pending(in: homes[1], fallback: fallback).map(\.text), ["личное"])
        XCTAssertEqual(RecoveryDraft.pending(in: homes[2], fallback: fallback).map(\.text), [])
        // A draft file from before drafts named their home is still offered (nothing lost).
        let legacy = #"{"text":"old words","createdAt":1700000000000,"timeZone":"UTC"}"#
        try Data(legacy.utf8).write(to: fallback.appendingPathComponent("draft-1-1-1.json"))
        XCTAssertTrue(RecoveryDraft.pending(in: homes[2], fallback: fallback).map(\.text).contains("old words"))
    }

    /// Runs as an unprivileged user whoever runs the tests: root (as CI does) takes the
    /// identity of `nobody` for the test (`setegid`/`seteuid`, put back afterwards), because
    /// root ignores permission bits and the test would prove nothing.
    func testReadOnlyFolderAndFileWhenNotRoot() throws {
        let home = try makeTempHome(self)
        try asUnprivilegedUser(owning: home) {
            XCTAssertNotEqual(geteuid(), 0)
            let paths = LanternlyPaths(home: home)
            XCTAssertEqual(chmod(home.path, 0o500), 0)
            XCTAssertThrowsError(try SQLiteJournal(paths: paths)) {
                XCTAssertEqual($0 as? JournalError, .cannotWrite(path: paths.data.path, reason: FileCause.permissionDenied.key))
            }
            XCTAssertEqual(chmod(home.path, 0o700), 0)

            var journal: SQLiteJournal? = try SQLiteJournal(paths: paths)
            _ = try journal!.add("before")
            journal = nil
            XCTAssertEqual(chmod(paths.database.path, 0o400), 0)
            let readOnly = try SQLiteJournal(paths: paths)
            XCTAssertEqual(try readOnly.latest(1).map(\.body), ["before"])
            XCTAssertThrowsError(try readOnly.add("after")) {
                guard case .cannotWrite(paths.database.path, _)? = $0 as? JournalError else { return XCTFail("\($0)") }
            }
            XCTAssertEqual(mode(paths.database.path), 0o400, "a read-only file stays read-only")
        }
    }

    func testEntryAt2359OnDSTDaysBelongsToThatDay() throws {
        let (journal, _) = try makeJournal(self)
        for day in ["2025-03-09", "2025-11-02"] {
            let d = LocalDay(day)!
            let instant = LocalClock.instant(day: d, hour: 23, minute: 59, in: losAngeles)
            let e = try journal.add("late \(day)", at: instant, timeZone: losAngeles)
            XCTAssertEqual(e.localDay, d)
            XCTAssertEqual(e.localTime, "23:59")
            XCTAssertEqual(try journal.entries(EntryQuery(from: d, to: d)).map(\.id), [e.id])
        }
        // Cross-check the instants against the known offsets: PDT (UTC-7) and PST (UTC-8).
        XCTAssertEqual(LocalClock.instant(day: LocalDay("2025-03-09")!, hour: 23, minute: 59, in: losAngeles),
                       isoDate("2025-03-10T06:59:00Z"))
        XCTAssertEqual(LocalClock.instant(day: LocalDay("2025-11-02")!, hour: 23, minute: 59, in: losAngeles),
                       isoDate("2025-11-03T07:59:00Z"))
        XCTAssertEqual(LocalClock(isoDate("2025-03-10T06:59:00Z"), in: losAngeles).day.description, "2025-03-09")
        XCTAssertEqual(LocalClock(isoDate("2025-03-10T06:59:00Z"), in: utc).day.description, "2025-03-10")
        // The gap: 02:30 does not exist on 2025-03-09; it lands after the gap.
        XCTAssertEqual(LocalClock(LocalClock.instant(day: LocalDay("2025-03-09")!, hour: 2, minute: 30, in: losAngeles),
                                  in: losAngeles).time, "03:30")
        // The overlap: 01:30 happens twice on 2025-11-02; the first one is taken.
        XCTAssertEqual(LocalClock.instant(day: LocalDay("2025-11-02")!, hour: 1, minute: 30, in: losAngeles),
                       isoDate("2025-11-02T08:30:00Z"))
    }

    func testTwoWritersConcurrently() throws {
        let paths = LanternlyPaths(home: try makeTempHome(self))
        let a = try SQLiteJournal(paths: paths)
        let b = try SQLiteJournal(paths: paths)
        let errors = ErrorBox()
        let group = DispatchGroup()
        for (name, journal) in [("a", a), ("b", b)] {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                for i in 0..<200 {
                    do {
                        _ = try journal.add("\(name)-\(i)")
                        if i % 50 == 0 { _ = try journal.latest(10) }
                    } catch {
                        errors.append("\(name)-\(i): \(error)")
                    }
                }
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 120), .success)
        XCTAssertEqual(errors.all, [])
        let c = try SQLiteJournal(paths: paths)
        var bodies = Set<String>()
        try c.forEachEntry { bodies.insert($0.body) }
        XCTAssertEqual(bodies.count, 400)
        for name in ["a", "b"] { for i in 0..<200 { XCTAssertTrue(bodies.contains("\(name)-\(i)")) } }
        XCTAssertEqual(try c.integrityCheck(), ["ok"])
    }

    func testOneInstanceSharedAcrossThreads() throws {
        let (journal, _) = try makeJournal(self)
        DispatchQueue.concurrentPerform(iterations: 4) { t in
            for i in 0..<50 { _ = try! journal.add("t\(t)-\(i)") }
        }
        XCTAssertEqual(try journal.entryCount(), 200)
    }

    func testErrorMessagesAreLocalized() throws {
        let catalog = try StringCatalog.shipped()
        let errors: [JournalError] = [
            .notADatabase(path: "/p"), .foreignDatabase(path: "/p"), .corrupt(path: "/p", reason: "r"),
            .newerSchema(path: "/p", version: 9), .cannotWrite(path: "/p", reason: "r"), .busy(path: "/p"),
            .entryNotFound(id: 3), .badImportFile(path: "/p", line: 2, problem: .badDate("x")),
            .badImportFile(path: "/p", line: nil, problem: .noEntries), .database(path: "/p", code: 1, message: "m"),
        ]
        for e in errors {
            let en = e.message(catalog, .english), ru = e.message(catalog, .russian)
            XCTAssertFalse(en.contains("journal.error") || en.contains("journal.import"), en)
            XCTAssertFalse(ru.contains("journal.error") || ru.contains("journal.import"), ru)
            XCTAssertNotEqual(en, ru)
            if case .entryNotFound = e { XCTAssertTrue(en.contains("3")) } else { XCTAssertTrue(en.contains("/p"), en) }
        }
    }
}

/// A thread-safe list of failures.
final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ s: String) { lock.lock(); items.append(s); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}

/// Two journals of one process opened at the same moment (the app's journal and the daily
/// question's, at start-up): neither open may drop the other's POSIX lock on the file. A plain
/// open()/close() of the database by one thread releases every lock the process holds on it
/// (sqlite.org/howtocorrupt.html §2.2); in WAL mode the SHARED lock is what keeps another
/// process, closing its last connection, from checkpointing and deleting the -wal file under
/// this one. The locks are read from /proc/locks (proc(5)).
final class ConcurrentOpenTests: XCTestCase {
    /// The POSIX locks this process holds on `path`'s inode, as /proc/locks lists them.
    private func locksHeld(on path: String) throws -> Int {
        var st = stat()
        guard stat(path, &st) == 0 else { return 0 }
        let inode = String(st.st_ino)
        let me = String(getpid())
        let text = try String(contentsOfFile: "/proc/locks", encoding: .utf8)
        return text.split(separator: "\n").filter { line in
            let f = line.split(separator: " ", omittingEmptySubsequences: true)
            // "1: POSIX  ADVISORY  READ 1234 08:01:5678 1073741824 1073741824"
            guard f.count >= 6, f[1] == "POSIX", f[4] == me else { return false }
            return f[5].split(separator: ":").last.map(String.init) == inode
        }.count
    }

    func testOpeningAtOnceKeepsEveryLock() throws {
        try XCTSkipUnless(FileManager.default.isReadableFile(atPath: "/proc/locks"), "needs /proc/locks")
        let paths = LanternlyPaths(home: try makeTempHome(self))
        do {
            let seed = try SQLiteJournal(paths: paths)
            for i in 0..<20 { _ = try seed.add("entry \(i)") }
        }
        let db = paths.database.path
        // One after the other: a reader, then a writer (the writer's open must see the file
        // as already open in this process).
        do {
            let reader = try SQLiteJournal.openForReading(paths: paths)
            XCTAssertEqual(try reader.entryCount(), 20)
            XCTAssertGreaterThan(try locksHeld(on: db), 0)
            let writer = try SQLiteJournal(paths: paths)
            XCTAssertEqual(try writer.entryCount(), 20)
            XCTAssertGreaterThan(try locksHeld(on: db), 0, "opening a second journal dropped the first one's lock")
        }
        for round in 0..<40 {
            let box = JournalPair()
            DispatchQueue.concurrentPerform(iterations: 2) { i in
                do {
                    let j = i == 0 ? try SQLiteJournal(paths: paths) : try SQLiteJournal.openForReading(paths: paths)
                    _ = try j.entryCount()
                    box.keep(j)
                } catch {
                    box.fail("\(error)")
                }
            }
            XCTAssertEqual(box.failures, [], "round \(round)")
            let held = box.journals
            XCTAssertEqual(held.count, 2)
            XCTAssertEqual(try held.map { try $0.entryCount() }, [20, 20], "round \(round)")
            XCTAssertGreaterThan(try locksHeld(on: db), 0, "round \(round): the open journals hold no lock on \(db)")
        }
    }
}

private final class JournalPair: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var journals: [SQLiteJournal] = []
    private(set) var failures: [String] = []
    func keep(_ j: SQLiteJournal) { lock.withLock { journals.append(j) } }
    func fail(_ s: String) { lock.withLock { failures.append(s) } }
}
