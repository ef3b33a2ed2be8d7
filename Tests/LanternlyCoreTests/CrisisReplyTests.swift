import XCTest
@testable import LanternlyCore

/// The crisis and concern replies in every message language (FACTS.md safe-messaging points)
/// and the help-line table behind them.
final class CrisisReplyTests: XCTestCase {
    private var catalog: StringCatalog { get throws { try StringCatalog.shipped() } }

    /// The parts each reply is built from (``CrisisReply``).
    static let replyKeys = [
        "crisis.opening", "crisis.line", "crisis.alsoLine", "crisis.directory", "crisis.danger",
        "crisis.danger.local", "crisis.honest", "crisis.or", "crisis.fromMobile",
        "crisis.note.allDay", "crisis.note.allDayText", "crisis.note.limited",
        "concern.opening", "concern.support", "concern.line", "concern.danger", "concern.danger.local",
        "concern.honest", "crisis.helpExists", "concern.helpExists",
    ]

    /// The languages people in each region write in, whose reply must name the region's own
    /// lines in that language (a Japanese reply names the Japanese line in Japanese).
    static let regionLanguages: [String: [SafetyLanguage]] = [
        "US": [.english, .russian, .spanish], "CA": [.english, .russian, .french], "GB": [.english, .russian],
        "IE": [.english, .russian], "AU": [.english, .russian], "NZ": [.english, .russian],
        "IN": [.english, .russian], "SG": [.english, .russian], "RU": [.russian, .english, .ukrainian],
        "UA": [.ukrainian, .russian, .english], "DE": [.german, .english, .russian], "AT": [.german, .english, .russian],
        "CH": [.german, .french, .italian, .english, .russian], "ES": [.spanish, .english, .russian],
        "MX": [.spanish, .english, .russian], "AR": [.spanish, .english, .russian], "CO": [.spanish, .english, .russian],
        "CL": [.spanish, .english, .russian], "FR": [.french, .english, .russian],
        "BE": [.french, .dutch, .english, .russian], "IT": [.italian, .english, .russian],
        "PT": [.portuguese, .english, .russian], "BR": [.portuguese, .english, .russian],
        "JP": [.japanese, .english, .russian], "KR": [.korean, .english, .russian],
        "CN": [.chineseSimplified, .chineseTraditional, .english, .russian],
        "TW": [.chineseTraditional, .chineseSimplified, .english, .russian],
        "HK": [.chineseTraditional, .chineseSimplified, .english, .russian],
        "DK": [.danish, .english, .russian], "NL": [.dutch, .english, .russian], "NO": [.norwegian, .english, .russian],
        "SE": [.swedish, .english, .russian], "TR": [.turkish, .english, .russian], "VN": [.vietnamese, .english, .russian],
    ]

    // MARK: Parts

    func testEverySafetyLanguageHasEveryPartOfBothReplies() throws {
        let catalog = try catalog
        for language in SafetyLanguage.allCases {
            for key in Self.replyKeys {
                let value = catalog.value(key, code: language.rawValue)?.trimmingCharacters(in: .whitespaces) ?? ""
                XCTAssertFalse(value.isEmpty, "\(key) has no \(language.rawValue) text")
            }
        }
    }

