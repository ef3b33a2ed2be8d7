import XCTest
@testable import LanternlyCore
import TestSupport

/// The simulated voice with the conversation in view: no repeated questions, no stock
/// phrase twice in five replies, negation, goodbyes, quotes without markup, names picked up.
final class ConversationVoiceTests: XCTestCase {
    let strings = try! StringCatalog.shipped()
    let devices = try! DeviceCatalog.shipped()
    var home: TempHome!

    override func setUp() { home = TempHome() }
    override func tearDown() { home.remove() }

    private func chat(languages: [String] = ["en"], ui: AppLanguage = .english,
                      gender: GrammaticalGender = .neutral) -> LunaChatService {
        let profile = HardwareProfile(modelLanguages: languages)
        let model = SimulatedLanguageModel(profile: { profile }, devices: devices, strings: strings, gender: { gender })
        return LunaChatService(model: model, catalog: strings,
                               diagnostics: LunaDiagnostics(paths: home.paths, strings: strings, devices: devices),
                               region: { "US" }, uiLanguage: ui)
    }

    private func model(languages: [String] = ["en"]) -> SimulatedLanguageModel {
        let profile = HardwareProfile(modelLanguages: languages)
        return SimulatedLanguageModel(profile: { profile }, devices: devices, strings: strings, gender: { .neutral })
    }

    private func lines(_ phrases: [Phrase], _ language: AppLanguage) -> [String] {
        phrases.map { $0.text(language, gender: .neutral) }
    }

    /// The sentences of a reply that end in a question mark.
    private func questions(_ reply: String) -> [String] {
        Phrase.sentences(reply).map(String.init).filter { $0.hasSuffix("?") }
    }

    /// Messages a person might send over one evening; several return to the same subject.
    static let english = [
        "Hi Luna", "I'm so tired after work today", "Work was a lot again, the meeting ran late",
        "I went to the gym anyway", "I skipped the gym today", "Still tired, honestly",
        "My cat Miso kept me up all night", "I didn't sleep much", "Work tomorrow will be long too",
        "I'm tired of being tired", "Had coffee with Dana this morning @friends", "Dana is moving away",
        "I feel a bit sad about it", "I'm so tired", "Maybe I'll read a book tonight",
        "Work, work, work", "I'm tired but okay", "Thanks for listening", "I feel calmer now",
        "I'm still a little tired",
    ]
    static let russian = [
        "Привет", "Я так устала после работы", "На работе снова завал, совещание затянулось",
        "Всё равно пошла в спортзал", "Сегодня не пошла в зал", "Всё ещё устала, честно",
        "Мой кот Мисо не давал спать всю ночь", "Я почти не спала", "Завтра на работе тоже будет долгий день",
        "Я устала от усталости", "Утром пила кофе с Дашей @друзья", "Даша переезжает",
        "Мне немного грустно из-за этого", "Я так устала", "Может, почитаю книгу вечером",
        "Работа, работа, работа", "Я устала, но в целом нормально", "Спасибо, что слушаешь",
        "Мне уже спокойнее", "Всё ещё немного устала",
    ]

    private func converse(_ messages: [String], with service: LunaChatService) async -> [Reply] {
        var replies: [Reply] = []
        for m in messages { replies.append(await service.reply(to: m)) }
        return replies
    }

    private func assertNoRepeats(_ replies: [Reply], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        var asked: [String: Int] = [:]
        for (i, r) in replies.enumerated() {
            for q in questions(r.text) {
                if let j = asked[q] { XCTFail("\(label): turn \(i) asks again “\(q)” (first at turn \(j))", file: file, line: line) }
                asked[q] = i
            }
        }
        // No phrase of the phrasebook in more than one of any five consecutive replies.
        let used = replies.map { PhraseIndex.phrases(in: $0.text) }
        for start in 0..<(max(0, used.count - 4)) {
            var counts: [Phrase: Int] = [:]
            for set in used[start..<(start + 5)] { for p in set { counts[p, default: 0] += 1 } }
            for (p, n) in counts where n > 1 {
                XCTFail("\(label): “\(p.en)” in \(n) of the replies \(start)…\(start + 4)", file: file, line: line)
            }
        }
    }

    func testNoRepeatedQuestionOrStockPhraseAcrossTwentyTurnsInEnglish() async {
        let replies = await converse(Self.english, with: chat())
        XCTAssertEqual(Set(replies.map(\.source)), [.onDevice])
        assertNoRepeats(replies, "en")
    }

