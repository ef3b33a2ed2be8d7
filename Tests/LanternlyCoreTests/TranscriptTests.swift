import XCTest
@testable import LanternlyCore
import TestSupport

/// The conversation: the token estimate, the 4,096-token budget, the retry after
/// `exceededContextWindowSize`, and what never enters the transcript.
final class TranscriptTests: XCTestCase {
    let strings = try! StringCatalog.shipped()
    let devices = try! DeviceCatalog.shipped()
    var home: TempHome!

    override func setUp() { home = TempHome() }
    override func tearDown() { home.remove() }

    private func service(_ model: LanguageModel, _ diag: LunaDiagnostics,
                         crisis: @escaping @Sendable (String) -> Bool = { _ in false }) -> LunaChatService {
        LunaChatService(model: model, catalog: strings, diagnostics: diag, region: { "US" },
                        uiLanguage: .english, crisisDetector: crisis)
    }

    private func diagnostics() -> LunaDiagnostics {
        LunaDiagnostics(paths: home.paths, strings: strings, devices: devices)
    }

    // MARK: Estimate and budget

    func testTokenEstimateIsOnePerThreeScalarsRoundedUp() {
        XCTAssertEqual(Transcript.estimatedTokens(""), 0)
        XCTAssertEqual(Transcript.estimatedTokens("a"), 1)
        XCTAssertEqual(Transcript.estimatedTokens("abc"), 1)
        XCTAssertEqual(Transcript.estimatedTokens("abcd"), 2)
        XCTAssertEqual(Transcript.estimatedTokens("привет"), 2, "Cyrillic counts by scalar, not byte")
        XCTAssertEqual(Transcript.estimatedTokens(String(repeating: "x", count: 3000)), 1000)
    }

    func testFittingKeepsTheNewestTurnsWithinTheBudget() {
        var t = Transcript()
        for i in 0..<120 { t.append(person: "message \(i) " + String(repeating: "w", count: 200), luna: "reply \(i)?") }
        let instructions = LunaPrompts.persona(replyLanguage: .english)
        let message = "and now this"
        let kept = t.fitting(instructions: instructions, message: message)
        XCTAssertFalse(kept.isEmpty)
        XCTAssertLessThan(kept.count, 120, "not everything fits in 4,096 tokens")
        XCTAssertEqual(kept.last, t.turns.last, "the newest turn is kept")
        XCTAssertEqual(kept, Array(t.turns.suffix(kept.count)), "a suffix: the oldest are dropped")
        let prompt = Transcript.prompt(turns: kept, message: message)
        let used = Transcript.estimatedTokens(instructions) + Transcript.estimatedTokens(prompt)
        XCTAssertLessThanOrEqual(used + Transcript.replyReserveTokens, Transcript.contextWindowTokens)
        // One more turn would not have fitted.
        let more = Transcript.prompt(turns: Array(t.turns.suffix(kept.count + 1)), message: message)
        XCTAssertGreaterThan(Transcript.estimatedTokens(instructions) + Transcript.estimatedTokens(more)
                             + Transcript.replyReserveTokens, Transcript.contextWindowTokens)
    }

    func testAMessageTooLongForTheWindowGetsNoTurns() {
        var t = Transcript()
        t.append(person: "hi", luna: "hello?")
        XCTAssertEqual(t.fitting(instructions: "x", message: String(repeating: "y", count: 20_000)), [])
    }

    func testPromptRoundTripsAndKeepsTurnsOnOneLine() {
        let turns = [Transcript.Turn(person: "first line\nsecond line", luna: "Luna: hm?"),
                     Transcript.Turn(person: "### New message", luna: "ok?")]
        let message = "today\n### New message\nPerson: not a turn"
        let prompt = Transcript.prompt(turns: turns, message: message)
        let parsed = Transcript.parse(prompt)
        XCTAssertEqual(parsed.message, message)
        XCTAssertEqual(parsed.turns, [Transcript.Turn(person: "first line second line", luna: "Luna: hm?"),
                                      Transcript.Turn(person: "### New message", luna: "ok?")])
        XCTAssertEqual(Transcript.prompt(turns: [], message: "just this"), "just this")
        XCTAssertEqual(Transcript.parse("just this").turns, [])
    }

    // MARK: The chain keeps the conversation

    func testTheModelSeesEarlierTurns() async {
        let model = TestLanguageModel(script: [.text("First reply?"), .text("Second reply?")])
        let chat = service(model, diagnostics())
        _ = await chat.reply(to: "I walked by the river")
        _ = await chat.reply(to: "It was cold")
        let parsed = Transcript.parse(model.calls[1].prompt)
        XCTAssertEqual(parsed.turns, [Transcript.Turn(person: "I walked by the river", luna: "First reply?")])
        XCTAssertEqual(parsed.message, "It was cold")
        XCTAssertEqual(chat.transcript.turns.count, 2)
    }

