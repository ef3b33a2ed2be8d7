import CSQLite
import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

final class MigrationTests: XCTestCase {
    /// Writes a version-1 journal the way the first release laid it out.
    private func makeV1(at url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let db = try SQLiteConnection(path: url.path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        try db.execute("PRAGMA journal_mode=WAL")
        try db.execute("""
            CREATE TABLE entries(
                id INTEGER PRIMARY KEY, body TEXT NOT NULL, starred INTEGER NOT NULL DEFAULT 0,
                created_at INTEGER NOT NULL, time_zone TEXT NOT NULL);
            CREATE INDEX entries_created_at ON entries(created_at);
            CREATE TABLE chat_turns(
                id INTEGER PRIMARY KEY, message TEXT NOT NULL, reply TEXT NOT NULL, source TEXT NOT NULL,
                language TEXT NOT NULL, created_at INTEGER NOT NULL);
            INSERT INTO entries(body, starred, created_at, time_zone) VALUES
                ('Старая запись про @дом.', 1, 1741589940000, 'America/Los_Angeles'),
                ('An old English note about @Garden work', 0, 1700000000000, 'UTC'),
                ('Same text', 0, 1700000000000, 'UTC'),
                ('Same text', 0, 1700000000000, 'UTC');
            INSERT INTO chat_turns(message, reply, source, language, created_at) VALUES
                ('hi', 'hello', 'bank', 'en', 1700000000000);
            PRAGMA application_id = 1280201804;
            PRAGMA user_version = 1;
            """)
        db.close()
    }

    func testOpensAVersion1JournalAndMigratesIt() throws {
        let paths = LanternlyPaths(home: try makeTempHome(self))
        try makeV1(at: paths.database)
        let journal = try SQLiteJournal(paths: paths)
        XCTAssertEqual(try journal.entryCount(), 4)
        let all = try journal.entries(EntryQuery())
        let ru = try XCTUnwrap(all.first { $0.body.hasPrefix("Старая") })
        XCTAssertEqual(ru.tags, ["дом"])
        XCTAssertTrue(ru.starred)
        XCTAssertEqual(ru.localDay.description, "2025-03-09")
        XCTAssertEqual(try journal.entries(EntryQuery(from: LocalDay("2025-03-09"), to: LocalDay("2025-03-09"))).map(\.id), [ru.id])
        XCTAssertEqual(try journal.search("запись").map(\.entry.id), [ru.id])
        XCTAssertEqual(try journal.entries(EntryQuery(tag: "garden")).count, 1)
        XCTAssertEqual(try journal.chatHistory(limit: nil).map(\.reply), ["hello"])
        XCTAssertEqual(try journal.integrityCheck(), ["ok"])

        let db = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READONLY)
        XCTAssertEqual(try db.scalarInt("PRAGMA user_version"), Int64(SQLiteJournal.schemaVersion))
        XCTAssertEqual(try db.scalarInt("PRAGMA application_id"), Int64(SQLiteJournal.applicationID))
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM pragma_table_info('entries') WHERE name = 'content_hash'"), 0)
        db.close()
        // The v1 rows count for the import de-duplication.
        let same = NewEntry(text: "Same text", createdAt: Date(timeIntervalSince1970: 1_700_000_000), timeZoneIdentifier: "UTC")
        XCTAssertEqual(try journal.importEntries([same]), ImportResult(added: 0, skipped: 1))
        // Opening again runs nothing and changes nothing.
        let again = try SQLiteJournal(paths: paths)
        XCTAssertEqual(try again.entryCount(), 4)
    }

