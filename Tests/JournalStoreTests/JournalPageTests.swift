import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

/// Keyset pages walk the whole journal in newest-first order, ties in time included, from
/// either end, without skipping or repeating an entry.
final class JournalPageTests: XCTestCase {
    func testPagesCoverTheJournalBothWays() throws {
        let (journal, _) = try makeJournal(self)
        var batch: [NewEntry] = []
        for i in 0..<53 {
            // Three entries share each instant, and ids do not follow time.
            let t = Date(timeIntervalSince1970: 1_600_000_000 + Double((53 - i) / 3) * 60)
            batch.append(NewEntry(text: "entry \(i)", createdAt: t, timeZoneIdentifier: "UTC"))
        }
        try journal.bulkInsert(batch)
        let all = try journal.entries(EntryQuery()).map(\.id)
        XCTAssertEqual(all.count, 53)

        var down: [Int64] = []
        var page = try journal.entries(.newest, limit: 10)
        while !page.isEmpty {
            down += page.map(\.id)
            page = try journal.entries(.olderThan(JournalKey(page.last!)), limit: 10)
        }
        XCTAssertEqual(down, all)

        var up: [Int64] = []
        page = try journal.entries(.oldest, limit: 10)
        while !page.isEmpty {
            up = page.map(\.id) + up
            page = try journal.entries(.newerThan(JournalKey(page.first!)), limit: 10)
        }
        XCTAssertEqual(up, all)

        let middle = try journal.entries(EntryQuery())[20]
        XCTAssertEqual(try journal.entries(.startingAt(JournalKey(middle)), limit: 3).map(\.id), Array(all[20..<23]))
        try journal.delete(id: middle.id)
        XCTAssertEqual(try journal.entries(.startingAt(JournalKey(middle)), limit: 2).map(\.id), Array(all[21..<23]),
                       "a deleted first entry: the page starts at the next older one")
    }
}
