import CSQLite
import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

/// Imports build the search index in one pass at the end (``SQLiteJournal/withSearchIndexInBulk``):
/// the index must be the one that adding the entries one at a time builds, and an import that
/// fails must leave nothing behind, the trigger included.
final class BulkImportTests: XCTestCase {
    /// Entries in several languages and scripts, with tags, stars, case and accents.
    private func sample() -> [NewEntry] {
        let texts = [
            "A quiet evening with tea @home. The lantern light was soft.",
            "Walked to the CAFÉ on the corner; the rain stopped at last.",
            "Наряжали Ёлку вечером. Фонарь во дворе снова горит @дом",
            "ПРОГУЛКА по парку, потом чай и книга.",
            "今日は猫が窓辺で寝ていた。灯籠の明かりがきれいだった。",
            "雨の日。カフェで本を読んだ @日記",
            "今天下雨了。我在家里喝茶，看书。猫在睡觉。",
            "灯笼很美。明天见。",
            "Straße und Café, ΟΔΥΣΣΕΥΣ came home",
            "qx marks the spot, and it ends in qx",
            "Mixed: tea 茶 and чай and thé",
            "Short",
        ]
        var out: [NewEntry] = []
        for (i, t) in texts.enumerated() {
            out.append(NewEntry(text: t, createdAt: Date(timeIntervalSince1970: 1_600_000_000 + Double(i) * 86_400),
                                timeZoneIdentifier: i % 3 == 0 ? "Europe/Moscow" : "UTC", starred: i % 4 == 0,
                                extraTags: i == 5 ? ["Travel"] : []))
        }
        return out
    }

    private let queries = ["tea", "TEA", "lantern", "café", "cafe\u{301}", "ёлку", "фонарь", "чай", "прогулка",
                           "猫", "灯籠", "明かり", "雨", "茶", "灯笼", "看书", "鯨", "鯨鮫", "strasse", "οδυσσευς",
                           "qx", "in qx", "ai", "é", "purple elephant", "Short", "日記"]

    private func results(_ j: SQLiteJournal) throws -> [String: [String]] {
        var out: [String: [String]] = [:]
        for q in queries { out[q] = try j.search(q, limit: 50).map(\.entry.body) }
        return out
    }

