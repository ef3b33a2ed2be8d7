import CSQLite
import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

/// Imports write the search index as rows arrive (``SQLiteJournal/withSearchIndexAsRowsArrive``),
/// bulk inserts in one pass at the end (``SQLiteJournal/withSearchIndexInBulk``): either way the
/// index must be the one that adding the entries one at a time builds, and an import that fails
/// must leave nothing behind, the trigger included.
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

    /// The trigram index's `hashsize` as kept in its configuration table (none: FTS5's default).
    private func hashSize(_ paths: LanternlyPaths) throws -> [String] {
        let db = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READONLY)
        defer { db.close() }
        return try db.strings("SELECT v FROM entries_fts_config WHERE k = 'hashsize'")
    }

    /// Every (term, entry) pair of both search indexes, read through `fts5vocab`
    /// (sqlite.org/fts5.html#the_fts5vocab_virtual_table_module).
    private func indexPairs(_ paths: LanternlyPaths) throws -> [String: [String]] {
        let db = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READWRITE)
        defer { db.close() }
        var out: [String: [String]] = [:]
        for table in ["entries_fts", "entries_cjk"] {
            try db.execute("CREATE VIRTUAL TABLE temp.\(table)_pairs USING fts5vocab(main, \(table), instance)")
            out[table] = try db.strings("SELECT term || ':' || doc FROM temp.\(table)_pairs ORDER BY term, doc")
        }
        return out
    }

    /// The index an import writes holds exactly the (term, entry) pairs that adding the
    /// entries one at a time writes, in both tables.
    func testImportWritesTheSameIndexAsAddingRowByRow() throws {
        let (byRow, byRowPaths) = try makeJournal(self)
        for e in sample() { _ = try byRow.add(e) }
        let (bulk, bulkPaths) = try makeJournal(self)
        XCTAssertEqual(try bulk.importEntries(sample()).added, sample().count)
        let expected = try indexPairs(byRowPaths)
        XCTAssertGreaterThan(expected["entries_fts"]?.count ?? 0, 300)
        XCTAssertGreaterThan(expected["entries_cjk"]?.count ?? 0, 40)
        XCTAssertEqual(try indexPairs(bulkPaths), expected)
        let (inserted, insertedPaths) = try makeJournal(self)
        XCTAssertEqual(try inserted.bulkInsert(sample()), sample().count)
        XCTAssertEqual(try indexPairs(insertedPaths), expected)

        // More entries than one batch of the feed (the index is written a batch at a time):
        // the same pairs as the one pass over the rows that a bulk insert makes with the
        // schema's own SQL functions.
        let words = ["tea", "Rain", "ЁЛКА", "фонарь", "猫", "灯籠", "雨の日", "café", "STRASSE", "看书", "@home", "qx"]
        var many: [NewEntry] = []
        for i in 0..<(ImportFeed.batchSize * 2 + 37) {
            let picked: [String] = (0..<5).map { (k: Int) -> String in words[(i * 7 + k * 3) % words.count] }
            let when = Date(timeIntervalSince1970: 1_000_000_000 + Double(i) * 3_600)
            many.append(NewEntry(text: "Entry \(i): " + picked.joined(separator: " "), createdAt: when, timeZoneIdentifier: "UTC"))
        }
        let (imported, importedPaths) = try makeJournal(self)
        XCTAssertEqual(try imported.importEntries(many).added, many.count)
        XCTAssertEqual(try hashSize(importedPaths), [String(SQLiteJournal.defaultHashSize)],
                       "the index keeps its terms in memory as before once the import is done")
        let (passed, passedPaths) = try makeJournal(self)
        XCTAssertEqual(try passed.bulkInsert(many), many.count)
        let pairs = try indexPairs(passedPaths)
        XCTAssertGreaterThan(pairs["entries_cjk"]?.count ?? 0, many.count)
        XCTAssertEqual(try indexPairs(importedPaths), pairs)
    }

    /// The reading thread folds text exactly as the schema's SQL functions do (the insert
    /// trigger and the index's content view call those): byte for byte, in many scripts.
    func testTheReadingThreadFoldsAsTheSchemaFunctions() throws {
        let db = try SQLiteConnection(path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        defer { db.close() }
        let texts = sample().map(\.text) + [
            "all lowercase ascii", "ALL CAPS ASCII", "İstanbul and DİYARBAKIR", "ﬁne ǅ ŉ", "cafe\u{301} and CAFÉ",
            "ΣΊΣΥΦΟΣ", "ｱｲｳ half-width ｶﾀｶﾅ", "𠀋 a rare Han, 𪚲 another", "ÀÉÎ ß µ ÿ", "Ḁ ẞ Ǆ", "한국어 텍스트",
            "emoji 🙂 and ZWJ 👩‍👩‍👧", "mixed 日本語 and Русский and English",
        ]
        for t in texts {
            var p = try PreparedEntry(NewEntry(text: t, createdAt: Date(timeIntervalSince1970: 0), timeZoneIdentifier: "UTC"))
            XCTAssertNil(p.searchText)
            p.prepareSearchText()
            let s = try db.prepare("SELECT lanternly_fold(?1), lanternly_cjk_grams(?1)")
            s.bind(1, t)
            XCTAssertTrue(try s.step())
            XCTAssertEqual(p.searchText?.folded, s.string(0), t)
            XCTAssertEqual(p.searchText?.cjkGrams, s.string(1), t)
            s.reset()
        }
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
        }, { p in
            seen.append(p.entry.text)
            XCTAssertEqual(p.searchText?.folded, SearchText.fold(p.entry.text), "folded on the reading thread")
        })
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
        // A failure after whole batches were indexed leaves nothing of them either.
        var n = 0
        XCTAssertThrowsError(try j.importEntries { () throws -> NewEntry? in
            n += 1
            if n > ImportFeed.batchSize * 2 + 5 { throw Broken() }
            return NewEntry(text: "Batch entry \(n) about a heron 鷺", createdAt: Date(timeIntervalSince1970: 1_600_000_000 + Double(n) * 60),
                            timeZoneIdentifier: "UTC")
        }) { XCTAssertTrue($0 is Broken, "\($0)") }
        XCTAssertEqual(try j.entryCount(), 1)
        XCTAssertEqual(try j.search("heron").map(\.entry.id), [])
        XCTAssertEqual(try j.search("鷺").map(\.entry.id), [])
        XCTAssertEqual(try triggerSQL(paths), triggers)
        XCTAssertEqual(try hashSize(paths), [], "the import's hashsize went with the rollback")
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
