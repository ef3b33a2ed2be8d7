import XCTest
@testable import LanternlyCore

/// Which help line: the setting, then the locale's territory, then the profile
/// (``CrisisRegion``). Every environment here is the test's own; the real one is never read.
final class CrisisRegionTests: XCTestCase {
    func testTerritoryOfLocaleNames() {
        let cases: [String: String?] = [
            "en_GB.UTF-8": "GB", "ru_RU": "RU", "ja_JP.UTF-8": "JP", "pt_PT@euro": "PT", "de_AT.ISO-8859-1": "AT",
            "en-GB": "GB", "zh-Hant-TW": "TW", "zh_TW.UTF-8": "TW", "sr_RS@latin": "RS", "nb_NO.UTF-8": "NO",
            "C": nil, "POSIX": nil, "C.UTF-8": nil, "en": nil, "es_419": nil, "en_US_POSIX": "US", "": nil,
        ]
        for (locale, territory) in cases {
            XCTAssertEqual(CrisisRegion.territory(locale: locale), territory, locale)
        }
    }

    func testFirstNonEmptyVariableDecidesAlone() {
        XCTAssertEqual(CrisisRegion.territory(environment: ["LANG": "en_GB.UTF-8"]), "GB")
        XCTAssertEqual(CrisisRegion.territory(environment: ["LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_GB.UTF-8"]), "JP")
        XCTAssertEqual(CrisisRegion.territory(environment: ["LC_ALL": "ru_RU.UTF-8", "LC_MESSAGES": "ja_JP", "LANG": "en_GB"]), "RU")
        XCTAssertEqual(CrisisRegion.territory(environment: ["LC_ALL": "", "LC_MESSAGES": " ", "LANG": "de_DE.UTF-8"]), "DE")
        // `C` in LC_ALL decides: no territory, even with LANG set (setlocale(3) precedence).
        XCTAssertNil(CrisisRegion.territory(environment: ["LC_ALL": "C", "LANG": "en_GB.UTF-8"]))
        XCTAssertNil(CrisisRegion.territory(environment: [:]))
        // Other variables are not read.
        XCTAssertNil(CrisisRegion.territory(environment: ["LC_TIME": "en_GB.UTF-8", "LANGUAGE": "en_GB"]))
    }

    func testSettingThenLocaleThenProfile() {
        let uk = ["LANG": "en_GB.UTF-8"]
        XCTAssertEqual(CrisisRegion.resolve(setting: "jp", environment: uk, profileRegion: { "US" }), "JP")
        XCTAssertEqual(CrisisRegion.resolve(setting: nil, environment: uk, profileRegion: { "US" }), "GB")
        XCTAssertEqual(CrisisRegion.resolve(setting: "auto", environment: uk, profileRegion: { "US" }), "GB")
        XCTAssertEqual(CrisisRegion.resolve(setting: " AUTO ", environment: uk, profileRegion: { "US" }), "GB")
        XCTAssertEqual(CrisisRegion.resolve(setting: "", environment: uk, profileRegion: { "US" }), "GB")
        XCTAssertEqual(CrisisRegion.resolve(setting: nil, environment: ["LANG": "C.UTF-8"], profileRegion: { "ru" }), "RU")
        XCTAssertNil(CrisisRegion.resolve(setting: nil, environment: [:], profileRegion: { nil }))
    }

    func testProfileIsReadOnlyWhenNeeded() {
        var reads = 0
        _ = CrisisRegion.resolve(setting: nil, environment: ["LANG": "ja_JP.UTF-8"], profileRegion: { reads += 1; return "US" })
        _ = CrisisRegion.resolve(setting: "DE", environment: [:], profileRegion: { reads += 1; return "US" })
        XCTAssertEqual(reads, 0)
        _ = CrisisRegion.resolve(setting: nil, environment: ["LANG": "C"], profileRegion: { reads += 1; return "US" })
        XCTAssertEqual(reads, 1)
    }

    /// Issue 7: a person in the UK with default settings (profile region US) was shown 988.
    func testBritishLocaleGetsSamaritansNot988() {
        let region = CrisisRegion.resolve(setting: nil, environment: ["LANG": "en_GB.UTF-8"], profileRegion: { "US" })
        let text = CrisisReply.text(language: .english, region: region)
        XCTAssertTrue(text.contains("116 123"), text)
        XCTAssertTrue(text.contains("999"), text)
        XCTAssertFalse(text.contains("988"), text)
        XCTAssertFalse(text.contains("911"), text)
        let ru = CrisisReply.text(language: .russian,
                                  region: CrisisRegion.resolve(setting: nil, environment: ["LC_ALL": "ru_RU.UTF-8"], profileRegion: { "US" }))
        XCTAssertTrue(ru.contains("8-800-2000-122"), ru)
        let ja = CrisisReply.text(language: .japanese,
                                  region: CrisisRegion.resolve(setting: nil, environment: ["LANG": "ja_JP.UTF-8"], profileRegion: { "US" }))
        XCTAssertTrue(ja.contains("0120-279-338") && ja.contains("119"), ja)
    }

    /// Every region of the table is reached from a locale with that territory.
    func testEveryTableRegionIsReachedFromALocale() {
        for region in HelpLine.all.compactMap(\.region) {
            let resolved = CrisisRegion.resolve(setting: nil, environment: ["LANG": "xx_\(region).UTF-8"], profileRegion: { "US" })
            XCTAssertEqual(resolved, region)
            XCTAssertEqual(HelpLine.forRegion(resolved).region, region)
        }
    }
}