    private func triggerSQL(_ paths: LanternlyPaths) throws -> [String] {
        let db = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READONLY)
        defer { db.close() }
        return try db.strings("SELECT name || ':' || sql FROM sqlite_schema WHERE type = 'trigger' ORDER BY name")
    }

    func testBulkIndexAnswersAsTheRowByRowIndex() throws {
        let (byRow, _) = try makeJournal(self)
        for e in sample() { _ = try byRow.add(e) }
        let (bulk, bulkPaths) = try makeJournal(self)
        let triggersBefore = try triggerSQL(bulkPaths)
        let result = try bulk.importEntries(sample())
        XCTAssertEqual(result, ImportResult(added: sample().count))

        let expected = try results(byRow)
        XCTAssertEqual(try results(bulk), expected)
        // The sample is not trivially empty: most queries find something.
        XCTAssertGreaterThan(expected.values.filter { !$0.isEmpty }.count, 18)
        XCTAssertEqual(expected["猫"]?.count, 2, "Japanese and Chinese entries both have 猫")
        XCTAssertEqual(expected["qx"]?.count, 1)
        XCTAssertEqual(expected["鯨"], [])
        XCTAssertEqual(try bulk.tagCounts(), try byRow.tagCounts())

        // The trigram index matches its content exactly (FTS5's own check), and the trigger is
        // back as it was: an entry added after the import is indexed as it is written.
        let db = try SQLiteConnection(path: bulkPaths.database.path, flags: SQLITE_OPEN_READWRITE)
        try db.execute("INSERT INTO entries_fts(entries_fts, rank) VALUES ('integrity-check', 1)")
        XCTAssertEqual(try db.scalarInt("PRAGMA freelist_count"), 0, "no free pages are left in the file")
        db.close()
        XCTAssertEqual(try triggerSQL(bulkPaths), triggersBefore)
        let later = try bulk.add(NewEntry(text: "Later: a whale 鯨 in the bay", createdAt: Date(), timeZoneIdentifier: "UTC"))
        XCTAssertEqual(try bulk.search("鯨").map(\.entry.id), [later.id])
        XCTAssertEqual(try bulk.search("whale").map(\.entry.id), [later.id])
        XCTAssertEqual(try bulk.integrityCheck(), ["ok"])
    }

    func testImportIntoAJournalWithEntriesIndexesOnlyTheNewOnesOnce() throws {
        let (j, paths) = try makeJournal(self)
        let all = sample()
        for e in all.prefix(5) { _ = try j.add(e) }
        let result = try j.importEntries(all)
        XCTAssertEqual(result, ImportResult(added: all.count - 5, skipped: 5))
        let (byRow, _) = try makeJournal(self)
        for e in all { _ = try byRow.add(e) }
        XCTAssertEqual(try results(j), try results(byRow))
        let db = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READWRITE)
        defer { db.close() }
        try db.execute("INSERT INTO entries_fts(entries_fts, rank) VALUES ('integrity-check', 1)")
    }

    func testReimportAddsNoDuplicatesAndSearchFindsEachEntryOnce() throws {
        let (j, _) = try makeJournal(self)
        XCTAssertEqual(try j.importEntries(sample()).added, sample().count)
        let again = try j.importEntries(sample())
        XCTAssertEqual(again, ImportResult(added: 0, skipped: sample().count))
        XCTAssertEqual(try j.entryCount(), sample().count)
        XCTAssertEqual(try j.search("tea").count, 2)
        XCTAssertEqual(try j.search("猫").count, 2)
        // Repeats inside one file are counted as such and added once.
        let (k, _) = try makeJournal(self)
        let doubled = sample() + sample().prefix(3)
        XCTAssertEqual(try k.importEntries(doubled), ImportResult(added: sample().count, repeated: 3))
    }

    /// The reading thread gives entries in order, passes the reader's error on in its place,
    /// and is finished when the writer stops early: `next` is never called after `run` returns.
    func testTheImportFeedKeepsOrderAndStopsWithTheWriter() throws {
        let entries = (0..<2_000).map {
            NewEntry(text: "Entry \($0) @t\($0 % 7)", createdAt: Date(timeIntervalSince1970: Double($0) * 60), timeZoneIdentifier: "UTC")
        }
        var i = 0
        var seen: [String] = []
        try ImportFeed.run({ () -> NewEntry? in
            defer { i += 1 }
            return i < entries.count ? entries[i] : nil
        }, { p in seen.append(p.entry.text) })
        XCTAssertEqual(seen, entries.map(\.text))

        struct Stop: Error {}
        let calls = NSLock()
        var served = 0
        var written = 0
        XCTAssertThrowsError(try ImportFeed.run({ () -> NewEntry? in
            calls.lock(); defer { calls.unlock() }
            served += 1
            return entries[served % entries.count]
        }, { _ in
            written += 1
            if written == 3 { throw Stop() }
        })) { XCTAssertTrue($0 is Stop) }
        calls.lock()
        let servedAtReturn = served
        calls.unlock()
        usleep(50_000)
        calls.lock()
        XCTAssertEqual(served, servedAtReturn, "the reading thread ended with the writer")
        calls.unlock()
        XCTAssertLessThan(servedAtReturn, ImportFeed.batchSize * (ImportFeed.maxBatches + 3), "it read only a bounded way ahead")

        struct Broken: Error {}
        var n = 0
        var got = 0
        XCTAssertThrowsError(try ImportFeed.run({ () throws -> NewEntry? in
            n += 1
            if n == 600 { throw Broken() }
            return entries[n]
        }, { _ in got += 1 })) { XCTAssertTrue($0 is Broken) }
        XCTAssertEqual(got, 599, "every entry before the error is written, in order, then the error")
    }

    func testAFailedImportLeavesNothingHalfDone() throws {
        let (j, paths) = try makeJournal(self)
        let first = try j.add(NewEntry(text: "Already here: tea in the garden", createdAt: Date(timeIntervalSince1970: 1_500_000_000),
                                       timeZoneIdentifier: "UTC"))
        let triggers = try triggerSQL(paths)
        struct Broken: Error {}
        var queue = sample()
        var served = 0
        XCTAssertThrowsError(try j.importEntries { () throws -> NewEntry? in
            guard served < 8 else { throw Broken() }
            served += 1
            return queue.removeFirst()
        }) { XCTAssertTrue($0 is Broken, "\($0)") }
        XCTAssertEqual(served, 8, "entries were inserted before the failure")
        XCTAssertEqual(try j.entryCount(), 1)
        XCTAssertEqual(try j.search("tea").map(\.entry.id), [first.id])
        XCTAssertEqual(try j.search("猫").map(\.entry.id), [])
        XCTAssertEqual(try j.tagCounts(), [])
        XCTAssertEqual(try triggerSQL(paths), triggers, "the insert trigger is back")
        // A file with an error in its middle imports nothing either.
        let file = try makeTempHome(self).appendingPathComponent("journal.txt")
        try """
            [2020-01-01 09:00] First entry about rain.
            [2020-01-02 09:00] Second entry 猫.
            [10.07.2013 15:40] Which is the day?
            """.write(to: file, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try JrnlImport.importFile(file, into: j, timeZone: utc))
        XCTAssertEqual(try j.entryCount(), 1)
        XCTAssertEqual(try j.search("rain").map(\.entry.id), [])
        // The journal still indexes what is written next.
        let next = try j.add(NewEntry(text: "Rain again, and the cat 猫", createdAt: Date(), timeZoneIdentifier: "UTC"))
        XCTAssertEqual(try j.search("猫").map(\.entry.id), [next.id])
        XCTAssertEqual(try j.search("rain").map(\.entry.id), [next.id])
        XCTAssertEqual(try j.integrityCheck(), ["ok"])
    }
}
