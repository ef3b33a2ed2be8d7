import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

final class SearchTests: XCTestCase {
    private func seeded() throws -> (SQLiteJournal, [String: Int64]) {
        let (journal, _) = try makeJournal(self)
        let texts = [
            "ru": "Сегодня я долго гулял у реки и думал о Работе.",
            "ja": "今日は雨が降ったので、家で本を読んだ。",
            "zh": "我们在公园里散步，天气很好。",
            "en": "Coffee with Anna (finally) — \"quotes\" AND stars* OR NOT",
            "emoji": "Birthday 🎂 with the family 👩‍👩‍👧‍👦!",
        ]
        var ids: [String: Int64] = [:]
        var t = Date(timeIntervalSince1970: 1_700_000_000)
        for (k, v) in texts.sorted(by: { $0.key < $1.key }) {
            ids[k] = try journal.add(v, at: t, timeZone: utc).id
            t.addTimeInterval(60)
        }
        return (journal, ids)
    }

    func testFindsSubstringsInCyrillicAndCJK() throws {
        let (journal, ids) = try seeded()
        XCTAssertEqual(try journal.search("гуля").map(\.entry.id), [ids["ru"]!])
        XCTAssertEqual(try journal.search("работе").map(\.entry.id), [ids["ru"]!], "case folded in Cyrillic")
        XCTAssertEqual(try journal.search("雨が降").map(\.entry.id), [ids["ja"]!])
        XCTAssertEqual(try journal.search("公园里").map(\.entry.id), [ids["zh"]!])
        XCTAssertEqual(try journal.search("ANNA").map(\.entry.id), [ids["en"]!])
        XCTAssertEqual(try journal.search("🎂 with").map(\.entry.id), [ids["emoji"]!])
    }

    func testShortQueriesFallBackToScan() throws {
        let (journal, ids) = try seeded()
        XCTAssertEqual(try journal.search("雨").map(\.entry.id), [ids["ja"]!])
        XCTAssertEqual(try journal.search("公园").map(\.entry.id), [ids["zh"]!])
        XCTAssertEqual(try journal.search("ре").map(\.entry.id), [ids["ru"]!])
        XCTAssertEqual(try journal.search("%").count, 0, "LIKE wildcards are literal")
        XCTAssertEqual(try journal.search("_").count, 0)
    }

    func testOddQueriesNeverError() throws {
        let (journal, ids) = try seeded()
        for q in ["\"", "\"quotes\"", "AND", "OR NOT", "stars*", "(finally)", "NEAR(a b)", "col:val", "^x", "'; DROP TABLE entries; --",
                  "\\", "*", "-", "a\"b\"c", "   ", "", "\u{0}", "{}"] {
            XCTAssertNoThrow(try journal.search(q), q)
        }
        XCTAssertEqual(try journal.search("\"quotes\" AND").map(\.entry.id), [ids["en"]!])
        XCTAssertEqual(try journal.search("stars* OR").map(\.entry.id), [ids["en"]!])
        XCTAssertEqual(try journal.search("(finally)").map(\.entry.id), [ids["en"]!])
        XCTAssertEqual(try journal.entryCount(), 5)
    }

    func testSnippetShowsContext() throws {
        let (journal, _) = try makeJournal(self)
        let long = String(repeating: "слово ", count: 30) + "ЦЕЛЬ" + String(repeating: " хвост", count: 30)
        _ = try journal.add("Line one\n" + long)
        let hit = try XCTUnwrap(journal.search("цель").first)
        XCTAssertEqual(hit.snippet.match, "ЦЕЛЬ")
        XCTAssertTrue(hit.snippet.before.hasPrefix("…"))
        XCTAssertTrue(hit.snippet.after.hasSuffix("…"))
        XCTAssertFalse(hit.snippet.text.contains("\n"))
        XCTAssertEqual(hit.snippet.marked(open: "[", close: "]").components(separatedBy: "[ЦЕЛЬ]").count, 2)
    }

    func testNewestFirstAndLimit() throws {
        let (journal, _) = try makeJournal(self)
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        try journal.bulkInsert((0..<120).map { NewEntry(text: "river walk \($0)", createdAt: base.addingTimeInterval(Double($0)), timeZone: utc) })
        let hits = try journal.search("river", limit: 50)
        XCTAssertEqual(hits.count, 50)
        XCTAssertEqual(hits.first?.entry.body, "river walk 119")
        XCTAssertEqual(hits.map(\.entry.createdAt), hits.map(\.entry.createdAt).sorted(by: >))
    }
}
