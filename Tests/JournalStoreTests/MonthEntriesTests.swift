import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

/// What the month's observation reads from the journal: every entry of the days asked for,
/// the text of the newest `bodies` only; tags added in one transaction.
final class MonthEntriesTests: XCTestCase {
    func testOnlyTheNewestEntriesComeWithTheirText() throws {
        let (journal, _) = try makeJournal(self)
        for (i, stamp) in ["2026-03-01T08:00:00Z", "2026-03-02T09:00:00Z", "2026-03-03T10:00:00Z", "2026-02-28T22:00:00Z"].enumerated() {
            _ = try journal.add(NewEntry(text: "Entry \(i) @walk", createdAt: isoDate(stamp), timeZoneIdentifier: "UTC"))
        }
        let march = YearMonth("2026-03")!
        let all = try journal.monthEntries(from: march.firstDay, to: march.lastDay)
        XCTAssertEqual(all.map(\.body), ["Entry 0 @walk", "Entry 1 @walk", "Entry 2 @walk"], "oldest first, February left out")
        let two = try journal.monthEntries(from: march.firstDay, to: march.lastDay, bodies: 2)
        XCTAssertEqual(two.map(\.body), ["", "Entry 1 @walk", "Entry 2 @walk"])
        XCTAssertEqual(two.map(\.tags), [["walk"], ["walk"], ["walk"]], "tags come with every entry")
        XCTAssertEqual(two.map(\.hour), [8, 9, 10])
        let none = try journal.monthEntries(from: march.previous.firstDay, to: march.previous.lastDay, bodies: 0)
        XCTAssertEqual(none.map(\.body), [""])
        XCTAssertEqual(none.map(\.day.description), ["2026-02-28"])
    }

    func testAddingTagsKeepsTheOnesTheEntryHas() throws {
        let (journal, _) = try makeJournal(self)
        let e = try journal.add(NewEntry(text: "By the river @walk", createdAt: isoDate("2026-03-01T08:00:00Z"), timeZoneIdentifier: "UTC"))
        _ = try journal.update(id: e.id, EntryChange(tags: ["calm"]))
        let added = try journal.addTags(id: e.id, ["river", "@calm", "Nature"])
        XCTAssertEqual(added.tags, ["calm", "nature", "river", "walk"])
        XCTAssertThrowsError(try journal.addTags(id: 999, ["x"]))
        let many = (0..<InputLimits.tagsPerEntry).map { "t\($0)" }
        XCTAssertThrowsError(try journal.addTags(id: e.id, many), "past the limit of tags an entry takes") { error in
            guard case JournalError.overLimit = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try journal.entry(id: e.id)?.tags, ["calm", "nature", "river", "walk"], "nothing of a refused add stays")
    }
}
