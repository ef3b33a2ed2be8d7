import XCTest
@testable import LanternlyCore

/// The crisis and concern replies in every message language (FACTS.md safe-messaging points).
final class CrisisReplyTests: XCTestCase {
    func testConcernReplyEnglishGivesSupportStepsAndTheRegionsNumbers() {
        let text = CrisisReply.concernText(language: .english, region: "US")
        for needle in ["seriously", "ask them directly", "secret", "988", "911", "not a counsellor"] {
            XCTAssertTrue(text.contains(needle), "\(needle) missing in: \(text)")
        }
        XCTAssertNotEqual(text, CrisisReply.text(language: .english, region: "US"))
    }

    func testConcernReplyRussianHasAllNumbersAndNoEnglishWords() {
        let text = CrisisReply.concernText(language: .russian, region: "RU")
        for needle in ["8-800-2000-122", "+7 495 051", "112", "findahelpline.com", "секрет"] {
            XCTAssertTrue(text.contains(needle), "\(needle) missing in: \(text)")
        }
        let stray = text.replacingOccurrences(of: "findahelpline.com", with: "")
            .range(of: "[A-Za-z]{3,}", options: .regularExpression)
        XCTAssertNil(stray, "Russian concern reply holds an English word: \(text)")
    }

    func testUILanguageOverloadsGiveTheSameText() {
        let ui: AppLanguage = .russian
        XCTAssertEqual(CrisisReply.text(language: ui, region: "DE"), CrisisReply.text(language: SafetyLanguage.russian, region: "DE"))
        XCTAssertEqual(CrisisReply.concernText(language: ui, region: "DE"),
                       CrisisReply.concernText(language: SafetyLanguage.russian, region: "DE"))
    }
}