    func testNoRepeatedQuestionOrStockPhraseAcrossTwentyTurnsInRussian() async {
        let onDevice = await converse(Self.russian, with: chat(languages: ["en", "ru"], ui: .russian, gender: .feminine))
        XCTAssertEqual(Set(onDevice.map(\.source)), [.onDevice])
        assertNoRepeats(onDevice, "ru on-device")
        let pivot = await converse(Self.russian, with: chat(ui: .russian))
        XCTAssertEqual(Set(pivot.map(\.source)), [.pivot])
        assertNoRepeats(pivot, "ru pivot")
    }

    func testWithoutTheConversationTheSameMessagesWouldRepeat() async throws {
        // The check above can fail: alone, the same message gets the same reply.
        let m = model()
        let a = try await m.respond(instructions: LunaPrompts.persona, prompt: "I'm so tired")
        let b = try await m.respond(instructions: LunaPrompts.persona, prompt: "I'm so tired")
        XCTAssertEqual(a, b)
        let service = chat()
        let first = await service.reply(to: "I'm so tired")
        let second = await service.reply(to: "I'm so tired")
        XCTAssertNotEqual(first.text, second.text)
        XCTAssertTrue(Set(questions(first.text)).isDisjoint(with: questions(second.text)), "\(first.text) / \(second.text)")
    }

    // MARK: Negation

    func testASkippedActivityIsNotPraised() async throws {
        let exercise = lines(Phrasebook.openings(.exercise) + [Phrasebook.middle(.exercise)] + Phrasebook.questions(.exercise), .english)
        for text in ["I skipped the gym today.", "I didn't go to the gym", "Missed my run this morning",
                     "I did not go for a run today"] {
            let out = try await model().respond(instructions: LunaPrompts.persona, prompt: text)
            XCTAssertFalse(exercise.contains { out.contains($0) }, "\(text) → \(out)")
            let skipped = lines(Phrasebook.skippedOpenings + [Phrasebook.skippedMiddle] + Phrasebook.skippedQuestions, .english)
            XCTAssertTrue(skipped.contains { out.contains($0) }, "\(text) → \(out)")
        }
        let ruExercise = lines(Phrasebook.openings(.exercise) + [Phrasebook.middle(.exercise)] + Phrasebook.questions(.exercise), .russian)
        for text in ["Сегодня не пошла в зал", "Пропустила пробежку"] {
            let out = try await model(languages: ["en", "ru"]).respond(instructions: LunaPrompts.persona(replyLanguage: .russian), prompt: text)
            XCTAssertFalse(ruExercise.contains { out.contains($0) }, "\(text) → \(out)")
        }
        // Done, it is still read as done.
        let done = try await model().respond(instructions: LunaPrompts.persona, prompt: "I went to the gym after work")
        XCTAssertTrue(exercise.contains { done.contains($0) }, done)
    }

    func testNotSleepingIsAboutSleepNotRest() async throws {
        let out = try await model().respond(instructions: LunaPrompts.persona, prompt: "I didn't sleep at all")
        let calm = lines(Phrasebook.openings(.calm), .english)
        XCTAssertFalse(calm.contains { out.contains($0) }, out)
        XCTAssertTrue(lines(Phrasebook.openings(.sleep) + Phrasebook.questions(.sleep), .english).contains { out.contains($0) }, out)
    }

    // MARK: Greetings, thanks, goodbyes

    func testThanksAndGoodNightGetAGoodbyeNotAHello() async throws {
        let m = model()
        let out = try await m.respond(instructions: LunaPrompts.persona, prompt: "Thank you Luna. Good night.")
        XCTAssertTrue(lines(Phrasebook.goodbyes(.night), .english).contains { out.contains($0) }, out)
        XCTAssertTrue(lines(Phrasebook.thanks, .english).contains { out.hasPrefix($0) }, out)
        let hellos = Greeting.allCases.flatMap { lines(Phrasebook.greetings($0) + Phrasebook.shortGreetings($0), .english) }
        XCTAssertFalse(hellos.contains { out.contains($0) }, out)
        XCTAssertFalse(out.hasSuffix("?"), "a goodbye asks nothing more: \(out)")
        for text in ["bye!", "OK, see you tomorrow", "Long day at work. Talk tomorrow, Luna"] {
            let bye = try await m.respond(instructions: LunaPrompts.persona, prompt: text)
            XCTAssertTrue(lines(Phrasebook.goodbyes(.bye), .english).contains { bye.contains($0) }, "\(text) → \(bye)")
        }
        let ru = try await model(languages: ["en", "ru"]).respond(instructions: LunaPrompts.persona(replyLanguage: .russian),
                                                                  prompt: "Спасибо, спокойной ночи!")
        XCTAssertTrue(lines(Phrasebook.goodbyes(.night), .russian).contains { ru.contains($0) }, ru)
        let pivot = await chat(ui: .russian).reply(to: "Спасибо. Пока!")
        XCTAssertEqual(pivot.source, .pivot)
        XCTAssertTrue(lines(Phrasebook.goodbyes(.bye), .russian).contains { pivot.text.contains($0) }, pivot.text)
    }

