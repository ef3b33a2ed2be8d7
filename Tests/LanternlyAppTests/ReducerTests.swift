import XCTest
import LanternlyCore
import TerminalUI
@testable import LanternlyApp

final class ReducerTests: XCTestCase {
    func testTypingAndSendingAMessage() {
        var s = AppState()
        s.type("Привет, Luna")
        XCTAssertEqual(s.input.text, "Привет, Luna")
        let effects = reduce(&s, .keyPressed(.enter))
        XCTAssertEqual(effects, [.sendToLuna(requestID: 1, message: "Привет, Luna")])
        XCTAssertEqual(s.transcript, [ChatLine(role: .person, text: "Привет, Luna")])
        XCTAssertTrue(s.input.isEmpty)
        XCTAssertEqual(s.pendingReplies.count, 1)
    }

    func testEnterOnBlankInputSendsNothing() {
        var s = AppState()
        s.type("   ")
        XCTAssertEqual(reduce(&s, .keyPressed(.enter)), [])
        XCTAssertTrue(s.transcript.isEmpty)
    }

    func testCtrlJInsertsANewlineInsteadOfSending() {
        var s = AppState()
        s.type("one")
        XCTAssertEqual(reduce(&s, .keyPressed(.ctrl("j"))), [])
        s.type("two")
        XCTAssertEqual(s.input.text, "one\ntwo")
    }

    func testTypingWhileLunaAnswersKeepsTheTextAndDoesNotSendTwice() {
        var s = AppState()
        s.type("first")
        _ = reduce(&s, .keyPressed(.enter))
        s.type("second")
        XCTAssertEqual(reduce(&s, .keyPressed(.enter)), [])
        XCTAssertEqual(s.input.text, "second")
        XCTAssertEqual(s.notice, .stillAnswering)
        _ = reduce(&s, .replyReceived(requestID: 1, Reply(text: "hi", source: .onDevice, language: .english)))
        XCTAssertEqual(reduce(&s, .keyPressed(.enter)), [.sendToLuna(requestID: 2, message: "second")])
    }

    func testBackspaceDeletesOneGrapheme() {
        var s = AppState()
        s.type("ok👨‍👩‍👧")
        s.type("e\u{301}")
        XCTAssertEqual(s.input.characters.count, 4)
        _ = reduce(&s, .keyPressed(.backspace))
        XCTAssertEqual(s.input.text, "ok👨‍👩‍👧")
        _ = reduce(&s, .keyPressed(.backspace))
        XCTAssertEqual(s.input.text, "ok")
    }

    func testCursorIsPlacedByDisplayWidth() {
        var s = AppState(width: 40, height: 12)
        s.type("日本a")
        XCTAssertEqual(render(s, catalog: testCatalog).cursor?.x, 2 + 5)
        _ = reduce(&s, .keyPressed(.left))
        _ = reduce(&s, .keyPressed(.left))
        XCTAssertEqual(render(s, catalog: testCatalog).cursor?.x, 2 + 2)
        _ = reduce(&s, .keyPressed(.home))
        XCTAssertEqual(render(s, catalog: testCatalog).cursor?.x, 2)
        _ = reduce(&s, .keyPressed(.end))
        XCTAssertEqual(render(s, catalog: testCatalog).cursor?.x, 7)
    }

    func testALargePasteIsOneEditKeepsEveryCharacterAndSendsNothing() {
        var s = AppState()
        let line = "строка 行 emoji 🎉 and some words to make it long enough\r\n"
        var paste = ""
        while paste.utf8.count < 20_000 { paste += line }
        let effects = reduce(&s, .pasted(paste))
        XCTAssertEqual(effects, [])
        XCTAssertTrue(s.transcript.isEmpty)
        XCTAssertEqual(s.input.text, paste.replacingOccurrences(of: "\r\n", with: "\n"))
        XCTAssertEqual(s.input.text.filter { $0 == "\n" }.count, paste.components(separatedBy: "\r\n").count - 1)
        XCTAssertGreaterThan(s.input.text.filter { $0 == "\n" }.count, 250)
        let frame = render(s, catalog: testCatalog)
        XCTAssertEqual(frame.height, 24)
    }

