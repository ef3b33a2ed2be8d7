import XCTest
@testable import LanternlyCore
import TestSupport

final class SimulatedModelTests: XCTestCase {
    let strings = try! StringCatalog.shipped()
    let devices = try! DeviceCatalog.shipped()

    private func model(_ profile: Locked<HardwareProfile>, gender: GrammaticalGender = .neutral,
                       strings: StringCatalog? = nil) -> SimulatedLanguageModel {
        SimulatedLanguageModel(profile: { profile.value }, devices: devices, strings: strings ?? self.strings,
                               gender: { gender })
    }

    private func reply(_ text: String, languages: [String] = ["en"], gender: GrammaticalGender = .neutral) async throws -> String {
        let m = model(Locked(HardwareProfile(modelLanguages: languages)), gender: gender)
        return try await m.respond(instructions: LunaPrompts.persona, prompt: text)
    }

    // MARK: Gate and languages

    func testAvailabilityAndLanguagesFollowTheProfileLive() async throws {
        let box = Locked(HardwareProfile())
        let m = model(box)
        XCTAssertEqual(m.availability, .available)
        XCTAssertEqual(m.supportedLanguages, [.english])
        box.value.appleIntelligence = false
        box.value.modelLanguages = ["en", "ru", "xx"]
        XCTAssertEqual(m.availability, .unavailable(.appleIntelligenceNotEnabled))
        XCTAssertEqual(m.supportedLanguages, [.english, .russian])
        do {
            _ = try await m.respond(instructions: LunaPrompts.persona, prompt: "hello")
            XCTFail("a closed gate must throw")
        } catch {
            XCTAssertEqual(error as? GenerationError, .assetsUnavailable)
        }
    }

    func testUnsupportedLanguageThrows() async {
        do {
            _ = try await reply("Сегодня был тяжёлый день на работе.")
            XCTFail("Russian is not in modelLanguages")
        } catch {
            XCTAssertEqual(error as? GenerationError, .unsupportedLanguageOrLocale)
        }
    }

    func testContextWindow() async {
        let long = String(repeating: "I keep thinking about work. ", count: 1000)
        do {
            _ = try await reply(long)
            XCTFail("too long for 4,096 tokens")
        } catch {
            XCTAssertEqual(error as? GenerationError, .exceededContextWindowSize)
        }
    }

    // MARK: Faults

    func testFaults() async throws {
        for (fault, expected) in [(RespondFault.guardrailViolation, GenerationError.guardrailViolation),
                                  (.exceededContextWindowSize, .exceededContextWindowSize)] {
            let m = model(Locked(HardwareProfile(faults: Faults(respond: fault))))
            do {
                _ = try await m.respond(instructions: LunaPrompts.persona, prompt: "I had a good day")
                XCTFail("\(fault) must throw")
            } catch {
                XCTAssertEqual(error as? GenerationError, expected)
            }
        }
        let empty = model(Locked(HardwareProfile(faults: Faults(respond: .empty))))
        let out = try await empty.respond(instructions: LunaPrompts.persona, prompt: "I had a good day")
        XCTAssertEqual(out, "")
        let quick = model(Locked(HardwareProfile(faults: Faults(respond: .delay(0.01)))))
        let late = try await quick.respond(instructions: LunaPrompts.persona, prompt: "I had a good day")
        XCTAssertFalse(late.isEmpty, "after the delay it answers")
    }