    /// Writes a version-2 journal: the v1 rows, the v2 schema (with `content_hash` and its
    /// unique index), and an import key in every row but the duplicate, as the v2 build left it.
    private func makeV2(at url: URL) throws {
        try makeV1(at: url)
        let db = try SQLiteConnection(path: url.path, flags: SQLITE_OPEN_READWRITE)
        try db.execute("BEGIN IMMEDIATE")
        try SQLiteJournal.applyMigration(from: 1, on: db)
        try db.execute("""
            UPDATE entries SET content_hash = lower(hex(randomblob(32))) WHERE id != 4;
            PRAGMA user_version = 2;
            COMMIT;
            """)
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM entries WHERE content_hash IS NOT NULL"), 3)
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'entries_content_hash'"), 1)
        db.close()
    }

    func testOpensAVersion2JournalDropsTheHashAndStillDedupes() throws {
        let paths = LanternlyPaths(home: try makeTempHome(self))
        try makeV2(at: paths.database)
        let journal = try SQLiteJournal(paths: paths)
        XCTAssertEqual(try journal.entryCount(), 4)
        let ru = try XCTUnwrap(try journal.entries(EntryQuery()).first { $0.body.hasPrefix("Старая") })
        XCTAssertEqual(ru.tags, ["дом"])
        XCTAssertTrue(ru.starred)
        XCTAssertEqual(ru.localDay.description, "2025-03-09")
        XCTAssertEqual(ru.localTime, "23:59")
        XCTAssertEqual(try journal.search("запись").map(\.entry.id), [ru.id])
        XCTAssertEqual(try journal.integrityCheck(), ["ok"])

        let db = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READONLY)
        XCTAssertEqual(try db.scalarInt("PRAGMA user_version"), Int64(SQLiteJournal.schemaVersion))
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM pragma_table_info('entries') WHERE name = 'content_hash'"), 0)
        XCTAssertEqual(try db.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'entries_content_hash'"), 0)
        db.close()

        // Same local day, HH:MM, title and body as stored rows (whitespace around them aside):
        // skipped; repeated within the import, counted apart. A different minute or text is added, once.
        let batch = [
            NewEntry(text: "Старая запись про @дом.", createdAt: Date(timeIntervalSince1970: 1_741_589_940),
                     timeZoneIdentifier: "America/Los_Angeles"),
            NewEntry(text: "  Same text\n", createdAt: Date(timeIntervalSince1970: 1_700_000_030), timeZoneIdentifier: "UTC"),
            NewEntry(text: "Same text", createdAt: Date(timeIntervalSince1970: 1_700_000_060), timeZoneIdentifier: "UTC"),
            NewEntry(text: "Same text, longer", createdAt: Date(timeIntervalSince1970: 1_700_000_000), timeZoneIdentifier: "UTC"),
            NewEntry(text: "Same text, longer", createdAt: Date(timeIntervalSince1970: 1_700_000_000), timeZoneIdentifier: "UTC"),
        ]
        XCTAssertEqual(try journal.importEntries(batch), ImportResult(added: 2, skipped: 2, repeated: 1))
        XCTAssertEqual(try journal.importEntries(batch), ImportResult(added: 0, skipped: 5))
        XCTAssertEqual(try journal.entryCount(), 6)
        // Opening again runs nothing and changes nothing.
        XCTAssertEqual(try SQLiteJournal(paths: paths).entryCount(), 6)
    }

    func testImportKeyFollowsTheTitleSplitAndEachEntrysOwnClock() throws {
        let (journal, _) = try makeJournal(self)
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let day = LocalDay("2024-06-01")!
        _ = try journal.add("Hello. World", at: LocalClock.instant(day: day, hour: 10, minute: 5, in: losAngeles),
                            timeZone: losAngeles)
        // "Hello.\nWorld" splits into the same title and body; 10:05 on Tokyo's clock is the
        // same local date and time, though another instant.
        let twin = NewEntry(text: "Hello.\nWorld", createdAt: LocalClock.instant(day: day, hour: 10, minute: 5, in: tokyo),
                            timeZone: tokyo)
        let later = NewEntry(text: "Hello.\nWorld", createdAt: LocalClock.instant(day: day, hour: 10, minute: 6, in: tokyo),
                             timeZone: tokyo)
        XCTAssertEqual(try journal.importEntries([twin, later]), ImportResult(added: 1, skipped: 1))
    }

