import CSQLite
import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

/// Luna's kept question of the day (`model_questions`): it stays all day in the language it
/// was written in, and a person who switches language gets the day's question in the new one.
final class ModelQuestionStoreTests: XCTestCase {
    private let at = Date(timeIntervalSince1970: 1_800_000_000)

    func testTheDaysQuestionIsKeptPerLanguage() throws {
        let (journal, paths) = try makeJournal(self)
        try journal.keepModelQuestion(day: "2027-02-03", language: .english, text: "Which small thing went right?", at: at)
        // The first one of the day in a language stays.
        try journal.keepModelQuestion(day: "2027-02-03", language: .english, text: "A second try", at: at)
        XCTAssertEqual(try journal.modelQuestion(day: "2027-02-03", language: .english), "Which small thing went right?")
        // Another language is not handed the English text; its own question takes the day.
        XCTAssertNil(try journal.modelQuestion(day: "2027-02-03", language: .russian))
        try journal.keepModelQuestion(day: "2027-02-03", language: .russian, text: "Что сегодня получилось?", at: at)
        let reopened = try SQLiteJournal(paths: paths)
        XCTAssertEqual(try reopened.modelQuestion(day: "2027-02-03", language: .russian), "Что сегодня получилось?")
        XCTAssertNil(try reopened.modelQuestion(day: "2027-02-03", language: .english))
        // Other days are untouched, and the recent list still has one question a day.
        try reopened.keepModelQuestion(day: "2027-02-02", language: .english, text: "What did you notice outside?", at: at)
        XCTAssertEqual(try reopened.modelQuestions(since: "2027-02-01", before: "2027-02-04"),
                       ["What did you notice outside?", "Что сегодня получилось?"])
    }

    /// A question kept before languages were (schema 7) still stays for its day.
    func testAQuestionKeptWithoutALanguageStaysForTheDay() throws {
        let (journal, paths) = try makeJournal(self)
        _ = try journal.entryCount()
        let db = try SQLiteConnection(path: paths.database.path, flags: SQLITE_OPEN_READWRITE)
        try db.execute("INSERT INTO model_questions(day, text, made_at) VALUES ('2027-03-01', 'What felt light today?', 0)")
        db.close()
        for language in [AppLanguage.english, .russian] {
            XCTAssertEqual(try journal.modelQuestion(day: "2027-03-01", language: language), "What felt light today?")
        }
    }
}