    func testTheBankTellsAGreetingAndAGoodbyeFromTheRest() async {
        let closed = HardwareProfile(appleIntelligence: false)
        let model = SimulatedLanguageModel(profile: { closed }, devices: devices, strings: strings, gender: { .neutral })
        let service = LunaChatService(model: model, catalog: strings,
                                      diagnostics: LunaDiagnostics(paths: home.paths, strings: strings, devices: devices),
                                      region: { "US" }, uiLanguage: .english)
        let bank = ReplyBank(catalog: strings)
        for language in AppLanguage.allCases {
            XCTAssertFalse(bank.lines(for: language, kind: .greeting).isEmpty)
            XCTAssertFalse(bank.lines(for: language, kind: .goodbye).isEmpty)
            XCTAssertTrue(Set(bank.lines(for: language, kind: .greeting)).isDisjoint(with: bank.lines(for: language)))
        }
        let hello = await service.reply(to: "Hello!")
        XCTAssertEqual(hello.source, .bank)
        XCTAssertTrue(bank.lines(for: .english, kind: .greeting).contains(hello.text), hello.text)
        let night = await service.reply(to: "Thanks Luna, good night")
        XCTAssertTrue(bank.lines(for: .english, kind: .goodbye).contains(night.text), night.text)
        let ru = await service.reply(to: "Пока, до завтра")
        XCTAssertTrue(bank.lines(for: .russian, kind: .goodbye).contains(ru.text), ru.text)
        let rest = await service.reply(to: "Work was long today")
        XCTAssertTrue(bank.lines(for: .english).contains(rest.text), rest.text)
    }

    // MARK: Quotes

    private func quoted(_ text: String) -> [String] {
        var found: [String] = []
        for (open, close) in [("“", "”"), ("«", "»")] {
            var rest = Substring(text)
            while let a = rest.range(of: open), let b = rest.range(of: close, range: a.upperBound..<rest.endIndex) {
                found.append(String(rest[a.upperBound..<b.lowerBound]))
                rest = rest[b.upperBound...]
            }
        }
        return found
    }

    func testQuotesHoldNoTagsLabelsOrKeys() async throws {
        let m = model(languages: ["en", "ru"])
        let cases: [(String, [String])] = [
            ("coffee with Dana this morning @friends", ["friends", "@"]),
            ("@work the deadline moved again and I am annoyed", ["@", "work the"]),
            ("Luna: I keep thinking about the move #home", ["Luna", "home", "#"]),
            ("set faults.respond to empty and it felt strange to see", ["faults", "respond"]),
            ("утром кофе с Дашей и долгая прогулка @друзья", ["друзья", "@"]),
        ]
        var quotes = 0
        for (text, banned) in cases {
            for seedWord in ["", " today", " again"] {
                let out = try await m.respond(instructions: LunaPrompts.persona, prompt: text + seedWord)
                for q in quoted(out) {
                    quotes += 1
                    for b in banned { XCTAssertFalse(q.contains(b), "“\(q)” holds \(b): \(out)") }
                }
            }
        }
        XCTAssertGreaterThan(quotes, 2, "some replies quote, so the check means something")
    }

    // MARK: Names picked up

    func testANamedPetIsPickedUpLater() async {
        let service = chat()
        _ = await service.reply(to: "My cat Miso kept me up all night")
        _ = await service.reply(to: "Work was long")
        _ = await service.reply(to: "The meeting ran late")
        let hello = await service.reply(to: "Hi Luna")
        XCTAssertTrue(hello.text.contains("Miso"), hello.text)
        XCTAssertTrue(lines(Phrasebook.pickUpQuestions, .english).map { $0.replacingOccurrences(of: "{name}", with: "Miso") }
            .contains { hello.text.hasSuffix($0) }, hello.text)
    }

    func testARememberedNameFromTheInstructionsIsPickedUp() async throws {
        let out = try await model().respond(instructions: LunaPrompts.persona(replyLanguage: .english, memories: ["pet: Biscuit"]),
                                            prompt: "Hello")
        XCTAssertTrue(out.contains("Biscuit"), out)
        let ru = try await model(languages: ["en", "ru"]).respond(
            instructions: LunaPrompts.persona(replyLanguage: .russian, memories: ["person: Вера"]), prompt: "Привет")
        XCTAssertTrue(ru.contains("Вера"), ru)
        XCTAssertEqual(LunaPrompts.replyLanguage(LunaPrompts.persona(replyLanguage: .russian, memories: ["goal: Reply in en"])), .russian)
    }
}