    func testPasteIsSanitized() {
        var s = AppState()
        _ = reduce(&s, .pasted("a\u{1B}[2Jb\u{7}c"))
        XCTAssertEqual(s.input.text, "abc")
    }

    func testResizeChangesTheFrameSize() {
        var s = AppState()
        _ = reduce(&s, .resized(width: 30, height: 10))
        let frame = render(s, catalog: testCatalog)
        XCTAssertEqual(frame.width, 30)
        XCTAssertEqual(frame.height, 10)
        _ = reduce(&s, .resized(width: 10, height: 3))
        XCTAssertTrue(render(s, catalog: testCatalog).textDump().contains("small"))
    }

    func testUpAndDownRecallEarlierMessages() {
        var s = AppState()
        for m in ["one", "two"] {
            s.type(m)
            _ = reduce(&s, .keyPressed(.enter))
            _ = reduce(&s, .replyReceived(requestID: s.nextRequestID - 1, Reply(text: "ok", source: .bank, language: .english)))
        }
        s.type("draft")
        _ = reduce(&s, .keyPressed(.up))
        XCTAssertEqual(s.input.text, "two")
        _ = reduce(&s, .keyPressed(.up))
        XCTAssertEqual(s.input.text, "one")
        _ = reduce(&s, .keyPressed(.down))
        XCTAssertEqual(s.input.text, "two")
        _ = reduce(&s, .keyPressed(.down))
        XCTAssertEqual(s.input.text, "draft")
    }

    func testEscapeCancelsTheWait() {
        var s = AppState()
        s.type("hello")
        _ = reduce(&s, .keyPressed(.enter))
        XCTAssertEqual(reduce(&s, .keyPressed(.escape)), [.cancelReply(requestID: 1)])
        XCTAssertEqual(s.notice, .stoppedWaiting)
        XCTAssertEqual(reduce(&s, .keyPressed(.escape)), [], "already cancelled")
        _ = reduce(&s, .replyReceived(requestID: 1, Reply(text: "bank", source: .bank, language: .english)))
        XCTAssertEqual(s.transcript.last?.source, .bank)
        XCTAssertTrue(s.pendingReplies.isEmpty)
    }

    func testCrisisTurnsAreNeverStoredAndHistoryCanBeOff() {
        var s = AppState()
        s.type("message")
        _ = reduce(&s, .keyPressed(.enter))
        let crisis = reduce(&s, .replyReceived(requestID: 1, Reply(text: "help line", source: .crisis, language: .english)))
        XCTAssertFalse(crisis.contains { if case .appendChat = $0 { return true }; return false })
        s.type("again")
        _ = reduce(&s, .keyPressed(.enter))
        let normal = reduce(&s, .replyReceived(requestID: 2, Reply(text: "ok", source: .bank, language: .english)))
        XCTAssertTrue(normal.contains(.appendChat(message: "again", reply: Reply(text: "ok", source: .bank, language: .english))))
        s.settings.keepChatHistory = false
        s.type("third")
        _ = reduce(&s, .keyPressed(.enter))
        let off = reduce(&s, .replyReceived(requestID: 3, Reply(text: "ok", source: .bank, language: .english)))
        XCTAssertFalse(off.contains { if case .appendChat = $0 { return true }; return false })
    }

    /// With answers kept as chat (settings: answers chat); the journal path is in JournalSearchTests.
    func testAnsweringTheDailyQuestionSendsAndStoresOnlyTheAnswer() {
        var s = AppState()
        s.settings.answersToJournal = false
        _ = reduce(&s, .dailyQuestionPicked("What felt like yours today?"))
        _ = reduce(&s, .keyPressed(.function(5)))
        s.type("the walk")
        let effects = reduce(&s, .keyPressed(.enter))
        XCTAssertEqual(effects, [.sendToLuna(requestID: 1, message: "the walk")], "Luna replies to the answer, not the question")
        XCTAssertEqual(s.transcript.last, ChatLine(role: .person, text: "the walk", context: "What felt like yours today?"))
        XCTAssertNil(s.answering)
        let reply = Reply(text: "ok", source: .bank, language: .english)
        let stored = reduce(&s, .replyReceived(requestID: 1, reply))
        XCTAssertEqual(stored.first, .appendChat(message: "the walk", reply: reply), "the question is not stored as the person's words")
    }