    func testNewerSchemaIsRefusedAndLeftAlone() throws {
        let paths = LanternlyPaths(home: try makeTempHome(self))
        try makeV1(at: paths.database)
        let db = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READWRITE)
        try db.execute("PRAGMA user_version = 99; PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode=DELETE")
        db.close()
        let before = try Data(contentsOf: paths.database)
        XCTAssertThrowsError(try SQLiteJournal(paths: paths)) {
            XCTAssertEqual($0 as? JournalError, .newerSchema(path: paths.database.path, version: 99))
        }
        XCTAssertEqual(try Data(contentsOf: paths.database), before)
    }

    func testAFreshJournalIsWALAndCurrent() throws {
        let (journal, paths) = try makeJournal(self)
        _ = try journal.add("x")
        let db = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READONLY)
        XCTAssertEqual(try db.strings("PRAGMA journal_mode"), ["wal"])
        XCTAssertEqual(try db.scalarInt("PRAGMA user_version"), Int64(SQLiteJournal.schemaVersion))
        XCTAssertEqual(try db.scalarInt("PRAGMA page_size"), Int64(SQLiteJournal.newJournalPageSize))
        XCTAssertEqual(try db.scalarInt("PRAGMA auto_vacuum"), 1, "FULL")
        db.close()
    }
}

/// The journal file the version-3 build wrote (`Fixtures/journal-v3.sqlite3`: entries imported
/// from a jrnl file and written with `lanternly write` in two zones, stars, tags in the text and
/// one added by hand, two chat turns) opens in this build with every entry kept.
final class FixtureMigrationTests: XCTestCase {
    func testTheVersion3FixtureMigratesWithoutLosingAnEntry() throws {
        let paths = LanternlyPaths(home: try makeTempHome(self))
        try FileManager.default.createDirectory(at: paths.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture("journal-v3.sqlite3"), to: paths.database)
        // What the v3 build stored, read straight from the file.
        let before = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READONLY)
        XCTAssertEqual(try before.scalarInt("PRAGMA user_version"), 3)
        let pageSize = try before.scalarInt("PRAGMA page_size")
        let autoVacuum = try before.scalarInt("PRAGMA auto_vacuum")
        let rows = try before.prepare("SELECT id, body, starred, created_at, time_zone FROM entries ORDER BY id")
        var old: [String] = []
        while try rows.step() {
            old.append("\(rows.int64(0)) \(rows.string(1) ?? "") \(rows.int64(2)) \(rows.int64(3)) \(rows.string(4) ?? "")")
        }
        rows.reset()
        let oldTags = try before.strings("SELECT entry_id || ':' || tag || ':' || by_hand FROM entry_tags ORDER BY 1")
        let oldTurns = try before.scalarInt("SELECT count(*) FROM chat_turns")
        before.close()
        XCTAssertEqual(old.count, 9)

        let journal = try SQLiteJournal(paths: paths)
        let now = try journal.entries(EntryQuery()).sorted { $0.id < $1.id }
        XCTAssertEqual(now.map { "\($0.id) \($0.body) \($0.starred ? 1 : 0) \($0.createdAt.milliseconds) \($0.timeZoneIdentifier)" }, old)
        XCTAssertEqual(try journal.chatHistory(limit: nil).count, Int(oldTurns))
        XCTAssertEqual(try journal.entries(EntryQuery(tag: "cats")).count, 1, "the hand-added tag")
        XCTAssertEqual(try journal.integrityCheck(), ["ok"])
        // Search over the migrated index: words, Cyrillic, CJK single characters, folding.
        XCTAssertEqual(try journal.search("barista").count, 1)
        XCTAssertEqual(try journal.search("ЁЛКА").count, 1)
        XCTAssertEqual(try journal.search("猫").count, 1)
        XCTAssertEqual(try journal.search("коллегами").count, 1)
        XCTAssertEqual(try journal.search("CAFE\u{301}").count, 1)

