import XCTest
@testable import LanternlyCore

final class CrisisTests: XCTestCase {
    // MARK: Detection

    /// Messages that must get the crisis reply: direct, indirect, inflected, misspelled, both languages.
    static let positives: [String] = [
        // English, direct
        "I want to kill myself",
        "i'm going to KILL MYSELF.",
        "I keep thinking about killing myself",
        "I killed myself in my dreams and wanted it to be real",
        "suicide",
        "I've been having suicidal thoughts",
        "I want to end my life",
        "thinking of ending my own life",
        "I just want to end it all",
        "I want to take my own life",
        "I self-harm when it gets bad",
        "self harming again",
        "I cut myself last night",
        "I've been cutting myself",
        "I want to hurt myself",
        "I want to die",
        "i just wanna die",
        "I wish I was dead",
        "I might hang myself",
        // English, indirect
        "I don't want to be here anymore",
        "I dont want to be here any more",
        "Everyone would be better off without me.",
        "the world is better without me",
        "There is no reason to live",
        "I have nothing left to live for",
        "what's the point of living",
        "I don't want to live anymore",
        "i do not want to exist",
        "I can't go on anymore",
        "so tired of being alive",
        "I wish I had never been born",
        "I'm better off dead",
        // English, typos and slang
        "i want to kil myself",
        "thinking about suicde",
        "sucide",
        "suiside",
        "kms",
        "i might just kms tonight",
        "i want to unalive myself",
        "gonna kill my self",
        "I want to killll myself",
        "I wnat to die",
        "#killmyself",
        // Russian, direct
        "хочу умереть",
        "Мне хочется умереть",
        "Я хочу покончить с собой",
        "он думает, что я покончу с собой",
        "покончит с собой",
        "думаю про суицид",
        "суицидальные мысли",
        "я хочу убить себя",
        "Хочу себя убить",
        "я порезала себя",
        "хочу порезать себя",
        "думаю о самоубийстве",
        // Russian, indirect
        "не хочу жить",
        "Я больше не хочу жить.",
        "жить не хочется",
        "лучше бы меня не было",
        "всем будет лучше без меня",
        "без меня всем будет лучше",
        "не вижу смысла жить",
        "нет смысла в жизни",
        "устала жить",
        "лучше бы я умерла",
        // Russian, typos, ё/е, case, spacing
        "покончить   с   СОБОЙ!!!",
        "суецид",
        "самоубиство",
        "суууицид",
        "хочу умиреть",
        "нехочу жить",
        "Всё, хочу умереть.",
        "ЛУЧШЕ БЫ МЕНЯ НЕ БЫЛО",
        "жить нет смысла",
        "жить незачем",
        "им всем лучше без меня",
        "хочу сброситься с моста",
        "I'm going to jump off a bridge",
        "they'd be better without me",
        // Misspelled «собой / себя» (tester's run)
        "Хочу покончить с сабой",
        "покончить с сабою",
        "хочу покончить с собои",
        "хочу убить сибя",
        // Intent to use a method (tester's run)
        "I want to overdose",
        "overdose on pills",
        "take all my pills",
        "I want to take all my pills",
        "im gonna swallow all the pills tonight",
        "I want to slit my wrists",
        "slit my wrist",
        "cut my wrists",
        "hang myself",
        "jump off a bridge",
        "I'm going to jump off the roof",
        "хочу наглотаться таблеток",
        "наглотаться таблеток",
        "выпить все таблетки",
        "выпить всю пачку таблеток",
        "перерезать вены",
        "вскрыть вены",
        "повеситься",
        "спрыгнуть с крыши",
        "прыгнуть с моста",
        // Mixed into longer text
        "Work was fine, dinner was fine, but honestly I don't want to live anymore and I don't know who to tell.",
    ]

    /// Messages that must NOT be flagged: near words, idioms, everyday speech.
    static let negatives: [String] = [
        "",
        "   ",
        "I feel skilled at this now",
        "that's the killer app",
        "I was dying of laughter",
        "I'm dying to see it",
        "this deadline is killing me",
        "killing it at work today!",
        "I killed the bug in the parser",
        "I cut myself some slack today",
        "I accidentally cut myself while cooking",
        "we watched The Suicide Squad",
        "I ran 10 kms this morning",
        "I want to dye my hair",
        "I don't want to live in this city",
        "I don't want to wake up early tomorrow",
        "the end of my shift",
        "I'd love to take my life back",
        "Mind your own life",
        "I'm tired of this weather",
        "I'm better off without coffee",
        "убил время в очереди",
        "я просто убила время",
        "умираю со смеху",
        "смертельно устал",
        "Я очень устала сегодня",
        "возьму зонт с собой",
        "покончить с долгами",
        "в чём смысл жизни?",
        "не хочу жить с родителями",
        "не хочу жить в Москве",
        "хочу умереть со смеху",
        "убийца в сериале",
        "хочу исчезнуть на выходные",
        "я сама себе удивилась",
        "меня не было дома",
        "не хочу просыпаться рано",
        "режим сна",
        "It's a lovely day, I went for a walk and felt calm.",
        "Сегодня был хороший день, гуляли в парке.",
        "😀🎉 12345",
        "the team did better without me",
        "команда справилась лучше без меня",
        "I want to die on this hill",
        "хочу умереть от стыда",
        "хочу прыгнуть с парашютом",
        // Near the method phrases
        "I overdosed on coffee lol",
        "the bridge was closed so we had to jump off the bus",
        "let's hang out tonight",
        "can you help me hang the picture",
        "I need to cut my hair",
        "I take all my pills with breakfast",
        "I forgot to take all my pills",
        "I accidentally cut my wrist on a glass",
        "we used to jump off the bridge into the lake",
        "помоги повесить картину",
        "прыгнуть с парашютом",
        "вены на руках видны",
        "забыла выпить все таблетки утром",
        "выпить таблетки от головы",
        "прыгнуть с моста на тарзанке",
        // Lookalike letters that must not fold into a crisis phrase
        "сабо и собака",
    ]

