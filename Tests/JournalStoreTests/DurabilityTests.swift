import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

/// The durability promise (WAL, `synchronous=FULL`) in force on every connection, and the
/// limits on what an import may bring in (issue 9).
final class DurabilityTests: XCTestCase {
    /// `PRAGMA synchronous` is 2 (FULL) on a new journal, on a reopened one, and on a second
    /// connection open at the same time; secure_delete is on and the journal is in WAL mode.
    /// Source: sqlite.org/pragma.html#pragma_synchronous ("FULL (2)").
    func testSynchronousFullOnEveryConnection() throws {
        let (first, paths) = try makeJournal(self)
        _ = try first.add("one")
        let second = try SQLiteJournal(paths: paths)
        var reopened: SQLiteJournal?
        for journal in [first, second] {
            XCTAssertEqual(try journal.pragma("synchronous"), "2", "synchronous=FULL")
            XCTAssertEqual(try journal.pragma("journal_mode"), "wal")
            XCTAssertEqual(try journal.pragma("secure_delete"), "1")
        }
        reopened = try SQLiteJournal(paths: paths)
        XCTAssertEqual(try reopened?.pragma("synchronous"), "2")
        // `first` was made through the migration path, `reopened` through the current one.
    }

    func testImportRefusesAnOversizedEntryNamingTheLineAndTheLimit() throws {
        let (journal, _) = try makeJournal(self)
        let big = String(repeating: "a", count: InputLimits.entryBytes + 1)
        let text = "[2025-01-01 09:00] small\nbody\n\n[2025-01-02 09:00] \(big)\n"
        let file = try makeTempHome(self).appendingPathComponent("big.txt")
        try Data(text.utf8).write(to: file)
        XCTAssertThrowsError(try JrnlImport.importFile(file, into: journal, timeZone: utc)) {
            guard case .badImportFile(file.path, 4, .overLimit(2, let l))? = $0 as? JournalError else { return XCTFail("\($0)") }
            XCTAssertEqual(l.kind, .entryBytes)
            XCTAssertTrue("\($0)".contains("line 4") || "\($0)".contains(":4"), "\($0)")
            XCTAssertTrue("\($0)".contains(String(InputLimits.entryBytes)), "\($0)")
        }
        XCTAssertEqual(try journal.entryCount(), 0, "nothing from a file with an error")
    }

    func testImportRefusesTooManyTagsNamingTheEntry() throws {
        let (journal, _) = try makeJournal(self)
        let tags = (0...InputLimits.tagsPerEntry).map { "\"@t\($0)\"" }.joined(separator: ",")
        let json = #"{"entries": [{"date": "2025-01-01", "title": "fine"}, {"date": "2025-01-02", "title": "many", "tags": [\#(tags)]}]}"#
        let file = try makeTempHome(self).appendingPathComponent("tags.json")
        try Data(json.utf8).write(to: file)
        XCTAssertThrowsError(try JrnlImport.importFile(file, into: journal, timeZone: utc)) {
            guard case .badImportFile(_, _, .overLimit(2, let l))? = $0 as? JournalError else { return XCTFail("\($0)") }
            XCTAssertEqual(l, LimitExceeded(kind: .tagsPerEntry, found: InputLimits.tagsPerEntry + 1))
        }
        let inText = "[2025-01-01 09:00] " + (0...InputLimits.tagsPerEntry).map { "@t\($0)" }.joined(separator: " ")
        XCTAssertThrowsError(try JrnlImport.parse(Data(inText.utf8), path: "x.txt", timeZone: utc)) {
            guard case .badImportFile("x.txt", 1, .overLimit(1, _))? = $0 as? JournalError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try journal.add(NewEntry(text: "x", extraTags: (0...InputLimits.tagsPerEntry).map { "t\($0)" })))
    }

    func testExportLeavesNoTemporaryFileAndIsPrivate() throws {
        let (journal, _) = try makeJournal(self)
        _ = try journal.add("secret words")
        let dir = try makeTempHome(self)
        let old = umask(0)
        defer { umask(old) }
        let out = dir.appendingPathComponent("export.json")
        try JournalExport.write(journal, format: .json, toFile: out)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["export.json"])
        XCTAssertEqual(mode(out.path), 0o600)
        // A failing export removes its temporary file too.
        struct Boom: Error {}
        XCTAssertThrowsError(try JournalExport.writeFile(at: dir.appendingPathComponent("b.txt")) { handle in
            try handle.write(contentsOf: Data("half".utf8))
            throw Boom()
        })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["export.json"])
        XCTAssertEqual(TemporaryFiles.paths.filter { $0.hasPrefix(dir.path) }, [])
    }
}

/// A process killed while it checkpoints (the checkpoint SQLite runs when the app quits) leaves
/// a main file whose page 1 already counts pages that are still only in the -wal file. That
/// journal is whole: SQLite reads those pages from the log. It must open, not be called damaged.
final class InterruptedCheckpointTests: XCTestCase {
    func testAJournalKilledMidCheckpointOpensWhole() throws {
        let home = try makeTempHome(self)
        let paths = LanternlyPaths(home: home)
        let bodies = (0..<40).map { i in "entry \(i) " + String(repeating: "a quiet line of words ", count: 40 + i % 7) }
        do { _ = try SQLiteJournal(paths: paths) }  // created and closed: the schema is in the main file
        let copy = home.appendingPathComponent("copy", isDirectory: true)
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        let db = paths.database.path, copyDB = copy.appendingPathComponent("journal.sqlite3").path
        do {
            let j = try SQLiteJournal(paths: paths)
            for b in bodies { _ = try j.add(b) }
            // The files as they are while the journal is open: the new pages are in the log only.
            for suffix in ["", "-wal"] {
                try FileManager.default.copyItem(atPath: db + suffix, toPath: copyDB + suffix)
            }
        }
        // What the checkpoint wrote first: page 1 from the log's last frame for it.
        let wal = try Data(contentsOf: URL(fileURLWithPath: copyDB + "-wal"))
        func be32(_ d: Data, _ at: Int) -> Int { d[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        let pageSize = be32(wal, 8)
        var page1: Data?
        var at = 32
        while at + 24 + pageSize <= wal.count {
            if be32(wal, at) == 1 { page1 = Data(wal[(at + 24)..<(at + 24 + pageSize)]) }
            at += 24 + pageSize
        }
        let first = try XCTUnwrap(page1, "the log holds no page 1")
        let counted = be32(first, 28)
        let h = try XCTUnwrap(FileHandle(forWritingAtPath: copyDB))
        try h.seek(toOffset: 0)
        try h.write(contentsOf: first)
        try h.close()
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: copyDB)[.size] as? Int)
        XCTAssertGreaterThan(counted * pageSize, size, "the state to test: the main file is shorter than page 1 says")

        let reopened = try SQLiteJournal(url: URL(fileURLWithPath: copyDB))
        XCTAssertEqual(try reopened.entryCount(), bodies.count)
        XCTAssertEqual(try reopened.integrityCheck(), ["ok"])
        // Cut off for real (no log beside it): still reported, naming the file.
        let cut = home.appendingPathComponent("cut.sqlite3").path
        try FileManager.default.copyItem(atPath: copyDB, toPath: cut)
        let t = try XCTUnwrap(FileHandle(forWritingAtPath: cut))
        try t.truncate(atOffset: UInt64(pageSize * 2))
        try t.seek(toOffset: 0)
        try t.write(contentsOf: first)
        try t.close()
        XCTAssertThrowsError(try SQLiteJournal(url: URL(fileURLWithPath: cut))) { error in
            guard case JournalError.corrupt(let path, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, cut)
        }
    }
}