        let after = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READONLY)
        defer { after.close() }
        XCTAssertEqual(try after.scalarInt("PRAGMA user_version"), Int64(SQLiteJournal.schemaVersion))
        XCTAssertEqual(try after.scalarInt("PRAGMA page_size"), pageSize, "an existing journal keeps its page size")
        XCTAssertEqual(try after.scalarInt("PRAGMA auto_vacuum"), autoVacuum)
        XCTAssertEqual(try after.strings("SELECT entry_id || ':' || tag || ':' || by_hand FROM entry_tags ORDER BY 1"), oldTags)
        XCTAssertEqual(try after.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'entries_cjk'"), 1)
        // Re-importing what the v3 build imported adds nothing.
        let again = try SQLiteJournal(paths: paths)
        XCTAssertEqual(try again.entryCount(), 9)
    }
}

/// The journal file the schema-8 build wrote (`Fixtures/journal-v8.sqlite3`, made with that
/// build's `lanternly` binary: a jrnl text file imported in Europe/Berlin — the four entries
/// of ``v8ImportFile`` —, a jrnl JSON file with a tag added by hand, entries written with
/// `--date` in Los Angeles (01:30 on the day the clocks change), Tokyo and UTC (one at 00:00),
/// one edited (a revision), one moved to the trash, a chat with two turns and what Luna
/// remembered from it, Luna's question of the day) opens in this build with every entry,
/// its day and time, and everything hanging off it kept.
final class FixtureV8MigrationTests: XCTestCase {
    /// The text file the fixture's first import read (the same bytes).
    static let v8ImportFile = """
        [2019-07-14 08:05] Morning at the lake with @sam *
        Cold water, warm coffee.

        [2019-07-14 21:40] Вечер на даче, ёлка у забора. @дача

        [2020-02-29 12:00] 猫と雨の日。灯籠の明かり。

        [2023-12-31 23:59] Last minute of the year.
        [link] a body line that starts with a bracket

        """

    func testTheVersion8FixtureMigratesWithoutLosingAnEntry() throws {
        let home = try makeTempHome(self)
        let paths = LanternlyPaths(home: home)
        try FileManager.default.createDirectory(at: paths.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture("journal-v8.sqlite3"), to: paths.database)

        // What the schema-8 build stored, read straight from the file.
        let before = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READONLY)
        XCTAssertEqual(try before.scalarInt("PRAGMA user_version"), 8)
        let rowSQL = """
            SELECT id || '|' || body || '|' || starred || '|' || created_at || '|' || time_zone || '|' || short_id
            FROM entries ORDER BY id
            """
        let oldRows = try before.strings(rowSQL)
        let oldClocks = try before.strings("SELECT id || ' ' || local_day || ' ' || local_time FROM entries ORDER BY id")
        let oldTags = try before.strings("SELECT entry_id || ':' || tag || ':' || by_hand FROM entry_tags ORDER BY 1")
        let oldRevisions = try before.strings("SELECT short_id || '|' || body FROM entry_revisions ORDER BY id")
        let oldTrash = try before.strings("SELECT short_id || '|' || body FROM trash ORDER BY 1")
        let oldMemories = try before.strings("SELECT kind || '|' || words || '|' || source FROM memories ORDER BY id")
        let oldQuestions = try before.strings("SELECT day || '|' || text FROM model_questions ORDER BY day")
        let oldTurns = try before.scalarInt("SELECT count(*) FROM chat_turns")
        let oldSchema = try before.strings("""
            SELECT type || ' ' || name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY 1
            """)
        before.close()
        XCTAssertEqual(oldRows.count, 9)
        XCTAssertEqual(oldRevisions.count, 1)
        XCTAssertEqual(oldTrash.count, 1)
        XCTAssertEqual(oldMemories.count, 2)
        XCTAssertEqual(oldQuestions.count, 1)
        XCTAssertTrue(oldClocks.contains("5 2025-03-09 01:30"), "Los Angeles, before the clocks change")
        XCTAssertTrue(oldClocks.contains("7 2024-11-30 00:00"), "midnight")

