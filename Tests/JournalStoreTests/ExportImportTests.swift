import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

final class ExportImportTests: XCTestCase {
    private func seed(_ journal: Journal) throws {
        let base = isoDate("2025-03-09T10:00:00Z")
        let texts = [
            "Quiet morning. Coffee on the balcony with @anna.\nThe city was still asleep.",
            "Долгий день на @работа! Устала, но довольна.",
            "雨の日。静かな一日だった。",
            "Just a title with \"quotes\" and a \\ backslash",
            "Emoji 👩‍👩‍👧‍👦 and tabs\there.\n# not a heading\n\nSecond paragraph.",
        ]
        for (i, t) in texts.enumerated() {
            _ = try journal.add(NewEntry(text: t, createdAt: base.addingTimeInterval(Double(i) * 3_700),
                                         timeZone: losAngeles, starred: i == 1))
        }
    }

    private func comparable(_ journal: Journal) throws -> [String] {
        try journal.entries(EntryQuery()).reversed().map {
            "\($0.localDay) \($0.localTime) \($0.title) | \($0.bodyAfterTitle) | \($0.tags) | \($0.starred)"
        }
    }

    func testJSONExportHasJrnlShape() throws {
        let (journal, _) = try makeJournal(self)
        try seed(journal)
        let json = try JournalExport.string(journal, format: .json)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual(root["tags"] as? [String: Int], ["@anna": 1, "@работа": 1])
        let entries = try XCTUnwrap(root["entries"] as? [[String: Any]])
        XCTAssertEqual(entries.count, 5)
        let first = entries[0]
        XCTAssertEqual(Set(first.keys), ["title", "body", "date", "time", "tags", "starred"])
        // jrnl: a line break ends the title before any full stop does.
        XCTAssertEqual(first["title"] as? String, "Quiet morning. Coffee on the balcony with @anna.")
        XCTAssertEqual(first["body"] as? String, "The city was still asleep.")
        XCTAssertEqual(entries[2]["title"] as? String, "雨の日。")
        XCTAssertEqual(entries[2]["body"] as? String, "静かな一日だった。")
        XCTAssertEqual(first["date"] as? String, "2025-03-09")
        XCTAssertEqual(first["time"] as? String, "03:00", "local time in the entry's zone (PDT)")
        XCTAssertEqual(first["tags"] as? [String], ["@anna"])
        XCTAssertEqual(entries[1]["starred"] as? Bool, true)
    }

    func testJSONRoundTrip() throws {
        let (journal, _) = try makeJournal(self)
        try seed(journal)
        let home = try makeTempHome(self)
        let file = home.appendingPathComponent("export.json")
        try JournalExport.write(journal, format: .json, toFile: file)
        XCTAssertEqual(mode(file.path), 0o600)
        let (other, _) = try makeJournal(self)
        let result = try JrnlImport.importFile(file, into: other, timeZone: losAngeles)
        XCTAssertEqual(result, ImportResult(added: 5, skipped: 0))
        XCTAssertEqual(try comparable(other), try comparable(journal))
        // Importing the export back into the journal it came from adds nothing.
        XCTAssertEqual(try JrnlImport.importFile(file, into: journal, timeZone: losAngeles), ImportResult(added: 0, skipped: 5))
    }

    func testTextRoundTrip() throws {
        let (journal, _) = try makeJournal(self)
        try seed(journal)
        let txt = try JournalExport.string(journal, format: .txt)
        XCTAssertTrue(txt.hasPrefix("[2025-03-09 03:00] Quiet morning. Coffee on the balcony with @anna.\nThe city"), txt)
        XCTAssertTrue(txt.contains("[2025-03-09 04:01] Долгий день на @работа! *\nУстала, но довольна.\n\n"), txt)
        let (other, _) = try makeJournal(self)
        let entries = try JrnlImport.parse(Data(txt.utf8), path: "export.txt", timeZone: losAngeles)
        XCTAssertEqual(try other.importEntries(entries), ImportResult(added: 5, skipped: 0))
        XCTAssertEqual(try comparable(other), try comparable(journal))
        XCTAssertEqual(try other.importEntries(entries), ImportResult(added: 0, skipped: 5))
    }

    func testMarkdownIsReadable() throws {
        let (journal, _) = try makeJournal(self)
        try seed(journal)
        let md = try JournalExport.string(journal, format: .markdown)
        XCTAssertTrue(md.hasPrefix("# 2025\n\n## 2025-03-09\n\n### 03:00 Quiet morning. Coffee on the balcony with @anna.\n"), md)
        XCTAssertTrue(md.contains("### 04:01 Долгий день на @работа! ★"))
        XCTAssertTrue(md.contains("\n\\# not a heading\n"))
    }

