import Foundation
import XCTest
import LanternlyCore
import TerminalUI
@testable import LanternlyApp

/// The runtime against a recording test double: effects reach the dependencies.
final class RuntimeTests: XCTestCase {
    func testStartLoadsHistoryQuestionAndStatus() async {
        let rec = Recorder()
        let rt = AppRuntime(state: AppState(), dependencies: rec.dependencies())
        rt.send(.started)
        XCTAssertEqual(rt.state.transcript.map(\.text), ["earlier", "hello again"])
        XCTAssertEqual(rt.state.status.profile?.device, "iPhone 15 Pro")
        XCTAssertEqual(rt.state.deviceNames.count, 3)
        // The question is picked off the run loop (a model server may write it).
        await rt.settle()
        XCTAssertEqual(rt.state.dailyQuestion, "What felt like yours today?")
    }

    /// A model server that hangs while writing the daily question holds back neither the
    /// first frame nor a key; the question shows when it comes.
    func testAHangingDailyQuestionBlocksNothing() async {
        let release = DispatchSemaphore(value: 0)
        var deps = Recorder().dependencies()
        deps.dailyQuestion = { _, _ in release.wait(); return "Which small thing went right?" }
        let rt = AppRuntime(state: AppState(width: 80, height: 24), dependencies: deps)
        rt.send(.started)
        XCTAssertNil(rt.state.dailyQuestion)
        XCTAssertTrue(rt.frame().textDump().contains("earlier"), "the first frame is drawn meanwhile")
        rt.send(.keyPressed(.character("h")))
        XCTAssertEqual(rt.state.input.text, "h", "keys are handled meanwhile")
        release.signal()
        await rt.settle()
        XCTAssertEqual(rt.state.dailyQuestion, "Which small thing went right?")
    }

    /// Changing the path or the language while a pick runs: only the newest pick lands.
    func testANewerDailyQuestionPickSupersedesASlowerOne() async {
        let firstStarted = DispatchSemaphore(value: 0), releaseFirst = DispatchSemaphore(value: 0)
        var deps = Recorder().dependencies()
        deps.dailyQuestion = { _, language in
            if language == .english { firstStarted.signal(); releaseFirst.wait(); return "old question" }
            return "новый вопрос"
        }
        let rt = AppRuntime(state: AppState(), dependencies: deps)
        rt.send(.started)
        firstStarted.wait()
        // Settings (F2): the language row, changed to the next language (Russian).
        rt.send(.keyPressed(.function(2)))
        for _ in 0..<SettingsRow.allCases.firstIndex(of: .language)! { rt.send(.keyPressed(.down)) }
        rt.send(.keyPressed(.enter))
        XCTAssertEqual(rt.state.language, .russian)
        releaseFirst.signal()
        await rt.settle()
        XCTAssertEqual(rt.state.dailyQuestion, "новый вопрос")
    }

    func testSettingsTogglesWriteTheProfileAndRereadStatus() {
        let rec = Recorder()
        let rt = AppRuntime(state: AppState(), dependencies: rec.dependencies())
        rt.send(.started)
        rt.send(.keyPressed(.function(2)))
        rt.send(.keyPressed(.enter))
        XCTAssertEqual(rec.profileWrites.map { "\($0.0)=\($0.1)" }, ["appleIntelligence=true"])
        XCTAssertEqual(rt.state.status.profile?.appleIntelligence, true, "status re-read at once")
        rt.send(.keyPressed(.enter))
        XCTAssertEqual(rec.profileWrites.last.map { "\($0.0)=\($0.1)" }, "appleIntelligence=false")
        rt.send(.keyPressed(.down))
        rt.send(.keyPressed(.enter))
        XCTAssertEqual(rec.profileWrites.last.map { "\($0.0)=\($0.1)" }, "device=iPhone 16")
        rt.send(.keyPressed(.down)); rt.send(.keyPressed(.down)); rt.send(.keyPressed(.down))
        rt.send(.keyPressed(.down)); rt.send(.keyPressed(.down))  // gender
        rt.send(.keyPressed(.enter))
        XCTAssertEqual(rec.settingsWrites.last?.gender, .feminine)
    }

    func testReplyArrivesAndTheTurnIsStored() async {
        let rec = Recorder()
        let rt = AppRuntime(state: AppState(), dependencies: rec.dependencies())
        for c in "hi there" { rt.send(.keyPressed(.character(c))) }
        rt.send(.keyPressed(.enter))
        await rt.settle()
        XCTAssertEqual(rt.state.transcript.last?.text, "reply to hi there")
        XCTAssertEqual(rec.chatTurns.map(\.message), ["hi there"])
        XCTAssertEqual(rec.chatTurns.first?.date, Date(timeIntervalSince1970: 1_800_000_000))
    }

    func testEscapeCancelsTheTaskAndTheFallbackStillAnswers() async {
        let rec = Recorder()
        rec.replyDelay = 30_000_000_000
        let rt = AppRuntime(state: AppState(), dependencies: rec.dependencies())
        for c in "slow" { rt.send(.keyPressed(.character(c))) }
        rt.send(.keyPressed(.enter))
        for c in "typing on" { rt.send(.keyPressed(.character(c))) }
        rt.send(.keyPressed(.escape))
        await rt.settle()
        XCTAssertEqual(rt.state.transcript.last?.text, "bank after cancel")
        XCTAssertEqual(rt.state.transcript.last?.source, .bank)
        XCTAssertEqual(rt.state.input.text, "typing on")
    }