        let journal = try SQLiteJournal(paths: paths)
        let after = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READONLY)
        defer { after.close() }
        XCTAssertEqual(try after.scalarInt("PRAGMA user_version"), Int64(SQLiteJournal.schemaVersion))
        XCTAssertEqual(try after.strings(rowSQL), oldRows, "every entry, with its id, text, star, instant, zone and short id")
        // The day and time are the same numbers now: 2025-03-09 01:30 is 20250309 and 130.
        XCTAssertEqual(try after.strings("""
            SELECT id || ' ' || printf('%04d-%02d-%02d', local_day / 10000, local_day / 100 % 100, local_day % 100)
                      || ' ' || printf('%02d:%02d', local_time / 100, local_time % 100)
            FROM entries ORDER BY id
            """), oldClocks)
        XCTAssertEqual(try after.strings("SELECT DISTINCT typeof(local_day) || typeof(local_time) FROM entries"), ["integerinteger"])
        XCTAssertEqual(try after.strings("SELECT entry_id || ':' || tag || ':' || by_hand FROM entry_tags ORDER BY 1"), oldTags)
        XCTAssertEqual(try after.strings("SELECT short_id || '|' || body FROM entry_revisions ORDER BY id"), oldRevisions)
        XCTAssertEqual(try after.strings("SELECT short_id || '|' || body FROM trash ORDER BY 1"), oldTrash)
        XCTAssertEqual(try after.strings("SELECT kind || '|' || words || '|' || source FROM memories ORDER BY id"), oldMemories)
        XCTAssertEqual(try after.strings("SELECT day || '|' || text FROM model_questions ORDER BY day"), oldQuestions)
        XCTAssertEqual(try after.scalarInt("SELECT count(*) FROM chat_turns"), oldTurns)
        XCTAssertEqual(try after.strings("""
            SELECT type || ' ' || name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY 1
            """), oldSchema, "every table, index, trigger and view is there again")
        XCTAssertEqual(try journal.integrityCheck(), ["ok"])
        try journal.connection.execute("INSERT INTO entries_fts(entries_fts) VALUES ('integrity-check')")

        // What reads the day and time: day ranges, the month, looking back, the calendar.
        let july14 = try XCTUnwrap(LocalDay("2019-07-14"))
        XCTAssertEqual(try journal.entries(EntryQuery(from: july14, to: july14)).map(\.shortID).sorted(), ["kw587", "pvctu"])
        XCTAssertEqual(try journal.entriesPerDay(from: july14, to: july14), [july14: 2])
        XCTAssertEqual(try journal.onThisDay(try XCTUnwrap(LocalDay("2026-07-14"))).map(\.shortID), ["pvctu", "kw587"])
        XCTAssertEqual(try journal.onThisDay(try XCTUnwrap(LocalDay("2027-02-28"))).map(\.shortID), ["j4m6n"],
                       "29 February comes back on the 28th of a common year")
        XCTAssertEqual(try journal.daysWritten().map(\.description), [
            "2019-07-14", "2020-02-29", "2022-05-01", "2023-12-31", "2024-11-30", "2025-01-05", "2025-03-09", "2025-03-10",
        ])
        XCTAssertEqual(try journal.writtenDays().count, 8)
        let month = try journal.monthEntries(from: july14, to: try XCTUnwrap(LocalDay("2019-07-31")))
        XCTAssertEqual(month.map { "\($0.day) \($0.hour)" }, ["2019-07-14 8", "2019-07-14 21"])
        let counted = try journal.monthEntries(from: july14, to: try XCTUnwrap(LocalDay("2019-07-31")), bodies: 0)
        XCTAssertEqual(counted.map { "\($0.day) \($0.hour) \($0.count)" }, ["2019-07-14 5 1", "2019-07-14 17 1"],
                       "08:05 in the morning, 21:40 in the evening")
        // Search over the kept index, and the hand-added tag.
        XCTAssertEqual(try journal.search("barista").map(\.entry.shortID), ["3pa2e"])
        XCTAssertEqual(try journal.search("ЁЛКА").map(\.entry.shortID), ["pvctu"])
        XCTAssertEqual(try journal.search("猫").map(\.entry.shortID), ["j4m6n"])
        XCTAssertEqual(try journal.search("灯籠").map(\.entry.shortID), ["j4m6n"])
        XCTAssertEqual(try journal.entries(EntryQuery(tag: "garden")).count, 1)
        XCTAssertEqual(try journal.revisions(shortID: "3pa2e").map(\.body), ["First draft of a coffee note"])

        // Importing what the schema-8 build imported adds nothing: the import key (day and
        // time) still finds each entry.
        let file = home.appendingPathComponent("in.txt")
        try Self.v8ImportFile.write(to: file, atomically: true, encoding: .utf8)
        let berlin = try XCTUnwrap(TimeZone(identifier: "Europe/Berlin"))
        XCTAssertEqual(try JrnlImport.importFile(file, into: journal, timeZone: berlin), ImportResult(added: 0, skipped: 4))

        // The triggers came back: a new entry is found, a deleted one is gone from the search.
        let added = try journal.add(NewEntry(text: "A heron on the weir", createdAt: Date(timeIntervalSince1970: 1_750_000_000),
                                             timeZoneIdentifier: "Europe/Berlin"))
        XCTAssertEqual(try journal.search("heron").map(\.entry.id), [added.id])
        _ = try journal.moveToTrash(shortIDs: ["rx4mg"], at: Date())
        XCTAssertEqual(try journal.search("café").count, 0)
        XCTAssertEqual(try journal.entryCount(), 9)

        // The tables with a text key are WITHOUT ROWID now and keep their rules: the first
        // month observation stays, a question of the day is replaced only in another language,
        // a question asked twice in a day is recorded once.
        let keyed = try after.strings("SELECT name FROM pragma_table_list WHERE wr = 1 ORDER BY name")
        for table in SQLiteJournal.keyedTables { XCTAssertTrue(keyed.contains(table), "\(table) in \(keyed)") }
        let july = try XCTUnwrap(YearMonth(year: 2019, month: 7))
        try journal.keepMonthObservation(july, text: "A month of lakes.", source: .bank, at: Date())
        try journal.keepMonthObservation(july, text: "Another text.", source: .bank, at: Date())
        XCTAssertEqual(try journal.keptMonthObservation(july)?.text, "A month of lakes.")
        let questionDay = try XCTUnwrap(oldQuestions.first?.split(separator: "|").first.map(String.init))
        let oldQuestion = try journal.modelQuestion(day: questionDay, language: .english)
        XCTAssertNotNil(oldQuestion)
        try journal.keepModelQuestion(day: questionDay, language: .english, text: "Not this one?", at: Date())
        XCTAssertEqual(try journal.modelQuestion(day: questionDay, language: .english), oldQuestion)
        try journal.keepModelQuestion(day: questionDay, language: .russian, text: "Что сегодня было хорошего?", at: Date())
        XCTAssertEqual(try journal.modelQuestion(day: questionDay, language: .russian), "Что сегодня было хорошего?")
        let asked = QuestionRecord(day: july14, questionKey: "calm.1", askedAt: Date(timeIntervalSince1970: 1_563_000_000))
        try journal.recordQuestion(asked)
        try journal.recordQuestion(asked)
        XCTAssertEqual(try journal.questionHistory(since: july14).count, 1)
    }
}
