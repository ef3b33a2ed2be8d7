import XCTest
import LanternlyCore
import TerminalUI
@testable import LanternlyApp

/// Snapshots of `render` for each screen at 80×24, 40×12 and 20×5, with Russian, Japanese
/// and emoji content, and the chat screen for each availability state.
final class RenderSnapshotTests: XCTestCase {
    static let sizes = [(80, 24), (40, 12), (20, 5)]

    static let profile = ProfileSettings(device: "iPhone 15 Pro", os: "iOS 26.1", appleIntelligence: false,
                                         freeStorageGB: 64, modelLanguages: ["en", "ja"], simulator: false)

    /// Banner lines as the core would give them (test copies, not the shipped wording).
    static func status(_ name: String) -> AppStatus {
        switch name {
        case "notEligible":
            return AppStatus(availability: .unavailable(.deviceNotEligible),
                                  banner: "This device can't run the on-device model, so Luna answers from her notes.",
                                  profilePath: "/home/p/.config/lanternly/profile.json", profile: profile)
        case "aiOff":
            return AppStatus(availability: .unavailable(.appleIntelligenceNotEnabled),
                                  banner: "Apple Intelligence is off.", bannerOffersSettings: true,
                                  profilePath: "/home/p/.config/lanternly/profile.json", profile: profile)
        case "downloading":
            return AppStatus(availability: .unavailable(.modelNotReady), banner: "The model is still downloading.",
                                  downloadProgress: 0.42, profilePath: "/p.json", profile: profile)
        case "osTooOld":
            return AppStatus(availability: .unavailable(.osTooOld),
                                  banner: "An OS update to 26 would let this device run Luna's model.", profile: profile)
        case "simulator":
            return AppStatus(availability: .unavailable(.deviceNotEligible), banner: nil, isSimulator: true, profile: profile)
        default:
            return AppStatus(availability: .available, supportedLanguages: ["en", "ja"],
                                  profilePath: "/home/p/.config/lanternly/profile.json", lastSource: .pivot,
                                  lastGenerationError: "guardrailViolation", profile: profile)
        }
    }

    static func chatState(_ availability: String, language: AppLanguage = .english) -> AppState {
        var s = AppState(language: language, status: status(availability))
        s.dailyQuestion = language == .russian ? "Что сегодня было по-настоящему твоим?" : "What felt like yours today?"
        s.transcript = [
            ChatLine(role: .person, text: "Сегодня я наконец позвонила маме."),
            ChatLine(role: .luna, text: "Как хорошо, что ты позвонила. О чём вы говорили?", source: .pivot),
            ChatLine(role: .person, text: "今日は友達と公園を散歩しました 🌸"),
            ChatLine(role: .luna, text: "A walk in the park with a friend 👨‍👩‍👧 sounds gentle. What did you notice?", source: .onDevice),
            ChatLine(role: .person, text: "thanks\u{1B}[31m, really\u{7}"),
            ChatLine(role: .luna, text: "I'm glad you're here. What would help right now?", source: .bank),
        ]
        s.type("日本語と café 👍")
        return s
    }

    func snap(_ state: AppState, _ name: String) {
        for (w, h) in Self.sizes {
            var s = state
            _ = reduce(&s, .resized(width: w, height: h))
            let buf = render(s, catalog: testCatalog)
            XCTAssertEqual(buf.width, w)
            XCTAssertFalse(buf.cells.contains { $0.grapheme.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 } },
                           "no escape or bell reaches the screen")
            assertSnapshot(buf, named: "\(name)-\(w)x\(h)")
        }
    }

    func testChatForEachAvailabilityState() {
        for name in ["available", "notEligible", "aiOff", "downloading", "osTooOld", "simulator"] {
            snap(Self.chatState(name), "chat-\(name)")
        }
    }

    func testChatInRussian() {
        var s = Self.chatState("aiOff", language: .russian)
        s.pendingReplies = [PendingReply(requestID: 1, message: "x", isReflection: false, cancelled: false)]
        snap(s, "chat-ru-aiOff-answering")
    }

    func testSettings() {
        var s = Self.chatState("aiOff")
        s.deviceNames = ["iPhone 15 Pro"]
        _ = reduce(&s, .keyPressed(.function(2)))
        _ = reduce(&s, .keyPressed(.down))
        snap(s, "settings")
        s.language = .russian
        snap(s, "settings-ru")
    }

    func testDiagnostics() {
        var s = Self.chatState("available")
        _ = reduce(&s, .keyPressed(.function(3)))
        _ = reduce(&s, .reportWritten(path: "/home/p/.local/state/lanternly/report.log"))
        snap(s, "diagnostics-available")
        s.status = Self.status("downloading")
        snap(s, "diagnostics-downloading")
    }

    func testHelp() {
        var s = Self.chatState("available")
        s.input = TextEditor()
        _ = reduce(&s, .keyPressed(.function(1)))
        XCTAssertEqual(s.screen, .help)
        snap(s, "help")
    }

    static func journalState() -> AppState {
        var s = chatState("available")
        _ = reduce(&s, .keyPressed(.function(4)))
        _ = reduce(&s, .journalListed([
            JournalEntrySummary(id: 3, day: "2026-11-29", time: "08:15", title: "朝のコーヒー ☕ と静かな時間", tags: ["утро"], starred: true),
            JournalEntrySummary(id: 2, day: "2026-11-29", time: "07:02", title: "Woke up early 🌅", tags: []),
            JournalEntrySummary(id: 1, day: "2026-11-28", time: "22:40", title: "Длинный день, но вечер был тёплым", tags: ["вечер", "семья"]),
        ]))
        return s
    }

    func testJournalList() {
        var s = Self.journalState()
        _ = reduce(&s, .keyPressed(.down))
        snap(s, "journal-list")
    }

    func testJournalReadAndTags() {
        var s = Self.journalState()
        _ = reduce(&s, .entryLoaded(JournalEntryDetail(id: 3, day: "2026-11-29", time: "08:15",
                                                 body: "朝のコーヒー ☕ と静かな時間\nПотом долго смотрела в окно. 👩‍💻\n\u{1B}]0;title\u{7}done",
                                                 tags: ["утро"], starred: true)))
        snap(s, "journal-read")
        _ = reduce(&s, .keyPressed(.character("t")))
        s.journal.tagInput?.insert(" дом")
        snap(s, "journal-read-tags")
    }

    func testJournalWrite() {
        var s = Self.journalState()
        _ = reduce(&s, .keyPressed(.character("n")))
        s.type("Новая запись @дом")
        _ = reduce(&s, .keyPressed(.enter))
        s.type("二行目 ✨")
        snap(s, "journal-write")
    }

    func testABrokenProfileShowsInTheBannerAndSettings() {
        var s = Self.chatState("available")
        s.status = AppStatus(availability: .unavailable(.unknown("profileError")), profilePath: "/home/p/profile.json",
                             profileError: "/home/p/profile.json: \"freeStorageGB\" should be a number; fix it or run 'lanternly profile use iphone-16-pro'")
        snap(s, "chat-profile-error")
        _ = reduce(&s, .keyPressed(.function(2)))
        XCTAssertTrue(reduce(&s, .keyPressed(.enter)).isEmpty, "no profile write while it cannot be read")
        if case .failed = s.notice {} else { XCTFail("the person is told why") }
        snap(s, "settings-profile-error")
    }

    func testTooSmall() {
        var s = Self.chatState("available")
        _ = reduce(&s, .resized(width: 19, height: 6))
        assertSnapshot(render(s, catalog: testCatalog), named: "too-small-19x6")
    }
}