    /// Where no national line exists (Turkey, no region at all) the crisis reply still says
    /// plainly, in the message's own language, that help exists and they need not carry it
    /// alone — before the directory sentence, and not only as a pointer to a web site.
    func testRegionWithoutANationalLineStillSaysHelpExistsInEveryLanguage() throws {
        let catalog = try catalog
        let noLine = [HelpLine.forRegion("TR"), HelpLine.fallback]
        XCTAssertTrue(noLine.allSatisfy { $0.lines.isEmpty && $0.showsDirectory }, "the premise: these regions show no line")
        for help in noLine {
            for language in SafetyLanguage.allCases {
                let sentence = catalog.value("crisis.helpExists", code: language.rawValue) ?? ""
                XCTAssertFalse(sentence.trimmingCharacters(in: .whitespaces).isEmpty, "no \(language.rawValue) text")
                let text = CrisisReply.text(language: language, helpLine: help, catalog: catalog)
                let where_ = "\(help.region ?? "none") [\(language.rawValue)]: \(text)"
                guard let said = text.range(of: sentence), let directory = text.range(of: HelpLine.directory) else {
                    XCTFail("help-exists sentence or directory missing: \(where_)"); continue
                }
                XCTAssertLessThan(said.lowerBound, directory.lowerBound, where_)
                XCTAssertTrue(text.hasPrefix(catalog.string("crisis.opening", code: language.rawValue)), where_)
                if language != .english {
                    XCTAssertNotEqual(sentence, catalog.string("crisis.helpExists", code: "en"), "\(language.rawValue) is English")
                }
            }
        }
        // A region with its own line says it in `crisis.line` and does not repeat it.
        for language in SafetyLanguage.allCases {
            let sentence = catalog.string("crisis.helpExists", code: language.rawValue)
            XCTAssertFalse(CrisisReply.text(language: language, helpLine: HelpLine.forRegion("GB"), catalog: catalog).contains(sentence))
        }
    }

    /// The concern reply too: with no national line it says plainly, in the message's
    /// language, that help exists for them and for the writer, before the directory sentence,
    /// in words of its own (not the crisis reply's sentence, which speaks to the person at risk).
    func testConcernReplyWithoutANationalLineSaysHelpExistsInEveryLanguage() throws {
        let catalog = try catalog
        for help in [HelpLine.forRegion("TR"), HelpLine.fallback] {
            for language in SafetyLanguage.allCases {
                let code = language.rawValue
                let sentence = catalog.value("concern.helpExists", code: code) ?? ""
                XCTAssertFalse(sentence.trimmingCharacters(in: .whitespaces).isEmpty, "no \(code) text")
                XCTAssertNotEqual(sentence, catalog.string("crisis.helpExists", code: code), code)
                if language != .english { XCTAssertNotEqual(sentence, catalog.string("concern.helpExists", code: "en"), "\(code) is English") }
                let text = CrisisReply.concernText(language: language, helpLine: help, catalog: catalog)
                let where_ = "\(help.region ?? "none") [\(code)]: \(text)"
                guard let said = text.range(of: sentence), let directory = text.range(of: HelpLine.directory),
                      let support = text.range(of: catalog.string("concern.support", code: code)) else {
                    XCTFail("help-exists sentence, support or directory missing: \(where_)"); continue
                }
                XCTAssertLessThanOrEqual(support.upperBound, said.lowerBound, where_)
                XCTAssertLessThan(said.lowerBound, directory.lowerBound, where_)
                XCTAssertFalse(text.contains(catalog.string("crisis.helpExists", code: code)), where_)
            }
        }
        // A region with its own line names it and does not add the sentence.
        for language in SafetyLanguage.allCases {
            let sentence = catalog.string("concern.helpExists", code: language.rawValue)
            XCTAssertFalse(CrisisReply.concernText(language: language, helpLine: HelpLine.forRegion("GB"), catalog: catalog).contains(sentence))
        }
    }

    func testLookupByCodeFallsBackToEnglish() throws {
        let catalog = try catalog
        XCTAssertNil(catalog.value("crisis.line.us", code: "ja"), "this name is only written in some languages")
        XCTAssertEqual(catalog.string("crisis.line.us", code: "ja"), catalog.string("crisis.line.us", code: "en"))
        XCTAssertEqual(catalog.string("no.such.key", code: "ja"), "no.such.key")
        XCTAssertEqual(catalog.string("crisis.opening", .russian), catalog.string("crisis.opening", code: "ru"))
    }