    func testDelayIsCancellable() async {
        let m = model(Locked(HardwareProfile(faults: Faults(respond: .delay(600)))))
        let task = Task { try await m.respond(instructions: LunaPrompts.persona, prompt: "hello there") }
        task.cancel()
        do {
            _ = try await task.value
            XCTFail("cancelled")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    // MARK: Live replies

    func testLiveReplyRespondsToWhatWasWritten() async throws {
        let text = "Today at work I was so tired, and then Anna said I should just rest."
        let out = try await reply(text)
        XCTAssertTrue(out.hasSuffix("?"), out)
        XCTAssertTrue(out.contains("Anna"), "mentions the person named: \(out)")
        XCTAssertTrue(out.lowercased().contains("tired") || out.contains("rest") || out.contains("running on very little"),
                      "responds to the feeling: \(out)")
        XCTAssertTrue(out.contains("“"), "quotes a phrase: \(out)")
        let quoted = out.components(separatedBy: "“")[1].components(separatedBy: "”")[0]
            .trimmingCharacters(in: CharacterSet(charactersIn: "…"))
        XCTAssertTrue(text.lowercased().contains(quoted.lowercased()), "the quote is from the message: \(quoted)")
    }

    func testTopicAndFeelingWithoutName() async throws {
        let out = try await reply("I'm really anxious about my exam tomorrow")
        XCTAssertTrue(out.hasSuffix("?"))
        let lower = out.lowercased()
        XCTAssertTrue(lower.contains("worry") || lower.contains("stud") || lower.contains("mind"), out)
    }

    func testRepliesDifferAcrossMessages() async throws {
        let messages = ["I finally finished the project and I feel proud.",
                        "My sister called and we laughed for an hour, I'm so happy.",
                        "Couldn't sleep again, the nights are long.",
                        "Work is fine I guess.",
                        "I feel lonely since moving to the new flat."]
        var seen = Set<String>()
        for m in messages {
            let out = try await reply(m)
            XCTAssertTrue(out.hasSuffix("?"), out)
            XCTAssertTrue(seen.insert(out).inserted, "repeated: \(out)")
        }
        let again = try await reply(messages[0])
        XCTAssertTrue(seen.contains(again), "deterministic for the same message")
    }

    func testLiveReplyNeverEqualsABankLine() async throws {
        let text = "ok"
        let plain = try await reply(text)
        // A catalog whose bank holds exactly that reply: the model must say something else.
        let json = """
        {"sourceLanguage":"en","version":"1.0","strings":{"bank.trap":{"localizations":{
          "en":{"stringUnit":{"state":"translated","value":\(String(data: try JSONEncoder().encode(plain), encoding: .utf8)!)}}}}}}
        """
        let trapped = try StringCatalog(data: Data(json.utf8))
        let m = model(Locked(HardwareProfile()), strings: trapped)
        let out = try await m.respond(instructions: LunaPrompts.persona, prompt: text)
        XCTAssertNotEqual(out, plain)
        XCTAssertFalse(out.isEmpty)
        // And none of the shipped bank lines, whatever they are.
        var bank = Set<String>()
        for key in strings.keys(withPrefix: "bank.") {
            for l in AppLanguage.allCases { if let v = strings.value(key, l) { bank.insert(v) } }
        }
        for message in ["ok", "hi", "…", "I don't know", "Thanks"] {
            let r = try await reply(message)
            XCTAssertFalse(bank.contains(r), r)
        }
    }

    func testRussianLiveReplyFollowsGender() async throws {
        let messages = ["Сегодня на работе я очень устала.", "Мне грустно, весь день думаю про экзамен.",
                        "Вчера гуляли с Машей, было так весело!", "Не могу уснуть, в голове одни мысли о деньгах.",
                        "Я горжусь собой: наконец закончила проект.", "Мама опять не позвонила, и мне одиноко.",
                        "Очень злюсь на начальника, он снова всё переделал.", "Спасибо другу за поддержку сегодня."]
        var gendered = 0
        for text in messages {
            let f = try await reply(text, languages: ["en", "ru"], gender: .feminine)
            let m = try await reply(text, languages: ["en", "ru"], gender: .masculine)
            let n = try await reply(text, languages: ["en", "ru"], gender: .neutral)
            for out in [f, m, n] {
                XCTAssertTrue(out.hasSuffix("?"), out)
                XCTAssertTrue(out.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) }, "Russian: \(out)")
            }
            for form in ["написала", "написал ", "написал:", "отметила", "отметил:", "отметил "] {
                XCTAssertFalse(n.contains(form), "neutral avoids gendered past tense: \(n)")
            }
            if f.contains("написала") || f.contains("отметила") {
                gendered += 1
                XCTAssertTrue(m.contains("написал:") || m.contains("отметил:"), m)
                XCTAssertFalse(m.contains("написала") || m.contains("отметила"), m)
                XCTAssertTrue(n.contains("пишешь") || n.contains("отмечаешь"), n)
            } else {
                XCTAssertEqual(f, m, "no gendered form used, so both read the same")
            }
        }
        XCTAssertGreaterThan(gendered, 0, "at least one message takes a gendered form")
    }

