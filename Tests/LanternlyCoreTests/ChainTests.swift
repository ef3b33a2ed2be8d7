import XCTest
@testable import LanternlyCore
import TestSupport

final class ChainTests: XCTestCase {
    let strings = try! StringCatalog.shipped()
    let devices = try! DeviceCatalog.shipped()
    var home: TempHome!

    override func setUp() { home = TempHome() }
    override func tearDown() { home.remove() }

    private func diagnostics() -> LunaDiagnostics {
        LunaDiagnostics(paths: home.paths, strings: strings, devices: devices)
    }

    private func service(_ model: LanguageModel, _ diag: LunaDiagnostics, ui: AppLanguage = .english,
                         crisis: @escaping @Sendable (String) -> Bool = { _ in false }) -> LunaChatService {
        LunaChatService(model: model, catalog: strings, diagnostics: diag, region: { "US" },
                        uiLanguage: ui, crisisDetector: crisis)
    }

    private var bankLines: Set<String> { Set(AppLanguage.allCases.flatMap { ReplyBank(catalog: strings).lines(for: $0) }) }

    // MARK: Each source

    func testCrisisNeverReachesTheModelAndLeavesNoTrace() async {
        let model = TestLanguageModel()
        let diag = diagnostics()
        let secret = "crisis-message-7f3a"
        let reply = await service(model, diag, crisis: { $0.contains("crisis-message") }).reply(to: secret)
        XCTAssertEqual(reply.source, .crisis)
        XCTAssertEqual(reply.text, CrisisReply.text(language: .english, region: "US"))
        XCTAssertTrue(model.calls.isEmpty, "no model call")
        XCTAssertEqual(diag.lastSource, .crisis)
        XCTAssertTrue(diag.log!.lines().isEmpty, "no log line for a crisis turn")
        XCTAssertFalse(home.anyFileContains(secret))
        XCTAssertFalse(home.anyFileContains("crisis-message"))
    }

    func testOnDevice() async {
        let model = TestLanguageModel(script: [.text("  That sounds like a full day. What stood out?  ")])
        let diag = diagnostics()
        let reply = await service(model, diag).reply(to: "Long day at work")
        XCTAssertEqual(reply, Reply(text: "That sounds like a full day. What stood out?", source: .onDevice, language: .english))
        XCTAssertEqual(model.calls.map(\.prompt), ["Long day at work"])
        XCTAssertEqual(model.calls.first?.instructions, LunaPrompts.persona(replyLanguage: .english))
        XCTAssertEqual(diag.lastSource, .onDevice)
    }

    func testPivotTranslatesThereAndBack() async {
        let model = TestLanguageModel(script: [.text("I am tired at work."), .text("What would rest look like?"),
                                               .text("Как выглядел бы отдых?")])
        let diag = diagnostics()
        // ui .russian: the message's language falls back to Russian even before detection exists.
        let reply = await service(model, diag, ui: .russian).reply(to: "Я устала на работе.")
        XCTAssertEqual(reply, Reply(text: "Как выглядел бы отдых?", source: .pivot, language: .russian))
        let calls = model.calls
        XCTAssertEqual(calls.count, 3)
        XCTAssertEqual(calls[0], .init(instructions: LunaPrompts.translation(from: .russian, to: .english), prompt: "Я устала на работе."))
        XCTAssertEqual(calls[1], .init(instructions: LunaPrompts.personaForTranslatedMessage(replyLanguage: .english), prompt: "I am tired at work."))
        XCTAssertEqual(calls[2], .init(instructions: LunaPrompts.translation(from: .english, to: .russian), prompt: "What would rest look like?"))
        XCTAssertEqual(diag.lastSource, .pivot)
    }

    func testBankWhenGateIsClosed() async {
        for reason in [UnavailableReason.deviceNotEligible, .appleIntelligenceNotEnabled, .modelNotReady, .osTooOld, .unknown("future")] {
            let model = TestLanguageModel(availability: .unavailable(reason))
            let diag = diagnostics()
            let reply = await service(model, diag).reply(to: "Hello Luna")
            XCTAssertEqual(reply.source, .bank, "\(reason)")
            XCTAssertFalse(reply.text.isEmpty)
            XCTAssertTrue(model.calls.isEmpty, "the model is not called when the gate is closed")
            XCTAssertEqual(diag.lastSource, .bank)
        }
    }

