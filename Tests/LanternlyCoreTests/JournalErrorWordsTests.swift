import LanternlyCore
import XCTest

/// SQLite's own English never reaches a person: a damaged journal and any other SQLite failure
/// are explained in the person's language, whatever text SQLite gave.
final class JournalErrorWordsTests: XCTestCase {
    /// SQLite's messages (sqlite3_errstr, quick_check) and our own cause keys.
    private let sqliteTexts = ["database disk image is malformed", "*** in database main ***\nPage 5: btreeInitPage() returns error code 11",
                               "disk I/O error", "out of memory", "string or blob too big", "cause.shorterThanHeader"]

    func testDamagedAndOtherSQLiteErrorsAreInOurWords() throws {
        let catalog = try StringCatalog.shipped()
        var errors: [JournalError] = []
        for t in sqliteTexts {
            errors.append(.corrupt(path: "/j/journal.sqlite3", reason: t))
            for code: Int32 in [1, 7, 9, 10, 13, 15, 18, 20, 266, 522] {
                errors.append(.database(path: "/j/journal.sqlite3", code: code, message: t))
            }
        }
        errors += ["cause.walUnavailable", "cause.notPrivateFolder", "cause.foreignLink", "cause.notRegularFile"].map {
            .cannotWrite(path: "/j", reason: $0)
        }
        for e in errors {
            let ru = e.message(catalog, .russian)
            let latin = ru.split(separator: " ").filter { !$0.contains("/") }.joined(separator: " ")
                .split(whereSeparator: { !($0.isASCII && $0.isLetter) }).filter { $0.count > 2 }
                .filter { !["SQLite", "WAL"].contains(String($0)) }
            XCTAssertEqual(latin, [], ru)
            let en = e.message(catalog, .english)
            for t in sqliteTexts { XCTAssertFalse(en.contains(t), en) }
            XCTAssertFalse(en.contains("cause."), en)
        }
        // The result code is named when it has no plainer words.
        XCTAssertTrue(JournalError.database(path: "/j", code: 20, message: "datatype mismatch").message(catalog, .russian).contains("20"))
    }
}