    /// The neutral Russian phrasebook avoids past tense after "ты" and gendered short forms.
    func testNeutralRussianPhrasesAvoidGenderedForms() throws {
        let patterns = [#"\bты\s+\p{L}+л(а|ся|ась)?\b"#,
                        #"\b(рад|рада|сам|сама|готов|готова|должен|должна|уверен|уверена|устал|устала|права|прав)\b"#,
                        #"\p{L}\((а|ла|на)\)"#]
        let regexes = try patterns.map { try NSRegularExpression(pattern: $0, options: [.caseInsensitive]) }
        XCTAssertGreaterThan(Phrasebook.all.count, 40)
        for phrase in Phrasebook.all {
            let ru = phrase.text(.russian, gender: .neutral)
            for r in regexes { XCTAssertNil(r.firstMatch(in: ru, range: NSRange(ru.startIndex..., in: ru)), ru) }
            XCTAssertFalse(phrase.en.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) }, phrase.en)
            XCTAssertEqual(phrase.en.contains("{quote}"), ru.contains("{quote}"), phrase.en)
            XCTAssertEqual(phrase.en.contains("{name}"), ru.contains("{name}"), phrase.en)
        }
        let feminine = Phrasebook.quotes[0].text(.russian, gender: .feminine)
        XCTAssertNotNil(regexes[0].firstMatch(in: feminine, range: NSRange(feminine.startIndex..., in: feminine)),
                        "the patterns do catch a gendered form")
    }

    func testRussianNameKeepsItsCase() async throws {
        let out = try await reply("Вчера гуляла с Машей по парку, и было так спокойно.", languages: ["ru"])
        XCTAssertTrue(out.contains("с Машей"), out)
        let about = try await reply("Всё время думаю про Андрея, и мне тревожно.", languages: ["ru"])
        XCTAssertTrue(about.contains("про Андрея"), about)
    }

    // MARK: Translation

    func testTranslationKeepsFeelingTopicAndName() async throws {
        let m = model(Locked(HardwareProfile()))
        let en = try await m.respond(instructions: LunaPrompts.translation(from: .russian, to: .english),
                                     prompt: "Сегодня на работе я очень устала, и Маша опять не позвонила.")
        XCTAssertTrue(en.contains("work"), en)
        XCTAssertTrue(en.contains("tired"), en)
        XCTAssertTrue(en.contains("Маша"), en)
        XCTAssertFalse(en.unicodeScalars.filter { (0x400...0x4FF).contains($0.value) }.count > 4, "only the name stays Cyrillic: \(en)")
    }

    func testOwnRepliesTranslateBackToNaturalRussian() async throws {
        let m = model(Locked(HardwareProfile()), gender: .feminine)
        let english = try await m.respond(instructions: LunaPrompts.personaForTranslatedMessage(replyLanguage: .english),
                                          prompt: "Today at work I was very tired.")
        let russian = try await m.respond(instructions: LunaPrompts.translation(from: .english, to: .russian),
                                          prompt: english)
        XCTAssertFalse(russian.isEmpty)
        XCTAssertTrue(russian.hasSuffix("?"), russian)
        XCTAssertFalse(russian.contains(where: { $0.isASCII && $0.isLetter }), "fully Russian: \(russian)")
        XCTAssertTrue(russian.contains("работ"), russian)
    }

    func testPromptProtocolParses() {
        let i = LunaPrompts.translation(from: .russian, to: .english)
        XCTAssertEqual(LunaPrompts.translationLanguages(i)?.from, .russian)
        XCTAssertEqual(LunaPrompts.translationLanguages(i)?.to, .english)
        XCTAssertNil(LunaPrompts.translationLanguages(LunaPrompts.persona))
        XCTAssertEqual(LunaPrompts.replyLanguage(LunaPrompts.persona(replyLanguage: .russian)), .russian)
        XCTAssertNil(LunaPrompts.replyLanguage(LunaPrompts.persona))
    }
}
