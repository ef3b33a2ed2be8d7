import Foundation
import LanternlyApp
import LanternlyCore
import TerminalUI
import XCTest

/// Replies that stream in: shown as they arrive, "waking" before the first token, Esc keeps
/// the part received marked as stopped, cut-off replies marked, the remote-server notice.
final class StreamingTests: XCTestCase {
    func sent(_ text: String, into s: inout AppState) -> Int {
        for c in text { _ = reduce(&s, .keyPressed(.character(c))) }
        let effects = reduce(&s, .keyPressed(.enter))
        guard case .sendToLuna(let id, _)? = effects.first(where: { if case .sendToLuna = $0 { return true }; return false }) else {
            XCTFail("nothing sent: \(effects)")
            return -1
        }
        return id
    }

    func testPartialTextShowsAsLunasNewestLine() {
        var s = AppState(width: 60, height: 16)
        let id = sent("work was a lot", into: &s)
        _ = reduce(&s, .replyProgressed(requestID: id, .waking))
        XCTAssertTrue(render(s, catalog: testCatalog).textDump().contains(testCatalog.string("ui.chat.waking", .english)))
        _ = reduce(&s, .replyProgressed(requestID: id, .text("That sounds like")))
        let dump = render(s, catalog: testCatalog).textDump()
        XCTAssertTrue(dump.contains("That sounds like"), dump)
        XCTAssertFalse(dump.contains(testCatalog.string("ui.chat.waking", .english)), "waking ends with the first text")
        XCTAssertTrue(s.transcript.allSatisfy { $0.role == .person }, "a partial reply is not yet in the transcript")
    }

    func testEndingsAreMarked() {
        var s = AppState(width: 60, height: 16)
        let id = sent("work was a lot", into: &s)
        _ = reduce(&s, .replyReceived(requestID: id, Reply(text: "That sounds like", source: .onDevice, language: .english, ending: .cutOff)))
        XCTAssertTrue(render(s, catalog: testCatalog).textDump().contains("… " + testCatalog.string("ui.chat.cutOff", .english)))
        let id2 = sent("again", into: &s)
        _ = reduce(&s, .replyReceived(requestID: id2, Reply(text: "Part of it", source: .onDevice, language: .english, ending: .stopped)))
        XCTAssertTrue(render(s, catalog: testCatalog).textDump().contains("… " + testCatalog.string("ui.chat.stopped", .english)))
    }

    func testRemoteNoticeIsOnScreen() {
        let notice = "Your words leave this computer: Luna's model runs at http://192.0.2.1:11434/v1."
        let s = AppState(width: 100, height: 16, status: AppStatus(availability: .available, privacyNotice: notice))
        XCTAssertTrue(render(s, catalog: testCatalog).textDump().contains(notice))
    }

    func testSettingsAndDiagnosticsShowTheServer() {
        var status = AppStatus(availability: .available)
        status.serverLines = [LabelledValue("Model server", "http://127.0.0.1:11434/v1"), LabelledValue("Model on the server", "llama3.2")]
        var s = AppState(width: 80, height: 30, status: status)
        _ = reduce(&s, .keyPressed(.function(2)))
        let settings = render(s, catalog: testCatalog).textDump()
        XCTAssertTrue(settings.contains("http://127.0.0.1:11434/v1") && settings.contains("llama3.2"), settings)
        _ = reduce(&s, .keyPressed(.function(3)))
        XCTAssertTrue(render(s, catalog: testCatalog).textDump().contains("http://127.0.0.1:11434/v1"))
    }

    /// Progress reaches the state through the inbox; a fast stream is coalesced to its newest text.
    func testTheRuntimeStreamsAndEscKeepsThePart() async {
        let gate = Gate()
        var deps = Recorder().dependencies()
        deps.streamReply = { message, progress in
            for i in 1...50 { progress(.text(String(repeating: "word ", count: i))) }
            await gate.wait()
            if Task.isCancelled {
                return Reply(text: "word word", source: .onDevice, language: .english, ending: .stopped)
            }
            return Reply(text: "done", source: .onDevice, language: .english)
        }
        let rt = AppRuntime(state: AppState(width: 60, height: 16), dependencies: deps)
        for c in "hello" { rt.send(.keyPressed(.character(c))) }
        rt.send(.keyPressed(.enter))
        while rt.state.pendingReplies.first?.partial != String(repeating: "word ", count: 50) {
            rt.drainInbox()
            await Task.yield()
        }
        for c in "still typing" { rt.send(.keyPressed(.character(c))) }
        rt.send(.keyPressed(.escape))
        await gate.open()
        await rt.settle()
        XCTAssertEqual(rt.state.transcript.last?.ending, .stopped)
        XCTAssertEqual(rt.state.transcript.last?.text, "word word")
        XCTAssertEqual(rt.state.input.text, "still typing", "input stays live while a reply streams")
    }
}

/// Opens once; every waiter then goes on.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }
    func open() {
        isOpen = true
        for w in waiters { w.resume() }
        waiters = []
    }
}