    /// Every region of the table (and the fallback), in every message language: both replies
    /// name all of the region's numbers, fill every placeholder, leak no key, stay short.
    func testEveryRegionsNumbersAppearInBothRepliesInEveryLanguage() throws {
        let catalog = try catalog
        for help in HelpLine.all + [HelpLine.fallback] {
            let label = help.region ?? "fallback"
            XCTAssertTrue(!help.lines.isEmpty || help.showsDirectory, "\(label) gives no line and no directory")
            for language in SafetyLanguage.allCases {
                let replies = [CrisisReply.text(language: language, helpLine: help, catalog: catalog),
                               CrisisReply.concernText(language: language, helpLine: help, catalog: catalog)]
                for text in replies {
                    let where_ = "\(label) [\(language.rawValue)]: \(text)"
                    for number in help.lines.flatMap(\.numbers) + help.emergency {
                        XCTAssertTrue(text.contains(number), where_)
                    }
                    if let mobile = help.lines.compactMap(\.fromMobile).first { XCTAssertTrue(text.contains(mobile), where_) }
                    XCTAssertEqual(text.contains(HelpLine.directory), help.showsDirectory, where_)
                    if help.emergency.isEmpty { XCTAssertTrue(text.contains("112"), where_) }
                    XCTAssertFalse(text.contains("%@") || text.contains("%d"), where_)
                    XCTAssertNil(text.range(of: #"\b(crisis|concern)\.[a-z]"#, options: .regularExpression), where_)
                    XCTAssertLessThan(text.count, 1_000, "the reply should stay short: \(where_)")
                }
                XCTAssertNotEqual(replies[0], replies[1], "\(label) [\(language.rawValue)]")
            }
        }
    }

    func testTheRegionsOwnLinesAreNamedInTheirLanguages() throws {
        let catalog = try catalog
        XCTAssertEqual(Set(Self.regionLanguages.keys), Set(HelpLine.all.compactMap(\.region)),
                       "every region of the table has its languages listed here")
        for (region, languages) in Self.regionLanguages {
            for line in HelpLine.forRegion(region).lines {
                for language in languages {
                    if language == .russian || language == .english || languages.first == language {
                        XCTAssertNotNil(catalog.value(line.nameKey, code: language.rawValue),
                                        "\(line.nameKey) has no \(language.rawValue) name")
                    }
                }
            }
        }
        XCTAssertTrue(CrisisReply.text(language: .japanese, region: "JP").contains("よりそいホットライン"))
        XCTAssertTrue(CrisisReply.text(language: .korean, region: "KR").contains("자살예방 상담전화"))
        XCTAssertTrue(CrisisReply.text(language: .chineseTraditional, region: "TW").contains("安心專線"))
        XCTAssertTrue(CrisisReply.text(language: .ukrainian, region: "UA").contains("Лайфлайн Україна"))
        XCTAssertTrue(CrisisReply.text(language: .spanish, region: "US").contains("Línea de Prevención del Suicidio"))
    }

    // MARK: Language hygiene

    /// Russian, Ukrainian, Japanese, Korean and Chinese replies for their own regions (and the
    /// fallback) hold no Latin words but the directory's address.
    func testNonLatinScriptRepliesHoldNoEnglishLeftovers() {
        let cases: [(SafetyLanguage, [String?])] = [
            (.russian, ["RU", nil]), (.ukrainian, ["UA", nil]), (.japanese, ["JP", nil]), (.korean, ["KR", nil]),
            (.chineseSimplified, ["CN", nil]), (.chineseTraditional, ["TW", "HK", nil]),
        ]
        for (language, regions) in cases {
            for region in regions {
                for text in [CrisisReply.text(language: language, region: region),
                             CrisisReply.concernText(language: language, region: region)] {
                    let stripped = text.replacingOccurrences(of: HelpLine.directory, with: "")
                    let latin = stripped.range(of: "[A-Za-z]{2,}", options: .regularExpression).map { String(stripped[$0]) }
                    XCTAssertNil(latin, "\(language.rawValue) \(region ?? "nil"): \(text)")
                }
            }
        }
    }

    /// No sentence of the English reply turns up in another language's reply (a missing
    /// translation would fall back to it silently).
    func testNoEnglishSentenceInAnotherLanguagesReply() throws {
        let catalog = try catalog
        let english = Self.replyKeys.compactMap { key -> String? in
            guard let v = catalog.value(key, code: "en"), !v.hasPrefix("%@") else { return nil }
            return String(v.prefix(while: { $0 != "%" }).prefix(24))
        }.filter { $0.count >= 12 }
        XCTAssertGreaterThan(english.count, 10)
        for language in SafetyLanguage.allCases where language != .english {
            for region in (Self.regionLanguages.filter { $0.value.first == language }.map(\.key)) + ["ZZ"] {
                for text in [CrisisReply.text(language: language, region: region),
                             CrisisReply.concernText(language: language, region: region)] {
                    for sentence in english {
                        XCTAssertFalse(text.contains(sentence), "\(language.rawValue) \(region): \(sentence)")
                    }
                    XCTAssertFalse(text.contains("day or night") || text.contains("not open around"), text)
                }
            }
        }
    }

    func testChineseAndJapaneseSentencesAreNotSpaced() {
        for language in [SafetyLanguage.japanese, .chineseSimplified, .chineseTraditional] {
            let text = CrisisReply.text(language: language, region: language == .japanese ? "JP" : "CN")
            XCTAssertFalse(text.contains("。 "), text)
        }
        XCTAssertTrue(CrisisReply.text(language: .korean, region: "KR").contains(". "))
    }

    // MARK: Hours

    func testHoursAreSaidAsTheSourcesGiveThem() {
        XCTAssertTrue(CrisisReply.text(language: .english, region: "GB").contains("Samaritans (day or night)"))
        XCTAssertTrue(CrisisReply.text(language: .english, region: "US").contains("(call or text, day or night)"))
        // Lines that are not open around the clock say so, in the message's language.
        XCTAssertTrue(CrisisReply.text(language: .italian, region: "IT").contains("(non attivo 24 ore su 24)"))
        XCTAssertTrue(CrisisReply.text(language: .english, region: "DK").contains("(not open around the clock)"))
        XCTAssertTrue(CrisisReply.text(language: .vietnamese, region: "VN").contains("(không hoạt động 24/24)"))
        // No hours are claimed where the source gives none.
        XCTAssertFalse(CrisisReply.text(language: .russian, region: "RU").contains("8-800-2000-122 (круглосуточно)"))
        XCTAssertFalse(CrisisReply.text(language: .english, region: "CN").contains("day or night"))
    }

    // MARK: Concern

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

    // MARK: Table

    func testEveryRegionOfTheTableResolvesToItself() {
        var seen = Set<String>()
        for help in HelpLine.all {
            let region = try! XCTUnwrap(help.region)
            XCTAssertTrue(seen.insert(region).inserted, "\(region) is listed twice")
            XCTAssertEqual(HelpLine.forRegion(region), help)
            XCTAssertEqual(HelpLine.forRegion(region.lowercased()), help)
            XCTAssertFalse(help.emergency.isEmpty, "\(region) needs its emergency number")
            for number in help.lines.flatMap(\.numbers) + help.emergency {
                XCTAssertNotNil(number.range(of: #"^[*+(]?[0-9][0-9 ()\-]*$"#, options: .regularExpression), "\(region): \(number)")
            }
        }
        XCTAssertGreaterThanOrEqual(seen.count, 30)
    }

    /// FACTS.md's numbers are kept (issue 7: extend the table, keep what was checked).
    func testFactsNumbersAreKept() {
        let facts: [String: [String]] = [
            "US": ["988", "911"], "CA": ["988", "911"], "GB": ["116 123", "999", "112"], "IE": ["116 123", "112"],
            "RU": ["8-800-2000-122", "051", "112"], "UA": ["7333", "112"], "DE": ["0800 111 0 111", "0800 111 0 222", "112"],
            "FR": ["3114", "112", "15"], "ES": ["024", "112"], "JP": ["0120-279-338", "119"], "KR": ["109", "119"],
            "CN": ["12356", "120"], "TW": ["1925", "119"], "HK": ["18111", "999"], "AU": ["13 11 14", "000"],
            "IN": ["14416", "112"], "BR": ["188", "192"],
        ]
        for (region, numbers) in facts {
            let help = HelpLine.forRegion(region)
            let all = help.lines.flatMap(\.numbers) + help.emergency
            for number in numbers { XCTAssertTrue(all.contains(number), "\(region) lost \(number)") }
        }
    }
}
