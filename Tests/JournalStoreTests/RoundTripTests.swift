import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

final class RoundTripTests: XCTestCase {
    func testUnicodeOfEveryKindSurvivesExactly() throws {
        let (journal, paths) = try makeJournal(self)
        let texts = [
            "Сегодня был длинный день, но ёлка уже стоит.",
            "今日は雨が降った。静かな一日。",
            "Family: 👩‍👩‍👧‍👦 and a flag 🏳️‍🌈, skin tone 👋🏽",
            "Combining: e\u{301} vs \u{E9}, Z\u{335}\u{31B}\u{358}algo",
            "שלום עולם — مرحبا بالعالم (RTL with \u{200F}marks\u{200E})",
            "Controls \u{1}\u{7}\u{1B}[31m and tabs\tand\r\ncarriage returns",
            "  leading and trailing spaces  \n\n",
            "",
        ]
        var ids: [Int64] = []
        for t in texts { ids.append(try journal.add(t, at: Date(timeIntervalSince1970: 1_700_000_000), timeZone: utc).id) }
        // A second process (a new instance) reads what the first wrote.
        let reopened = try SQLiteJournal(paths: paths)
        for (id, t) in zip(ids, texts) {
            let e = try XCTUnwrap(reopened.entry(id: id))
            XCTAssertEqual(Array(e.body.utf8), Array(t.utf8), "bytes differ for \(t.debugDescription)")
        }
    }

    func testInMemoryJournalWorks() throws {
        let journal = try SQLiteJournal.inMemory()
        let e = try journal.add("В памяти @тест")
        XCTAssertEqual(try journal.search("памят").map(\.entry.id), [e.id])
        XCTAssertEqual(try journal.entries(EntryQuery(tag: "тест")).count, 1)
    }

    func testOneMegabyteEntry() throws {
        let (journal, _) = try makeJournal(self)
        let unit = "Долгая запись 長い 📝 "
        let tag = " @большое"
        var big = String(repeating: unit, count: (InputLimits.entryBytes - tag.utf8.count) / unit.utf8.count)
        big += String(repeating: "x", count: InputLimits.entryBytes - tag.utf8.count - big.utf8.count)
        XCTAssertEqual((big + tag).utf8.count, 1_048_576, "exactly the limit, 1 MiB")
        let saved = try journal.add(big + tag)
        let back = try XCTUnwrap(journal.entry(id: saved.id))
        XCTAssertEqual(back.body, big + tag)
        XCTAssertEqual(back.tags, ["большое"])
        XCTAssertEqual(try journal.search("большое").map(\.entry.id), [saved.id])
        // One byte more is refused whole, naming the limit; nothing is stored.
        XCTAssertThrowsError(try journal.add(big + tag + "!")) {
            XCTAssertEqual($0 as? JournalError, .overLimit(LimitExceeded(kind: .entryBytes, found: 1_048_577)))
            XCTAssertTrue("\($0)".contains("1048576"), "\($0)")
        }
        XCTAssertEqual(try journal.entryCount(), 1)
    }

    func testStoredEntryMatchesWhatAddReturned() throws {
        let (journal, _) = try makeJournal(self)
        let when = Date(timeIntervalSince1970: 1_741_589_940.123_456)
        let added = try journal.add(NewEntry(text: "Hi @Work and @work and @РАБОТА", createdAt: when,
                                             timeZone: losAngeles, starred: true, extraTags: ["@Extra", "--"]))
        XCTAssertEqual(try journal.entry(id: added.id), added)
        XCTAssertEqual(added.tags, ["extra", "work", "работа"])
        XCTAssertEqual(added.timeZoneIdentifier, "America/Los_Angeles")
        XCTAssertEqual(added.createdAt.timeIntervalSince1970, 1_741_589_940.123, accuracy: 0.0005)
        XCTAssertTrue(added.starred)
    }