    func testSavingAnEntryBringsLunasReflectionIntoTheChat() async {
        let rec = Recorder()
        let rt = AppRuntime(state: AppState(), dependencies: rec.dependencies())
        rt.send(.keyPressed(.function(4)))
        rt.send(.keyPressed(.character("n")))
        for c in "A quiet morning @calm" { rt.send(.keyPressed(.character(c))) }
        rt.send(.keyPressed(.ctrl("s")))
        XCTAssertEqual(rec.savedEntries.first?.0, "A quiet morning @calm")
        XCTAssertEqual(rec.savedEntries.first?.1, ["calm"])
        await rt.settle()
        // The whole entry reaches `reflect`, which checks it for crisis before stripping the tags.
        XCTAssertEqual(rt.state.transcript.last?.text, "reflection on A quiet morning @calm")
        XCTAssertTrue(rec.chatTurns.isEmpty)
    }

    func testAFailingDependencyBecomesANotice() {
        let rec = Recorder()
        var deps = rec.dependencies()
        struct Broken: Error, CustomStringConvertible { var description: String { "profile.json is read-only: chmod u+w it" } }
        deps.setProfile = { _, _ in throw Broken() }
        let rt = AppRuntime(state: AppState(), dependencies: deps)
        rt.send(.started)
        rt.send(.keyPressed(.function(2)))
        rt.send(.keyPressed(.enter))
        XCTAssertEqual(rt.state.notice, .failed("profile.json is read-only: chmod u+w it"))
        XCTAssertTrue(rt.frame().textDump().contains("read-only"))
    }

    func testAFailingEditorKeepsTheDraftAndSaysWhy() {
        let rec = Recorder()
        var deps = rec.dependencies()
        struct NoEditor: Error, CustomStringConvertible { var description: String { "set $EDITOR" } }
        deps.editExternally = { _ in throw NoEditor() }
        let rt = AppRuntime(state: AppState(), dependencies: deps)
        rt.send(.keyPressed(.function(4)))
        rt.send(.keyPressed(.character("n")))
        for c in "keep me" { rt.send(.keyPressed(.character(c))) }
        rt.send(.keyPressed(.ctrl("e")))
        XCTAssertEqual(rt.state.notice, .failed("set $EDITOR"))
        XCTAssertEqual(rt.state.journal.draft.text, "keep me")
        XCTAssertTrue(rec.savedEntries.isEmpty)
    }

    func testAnUnsavedDraftIsKeptAtTheEndAndOfferedBackAtStart() {
        final class Box: @unchecked Sendable { var kept: [String] = [] }
        let box = Box()
        var deps = Recorder().dependencies()
        deps.keepDraft = { box.kept.append($0) }
        let rt = AppRuntime(state: AppState(), dependencies: deps)
        rt.send(.keyPressed(.function(4)))
        rt.send(.keyPressed(.character("n")))
        for c in "не потерять 🙏" { rt.send(.keyPressed(.character(c))) }
        rt.send(.keyPressed(.ctrl("c")))
        rt.send(.appEnding)
        XCTAssertEqual(box.kept, ["не потерять 🙏"])

        var next = Recorder().dependencies()
        next.recoverDraft = { "не потерять 🙏" }
        let again = AppRuntime(state: AppState(), dependencies: next)
        again.send(.started)
        XCTAssertEqual(again.state.journal.draft.text, "не потерять 🙏")
        XCTAssertEqual(again.state.notice, .draftRecovered)
    }

    func testNothingIsKeptWithoutADraft() {
        var s = AppState()
        XCTAssertEqual(reduce(&s, .appEnding), [])
        s.journal.draft.set("  \n ")
        XCTAssertEqual(reduce(&s, .appEnding), [])
    }
}

final class CrisisPathRuntimeTests: XCTestCase {
    struct DiskFull: Error {}

    /// The help line never depends on storage: an entry that cannot be saved still gets the
    /// crisis reply, checked on the whole text (tags included) before the save is tried.
    func testUnsavableCrisisEntryStillShowsTheHelpLine() async {
        let rec = Recorder()
        var deps = rec.dependencies()
        let help = Reply(text: "help line 988", source: .crisis, language: .english)
        deps.safetyReply = { $0.contains("@nomorelife") ? help : nil }
        deps.saveEntry = { _, _ in throw DiskFull() }
        let rt = AppRuntime(state: AppState(), dependencies: deps)
        rt.send(.keyPressed(.function(4)))
        rt.send(.keyPressed(.character("n")))
        for c in "rough week @nomorelife" { rt.send(.keyPressed(.character(c))) }
        rt.send(.keyPressed(.ctrl("s")))
        await rt.settle()
        XCTAssertTrue(rt.state.transcript.contains { $0.text == "help line 988" && $0.source == .crisis },
                      "the help line shows although the save failed")
        XCTAssertTrue(rec.chatTurns.isEmpty, "a crisis turn is never stored")
    }

    /// A saved crisis entry gets the crisis reply once, not a second reflection.
    func testSavedCrisisEntryIsAnsweredOnce() async {
        let rec = Recorder()
        var deps = rec.dependencies()
        deps.safetyReply = { $0.contains("@nomorelife") ? Reply(text: "help", source: .crisis, language: .english) : nil }
        let rt = AppRuntime(state: AppState(), dependencies: deps)
        rt.send(.keyPressed(.function(4)))
        rt.send(.keyPressed(.character("n")))
        for c in "rough week @nomorelife" { rt.send(.keyPressed(.character(c))) }
        rt.send(.keyPressed(.ctrl("s")))
        await rt.settle()
        XCTAssertEqual(rt.state.transcript.filter { $0.role == .luna }.map(\.text), ["help"])
    }
}
