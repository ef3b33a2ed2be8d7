import CSQLite
import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

/// Short ids, edits with revisions, the trash and the look-back queries (issue 12).
final class HistoryTests: XCTestCase {
    /// The journal the version-3 build wrote opens with every entry, each with its own short id.
    func testV3FixtureGetsShortIDsAndKeepsEveryEntry() throws {
        let paths = LanternlyPaths(home: try makeTempHome(self))
        try FileManager.default.createDirectory(at: paths.database.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixture("journal-v3.sqlite3"), to: paths.database)
        let before = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READONLY)
        XCTAssertEqual(try before.scalarInt("PRAGMA user_version"), 3)
        let oldBodies = try before.strings("SELECT body FROM entries ORDER BY id")
        let oldTags = try before.strings("SELECT entry_id || ':' || tag || ':' || by_hand FROM entry_tags ORDER BY 1")
        before.close()
        XCTAssertFalse(oldBodies.isEmpty)

        let journal = try SQLiteJournal(paths: paths)
        let entries = try journal.entries(EntryQuery())
        XCTAssertEqual(Set(entries.map(\.body)), Set(oldBodies))
        XCTAssertEqual(Set(entries.map(\.shortID)).count, entries.count, "short ids are unique")
        for e in entries { XCTAssertEqual(ShortID.normalize(e.shortID), e.shortID, e.shortID) }
        XCTAssertEqual(try journal.connection.strings("SELECT entry_id || ':' || tag || ':' || by_hand FROM entry_tags ORDER BY 1"), oldTags)
        // Each id finds its entry, and it stays the same on the next open.
        for e in entries { XCTAssertEqual(try journal.entry(shortID: e.shortID.uppercased())?.body, e.body) }
        let again = try SQLiteJournal(paths: paths)
        XCTAssertEqual(try again.entries(EntryQuery()).map(\.shortID), entries.map(\.shortID))
    }

    func testEditKeepsRevisionsAndUndoGoesBack() throws {
        let (journal, _) = try makeJournal(self)
        let t0 = isoDate("2026-11-28T20:00:00Z")
        let e = try journal.add(NewEntry(text: "Rough day at work @work", createdAt: t0, timeZone: utc, extraTags: ["mood"]))
        XCTAssertEqual(e.shortID.count, ShortID.length)
        XCTAssertEqual(try journal.handTags(id: e.id), ["mood"])

        let t1 = isoDate("2026-11-29T08:00:00Z")
        let edited = try journal.edit(shortID: e.shortID, EntryEdit(body: "Rough day, better evening @home", handTags: ["calm"]), at: t1)
        XCTAssertEqual(edited.shortID, e.shortID)
        XCTAssertEqual(edited.tags, ["calm", "home"])
        XCTAssertEqual(try journal.search("Rough day at").map(\.entry.id), [], "the old text leaves the search index")
        XCTAssertEqual(try journal.search("better evening").map(\.entry.shortID), [e.shortID])
        let revisions = try journal.revisions(shortID: e.shortID)
        XCTAssertEqual(revisions.map(\.body), ["Rough day at work @work"])
        XCTAssertEqual(revisions.first?.handTags, ["mood"])
        XCTAssertEqual(revisions.first?.replacedAt, t1)
        XCTAssertEqual(revisions.first?.number, 1)

        // Moving the date keeps the text, and is a revision too.
        let moved = try journal.edit(shortID: e.shortID, EntryEdit(createdAt: isoDate("2026-11-20T09:30:00Z"), timeZoneIdentifier: "UTC"), at: t1)
        XCTAssertEqual(moved.localDay.description, "2026-11-20")
        XCTAssertEqual(try journal.entries(EntryQuery(from: LocalDay("2026-11-20"), to: LocalDay("2026-11-20"))).map(\.id), [e.id])
        XCTAssertEqual(try journal.revisions(shortID: e.shortID).count, 2)

        // An edit that changes nothing writes nothing.
        _ = try journal.edit(shortID: e.shortID, EntryEdit(body: moved.body), at: t1)
        XCTAssertEqual(try journal.revisions(shortID: e.shortID).count, 2)

        let undone = try XCTUnwrap(try journal.undoEdit(shortID: e.shortID, at: t1))
        XCTAssertEqual(undone.localDay.description, "2026-11-28")
        XCTAssertEqual(undone.body, "Rough day, better evening @home")
        // The version undone is kept: undo twice comes back.
        let redone = try XCTUnwrap(try journal.undoEdit(shortID: e.shortID, at: t1))
        XCTAssertEqual(redone.localDay.description, "2026-11-20")

        XCTAssertThrowsError(try journal.edit(shortID: "zzzzz", EntryEdit(body: "x"), at: t1)) {
            XCTAssertEqual($0 as? JournalError, .noEntry(shortID: "zzzzz"))
        }
        XCTAssertNil(try journal.undoEdit(shortID: try journal.add("fresh", at: t0, timeZone: utc).shortID, at: t1))
    }

    func testTrashRestoreAndPurgeAfterThirtyDays() throws {
        let (journal, _) = try makeJournal(self)
        let day0 = isoDate("2026-03-01T10:00:00Z")
        let a = try journal.add(NewEntry(text: "Kept entry about tea", createdAt: day0, timeZone: utc))
        let b = try journal.add(NewEntry(text: "Regretted entry about tea @oops", createdAt: day0, timeZone: utc,
                                         starred: true, extraTags: ["hand"]))
        _ = try journal.edit(shortID: b.shortID, EntryEdit(body: "Regretted entry about tea, edited @oops"), at: day0)

        // All or none: an unknown id moves nothing.
        XCTAssertThrowsError(try journal.moveToTrash(shortIDs: [b.shortID, "zzzzz"], at: day0))
        XCTAssertEqual(try journal.entryCount(), 2)

        let deletedAt = isoDate("2026-03-02T10:00:00Z")
        let moved = try journal.moveToTrash(shortIDs: [b.shortID], at: deletedAt)
        XCTAssertEqual(moved.map(\.entry.shortID), [b.shortID])
        XCTAssertEqual(try journal.entries(EntryQuery()).map(\.shortID), [a.shortID])
        XCTAssertEqual(try journal.search("Regretted").count, 0, "gone from the search index at once")
        XCTAssertEqual(try journal.tagCounts().map(\.tag), [], "its tags leave the counts")
        XCTAssertNil(try journal.entry(shortID: b.shortID))
        let trash = try journal.trashedEntries()
        XCTAssertEqual(trash.map(\.entry.shortID), [b.shortID])
        XCTAssertEqual(trash.first?.entry.tags, ["hand", "oops"])
        XCTAssertEqual(trash.first?.purgeAfter, isoDate("2026-04-01T10:00:00Z"))

        // Restore brings back the same id, text, star, tags and revisions.
        let back = try journal.restore(shortID: b.shortID)
        XCTAssertEqual(back.shortID, b.shortID)
        XCTAssertEqual(back.body, "Regretted entry about tea, edited @oops")
        XCTAssertTrue(back.starred)
        XCTAssertEqual(back.tags, ["hand", "oops"])
        XCTAssertEqual(back.createdAt, day0)
        XCTAssertEqual(try journal.search("Regretted").map(\.entry.shortID), [b.shortID])
        XCTAssertEqual(try journal.revisions(shortID: b.shortID).count, 1)
        XCTAssertThrowsError(try journal.restore(shortID: b.shortID))

        // Deleted again; 29 days later it is still there, after 30 it is purged with its revisions.
        _ = try journal.moveToTrash(shortIDs: [b.shortID], at: deletedAt)
        XCTAssertEqual(try journal.purgeExpiredTrash(now: isoDate("2026-03-31T09:00:00Z"), timeZone: utc), 0)
        XCTAssertEqual(try journal.trashedEntries().count, 1)
        XCTAssertEqual(try journal.purgeExpiredTrash(now: isoDate("2026-04-01T10:00:01Z"), timeZone: utc), 1)
        XCTAssertEqual(try journal.trashedEntries().count, 0)
        XCTAssertEqual(try journal.revisions(shortID: b.shortID), [])
        XCTAssertEqual(try journal.connection.scalarInt("SELECT count(*) FROM entry_revisions"), 0)
        XCTAssertThrowsError(try journal.restore(shortID: b.shortID))
        // The file no longer holds the text anywhere (secure_delete, WAL emptied).
        let bytes = try Data(contentsOf: journal.url)
        XCTAssertNil(bytes.range(of: Data("Regretted".utf8)))
        XCTAssertEqual(try journal.entries(EntryQuery()).map(\.shortID), [a.shortID])
    }

    func testEmptyTrashPurgesEverything() throws {
        let (journal, _) = try makeJournal(self)
        let now = isoDate("2026-05-01T10:00:00Z")
        let a = try journal.add("one", at: now, timeZone: utc)
        let b = try journal.add("two", at: now, timeZone: utc)
        _ = try journal.edit(shortID: a.shortID, EntryEdit(body: "one, edited"), at: now)
        try journal.moveToTrash(shortIDs: [a.shortID, b.shortID], at: now)
        XCTAssertEqual(try journal.purgeTrash(deletedBefore: nil), 2)
        XCTAssertEqual(try journal.trashedEntries().count, 0)
        XCTAssertEqual(try journal.connection.scalarInt("SELECT count(*) FROM entry_revisions"), 0)
    }

    /// A leap day comes back on 29 February, and on 28 February of the years without one.
    func testOnThisDayOnLeapDay() throws {
        let (journal, _) = try makeJournal(self)
        func add(_ iso: String, _ text: String) throws {
            _ = try journal.add(text, at: isoDate(iso), timeZone: utc)
        }
        try add("2024-02-29T09:00:00Z", "leap day 2024")
        try add("2020-02-29T09:00:00Z", "leap day 2020")
        try add("2025-02-28T09:00:00Z", "feb 28 2025")
        try add("2025-03-01T09:00:00Z", "march 1 2025")
        try add("2028-02-29T09:00:00Z", "today itself")
        XCTAssertEqual(try journal.onThisDay(LocalDay("2028-02-29")!).map(\.body), ["leap day 2024", "leap day 2020"])
        XCTAssertEqual(try journal.onThisDay(LocalDay("2027-02-28")!).map(\.body), ["feb 28 2025", "leap day 2024", "leap day 2020"])
        XCTAssertEqual(try journal.onThisDay(LocalDay("2028-02-28")!).map(\.body), ["feb 28 2025"])
        XCTAssertEqual(try journal.onThisDay(LocalDay("2026-03-01")!).map(\.body), ["march 1 2025"])
    }

    /// Every earlier year is looked at, from the journal's first year, across gaps; the day
    /// itself and later years are not; an empty journal and one with only later years give none.
    func testOnThisDayLooksAtEveryEarlierYear() throws {
        let (journal, _) = try makeJournal(self)
        XCTAssertEqual(try journal.onThisDay(LocalDay("2026-07-04")!).map(\.body), [])
        func add(_ iso: String, _ text: String, _ zone: TimeZone = utc) throws {
            _ = try journal.add(text, at: isoDate(iso), timeZone: zone)
        }
        try add("2031-07-04T09:00:00Z", "later year")
        XCTAssertEqual(try journal.onThisDay(LocalDay("2026-07-04")!).map(\.body), [])
        try add("1987-07-04T09:00:00Z", "first year")
        try add("1987-07-05T09:00:00Z", "next day")
        try add("2003-07-04T23:30:00Z", "evening, morning in UTC")
        try add("2003-07-05T03:30:00Z", "evening in Los Angeles", losAngeles)
        try add("2026-07-04T09:00:00Z", "the day itself")
        XCTAssertEqual(try journal.onThisDay(LocalDay("2026-07-04")!).map(\.body),
                       ["evening in Los Angeles", "evening, morning in UTC", "first year"])
        XCTAssertEqual(try journal.onThisDay(LocalDay("1988-07-04")!).map(\.body), ["first year"])
        XCTAssertEqual(try journal.onThisDay(LocalDay("1987-07-04")!).map(\.body), [])
    }

    /// Entries count on their own zone's day (Los Angeles evening is the next day in UTC).
    func testDaysWrittenUseEachEntrysLocalDay() throws {
        let (journal, _) = try makeJournal(self)
        _ = try journal.add("late in LA", at: isoDate("2026-01-01T06:00:00Z"), timeZone: losAngeles)
        _ = try journal.add("morning", at: isoDate("2026-01-01T09:00:00Z"), timeZone: utc)
        _ = try journal.add("again", at: isoDate("2026-01-01T19:00:00Z"), timeZone: utc)
        XCTAssertEqual(try journal.daysWritten().map(\.description), ["2025-12-31", "2026-01-01"])
        let perDay = try journal.entriesPerDay(from: LocalDay("2026-01-01")!, to: LocalDay("2026-01-31")!)
        XCTAssertEqual(perDay, [LocalDay("2026-01-01")!: 2])
    }
}