    func testPositivesAreFlagged() {
        XCTAssertGreaterThanOrEqual(Self.positives.count + Self.negatives.count, 40)
        for text in Self.positives {
            XCTAssertTrue(CrisisDetector.isCrisis(text), "should be flagged: \(text)")
        }
    }

    func testNegativesAreLeftAlone() {
        for text in Self.negatives {
            XCTAssertFalse(CrisisDetector.isCrisis(text),
                           "should not be flagged: \(text) (category \(CrisisDetector.score(text).topCategory ?? "classifier"))")
        }
    }

    func testWholeWordsOnly() {
        XCTAssertTrue(CrisisDetector.isCrisis("kill myself"))
        XCTAssertFalse(CrisisDetector.isCrisis("skill myself up"))
        XCTAssertFalse(CrisisDetector.isCrisis("killers themselves"))
        XCTAssertTrue(CrisisDetector.isCrisis("убить себя"))
        XCTAssertFalse(CrisisDetector.isCrisis("добить себя до конца недели"))
    }

    func testYoAndDecomposedLettersFold() {
        // ё written as е + combining diaeresis, й as и + combining breve.
        XCTAssertTrue(CrisisDetector.isCrisis("Все\u{0308} равно хочу умереть"))
        XCTAssertTrue(CrisisDetector.isCrisis("мне не хочется жить"))
        XCTAssertTrue(CrisisDetector.isCrisis("думаю про су\u{0438}\u{0306}цид"))
    }

    func testApostrophesAndInvisiblesDoNotSplitWords() {
        XCTAssertTrue(CrisisDetector.isCrisis("I don’t want to live anymore"))
        XCTAssertTrue(CrisisDetector.isCrisis("sui\u{200B}cide"))
        XCTAssertTrue(CrisisDetector.isCrisis("self\u{00AD}harm"))
    }

    func testLatinAndCyrillicLookalikesFold() {
        // Latin c (U+0063) as a word between Cyrillic words.
        XCTAssertTrue(CrisisDetector.isCrisis("покончить c собой"))
        XCTAssertTrue(CrisisDetector.isCrisis("Я хочу покончить C собой"))
        // Latin letters inside Cyrillic words.
        XCTAssertTrue(CrisisDetector.isCrisis("хочу убить c\u{0065}бя"))  // сeбя, Latin e
        XCTAssertTrue(CrisisDetector.isCrisis("покончить с c\u{006F}бой"))  // Latin c and o
        XCTAssertTrue(CrisisDetector.isCrisis("хочу покончить с собоi"))  // Latin i for й
        XCTAssertTrue(CrisisDetector.isCrisis("хочу ум\u{0065}р\u{0065}ть"))
        // Cyrillic letters inside Latin words.
        XCTAssertTrue(CrisisDetector.isCrisis("kill mys\u{0435}lf"))  // Cyrillic е
        XCTAssertTrue(CrisisDetector.isCrisis("I want to k\u{0456}ll myself"))  // Cyrillic і
        XCTAssertTrue(CrisisDetector.isCrisis("\u{0455}uicide"))  // Cyrillic ѕ
        XCTAssertTrue(CrisisDetector.isCrisis("I want t\u{043E} die"))  // Cyrillic о in "to"
        // A Cyrillic lookalike word between Latin words (Cyrillic "my").
        XCTAssertTrue(CrisisDetector.isCrisis("end \u{043C}\u{0443} life"))
        // A Latin lookalike word opening a Russian message: "He" read as «Не».
        XCTAssertTrue(CrisisDetector.isCrisis("He хочу жить"))
        // Not folded: a lookalike word beside words of its own script.
        XCTAssertFalse(CrisisDetector.isCrisis("c собой"  + " he"))
        XCTAssertEqual(SafetyText("I think he хочет жить", fold: CrisisLexicon.shipped.fold).line, "i think he хочет жит")
        // Ukrainian і still marks a word foreign, not Latin.
        XCTAssertFalse(CrisisDetector.isCrisis("світ"))
    }

    func testGapIsSmall() {
        XCTAssertTrue(CrisisDetector.isCrisis("I want to just die"))
        XCTAssertFalse(CrisisDetector.isCrisis("I want my old plants to not die"))
    }