    func testBankDoesNotRepeatImmediately() async {
        let s = service(TestLanguageModel(availability: .unavailable(.modelNotReady)), diagnostics())
        var previous: String?
        for _ in 0..<6 {
            let r = await s.reply(to: "hello")
            XCTAssertEqual(r.source, .bank)
            if ReplyBank(catalog: strings).lines(for: .english).count >= 2, let previous {
                XCTAssertNotEqual(r.text, previous)
            }
            previous = r.text
        }
    }

    // MARK: Faults end in the bank, recorded

    func testErrorsAndEmptyOutputEndInBankWithErrorRecorded() async {
        let cases: [(TestLanguageModel.Outcome, String)] = [
            (.error(.guardrailViolation), "guardrailViolation"),
            (.error(.exceededContextWindowSize), "exceededContextWindowSize"),
            (.text(""), "emptyResponse"), (.text("  \n "), "emptyResponse"),
        ]
        for (outcome, name) in cases {
            let diag = diagnostics()
            let secret = "private-words-\(name)"
            // exceededContextWindowSize is retried once with fewer turns: it fails twice here.
            let reply = await service(TestLanguageModel(script: [outcome, outcome]), diag).reply(to: secret)
            XCTAssertEqual(reply.source, .bank, name)
            XCTAssertEqual(diag.lastGenerationError, name)
            XCTAssertEqual(diag.current.lastGenerationErrorSource, .onDevice)
            XCTAssertTrue(diag.log!.lines().contains { $0.contains("event=generationError service=chat source=onDevice error=\(name)") },
                          diag.log!.lines().joined(separator: "\n"))
            XCTAssertFalse(home.anyFileContains(secret), "no user text in any file")
        }
    }

    func testPivotErrorIsRecordedAsPivot() async {
        let model = TestLanguageModel(script: [.text("translated"), .error(.refusal)])
        let diag = diagnostics()
        let reply = await service(model, diag, ui: .russian).reply(to: "Привет")
        XCTAssertEqual(reply.source, .bank)
        XCTAssertEqual(reply.language, .russian)
        XCTAssertEqual(model.calls.count, 2, "stops at the failing step")
        XCTAssertEqual(diag.lastGenerationError, "refusal")
        XCTAssertEqual(diag.current.lastGenerationErrorSource, .pivot)
    }

    func testCancellationDuringADelayStillAnswersFromTheBank() async throws {
        let model = TestLanguageModel(script: [.delay(600, then: .text("too late"))])
        let diag = diagnostics()
        let s = service(model, diag)
        let task = Task { await s.reply(to: "are you there?") }
        // Wait (without a timing assert) until the model call has started, then cancel, as Esc does.
        for _ in 0..<1000 where model.calls.isEmpty { try await Task.sleep(nanoseconds: 2_000_000) }
        XCTAssertEqual(model.calls.count, 1)
        task.cancel()
        let reply = await task.value
        XCTAssertEqual(reply.source, .bank)
        XCTAssertEqual(diag.lastGenerationError, "cancelled")
    }

    func testAlreadyCancelledTaskGetsABankReply() async {
        let model = TestLanguageModel()
        let s = service(model, diagnostics())
        let task = Task { () -> Reply in
            withUnsafeCurrentTask { $0?.cancel() }
            return await s.reply(to: "hi")
        }
        let reply = await task.value
        XCTAssertEqual(reply.source, .bank)
        XCTAssertTrue(model.calls.isEmpty)
    }

    // MARK: With the simulated model

    private func simulated(_ profile: HardwareProfile, gender: GrammaticalGender = .neutral) -> SimulatedLanguageModel {
        let box = Locked(profile)
        return SimulatedLanguageModel(profile: { box.value }, devices: devices, strings: strings, gender: { gender })
    }

    func testSimulatedProfileFaultsEndInTheBank() async {
        for (fault, name) in [(RespondFault.guardrailViolation, "guardrailViolation"),
                              (.exceededContextWindowSize, "exceededContextWindowSize"), (.empty, "emptyResponse")] {
            let diag = diagnostics()
            let reply = await service(simulated(HardwareProfile(faults: Faults(respond: fault))), diag).reply(to: "I'm tired")
            XCTAssertEqual(reply.source, .bank)
            XCTAssertEqual(diag.lastGenerationError, name)
        }
    }