    func testTagsAreStrippedFromTheTextLunaReflectsOn() {
        XCTAssertEqual(strippingTags(from: "A quiet morning @calm @рай"), "A quiet morning")
        XCTAssertEqual(strippingTags(from: "@утро Кофе у окна,\nthen a walk @walk."), "Кофе у окна,\nthen a walk.")
        XCTAssertEqual(strippingTags(from: "mail me@home, @ alone"), "mail me@home, @ alone", "only @tag words go")
        XCTAssertEqual(strippingTags(from: "@calm @home"), "")
        var s = AppState()
        XCTAssertEqual(reduce(&s, .entrySaved(id: 1, body: "@calm @home")),
                       [.loadJournal, .reflectOnEntry(requestID: 1, body: "@calm @home"), .suggestTags(entryID: 1, body: "@calm @home")],
                       "the whole entry goes: the crisis check reads it before anything is stripped")
        XCTAssertEqual(reflectionWords("@calm @home"), "calm home", "an entry of tags alone is still read")
        XCTAssertEqual(reflectionWords("rough week @suicide"), "rough week", "the model never sees the tags")
    }

    func testEveryDestructiveActionAsksFirstWithWhatWillGo() {
        var s = AppState(width: 90, height: 24)
        _ = reduce(&s, .keyPressed(.function(2)))
        s.settingsCursor = SettingsRow.allCases.firstIndex(of: .eraseChat)!
        // Enter counts first and erases nothing.
        XCTAssertEqual(reduce(&s, .keyPressed(.enter)), [.countChatForErase])
        XCTAssertEqual(reduce(&s, .chatCountedForErase(214)), [])
        XCTAssertEqual(s.confirmation, .eraseChat(count: 214))
        XCTAssertTrue(render(s, catalog: testCatalog).textDump().contains("Erase all 214"))
        // Any key but y keeps everything: n, Enter again, Esc, a second Enter press.
        for key: Key in [.character("n"), .enter, .escape, .character(" ")] {
            _ = reduce(&s, .chatCountedForErase(214))
            XCTAssertEqual(reduce(&s, .keyPressed(key)), [], "\(key) erased")
            XCTAssertNil(s.confirmation)
            XCTAssertEqual(s.notice, .nothingErased)
            XCTAssertEqual(s.screen, .settings)
        }
        _ = reduce(&s, .chatCountedForErase(3))
        XCTAssertEqual(reduce(&s, .keyPressed(.character("y"))), [.eraseChat])
        // Nothing to erase: said so, nothing asked.
        _ = reduce(&s, .chatCountedForErase(0))
        XCTAssertNil(s.confirmation)
        XCTAssertEqual(s.notice, .nothingErased)
        // Russian: the question in Russian, and д confirms.
        s.language = .russian
        _ = reduce(&s, .chatCountedForErase(5))
        XCTAssertTrue(render(s, catalog: testCatalog).textDump().contains("5"))
        XCTAssertEqual(reduce(&s, .keyPressed(.character("д"))), [.eraseChat])
    }

    func testAPrintableKeyIsAlwaysTextInTheChatHelpIsF1() {
        // A message may start with any printable character, `?` and `q` included.
        for first in ["?", "q", "¿", "？"] {
            var s = AppState()
            s.type(first + "is it ok")
            XCTAssertEqual(s.screen, .chat, "\(first) left the chat")
            XCTAssertEqual(s.input.text, first + "is it ok")
        }
        var s = AppState()
        _ = reduce(&s, .keyPressed(.function(1)))
        XCTAssertEqual(s.screen, .help)
        _ = reduce(&s, .keyPressed(.escape))
        XCTAssertEqual(s.screen, .chat)
        // The help line names only keys that work here.
        XCTAssertFalse(KeyCommand.showHelp.keys(in: .chat).contains(.character("?")))
    }