    func testMarkdownExportIsRecognisedOnImport() throws {
        let (journal, _) = try makeJournal(self)
        try seed(journal)
        let md = try JournalExport.string(journal, format: .markdown)
        XCTAssertThrowsError(try JrnlImport.parse(Data(md.utf8), path: "notes.md", timeZone: utc)) {
            XCTAssertEqual($0 as? JournalError, .badImportFile(path: "notes.md", line: 1, problem: .markdownExport))
        }
        // jrnl's own markdown export starts the same way, with a heading.
        let jrnlMD = "## November\n\n### 2025-11-03 09:15 Walk\nrain\n"
        XCTAssertThrowsError(try JrnlImport.parse(Data(jrnlMD.utf8), path: "j.md", timeZone: utc)) {
            XCTAssertEqual($0 as? JournalError, .badImportFile(path: "j.md", line: 1, problem: .markdownExport))
        }
        // A hashtag-like first word is still just text before the first entry.
        XCTAssertThrowsError(try JrnlImport.parse(Data("#tea\n[2024-01-01 09:00] ok".utf8), path: "t", timeZone: utc)) {
            XCTAssertEqual($0 as? JournalError, .badImportFile(path: "t", line: 1, problem: .textBeforeFirstEntry))
        }
        let en = ImportProblem.markdownExport.message(try StringCatalog.shipped(), .english)
        let ru = ImportProblem.markdownExport.message(try StringCatalog.shipped(), .russian)
        XCTAssertTrue(en.contains("markdown") && en.contains("json") && en.contains("txt"), en)
        XCTAssertTrue(ru.contains("markdown") && ru.contains("json") && ru != en, ru)
    }

    func testEmptyJournalExports() throws {
        let (journal, _) = try makeJournal(self)
        let json = try JournalExport.string(journal, format: .json)
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual((root["entries"] as? [Any])?.count, 0)
        XCTAssertEqual(try JournalExport.string(journal, format: .txt), "")
    }

    func testImportsJrnlJSONFixtureTwice() throws {
        let (journal, _) = try makeJournal(self)
        let r1 = try JrnlImport.importFile(fixture("jrnl-export.json"), into: journal, timeZone: utc)
        XCTAssertEqual(r1, ImportResult(added: 4, skipped: 0))
        let r2 = try JrnlImport.importFile(fixture("jrnl-export.json"), into: journal, timeZone: utc)
        XCTAssertEqual(r2, ImportResult(added: 0, skipped: 4))
        XCTAssertEqual(try journal.entryCount(), 4)
        let ru = try XCTUnwrap(journal.search("Устала").first?.entry)
        XCTAssertTrue(ru.starred)
        XCTAssertEqual(ru.tags, ["работа"])
        XCTAssertEqual(ru.title, "Долгий день на @работа.")
        XCTAssertEqual(ru.localDay.description, "2024-04-21")
        XCTAssertEqual(ru.localTime, "22:40")
        XCTAssertEqual(try journal.entries(EntryQuery(tag: "garden")).count, 2)
        let first = try XCTUnwrap(journal.search("tomatoes").first?.entry)
        XCTAssertEqual(first.bodyAfterTitle, "The soil was still cold, but @garden looks alive again.\nTomorrow: beans.")
    }

    func testImportsJrnlTextFixtures() throws {
        let (journal, _) = try makeJournal(self)
        XCTAssertEqual(try JrnlImport.importFile(fixture("jrnl-journal.txt"), into: journal, timeZone: losAngeles),
                       ImportResult(added: 4, skipped: 0))
        XCTAssertEqual(try JrnlImport.importFile(fixture("jrnl-journal.txt"), into: journal, timeZone: losAngeles),
                       ImportResult(added: 0, skipped: 4))
        let all = try journal.entries(EntryQuery()).reversed().map { $0 }
        XCTAssertEqual(all.map(\.title), ["Last evening of the year. Quiet, a candle and a book.", "New year, same kettle.",
                                          "Обед с коллегами, говорили про отпуск.", "Evening walk"])
        XCTAssertEqual(all.map(\.starred), [false, true, false, false])
        XCTAssertEqual(all[1].tags, ["mum"])
        XCTAssertEqual(all[1].bodyAfterTitle, "Made a list of small things to try.\n- walk every morning\n- call @mum on Sundays")
        XCTAssertEqual(all[3].bodyAfterTitle, "[link] a line in the body that starts with a bracket")
        XCTAssertEqual(all[0].localDay.description, "2023-12-31")
        XCTAssertEqual(all[0].localTime, "23:30")

        XCTAssertEqual(try JrnlImport.importFile(fixture("jrnl-legacy.txt"), into: journal, timeZone: utc),
                       ImportResult(added: 2, skipped: 0))
        let legacy = try journal.entries(EntryQuery(from: LocalDay("2012-03-29"), to: LocalDay("2012-03-30"))).reversed().map { $0 }
        XCTAssertEqual(legacy.map(\.title), ["Called in sick.", "Back at work."])
        XCTAssertEqual(legacy.map(\.starred), [false, true])

        XCTAssertEqual(try JrnlImport.importFile(fixture("jrnl-ampm.txt"), into: journal, timeZone: utc),
                       ImportResult(added: 2, skipped: 0))
        let leap = try journal.entries(EntryQuery(from: LocalDay("2024-02-29"), to: LocalDay("2024-02-29")))
        XCTAssertEqual(leap.map(\.localTime), ["23:45", "07:05"])
    }

