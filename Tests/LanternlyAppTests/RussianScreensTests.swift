import Foundation
import XCTest
import LanternlyCore
import TerminalUI
@testable import LanternlyApp

/// With the Russian interface, no screen of the app shows English words: the chat, the
/// journal (list, reading, calendar), settings, diagnostics and help. Allowed: product and
/// Apple names, key names, and what the person or the profile wrote themselves.
final class RussianScreensTests: XCTestCase {
    static let allowed: Set<String> = [
        "lanternly", "luna", "apple", "intelligence", "iphone", "ipad", "mac", "macbook", "ios", "ipados", "macos",
        "pro", "max", "plus", "air", "mini", "intel", "sqlite", "json", "ctrl", "esc", "enter", "tab", "shift",
        "pgup", "pgdn", "home", "end", "del", "backspace", "space", "alt", "id", "ai", "en", "ru", "us", "gb", "no",
        "color", "term", "editor", "visual", "http", "localhost", "nano", "vi", "url",
        // A command line shown as it is typed.
        "settings", "set", "model", "server", "profile", "use", "write", "recover",
    ]

    /// English words on a row (ASCII letter runs of two or more that are not allowed).
    static func english(_ row: String, also: Set<String>) -> [String] {
        var found: [String] = []
        for token in row.split(whereSeparator: { $0.isWhitespace }) where !token.contains("/") && !token.contains("@") {
            for w in token.split(whereSeparator: { !($0.isASCII && $0.isLetter) }) where w.count > 1 {
                let word = w.lowercased()
                if !allowed.contains(word) && !also.contains(word) { found.append(String(w)) }
            }
        }
        return found
    }

    func testEveryScreenIsRussian() async {
        var deps = Recorder().dependencies()
        deps.listEntries = { _ in [JournalEntrySummary(id: 1, day: "2026-11-28", time: "21:40", title: "Прогулка у реки",
                                                       tags: ["прогулка"], starred: true, key: nil)] }
        deps.loadEntry = { _ in JournalEntryDetail(id: 1, day: "2026-11-28", time: "21:40", body: "Прогулка у реки.\nТихо.",
                                                   tags: ["прогулка"], starred: true) }
        deps.chatHistory = { [ChatLine(role: .person, text: "Привет", context: "Что сегодня было твоим?"),
                              ChatLine(role: .luna, text: "Здравствуй.", source: .bank)] }
        deps.writingMonth = { _, _ in
            WritingMonth(year: 2026, month: 11, entriesPerDay: [LocalDay("2026-11-28")!: 1],
                         allDays: [LocalDay("2026-11-28")!], today: LocalDay("2026-11-30")!)
        }
        deps.dailyQuestion = { _, _ in "Что сегодня было по-настоящему твоим?" }
        var state = AppState(width: 100, height: 40)
        state.language = .russian
        let rt = AppRuntime(state: state, dependencies: deps)
        rt.send(.started)
        await rt.settle()
        // The profile's own words (device, OS) may be English: they are names.
        let also: Set<String> = ["iphone", "pro", "ios"]
        var seen: [String: [String]] = [:]
        var frames: [String: String] = [:]
        func look(_ what: String) {
            let frame = rt.frame()
            frames[frame.textDump(), default: ""] += what + " "
            for y in 0..<frame.height {
                let words = Self.english(frame.rowText(y), also: also)
                if !words.isEmpty { seen["\(what): \(frame.rowText(y).trimmingCharacters(in: .whitespaces))"] = words }
            }
        }
        look("chat")
        for (key, what) in [(1, "help"), (2, "settings"), (3, "diagnostics"), (4, "journal")] {
            rt.send(.keyPressed(.function(key)))
            await rt.settle()
            look(what)
            if key == 1 { rt.send(.keyPressed(.escape)) }
        }
        rt.send(.keyPressed(.enter))  // open the entry
        await rt.settle()
        look("reading")
        rt.send(.keyPressed(.escape))
        rt.send(.keyPressed(.character("c")))  // the calendar
        await rt.settle()
        look("calendar")
        XCTAssertEqual(seen, [:], seen.keys.sorted().joined(separator: "\n"))
        XCTAssertEqual(frames.count, 7, "every screen was drawn: \(frames.values.sorted())")
    }
}