    func testCtrlWDeletesTheWordBeforeTheCursor() {
        for (typed, left, expected) in [("good morning sea", 0, "good morning "), ("один два  ", 0, "один "),
                                         ("日本語 の テキスト", 0, "日本語 の "), ("alpha beta", 5, " beta"),
                                         ("👨‍👩‍👧 family", 7, " family"), ("line one\nsecond", 0, "line one\n"),
                                         ("word", 0, "")] {
            var s = AppState()
            _ = reduce(&s, .pasted(typed))
            for _ in 0..<left { _ = reduce(&s, .keyPressed(.left)) }
            _ = reduce(&s, .keyPressed(.ctrl("w")))
            XCTAssertEqual(s.input.text, expected, "Ctrl-W on \(typed.debugDescription)")
            XCTAssertEqual(s.input.utf8Count, expected.utf8.count)
        }
        // In the journal editor too.
        var s = AppState()
        _ = reduce(&s, .keyPressed(.function(4)))
        _ = reduce(&s, .keyPressed(.character("n")))
        s.type("tea with milk")
        _ = reduce(&s, .keyPressed(.ctrl("w")))
        XCTAssertEqual(s.journal.draft.text, "tea with ")
    }

    func testInputsTakeWhatTheCommandLineTakesAndSaySoBeyond() {
        let limit = LunaChatService.maxMessageBytes
        // A paste over the limit: nothing added, a notice with the numbers; the input is intact.
        var s = AppState()
        s.type("kept ")
        _ = reduce(&s, .pasted(String(repeating: "ж", count: limit / 2 + 10)))
        XCTAssertEqual(s.input.text, "kept ")
        guard case .inputTooLong(let bytes, let shownLimit)? = s.notice else { return XCTFail("no notice: \(String(describing: s.notice))") }
        XCTAssertEqual(shownLimit, limit)
        XCTAssertEqual(bytes, 5 + (limit / 2 + 10) * 2)
        XCTAssertTrue(render(s, catalog: testCatalog).textDump().contains("Not added"))
        // A paste up to the limit fits exactly; one more typed key is refused, with the notice.
        s = AppState()
        _ = reduce(&s, .pasted(String(repeating: "a", count: limit - 3) + "日"))
        XCTAssertNil(s.notice)
        XCTAssertEqual(s.input.utf8Count, limit)
        s.type("x")
        XCTAssertEqual(s.input.utf8Count, limit)
        XCTAssertNotNil(s.notice)
        _ = reduce(&s, .keyPressed(.ctrl("j")))
        XCTAssertEqual(s.input.utf8Count, limit)
        // What reaches Luna is never over the limit the CLI applies.
        let effects = reduce(&s, .keyPressed(.enter))
        guard case .sendToLuna(_, let message)? = effects.first else { return XCTFail("not sent: \(effects)") }
        XCTAssertNoThrow(try LunaChatService.validate(message))
        // The journal editor takes an entry as long as `lanternly write` does, not a chat message.
        s = AppState()
        _ = reduce(&s, .keyPressed(.function(4)))
        _ = reduce(&s, .keyPressed(.character("n")))
        _ = reduce(&s, .pasted(String(repeating: "b", count: limit * 4)))
        XCTAssertEqual(s.journal.draft.utf8Count, limit * 4)
        _ = reduce(&s, .pasted(String(repeating: "c", count: JournalEntry.maxBodyBytes)))
        XCTAssertEqual(s.journal.draft.utf8Count, limit * 4)
        XCTAssertNotNil(s.notice)
    }

    func testTypingAndPastingStayLinear() {
        // Work per key does not grow with the text: the byte count is kept, not re-measured.
        var e = TextEditor()
        for i in 0..<20_000 { e.insert(Character(i % 7 == 0 ? " " : "я")) }
        XCTAssertEqual(e.utf8Count, e.text.utf8.count)
        e.insert("👨‍👩‍👧")
        e.insert("\u{301}")
        XCTAssertEqual(e.utf8Count, e.text.utf8.count)
        for _ in 0..<100 { e.backspace() }
        e.moveLeft(); e.deleteForward()
        XCTAssertEqual(e.utf8Count, e.text.utf8.count)
    }