    func testTagParsing() {
        XCTAssertEqual(JournalEntry.tags(in: "@работа и @日記, (@not) me@example.com @Mixed_Case-1 @- @"),
                       ["mixed_case-1", "работа", "日記"])
        XCTAssertEqual(JournalEntry.tags(in: "start @a\n@b\t@c. end"), ["a", "b", "c"])
        XCTAssertEqual(JournalEntry.normalizeTag("@Cafe\u{301}"), "caf\u{E9}")
        XCTAssertNil(JournalEntry.normalizeTag("@"))
        XCTAssertNil(JournalEntry.normalizeTag("two words"))
    }

    func testTitleSplitFollowsJrnl() {
        XCTAssertEqual(JournalEntry.splitTitle("Hello. World is big.").title, "Hello.")
        XCTAssertEqual(JournalEntry.splitTitle("Hello. World\nmore").title, "Hello. World")
        XCTAssertEqual(JournalEntry.splitTitle("No end").title, "No end")
        XCTAssertEqual(JournalEntry.splitTitle("雨の日。静か").title, "雨の日。")
        XCTAssertEqual(JournalEntry.splitTitle("Wow!\" she said").title, "Wow!\"")
        XCTAssertEqual(JournalEntry.splitTitle("version 2.5 is out").title, "version 2.5 is out")
        for (t, b) in [("Hello.", "World"), ("Hello. World", "more"), ("A", ""), ("雨の日。", "静か")] {
            let joined = JournalEntry.joinTitle(t, b)
            XCTAssertEqual(JournalEntry.splitTitle(joined).title, t)
            XCTAssertEqual(JournalEntry.splitTitle(joined).body, b)
        }
    }

    func testListFilters() throws {
        let (journal, _) = try makeJournal(self)
        let base = isoDate("2025-01-10T12:00:00Z")
        for i in 0..<30 {
            _ = try journal.add(NewEntry(text: "Day \(i) \(i % 3 == 0 ? "@three" : "")",
                                         createdAt: base.addingTimeInterval(Double(i) * 86_400),
                                         timeZone: utc, starred: i % 5 == 0))
        }
        let last10 = try journal.latest(10)
        XCTAssertEqual(last10.map(\.body.first), Array(repeating: "D", count: 10))
        XCTAssertEqual(last10.first?.body, "Day 29 ")
        XCTAssertEqual(last10.last?.body, "Day 20 ")
        let ranged = try journal.entries(EntryQuery(from: LocalDay("2025-01-12"), to: LocalDay("2025-01-14")))
        XCTAssertEqual(ranged.map(\.localDay.description), ["2025-01-14", "2025-01-13", "2025-01-12"])
        let tagged = try journal.entries(EntryQuery(tag: "@Three"))
        XCTAssertEqual(tagged.count, 10)
        XCTAssertTrue(tagged.allSatisfy { $0.tags == ["three"] })
        let starred = try journal.entries(EntryQuery(limit: 2, starredOnly: true))
        XCTAssertEqual(starred.map(\.body), ["Day 25 ", "Day 20 "])
        XCTAssertEqual(try journal.entryCount(), 30)
        XCTAssertEqual(try journal.tagCounts(), [TagCount(tag: "three", count: 10)])
        var seen: [String] = []
        try journal.forEachEntry { seen.append($0.body) }
        XCTAssertEqual(seen.first, "Day 0 @three")
        XCTAssertEqual(seen.count, 30)
    }