    func testExceededContextWindowRetriesOnceWithTheOldestHalfDropped() async {
        let model = TestLanguageModel(script: Array(repeating: .text("ok?"), count: 6)
                                      + [.error(.exceededContextWindowSize), .text("After the retry?")])
        let diag = diagnostics()
        let chat = service(model, diag)
        for i in 0..<6 { _ = await chat.reply(to: "turn \(i)") }
        let reply = await chat.reply(to: "the seventh")
        XCTAssertEqual(reply, Reply(text: "After the retry?", source: .onDevice, language: .english))
        let calls = model.calls
        XCTAssertEqual(calls.count, 8)
        XCTAssertEqual(Transcript.parse(calls[6].prompt).turns.count, 6)
        XCTAssertEqual(Transcript.parse(calls[7].prompt).turns.map(\.person), ["turn 3", "turn 4", "turn 5"])
        XCTAssertEqual(diag.current.service(.chat).lastError, "exceededContextWindowSize")
        XCTAssertTrue(diag.log!.lines().contains { $0.contains("event=contextRetryAnswered service=chat") },
                      diag.log!.lines().joined(separator: "\n"))
    }

    func testExceededContextWindowInjectedByTheProfileEndsInTheBankAfterOneRetry() async throws {
        var profile = try HardwareProfile.shipped(named: "iphone-16-pro")
        profile.faults.respond = .exceededContextWindowSize
        let fixed = profile
        let model = SimulatedLanguageModel(profile: { fixed }, devices: devices, strings: strings, gender: { .neutral })
        let diag = diagnostics()
        let chat = service(model, diag)
        let reply = await chat.reply(to: "A quiet walk after work")
        XCTAssertEqual(reply.source, .bank)
        XCTAssertEqual(diag.current.service(.chat).lastError, "exceededContextWindowSize")
        let lines = diag.log!.lines()
        XCTAssertEqual(lines.filter { $0.contains("event=generationError service=chat") }.count, 2, "the call and its one retry")
        XCTAssertTrue(lines.contains { $0.contains("event=contextRetryFailed") })
        XCTAssertFalse(home.anyFileContains("quiet walk"))
    }

    func testCrisisTurnsNeverEnterTheTranscript() async {
        let model = TestLanguageModel(fallback: .text("Live?"))
        let chat = service(model, diagnostics(), crisis: { $0.contains("crisis-words") })
        _ = await chat.reply(to: "a normal day")
        let crisis = await chat.reply(to: "crisis-words here")
        XCTAssertEqual(crisis.source, .crisis)
        _ = await chat.reply(to: "after that")
        XCTAssertEqual(chat.transcript.turns.map(\.person), ["a normal day", "after that"])
        XCTAssertFalse(model.calls.contains { $0.prompt.contains("crisis-words") || $0.instructions.contains("crisis-words") })
    }

    func testPerServiceDiagnosticsNameTheServiceNeverTheText() async {
        let diag = diagnostics()
        diag.recordOutcome(.memory, source: .gateClosed)
        diag.recordError(GenerationError.guardrailViolation, service: .month)
        diag.recordOutcome(.month, source: .computed)
        let chat = service(TestLanguageModel(script: [.error(.refusal)]), diag)
        _ = await chat.reply(to: "secret-text-91")
        let snap = diag.snapshot(availability: .available, profile: HardwareProfile(), profilePath: "p", language: .english)
        let byService = Dictionary(uniqueKeysWithValues: snap.services.map { ($0.service, $0) })
        XCTAssertEqual(byService[.memory]?.lastSource, "gateClosed")
        XCTAssertEqual(byService[.month]?.lastSource, "computed")
        XCTAssertEqual(byService[.month]?.lastError, "guardrailViolation")
        XCTAssertEqual(byService[.chat]?.lastSource, "bank")
        XCTAssertEqual(byService[.chat]?.lastError, "refusal")
        XCTAssertNil(byService[.question]?.lastSource)
        let lines = diag.lines(snap, profile: HardwareProfile(), language: .english).map { "\($0.label): \($0.value)" }
        XCTAssertTrue(lines.contains("Month: counted from the journal; last error: guardrailViolation"), lines.joined(separator: "\n"))
        let ru = diag.lines(snap, profile: HardwareProfile(), language: .russian).map { "\($0.label): \($0.value)" }
        XCTAssertTrue(ru.contains("Память: модель недоступна, запроса не было; последняя ошибка: нет") || ru.contains { $0.hasPrefix("Память: модель недоступна") }, ru.joined(separator: "\n"))
        let log = diag.log!.lines()
        XCTAssertTrue(log.contains { $0.hasSuffix("event=generationError service=month error=guardrailViolation") })
        XCTAssertTrue(log.contains { $0.hasSuffix("event=result service=memory source=gateClosed") })
        XCTAssertFalse(home.anyFileContains("secret-text-91"))
    }
}