    func testHelpScreenListsEveryCommandFromTheKeyTable() {
        var s = AppState(width: 100, height: 200)
        _ = reduce(&s, .keyPressed(.function(1)))
        let text = render(s, catalog: testCatalog).textDump()
        for c in KeyCommand.allCases {
            XCTAssertTrue(text.contains(testCatalog.string(c.helpKey, .english)), "\(c) missing from help")
            XCTAssertNotEqual(testCatalog.string(c.helpKey, .english), c.helpKey, "\(c) has no string")
        }
    }

    func testKeyTableHasNoConflictsWithinAContext() {
        for context in KeyContext.allCases {
            var seen: [Key: KeyCommand] = [:]
            for c in KeyCommand.commands(in: context) {
                for k in c.keys {
                    if let other = seen[k], !(context == .help && [other, c].contains(.back)) {
                        XCTFail("\(k) means both \(other) and \(c) in \(context)")
                    }
                    seen[k] = c
                }
            }
        }
    }

    func testStatusPollChangesTheBanner() {
        var s = AppState()
        XCTAssertFalse(render(s, catalog: testCatalog).rowText(0).contains("off"))
        _ = reduce(&s, .statusPolled(AppStatus(availability: .unavailable(.appleIntelligenceNotEnabled),
                                                    banner: "Apple Intelligence is off.", bannerOffersSettings: true)))
        let top = render(s, catalog: testCatalog).rowText(0)
        XCTAssertTrue(top.contains("Apple Intelligence is off."))
        XCTAssertTrue(top.contains("F2"))
        _ = reduce(&s, .statusPolled(AppStatus(availability: .unavailable(.deviceNotEligible),
                                                    banner: "Not eligible.", bannerOffersSettings: false)))
        XCTAssertFalse(render(s, catalog: testCatalog).rowText(0).contains("F2"), "settings offered only when fixable")
    }

    func testOpenSettingsKeyFromTheBanner() {
        var s = AppState()
        _ = reduce(&s, .keyPressed(.function(2)))
        XCTAssertEqual(s.screen, .settings)
    }

    func testJournalWritingSavesWithTagsAndThenReflects() {
        var s = AppState()
        _ = reduce(&s, .keyPressed(.function(4)))
        _ = reduce(&s, .keyPressed(.character("n")))
        XCTAssertEqual(s.keyContext, .journalWrite)
        s.type("Утро @дом")
        _ = reduce(&s, .keyPressed(.enter))
        s.type("second line @walk")
        XCTAssertEqual(s.journal.draft.text, "Утро @дом\nsecond line @walk")
        let save = reduce(&s, .keyPressed(.ctrl("s")))
        XCTAssertEqual(save, [.saveEntry(body: "Утро @дом\nsecond line @walk", tags: ["дом", "walk"])])
        let saved = reduce(&s, .entrySaved(id: 9, body: "Утро @дом\nsecond line @walk"))
        XCTAssertEqual(saved, [.loadJournal, .reflectOnEntry(requestID: 1, body: "Утро @дом\nsecond line @walk"),
                               .suggestTags(entryID: 9, body: "Утро @дом\nsecond line @walk")],
                       "the crisis check sees the whole entry")
        XCTAssertEqual(s.pendingReplies.last?.message, "Утро\nsecond line", "tags are not Luna's to quote")
        XCTAssertTrue(s.journal.draft.isEmpty)
        let r = reduce(&s, .replyReceived(requestID: 1, Reply(text: "thoughts", source: .onDevice, language: .english)))
        XCTAssertEqual(s.transcript.last, ChatLine(role: .luna, text: "thoughts", source: .onDevice, context: "Утро"))
        XCTAssertFalse(r.contains { if case .appendChat = $0 { return true }; return false }, "a reflection is not a chat turn")
    }

    func testLeavingTheEditorKeepsTheDraft() {
        var s = AppState()
        _ = reduce(&s, .keyPressed(.function(4)))
        _ = reduce(&s, .keyPressed(.character("n")))
        s.type("half a thought")
        _ = reduce(&s, .keyPressed(.escape))
        XCTAssertEqual(s.journal.mode, .list)
        _ = reduce(&s, .keyPressed(.character("n")))
        XCTAssertEqual(s.journal.draft.text, "half a thought")
    }