    func testDayBoundsHoldInTheFarthestZones() throws {
        let (journal, _) = try makeJournal(self)
        let day = LocalDay("2025-06-15")!
        var expected: [Int64] = []
        for zone in ["Pacific/Kiritimati", "Etc/GMT+12", "Asia/Kathmandu", "UTC"] {
            let tz = TimeZone(identifier: zone)!
            for (h, m) in [(0, 0), (23, 59)] {
                let e = try journal.add("\(zone) \(h)", at: LocalClock.instant(day: day, hour: h, minute: m, in: tz), timeZone: tz)
                XCTAssertEqual(e.localDay, day, zone)
                expected.append(e.id)
            }
            // Just outside the day on both sides.
            _ = try journal.add("before", at: LocalClock.instant(day: day, hour: 0, minute: 0, in: tz).addingTimeInterval(-60), timeZone: tz)
            _ = try journal.add("after", at: LocalClock.instant(day: day, hour: 23, minute: 59, in: tz).addingTimeInterval(60), timeZone: tz)
        }
        XCTAssertEqual(Set(try journal.entries(EntryQuery(from: day, to: day)).map(\.id)), Set(expected))
        XCTAssertEqual(try journal.entries(EntryQuery(from: day)).filter { $0.body == "before" }.count, 0)
        XCTAssertEqual(try journal.entries(EntryQuery(to: day)).filter { $0.body == "after" }.count, 0)
    }

    func testCommonAndRareTagsListTheSame() throws {
        let (journal, _) = try makeJournal(self)
        let base = Date(timeIntervalSince1970: 1_600_000_000)
        try journal.bulkInsert((0..<2600).map {
            NewEntry(text: "n\($0) @common" + ($0 % 100 == 0 ? " @rare" : ""), createdAt: base.addingTimeInterval(Double($0)), timeZone: utc)
        })
        let common = try journal.entries(EntryQuery(limit: 5, tag: "common"))
        XCTAssertEqual(common.map(\.body.first), Array(repeating: "n", count: 5))
        XCTAssertEqual(common.first?.body, "n2599 @common")
        let rare = try journal.entries(EntryQuery(tag: "rare"))
        XCTAssertEqual(rare.count, 26)
        XCTAssertEqual(rare.first?.body, "n2500 @common @rare")
        XCTAssertEqual(rare.map(\.createdAt), rare.map(\.createdAt).sorted(by: >))
        XCTAssertEqual(try journal.entries(EntryQuery(tag: "common")).count, 2600)
    }

    func testForEachEntryPagesThroughMoreThanOnePage() throws {
        let (journal, _) = try makeJournal(self)
        let base = Date(timeIntervalSince1970: 1_600_000_000)
        // Same instant for all: paging must still use the id to move on.
        try journal.bulkInsert((0..<1234).map { NewEntry(text: "n\($0)", createdAt: base, timeZone: utc) })
        var ids: [Int64] = []
        try journal.forEachEntry { ids.append($0.id) }
        XCTAssertEqual(ids.count, 1234)
        XCTAssertEqual(ids, ids.sorted())
        XCTAssertEqual(Set(ids).count, 1234)
    }

    func testUpdateAndDelete() throws {
        let (journal, _) = try makeJournal(self)
        let e = try journal.add("First words @old")
        var u = try journal.update(id: e.id, EntryChange(tags: ["mine"]))
        XCTAssertEqual(u.tags, ["mine", "old"])
        u = try journal.update(id: e.id, EntryChange(body: "Rewritten @new"))
        XCTAssertEqual(u.tags, ["mine", "new"])
        XCTAssertEqual(u.body, "Rewritten @new")
        u = try journal.setStarred(true, id: e.id)
        XCTAssertTrue(u.starred)
        XCTAssertEqual(try journal.search("Rewritten").map(\.entry.id), [e.id])
        XCTAssertEqual(try journal.search("First words").count, 0)
        try journal.delete(id: e.id)
        XCTAssertNil(try journal.entry(id: e.id))
        XCTAssertEqual(try journal.search("Rewritten").count, 0)
        XCTAssertEqual(try journal.tagCounts(), [])
        XCTAssertThrowsError(try journal.delete(id: e.id)) { XCTAssertEqual($0 as? JournalError, .entryNotFound(id: e.id)) }
        XCTAssertThrowsError(try journal.update(id: 999, EntryChange(starred: true))) {
            XCTAssertEqual($0 as? JournalError, .entryNotFound(id: 999))
        }
    }

