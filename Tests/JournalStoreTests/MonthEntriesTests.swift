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
        // April 1 in UTC is still March 31 in Pago Pago (UTC−11): a March entry, the newest.
        _ = try journal.add(NewEntry(text: "Late in Pago Pago", createdAt: isoDate("2026-04-01T05:00:00Z"), timeZoneIdentifier: "Pacific/Pago_Pago"))
        let march = YearMonth("2026-03")!
        let late = try journal.monthEntries(from: march.firstDay, to: march.lastDay, bodies: 1)
        XCTAssertEqual(late.map(\.body), ["", "", "", "Late in Pago Pago"], "the others as counts, the newest whole")
        XCTAssertEqual(late.map(\.count), [1, 1, 1, 1])
        XCTAssertEqual(late.last?.day.description, "2026-03-31")
        XCTAssertEqual(late.last?.hour, 18)
        XCTAssertEqual(try journal.writtenDays().count, 5)
        try journal.delete(id: try XCTUnwrap(journal.entries(EntryQuery(limit: 1)).first?.id))
        let all = try journal.monthEntries(from: march.firstDay, to: march.lastDay)
        XCTAssertEqual(all.map(\.body), ["Entry 0 @walk", "Entry 1 @walk", "Entry 2 @walk"], "oldest first, February left out")
        let two = try journal.monthEntries(from: march.firstDay, to: march.lastDay, bodies: 2)
        XCTAssertEqual(two.map(\.body), ["", "Entry 1 @walk", "Entry 2 @walk"])
        XCTAssertEqual(two.map(\.tags), [[], ["walk"], ["walk"]], "the newest come with their tags")
        XCTAssertEqual(two.map(\.hour), [5, 9, 10], "a count row stands for its part of the day")
        let none = try journal.monthEntries(from: march.previous.firstDay, to: march.previous.lastDay, bodies: 0)
        XCTAssertEqual(none.map(\.body), [""])
        XCTAssertEqual(none.map(\.day.description), ["2026-02-28"])
        XCTAssertEqual(none.map(\.hour), [22])
    }

    /// The month counted from the journal's counts and newest entries says the same as the
    /// month counted from every entry: entries, days, parts of the day, streaks; tags and
    /// words come from the newest alone.
    func testCountsFromTheJournalAgreeWithEveryEntry() throws {
        let (journal, _) = try makeJournal(self)
        var stamps: [String] = []
        for i in 0..<60 {
            let day = 1 + (i * 7) % 30, hour = (i * 5) % 24
            stamps.append(String(format: "2026-03-%02dT%02d:%02d:00Z", day, hour, i % 60))
        }
        stamps += ["2026-02-27T12:00:00Z", "2026-02-28T06:00:00Z"]
        for (i, stamp) in stamps.enumerated() {
            let tags = i % 3 == 0 ? " @walk" : i % 5 == 0 ? " @work @walk" : ""
            _ = try journal.add(NewEntry(text: "Entry number \(i) by the river" + tags, createdAt: isoDate(stamp), timeZoneIdentifier: "UTC"))
        }
        let march = YearMonth("2026-03")!
        let days = try journal.writtenDays()
        let every = MonthStats.compute(month: march, entries: try journal.monthEntries(from: march.firstDay, to: march.lastDay),
                                       previous: try journal.monthEntries(from: march.previous.firstDay, to: march.previous.lastDay),
                                       writtenDayNumbers: days, names: [])
        let counted = MonthStats.compute(month: march, entries: try journal.monthEntries(from: march.firstDay, to: march.lastDay, bodies: 7),
                                         previous: try journal.monthEntries(from: march.previous.firstDay, to: march.previous.lastDay, bodies: 0),
                                         writtenDayNumbers: days, names: [])
        XCTAssertEqual(counted.entries, 60)
        XCTAssertEqual(counted.entries, every.entries)
        XCTAssertEqual(counted.perDay, every.perDay)
        XCTAssertEqual(counted.timesOfDay, every.timesOfDay)
        XCTAssertEqual(counted.wordEntries, 7)
        let newest = MonthStats.compute(month: march, entries: Array(try journal.monthEntries(from: march.firstDay, to: march.lastDay).suffix(7)),
                                        previous: [], writtenDayNumbers: days, names: [])
        XCTAssertEqual(counted.topTags, newest.topTags, "tags from the newest entries, as words")
        XCTAssertEqual(counted.topWords, newest.topWords)
        XCTAssertEqual(counted.longestStreak, every.longestStreak)
        XCTAssertEqual(counted.previousEntries, 2)
        XCTAssertEqual(counted.previousDaysWritten, every.previousDaysWritten)
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