    func testBadFilesNameTheFileAndLine() throws {
        let (journal, _) = try makeJournal(self)
        let badDate = fixture("bad-date.txt")
        XCTAssertThrowsError(try JrnlImport.importFile(badDate, into: journal)) {
            XCTAssertEqual($0 as? JournalError, .badImportFile(path: badDate.path, line: 3, problem: .badDate("2024-02-30 10:00")))
            XCTAssertTrue("\($0)".contains(badDate.path))
        }
        let badJSON = fixture("bad-entry.json")
        XCTAssertThrowsError(try JrnlImport.importFile(badJSON, into: journal)) {
            XCTAssertEqual($0 as? JournalError,
                           .badImportFile(path: badJSON.path, line: 15, problem: .badField(index: 1, field: "date", value: "2024-13-01")))
        }
        XCTAssertEqual(try journal.entryCount(), 0, "nothing imported from a bad file")

        func check(_ bytes: [UInt8], line: Int?, problem: ImportProblem) {
            XCTAssertThrowsError(try JrnlImport.parse(Data(bytes), path: "f", timeZone: utc)) {
                XCTAssertEqual($0 as? JournalError, .badImportFile(path: "f", line: line, problem: problem))
            }
        }
        check(Array("[2024-01-01 09:00] ok\nsecond \u{FF}".utf8) + [0xFF, 0x0A], line: 2, problem: .notUTF8)
        check(Array("hello\n[2024-01-01 09:00] ok".utf8), line: 1, problem: .textBeforeFirstEntry)
        check(Array("\n\n".utf8), line: nil, problem: .noEntries)
        check(Array("{\"entries\": 5}".utf8), line: nil, problem: .notJrnlJSON)
        XCTAssertThrowsError(try JrnlImport.parse(Data("{\n\"entries\": [\n,]".utf8), path: "f", timeZone: utc)) {
            guard case .badImportFile("f", _, .notJSON)? = $0 as? JournalError else { return XCTFail("\($0)") }
        }
        let missing = URL(fileURLWithPath: "/nonexistent/lanternly.json")
        XCTAssertThrowsError(try JrnlImport.importFile(missing, into: journal)) {
            guard case .badImportFile(missing.path, nil, .unreadable)? = $0 as? JournalError else { return XCTFail("\($0)") }
        }
    }
}

final class RenderTests: XCTestCase {
    func testRenderMatchesExportOfTheSameEntries() throws {
        let (journal, _) = try makeJournal(self)
        _ = try journal.add("One @a @b", at: Date(timeIntervalSince1970: 1_000_000), timeZone: utc)
        _ = try journal.add("Two @a", at: Date(timeIntervalSince1970: 2_000_000), timeZone: utc, starred: true)
        let entries = try journal.entries(EntryQuery()).reversed().map { $0 }
        for format in ExportFormat.allCases {
            XCTAssertEqual(JournalExport.render(entries, format: format), try JournalExport.string(journal, format: format), "\(format)")
        }
    }
}

extension ExportImportTests {
    /// A tag added by hand (not written in the text) survives the text formats: it is
    /// written as a last `@tag` line, and importing that file gives the tag back.
    func testHandAddedTagsSurviveTextExportAndImport() throws {
        let (journal, _) = try makeJournal(self)
        let entry = try journal.add(NewEntry(text: "Rain all afternoon. Tea and a book.", createdAt: Date(timeIntervalSince1970: 1_741_500_000),
                                             timeZone: losAngeles))
        _ = try journal.update(id: entry.id, EntryChange(tags: ["rain"]))
        let txt = try JournalExport.string(journal, format: .txt)
        XCTAssertTrue(txt.contains("\n@rain\n"), txt)
        let md = try JournalExport.string(journal, format: .markdown)
        XCTAssertTrue(md.contains("@rain"), md)
        let (other, _) = try makeJournal(self)
        _ = try other.importEntries(JrnlImport.parse(Data(txt.utf8), path: "export.txt", timeZone: losAngeles))
        XCTAssertEqual(try other.latest(1).first?.tags, ["rain"])
    }
}