    func testSameTextTwiceInOneMinuteIsKeptTwice() throws {
        let (journal, _) = try makeJournal(self)
        let when = Date(timeIntervalSince1970: 1_700_000_000)
        let a = try journal.add("ok", at: when, timeZone: utc)
        let b = try journal.add("ok", at: when.addingTimeInterval(5), timeZone: utc)
        XCTAssertNotEqual(a.id, b.id)
        XCTAssertEqual(try journal.entryCount(), 2)
    }

    func testChatHistoryNeverStoresCrisisTurns() throws {
        let (journal, paths) = try makeJournal(self)
        let t0 = Date(timeIntervalSince1970: 1_700_000_000)
        try journal.appendChatTurn(message: "hello", reply: Reply(text: "hi there", source: .bank, language: .english), at: t0)
        let crisis = try journal.appendChatTurn(message: "UNIQUE-CRISIS-MARKER-text",
                                                reply: Reply(text: "UNIQUE-CRISIS-REPLY", source: .crisis, language: .english),
                                                at: t0.addingTimeInterval(1))
        XCTAssertNil(crisis)
        try journal.appendChatTurn(message: "привет", reply: Reply(text: "здравствуй", source: .pivot, language: .russian),
                                   at: t0.addingTimeInterval(2))
        let history = try journal.chatHistory(limit: nil)
        XCTAssertEqual(history.map(\.message), ["hello", "привет"])
        XCTAssertEqual(history.map(\.source), [.bank, .pivot])
        XCTAssertEqual(try journal.chatHistory(limit: 1).map(\.message), ["привет"])
        // Nothing of the crisis turn in any file under the home.
        for file in FileManager.default.enumerator(atPath: paths.data.deletingLastPathComponent().path)! {
            let url = paths.data.deletingLastPathComponent().appendingPathComponent(file as! String)
            if let data = FileManager.default.contents(atPath: url.path) {
                XCTAssertNil(data.range(of: Data("UNIQUE-CRISIS".utf8)), url.path)
            }
        }
        XCTAssertEqual(try journal.eraseChatHistory(), 2)
        XCTAssertEqual(try journal.chatHistory(limit: nil), [])
    }

    func testErasedChatTextLeavesNoTraceInFiles() throws {
        let (journal, paths) = try makeJournal(self)
        try journal.appendChatTurn(message: "SECRET-CHAT-MESSAGE-42", reply: Reply(text: "ok", source: .bank, language: .english),
                                   at: Date())
        try journal.eraseChatHistory()
        for name in try FileManager.default.contentsOfDirectory(atPath: paths.data.path) {
            let data = try Data(contentsOf: paths.data.appendingPathComponent(name))
            XCTAssertNil(data.range(of: Data("SECRET-CHAT-MESSAGE-42".utf8)), name)
        }
    }

    func testQuestionHistory() throws {
        let (journal, _) = try makeJournal(self)
        let d1 = LocalDay("2025-01-01")!, d2 = LocalDay("2025-01-02")!
        try journal.recordQuestion(QuestionRecord(day: d1, questionKey: "question.calm.1", askedAt: Date(timeIntervalSince1970: 1)))
        try journal.recordQuestion(QuestionRecord(day: d2, questionKey: "question.calm.4", askedAt: Date(timeIntervalSince1970: 2)))
        try journal.recordQuestion(QuestionRecord(day: d2, questionKey: "question.calm.4", askedAt: Date(timeIntervalSince1970: 3)))
        XCTAssertEqual(try journal.questionHistory(since: nil).map(\.questionKey), ["question.calm.1", "question.calm.4"])
        XCTAssertEqual(try journal.questionHistory(since: d2).map(\.day), [d2])
    }

    func testLocalDayParsing() {
        XCTAssertEqual(LocalDay("2024-02-29")?.description, "2024-02-29")
        XCTAssertNil(LocalDay("2025-02-29"))
        XCTAssertNil(LocalDay("2025-13-01"))
        XCTAssertNil(LocalDay("2025-1-01"))
        XCTAssertNil(LocalDay("２０２５-01-01"))
        XCTAssertLessThan(LocalDay("2024-12-31")!, LocalDay("2025-01-01")!)
    }
}