    func testSimulatedOnDeviceAndPivot() async {
        let diag = diagnostics()
        let en = await service(simulated(HardwareProfile()), diag).reply(to: "Work was exhausting today and my boss ignored me.")
        XCTAssertEqual(en.source, .onDevice)
        XCTAssertTrue(en.text.hasSuffix("?"))
        XCTAssertFalse(bankLines.contains(en.text))

        let ru = await service(simulated(HardwareProfile(), gender: .feminine), diag, ui: .russian)
            .reply(to: "Сегодня на работе я очень устала, и Маша опять не позвонила.")
        XCTAssertEqual(ru.source, .pivot)
        XCTAssertEqual(ru.language, .russian)
        XCTAssertTrue(ru.text.hasSuffix("?"), ru.text)
        XCTAssertFalse(ru.text.contains(where: { $0.isASCII && $0.isLetter }), "all Russian: \(ru.text)")
        XCTAssertTrue(ru.text.contains("устал") || ru.text.contains("сил") || ru.text.contains("отдых"),
                      "answers the feeling: \(ru.text)")
        XCTAssertTrue(ru.text.contains("Маша"), "names the person in the nominative: \(ru.text)")
        XCTAssertFalse(bankLines.contains(ru.text))
    }

    func testRussianGoesOnDeviceWhenTheModelSpeaksIt() async {
        let diag = diagnostics()
        let s = service(simulated(HardwareProfile(modelLanguages: ["en", "ru"]), gender: .masculine), diag, ui: .russian)
        let r = await s.reply(to: "Купил подарок для Лены, надеюсь, ей понравится.")
        XCTAssertEqual(r.source, .onDevice)
        XCTAssertEqual(r.language, .russian)
        XCTAssertTrue(r.text.contains("для Лены"), r.text)
        XCTAssertFalse(r.text.contains("написала"), "masculine: \(r.text)")
    }

    func testReportAfterFailuresHoldsNoUserText() async throws {
        let diag = diagnostics()
        let secret = "Sveta told me something private"
        let profile = HardwareProfile(faults: Faults(respond: .guardrailViolation))
        _ = await service(simulated(profile), diag).reply(to: secret)
        let url = try diag.writeReport(availability: .available, profile: profile, profilePath: "p.json", language: .english)
        let report = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(report.contains("guardrailViolation"), report)
        XCTAssertFalse(home.anyFileContains("Sveta"))
        XCTAssertFalse(home.anyFileContains("private"))
    }

    func testSimulatedPivotKeepsTheTopic() async {
        let s = service(simulated(HardwareProfile()), diagnostics(), ui: .russian)
        let r = await s.reply(to: "Всю неделю болит голова, была у врача.")
        XCTAssertEqual(r.source, .pivot)
        XCTAssertTrue(r.text.contains("здоров") || r.text.contains("тел") || r.text.contains("забот"), r.text)
    }

    // MARK: Validation

    func testValidate() {
        XCTAssertThrowsError(try LunaChatService.validate("")) { XCTAssertEqual(($0 as? MessageError)?.kind, .empty) }
        XCTAssertThrowsError(try LunaChatService.validate(" \n\t ")) { XCTAssertEqual(($0 as? MessageError)?.kind, .empty) }
        XCTAssertNoThrow(try LunaChatService.validate(String(repeating: "a", count: LunaChatService.maxMessageBytes)))
        let big = String(repeating: "я", count: LunaChatService.maxMessageBytes / 2 + 1) // 2 bytes each
        XCTAssertThrowsError(try LunaChatService.validate(big)) { error in
            XCTAssertEqual((error as? MessageError)?.kind, .tooLong(bytes: big.utf8.count))
            XCTAssertTrue("\(error)".contains("\(LunaChatService.maxMessageBytes)"), "names the limit")
        }
    }

    func testMegabyteMessageStillGetsAReply() async {
        let diag = diagnostics()
        let text = String(repeating: "word ", count: 200_000)
        let reply = await service(simulated(HardwareProfile()), diag).reply(to: text)
        XCTAssertEqual(reply.source, .bank)
        XCTAssertEqual(diag.lastGenerationError, "exceededContextWindowSize")
    }
}