    func testLongMessageWithPhraseAtTheEnd() {
        let filler = String(repeating: "Today I walked to the shop and back again. ", count: 20)
        XCTAssertFalse(CrisisDetector.isCrisis(filler))
        XCTAssertTrue(CrisisDetector.isCrisis(filler + "I want to kill myself."))
    }

    func testEveryVocabularyFormIsReachable() {
        // The shipped lexicon loads with rules in every language.
        let lexicon = CrisisLexicon.shipped
        XCTAssertEqual(Set(lexicon.languages), Set(SafetyLanguage.allCases.map(\.rawValue)))
        for (i, code) in lexicon.languages.enumerated() where code != "zh-Hant" {
            XCTAssertTrue(lexicon.rules.contains { $0.language == i }, "no rules for \(code)")
        }
        XCTAssertEqual(CrisisDetector.score("suicide").topCategory, "active_ideation")
    }

    // MARK: Reply

    private func reply(_ language: AppLanguage, _ region: String?) -> String {
        CrisisReply.text(language: language, region: region)
    }

    func testReplyUSNamesLifelineAnd911() {
        let text = reply(.english, "US")
        XCTAssertTrue(text.contains("988"), text)
        XCTAssertTrue(text.contains("911"), text)
        XCTAssertTrue(text.contains("Thank you"), text)
        XCTAssertTrue(text.contains("not a counsellor"), text)
    }

    func testReplyGBNamesSamaritansAnd999() {
        let text = reply(.english, "gb")
        XCTAssertTrue(text.contains("Samaritans"), text)
        XCTAssertTrue(text.contains("116 123"), text)
        XCTAssertTrue(text.contains("999"), text)
        XCTAssertTrue(text.contains("112"), text)
        XCTAssertEqual(reply(.english, "UK"), text)
    }

    func testReplyRussiaInRussianHasAllNumbersAndDirectory() {
        let text = reply(.russian, "RU")
        for needle in ["8-800-2000-122", "051", "+7 495 051", "112", "findahelpline.com", "Спасибо"] {
            XCTAssertTrue(text.contains(needle), "\(needle) missing in: \(text)")
        }
        XCTAssertNil(text.range(of: "[A-Za-z]{3,}", options: .regularExpression).flatMap { range -> String? in
            let word = String(text[range])
            return word == "findahelpline" || word == "com" ? nil : word
        }, "Russian reply holds an English word: \(text)")
    }

    func testReplyJapanUsesYorisoiAnd119() {
        let text = reply(.english, "JP")
        XCTAssertTrue(text.contains("0120-279-338"), text)
        XCTAssertTrue(text.contains("119"), text)
        XCTAssertFalse(text.contains("911"), text)
    }

    func testReplyUnknownOrMissingRegionUsesDirectoryAnd112() {
        for region in [nil, "", "ZZ", "XX"] as [String?] {
            let text = reply(.english, region)
            XCTAssertTrue(text.contains("findahelpline.com"), text)
            XCTAssertTrue(text.contains("112"), text)
            XCTAssertFalse(text.contains("988"), text)
        }
        XCTAssertTrue(reply(.russian, nil).contains("112"))
    }

    func testEveryFactsRegionHasALineAndNoPlaceholderLeft() throws {
        let regions = ["US", "CA", "GB", "IE", "RU", "UA", "DE", "FR", "ES", "JP", "KR", "CN", "TW", "HK", "AU", "IN", "BR"]
        let catalog = try StringCatalog.shipped()
        XCTAssertTrue(Set(regions).isSubset(of: Set(HelpLine.all.compactMap(\.region))), "a FACTS.md region left the table")
        for region in regions {
            let help = HelpLine.forRegion(region)
            XCTAssertEqual(help.region, region)
            XCTAssertFalse(help.lines.isEmpty, region)
            for language in AppLanguage.allCases {
                let text = CrisisReply.text(language: language, helpLine: help, catalog: catalog)
                XCTAssertFalse(text.contains("%@"), text)
                XCTAssertFalse(text.contains("crisis."), "a key leaked into: \(text)")
                for line in help.lines {
                    for number in line.numbers { XCTAssertTrue(text.contains(number), "\(region): \(text)") }
                }
                for number in help.emergency { XCTAssertTrue(text.contains(number), "\(region): \(text)") }
                XCTAssertLessThan(text.count, 600, "the crisis reply should stay short: \(text)")
            }
        }
    }

    func testRegionParsing() {
        XCTAssertEqual(HelpLine.forRegion(" us ").region, "US")
        XCTAssertEqual(HelpLine.forRegion("ru_RU").region, "RU")
        XCTAssertEqual(HelpLine.forRegion("en-GB").region, "GB")
        XCTAssertNil(HelpLine.forRegion("Narnia").region)
    }

    func testReplyNeverMentionsMethods() {
        let words = ["pill", "rope", "bridge", "таблет", "верёвк", "мост"]
        for language in AppLanguage.allCases {
            for help in HelpLine.all + [HelpLine.fallback] {
                let text = CrisisReply.text(language: language, region: help.region).lowercased()
                for w in words { XCTAssertFalse(text.contains(w), text) }
            }
        }
    }
}