    func testStarAndTagsOnTheSelectedEntry() {
        var s = AppState()
        _ = reduce(&s, .keyPressed(.function(4)))
        _ = reduce(&s, .journalListed([JournalEntrySummary(id: 4, day: "2026-11-29", time: "09:00", title: "a"),
                                        JournalEntrySummary(id: 5, day: "2026-11-28", time: "09:00", title: "b")]))
        _ = reduce(&s, .keyPressed(.down))
        XCTAssertEqual(reduce(&s, .keyPressed(.character("s"))), [.setStarred(id: 5, starred: true)])
        XCTAssertTrue(s.journal.entries[1].starred)
        _ = reduce(&s, .keyPressed(.character("t")))
        XCTAssertEqual(s.keyContext, .tagInput)
        s.type("@home, #walk")
        XCTAssertEqual(reduce(&s, .keyPressed(.enter)), [.setTags(id: 5, tags: ["home", "walk"])])
        XCTAssertEqual(s.journal.entries[1].tags, ["home", "walk"])
    }

    func testExternalEditorFromTheListSavesDirectly() {
        var s = AppState()
        _ = reduce(&s, .keyPressed(.function(4)))
        XCTAssertEqual(reduce(&s, .keyPressed(.character("e"))), [.editExternally(initial: "")])
        XCTAssertEqual(reduce(&s, .externalEditFinished("From vim @x\n")), [.saveEntry(body: "From vim @x", tags: ["x"])])
        XCTAssertEqual(reduce(&s, .externalEditFinished(nil)), [])
        XCTAssertEqual(s.notice, .entryEmpty)
    }

    func testSettingsOfferOnlyWhatTheDeviceHas() {
        func state(_ device: String, os: String, platform: String, eligible: Bool, on: Bool = false) -> AppState {
            let p = ProfileSettings(device: device, os: os, appleIntelligence: on, freeStorageGB: 64,
                                    modelLanguages: ["en"], simulator: false, eligible: eligible, platform: platform)
            var s = AppState(status: AppStatus(availability: .available, profile: p))
            _ = reduce(&s, .keyPressed(.function(2)))
            return s
        }
        // Every OS offered, whichever way and however often the row is cycled, is the device's own.
        for (device, os, platform) in [("iPhone 16 Pro", "iOS 26.1", "iOS"), ("MacBook Air (M1)", "macOS 15.5", "macOS"),
                                       ("iPad Pro (M4)", "iPadOS 26.1", "iPadOS")] {
            var s = state(device, os: os, platform: platform, eligible: true)
            s.settingsCursor = SettingsRow.allCases.firstIndex(of: .os)!
            for key: Key in [.right, .right, .right, .left, .left, .left, .left] {
                guard case .setProfile("os", let value)? = reduce(&s, .keyPressed(key)).first else { continue }
                XCTAssertTrue(value.hasPrefix(platform + " "), "\(device) offered \(value)")
            }
        }
        // A device that cannot run Apple Intelligence has no switch for it; turning it off still works.
        var s = state("Mac mini (Intel)", os: "macOS 15.5", platform: "macOS", eligible: false)
        s.settingsCursor = SettingsRow.allCases.firstIndex(of: .appleIntelligence)!
        XCTAssertEqual(reduce(&s, .keyPressed(.enter)), [])
        XCTAssertEqual(s.notice, .deviceCannotRunAppleIntelligence(device: "Mac mini (Intel)"))
        s = state("iPhone 15", os: "iOS 26.1", platform: "iOS", eligible: false, on: true)
        s.settingsCursor = SettingsRow.allCases.firstIndex(of: .appleIntelligence)!
        XCTAssertEqual(reduce(&s, .keyPressed(.enter)), [.setProfile(key: "appleIntelligence", value: "false"), .pollStatus])
    }

