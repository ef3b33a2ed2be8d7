import Foundation
import XCTest
import LanternlyCore
@testable import LanternlyApp

/// Luna's reply to an answer to the daily question is the question service's work (the
/// diagnostics and the report log say `service=question`); any other reply is the chat's.
final class QuestionServiceTests: XCTestCase {
    private func runtime(answersToJournal: Bool) -> AppRuntime {
        var deps = Recorder().dependencies()
        // The reply says under which service it was asked for.
        deps.streamReply = nil
        deps.reply = { _ in Reply(text: LunaDiagnostics.service.rawValue, source: .bank, language: .english) }
        deps.reflect = { _ in Reply(text: LunaDiagnostics.service.rawValue, source: .bank, language: .english) }
        var state = AppState(width: 80, height: 24)
        state.settings.answersToJournal = answersToJournal
        let rt = AppRuntime(state: state, dependencies: deps)
        rt.send(.dailyQuestionPicked("What felt like yours today?"))
        return rt
    }

    private func send(_ rt: AppRuntime, _ text: String) {
        for c in text { rt.send(.keyPressed(.character(c))) }
        rt.send(.keyPressed(.enter))
    }

    func testAnAnswerKeptAsChatIsTheQuestionServices() async {
        let rt = runtime(answersToJournal: false)
        rt.send(.keyPressed(.function(5)))
        send(rt, "the walk")
        await rt.settle()
        XCTAssertEqual(rt.state.transcript.last?.text, "question")
        send(rt, "and the rain")
        await rt.settle()
        XCTAssertEqual(rt.state.transcript.last?.text, "chat")
    }

    func testTheReflectionOnAnAnswerSavedAsAnEntryIsTheQuestionServices() async {
        let rt = runtime(answersToJournal: true)
        rt.send(.keyPressed(.function(5)))
        send(rt, "the walk")
        await rt.settle()
        XCTAssertEqual(rt.state.transcript.last?.text, "question")
    }

    func testTheDiagnosticsRecordTheService() async throws {
        let d = LunaDiagnostics(file: nil, log: nil, strings: testCatalog, devices: try DeviceCatalog.shipped(), now: { Date() })
        LunaDiagnostics.$service.withValue(.question) { d.recordReply(source: .bank) }
        XCTAssertEqual(d.current.service(.question).lastSource, "bank")
        XCTAssertNil(d.current.service(.chat).lastSource)
        d.recordReply(source: .onDevice)
        XCTAssertEqual(d.current.service(.chat).lastSource, "onDevice")
    }
}
