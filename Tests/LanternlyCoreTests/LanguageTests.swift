import XCTest
import LanternlyCore

final class LanguageTests: XCTestCase {
    func testDetectByScript() {
        XCTAssertEqual(MessageLanguage.detect("Привет, как дела?", fallback: .english), .russian)
        XCTAssertEqual(MessageLanguage.detect("Hello there", fallback: .russian), .english)
        XCTAssertEqual(MessageLanguage.detect("Ёжик в тумане", fallback: .english), .russian)
        XCTAssertEqual(MessageLanguage.detect("Сегодня I felt OK, но устала", fallback: .english), .russian)
        XCTAssertEqual(MessageLanguage.detect("I felt хорошо today and yesterday", fallback: .russian), .english)
        XCTAssertEqual(MessageLanguage.detect("Café déjà vu", fallback: .russian), .english)
    }

    func testDetectFallsBackWithoutLetters() {
        for text in ["", "   ", "12345", "😀🎉", "!!!", "日本語"] {
            XCTAssertEqual(MessageLanguage.detect(text, fallback: .russian), .russian, text)
            XCTAssertEqual(MessageLanguage.detect(text, fallback: .english), .english, text)
        }
    }

    func testFlagWinsOverEverything() throws {
        let env = ["LC_ALL": "en_US.UTF-8", "LANG": "en_US.UTF-8"]
        XCTAssertEqual(try LanguageResolver.resolve(flag: "ru", config: .english, environment: env), .russian)
        XCTAssertEqual(try LanguageResolver.resolve(flag: "EN", config: .russian, environment: ["LANG": "ru_RU.UTF-8"]), .english)
        XCTAssertEqual(try LanguageResolver.resolve(flag: "ru-RU", config: nil, environment: [:]), .russian)
    }

    func testUnknownFlagThrowsNamingTheValue() {
        for bad in ["fr", "", "russian", "xx_YY"] {
            XCTAssertThrowsError(try LanguageResolver.resolve(flag: bad, config: .english, environment: [:])) { error in
                guard let e = error as? LanguageResolver.UnknownLanguage else { return XCTFail("\(error)") }
                XCTAssertEqual(e.value, bad)
                XCTAssertTrue(e.description.contains("en or ru"))
            }
        }
    }

    func testConfigBeforeEnvironment() throws {
        XCTAssertEqual(try LanguageResolver.resolve(flag: nil, config: .russian, environment: ["LC_ALL": "en_US.UTF-8"]), .russian)
        XCTAssertEqual(try LanguageResolver.resolve(flag: nil, config: .english, environment: ["LANG": "ru_RU.UTF-8"]), .english)
    }

    func testEnvironmentOrderFirstNonEmptyWins() throws {
        func resolve(_ env: [String: String]) throws -> AppLanguage {
            try LanguageResolver.resolve(flag: nil, config: nil, environment: env)
        }
        XCTAssertEqual(try resolve(["LC_ALL": "ru_RU.UTF-8", "LC_MESSAGES": "en_US.UTF-8", "LANG": "en_US.UTF-8"]), .russian)
        XCTAssertEqual(try resolve(["LC_ALL": "", "LC_MESSAGES": "ru_RU.UTF-8", "LANG": "en_US.UTF-8"]), .russian)
        XCTAssertEqual(try resolve(["LC_ALL": "", "LC_MESSAGES": "", "LANG": "ru_RU.UTF-8"]), .russian)
        XCTAssertEqual(try resolve(["LC_MESSAGES": "en_GB.UTF-8", "LANG": "ru_RU.UTF-8"]), .english)
        XCTAssertEqual(try resolve(["LANG": "C"]), .english)
        XCTAssertEqual(try resolve(["LC_ALL": "POSIX", "LANG": "ru_RU.UTF-8"]), .english)
        XCTAssertEqual(try resolve(["LC_ALL": "C.UTF-8", "LANG": "ru_RU.UTF-8"]), .english)
        // An unshipped language decides (as in setlocale) and falls back to English.
        XCTAssertEqual(try resolve(["LC_ALL": "de_DE.UTF-8", "LANG": "ru_RU.UTF-8"]), .english)
        XCTAssertEqual(try resolve(["LANG": "ru_RU"]), .russian)
        XCTAssertEqual(try resolve([:]), .english)
    }
}