    func testSettingsRowsProduceProfileAndSettingsWrites() {
        var s = AppState(status: AppStatus(availability: .available, profile: RenderSnapshotTests.profile))
        s.deviceNames = ["iPhone 15", "iPhone 15 Pro", "iPhone 16"]
        _ = reduce(&s, .keyPressed(.function(2)))
        XCTAssertEqual(reduce(&s, .keyPressed(.enter)), [.setProfile(key: "appleIntelligence", value: "true"), .pollStatus])
        _ = reduce(&s, .keyPressed(.down))
        XCTAssertEqual(reduce(&s, .keyPressed(.right)), [.setProfile(key: "device", value: "iPhone 16"), .pollStatus])
        XCTAssertEqual(reduce(&s, .keyPressed(.left)), [.setProfile(key: "device", value: "iPhone 15"), .pollStatus])
        s.settingsCursor = SettingsRow.allCases.firstIndex(of: .gender)!
        let g = reduce(&s, .keyPressed(.enter))
        XCTAssertEqual(s.settings.gender, .feminine)
        XCTAssertEqual(g, [.saveSettings(s.settings)])
        s.settingsCursor = SettingsRow.allCases.firstIndex(of: .language)!
        _ = reduce(&s, .keyPressed(.enter))
        XCTAssertEqual(s.language, .russian, "the UI language switches at once")
        XCTAssertTrue(render(s, catalog: testCatalog).textDump().contains("Настройки"))
    }

    func testDiagnosticsScrollToTheLastRow() {
        var s = RenderSnapshotTests.chatState("downloading")
        _ = reduce(&s, .resized(width: 40, height: 12))
        _ = reduce(&s, .keyPressed(.function(3)))
        XCTAssertFalse(render(s, catalog: testCatalog).textDump().contains("Model download"))
        for _ in 0..<4 { _ = reduce(&s, .keyPressed(.pageDown)) }
        let end = render(s, catalog: testCatalog).textDump()
        XCTAssertTrue(end.contains("Model download"))
        XCTAssertFalse(end.contains("↓ PgDn"), "no more-below mark at the end")
    }

    func testHelpScrollStopsAtTheEndSoUpRespondsAtOnce() {
        var s = AppState(width: 40, height: 12)
        _ = reduce(&s, .keyPressed(.function(1)))
        for _ in 0..<500 { _ = reduce(&s, .keyPressed(.down)) }
        let bottom = render(s, catalog: testCatalog).textDump()
        _ = reduce(&s, .keyPressed(.up))
        XCTAssertNotEqual(render(s, catalog: testCatalog).textDump(), bottom)
        XCTAssertLessThan(s.helpScroll, 500)
    }

    func testDownloadProgressIsAddedOnlyWhenTheBannerLacksIt() {
        var s = AppState()
        _ = reduce(&s, .statusPolled(AppStatus(availability: .unavailable(.modelNotReady),
                                               banner: "The model is downloading.", downloadProgress: 0.25)))
        XCTAssertTrue(render(s, catalog: testCatalog).rowText(0).contains("25%"))
        _ = reduce(&s, .statusPolled(AppStatus(availability: .unavailable(.modelNotReady),
                                               banner: "Downloading: 25% done.", downloadProgress: 0.25)))
        let top = render(s, catalog: testCatalog).rowText(0)
        XCTAssertEqual(top.components(separatedBy: "25%").count - 1, 1, "progress shown once: \(top)")
        // A sentence with its own percentage gets no suffix, whatever the number.
        _ = reduce(&s, .statusPolled(AppStatus(availability: .unavailable(.modelNotReady),
                                               banner: "Downloading (40%).", downloadProgress: 0.55)))
        XCTAssertFalse(render(s, catalog: testCatalog).rowText(0).contains("55"))
        // "100% downloaded" while still not ready says nothing true: no suffix.
        for p in [0.998, 1.0, 1.2] {
            _ = reduce(&s, .statusPolled(AppStatus(availability: .unavailable(.modelNotReady),
                                                   banner: "The model is downloading.", downloadProgress: p)))
            let row = render(s, catalog: testCatalog).rowText(0)
            XCTAssertFalse(row.contains("%"), "no suffix at \(p): \(row)")
            XCTAssertTrue(row.contains("The model is downloading."))
        }
        XCTAssertEqual(bannerProgressPercent(AppStatus(availability: .unavailable(.modelNotReady), banner: "x", downloadProgress: 0.994)), 99)
        XCTAssertNil(bannerProgressPercent(AppStatus(availability: .available, banner: "x", downloadProgress: 0.5)))
    }
}
