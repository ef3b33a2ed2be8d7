import CSQLite
import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

/// Search finds canonically equal and case-folded text on both sides, and 1–2 character CJK
/// queries through their own index.
final class SearchFoldingTests: XCTestCase {
    private func add(_ j: SQLiteJournal, _ text: String, _ day: Int = 0) throws -> Int64 {
        try j.add(NewEntry(text: text, createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(day) * 3600),
                           timeZoneIdentifier: "UTC")).id
    }

    func testCanonicallyEqualTextIsFoundBothWays() throws {
        let (j, _) = try makeJournal(self)
        let decomposed = try add(j, "Met at the cafe\u{301} on the corner", 1)
        let composed = try add(j, "Another caf\u{E9} visit", 2)
        let yolkaDecomposed = try add(j, "Наряжали е\u{308}лку вечером", 3)
        let shortI = try add(j, "Мои\u{306} дом", 4)
        XCTAssertEqual(Set(try j.search("caf\u{E9}").map(\.entry.id)), [decomposed, composed])
        XCTAssertEqual(Set(try j.search("cafe\u{301}").map(\.entry.id)), [decomposed, composed])
        XCTAssertEqual(try j.search("ёлку").map(\.entry.id), [yolkaDecomposed])
        XCTAssertEqual(try j.search("ЁЛКУ").map(\.entry.id), [yolkaDecomposed])
        XCTAssertEqual(try j.search("мой").map(\.entry.id), [shortI])
        XCTAssertEqual(try j.search("й").map(\.entry.id), [shortI])
        let hit = try XCTUnwrap(j.search("ёлку").first)
        XCTAssertFalse(hit.snippet.match.isEmpty, "the snippet marks the match")
    }

    func testFullCaseFoldingInEveryScript() throws {
        let (j, _) = try makeJournal(self)
        let street = try add(j, "Walked down the Hauptstraße today", 1)
        let greek = try add(j, "ΟΔΥΣΣΕΥΣ came home", 2)
        let cyr = try add(j, "ПРОГУЛКА по парку", 3)
        XCTAssertEqual(try j.search("STRASSE").map(\.entry.id), [street])
        XCTAssertEqual(try j.search("hauptstrasse").map(\.entry.id), [street])
        XCTAssertEqual(try j.search("οδυσσευς").map(\.entry.id), [greek])
        XCTAssertEqual(try j.search("οδυσσευσ").map(\.entry.id), [greek])
        XCTAssertEqual(try j.search("прогулка").map(\.entry.id), [cyr])
    }

    func testShortCJKQueriesUseTheirIndexAndFollowChanges() throws {
        let (j, paths) = try makeJournal(self)
        let cat = try add(j, "今日は猫が窓辺で寝ていた。", 1)
        let lantern = try add(j, "灯籠の明かりがきれいだった。", 2)
        _ = try add(j, "An English entry about rain", 3)
        XCTAssertEqual(try j.search("猫").map(\.entry.id), [cat])
        XCTAssertEqual(try j.search("灯籠").map(\.entry.id), [lantern])
        XCTAssertEqual(try j.search("明かり").map(\.entry.id), [lantern])
        XCTAssertEqual(try j.search("鯨").map(\.entry.id), [])
        XCTAssertEqual(try j.search("猫窓").map(\.entry.id), [], "a bigram across a kana break is not there")
        _ = try j.update(id: cat, EntryChange(body: "今日は犬が庭にいた。"))
        XCTAssertEqual(try j.search("猫").map(\.entry.id), [])
        XCTAssertEqual(try j.search("犬").map(\.entry.id), [cat])
        try j.delete(id: lantern)
        XCTAssertEqual(try j.search("灯籠").map(\.entry.id), [])
        XCTAssertEqual(try j.integrityCheck(), ["ok"])
        // The index is a lookup, not a scan of the entries.
        let db = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READONLY)
        defer { db.close() }
        let plan = try db.strings("""
            EXPLAIN QUERY PLAN SELECT e.id FROM entries_cjk c JOIN entries e ON e.id = c.rowid
            WHERE entries_cjk MATCH '"猫"' ORDER BY c.rowid DESC LIMIT 5
            """)
        XCTAssertFalse(plan.joined().contains("SCAN e"), plan.joined(separator: "\n"))
    }

    func testWildcardCharactersAreLiteral() throws {
        let (j, _) = try makeJournal(self)
        let percent = try add(j, "I am 100% sure about it", 1)
        _ = try add(j, "1000 reasons, none sure", 2)
        let under = try add(j, "file_name here", 3)
        _ = try add(j, "fileXname there", 4)
        XCTAssertEqual(try j.search("100%").map(\.entry.id), [percent])
        XCTAssertEqual(try j.search("file_name").map(\.entry.id), [under])
        XCTAssertEqual(try j.search("%").map(\.entry.id), [percent])
    }

    func testFoldingIsTheSameForEquivalentStrings() {
        XCTAssertEqual(SearchText.fold("Cafe\u{301}"), SearchText.fold("CAF\u{C9}"))
        XCTAssertEqual(SearchText.fold("Straße"), "strasse")
        XCTAssertEqual(SearchText.fold("ﬁle"), "file")
        XCTAssertEqual(SearchText.fold("\u{F900}"), "\u{8C48}", "CJK compatibility ideographs fold to the unified one")
        XCTAssertEqual(SearchText.cjkGrams("猫と犬 a 猫"), "猫 と 猫と 犬 と犬")
        XCTAssertEqual(SearchText.cjkGrams("no CJK here"), "")
    }
}
