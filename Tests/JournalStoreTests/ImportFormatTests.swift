import CSQLite
import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

/// Import reads what jrnl reads (line ends, partial dates, pipes), refuses by name what it
/// cannot read, and every export format reads back as the same entries.
final class ImportFormatTests: XCTestCase {
    private func file(_ text: String, name: String = "journal.txt") throws -> URL {
        let url = try makeTempHome(self).appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    private func problem(_ text: String) throws -> (line: Int?, problem: ImportProblem)? {
        let (journal, _) = try makeJournal(self)
        let url = try file(text)
        do {
            _ = try JrnlImport.importFile(url, into: journal, timeZone: utc)
        } catch JournalError.badImportFile(let path, let line, let p) {
            XCTAssertEqual(path, url.path)
            XCTAssertEqual(try journal.entryCount(), 0, "nothing imported from a refused file")
            return (line, p)
        }
        return nil
    }

    func testEveryLineEndReadsTheSame() throws {
        let lines = ["[2021-02-03 08:00] Up early. @sleep", "Coffee on the balcony.", "",
                     "[2021-02-04 21:15] Evening *", "Wrote letters.", "",
                     "[2021-02-05 12:00] Lunch with @ines", "Soup."]
        for end in ["\n", "\r\n", "\r"] {
            let (journal, _) = try makeJournal(self)
            let result = try JrnlImport.importFile(try file(lines.joined(separator: end) + end), into: journal, timeZone: utc)
            XCTAssertEqual(result, ImportResult(added: 3), "line end \(end.debugDescription)")
            let all = try journal.entries(EntryQuery()).reversed().map { $0 }
            // The title is the whole first line when a body follows (jrnl's split_title).
            XCTAssertEqual(all.map(\.title), ["Up early. @sleep", "Evening", "Lunch with @ines"])
            XCTAssertEqual(all.map(\.bodyAfterTitle), ["Coffee on the balcony.", "Wrote letters.", "Soup."])
            XCTAssertEqual(all[0].tags, ["sleep"])
            XCTAssertEqual(all.map(\.starred), [false, true, false])
            XCTAssertFalse(all.contains { $0.body.contains("\r") })
            XCTAssertEqual(all[2].tags, ["ines"])
        }
    }

    func testPartialDatesJrnlAcceptsBecomeEntries() throws {
        let (journal, _) = try makeJournal(self)
        let text = """
            [2018-03-01 10:00] Full stamp
            A body.

            [2018-04 16:45] Month and time only
            jrnl fills in day 1.

            [2018-05-06] Day only
            Midnight then.

            [2018/06/07 07:30] Slashes
            [2018-07-08T09:10] ISO with a T
            [2018-08-09 2:05 PM] A one-digit hour
            """
        XCTAssertEqual(try JrnlImport.importFile(try file(text), into: journal, timeZone: utc).added, 6)
        let all = try journal.entries(EntryQuery()).reversed().map { "\($0.localDay) \($0.localTime) \($0.title)" }
        XCTAssertEqual(all, ["2018-03-01 10:00 Full stamp", "2018-04-01 16:45 Month and time only",
                             "2018-05-06 00:00 Day only", "2018-06-07 07:30 Slashes", "2018-07-08 09:10 ISO with a T",
                             "2018-08-09 14:05 A one-digit hour"])
    }

    func testUnreadableAndUnclearDatesAreRefusedByLine() throws {
        let dayFirst = try problem("[2013-06-09 15:39] Fine.\nBody\n\n[10.07.2013 15:40] Life is good.\n")
        XCTAssertEqual(dayFirst?.line, 4)
        XCTAssertEqual(dayFirst?.problem, .dayFirstDate("10.07.2013 15:40"))
        let slashed = try problem("[07/10/2013 15:40] Which month?\n")
        XCTAssertEqual(slashed?.problem, .dayFirstDate("07/10/2013 15:40"))
        let impossible = try problem("[2022-01-01 10:00] a\n[2022-02-30 10:00] b\n")
        XCTAssertEqual(impossible?.line, 2)
        XCTAssertEqual(impossible?.problem, .badDate("2022-02-30 10:00"))
        // Short brackets and words are body text, as in jrnl.
        let (journal, _) = try makeJournal(self)
        let ok = "[2022-01-01 10:00] Title\n[x] done\n[link] here\n[1] footnote\n[see page twelve] note\n"
        XCTAssertEqual(try JrnlImport.importFile(try file(ok), into: journal, timeZone: utc).added, 1)
        XCTAssertEqual(try journal.latest(1).first?.bodyAfterTitle, "[x] done\n[link] here\n[1] footnote\n[see page twelve] note")
    }

    func testRefusalsNameTheRealCause() throws {
        XCTAssertEqual(try problem("gAAAAABfb4gQBMqqGn_W8v_s7qCi14bX7inuCOKbsBqIUf7_\n")?.problem, .encrypted)
        XCTAssertEqual(try problem("JRNLv3.0eyJzYWx0IjoiQldrLUU0YWZv\n")?.problem, .encrypted)
        let screen = try problem("2020-01-01 09:00 New year.\n| Quiet morning.\n| Tea.\n\n2020-01-02 10:00 Next\n| More\n")
        XCTAssertEqual(screen?.problem, .screenOutput)
        XCTAssertEqual(screen?.line, 2)
        let coloured = try problem("\u{1B}[1m2020-01-01 09:00\u{1B}[0m New year.\n| Quiet.\n")
        XCTAssertEqual(coloured?.problem, .screenOutput)
        let (journal, _) = try makeJournal(self)
        let folder = try makeTempHome(self)
        XCTAssertThrowsError(try JrnlImport.importFile(folder, into: journal)) {
            XCTAssertEqual($0 as? JournalError, .badImportFile(path: folder.path, line: nil, problem: .isFolder))
        }
        let catalog = try StringCatalog.shipped()
        for p in [ImportProblem.encrypted, .screenOutput, .isFolder, .dayFirstDate("1.2.2003")] {
            for language in [AppLanguage.english, .russian] {
                let text = p.message(catalog, language)
                XCTAssertFalse(text.isEmpty)
                XCTAssertFalse(text.contains("journal.import"), text)
            }
        }
        XCTAssertTrue(ImportProblem.encrypted.message(catalog, .english).contains("--format json"))
    }

    func testDuplicatesWithinOneFileAreCountedApart() throws {
        let (journal, _) = try makeJournal(self)
        let text = "[2020-05-05 10:00] Same.\nText\n\n[2020-05-05 10:00] Same.\nText\n\n[2020-05-06 10:00] Other\n"
        XCTAssertEqual(try JrnlImport.importFile(try file(text), into: journal, timeZone: utc),
                       ImportResult(added: 2, skipped: 0, repeated: 1))
        XCTAssertEqual(try JrnlImport.importFile(try file(text), into: journal, timeZone: utc),
                       ImportResult(added: 0, skipped: 3, repeated: 0))
    }

    func testReadsFromAPipe() throws {
        let (journal, _) = try makeJournal(self)
        let dir = try makeTempHome(self)
        let fifo = dir.appendingPathComponent("pipe")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        let text = "[2020-01-01 09:00] From a pipe\nBody\n"
        let writer = Thread {
            let fd = open(fifo.path, O_WRONLY)
            _ = text.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, text.utf8.count) }
            close(fd)
        }
        writer.start()
        XCTAssertEqual(try JrnlImport.importFile(fifo, into: journal, timeZone: utc).added, 1)
        XCTAssertEqual(try journal.latest(1).first?.title, "From a pipe")
    }

    func testJSONIsReadAsAStream() throws {
        let (journal, _) = try makeJournal(self)
        // Keys in any order, escapes, an unknown key after the entries, no tags object.
        let json = """
            {"entries": [
              {"starred": true, "time": "07:05", "date": "2019-09-09", "body": "Line \\"one\\"\\nLine two \\u00e9\\ud83d\\ude00",
               "title": "Q\\u0026A", "tags": ["@x"]},
              {"date": "2019-09-10", "title": "Minimal"}
            ], "version": 2}
            """
        XCTAssertEqual(try JrnlImport.importFile(try file(json, name: "j.json"), into: journal, timeZone: utc).added, 2)
        let all = try journal.entries(EntryQuery()).reversed().map { $0 }
        XCTAssertEqual(all[0].title, "Q&A")
        XCTAssertEqual(all[0].bodyAfterTitle, "Line \"one\"\nLine two é😀")
        XCTAssertEqual(all[0].tags, ["x"])
        XCTAssertTrue(all[0].starred)
        XCTAssertEqual(all[1].localTime, "09:00")
        for bad in ["{\"entries\": [ {\"date\": \"2019-09-09\"} ", "{\"entries\": [] } x", "{\"entries\": [\"a\" \"b\"]}"] {
            XCTAssertThrowsError(try JrnlImport.parse(Data(bad.utf8), path: "f", timeZone: utc), bad)
        }
    }

    /// A file several times the reader's 64 KiB piece, so strings and their escapes fall
    /// across the ends of pieces at many places: every title and body reads as Foundation's
    /// own JSON parser (`JSONSerialization`) reads them.
    func testJSONStringsAcrossReadPiecesReadAsFoundationReadsThem() throws {
        let (journal, _) = try makeJournal(self)
        let pieces = ["plain words ", "\\n", "\\\"quoted\\\" ", "\\\\", "é", "\\u00e9", "\\ud83d\\ude00", "ёлка ",
                      "猫と雨 ", "\\t", "\\/", "x"]
        var entries: [String] = []
        for i in 0..<400 {
            // Lengths that drift against the piece size: about 100 to 3,000 bytes.
            var body = ""
            for k in 0..<(10 + (i * 37) % 300) { body += pieces[(i + k * 5) % pieces.count] }
            let day = String(format: "2001-%02d-%02d", 1 + i % 12, 1 + i % 28)
            entries.append("{\"date\": \"\(day)\", \"time\": \"\(String(format: "%02d:%02d", i % 24, i % 60))\", "
                           + "\"title\": \"T\\u0041 \(i) \(pieces[i % pieces.count])\", \"body\": \"\(body)\"}")
        }
        let json = "{\"entries\": [\n" + entries.joined(separator: ",\n") + "\n]}"
        XCTAssertGreaterThan(json.utf8.count, 4 * 65_536)
        let url = try file(json, name: "long.json")
        XCTAssertEqual(try JrnlImport.importFile(url, into: journal, timeZone: utc).added, 400)

        let decoded = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let expected = try XCTUnwrap(decoded["entries"] as? [[String: String]]).map {
            JournalEntry.joinTitle($0["title"] ?? "", $0["body"] ?? "")
        }
        let stored = try journal.entries(EntryQuery()).sorted { $0.id < $1.id }.map(\.body)
        XCTAssertEqual(stored.count, expected.count)
        XCTAssertEqual(stored, expected)
    }

    /// Entries whose bodies hold lines that look like headers, partial headers, legacy
    /// headers, day-first dates, brackets and stars, in several scripts.
    private func trickyJournal() throws -> SQLiteJournal {
        let (journal, _) = try makeJournal(self)
        let bodies = [
            "Plain title.\n[2020-01-01 10:00] a line that looks like a header\nand more",
            "Indented\n [2020-01-01 10:00] already one space in\n  [2019-07 14:23] two spaces and partial",
            "Legacy\n2020-01-01 10:00 a jrnl 1.x looking line",
            "Day-first\n[10.07.2013 15:40] looks like a date\n[link] and a bracket",
            "Звёздочка в конце\nи строка [2021-03-04] с датой\n[2021-03-04 12:00] и заголовок",
            "猫が好き。\n[2022-02-02 02:02] 日本語の行",
        ]
        for (i, b) in bodies.enumerated() {
            _ = try journal.add(NewEntry(text: b, createdAt: Date(timeIntervalSince1970: 1_600_000_000 + Double(i) * 86_400),
                                         timeZoneIdentifier: "UTC", starred: i % 2 == 0))
        }
        return journal
    }

    private func comparable(_ j: Journal) throws -> [String] {
        try j.entries(EntryQuery()).map { "\($0.localDay) \($0.localTime) \($0.starred) \($0.tags) \($0.title) | \($0.bodyAfterTitle)" }
    }

    func testEveryFormatReadsBackTheSameEntries() throws {
        let journal = try trickyJournal()
        for format in [ExportFormat.txt, .json] {
            let exported = try JournalExport.string(journal, format: format)
            let (other, _) = try makeJournal(self)
            let result = try JrnlImport.importFile(try file(exported, name: "export.\(format)"), into: other, timeZone: utc)
            XCTAssertEqual(result.added, 6, "\(format)")
            XCTAssertEqual(try comparable(other), try comparable(journal), "\(format)")
        }
        let txt = try JournalExport.string(journal, format: .txt)
        XCTAssertTrue(txt.contains("\n [2020-01-01 10:00] a line that looks like a header\n"), txt)
        XCTAssertTrue(txt.contains("\n   [2019-07 14:23] two spaces and partial\n"), txt)
        XCTAssertTrue(txt.contains("\n[link] and a bracket"), txt)
    }

    func testJSONOutputIsTheSameBytesEveryTime() throws {
        let journal = try trickyJournal()
        let first = try JournalExport.string(journal, format: .json)
        for _ in 0..<3 { XCTAssertEqual(try JournalExport.string(journal, format: .json), first) }
        let entries = try journal.entries(EntryQuery()).reversed().map { $0 }
        XCTAssertEqual(JournalExport.render(entries, format: .json), first)
        // jrnl's key order in every entry.
        let keys = ["\"title\":", "\"body\":", "\"date\":", "\"time\":", "\"tags\":", "\"starred\":"]
        let open = try XCTUnwrap(first.range(of: "    {\n"))
        let close = try XCTUnwrap(first.range(of: "\n    }", range: open.upperBound..<first.endIndex))
        let entry = first[open.lowerBound..<close.upperBound]
        let positions = keys.compactMap { entry.range(of: $0)?.lowerBound }
        XCTAssertEqual(positions.count, keys.count)
        XCTAssertEqual(positions, positions.sorted())
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(first.utf8)))
    }
}
