import Foundation
import XCTest
import LanternlyCore
import TerminalUI
@testable import LanternlyApp
#if canImport(Glibc)
import Glibc
#endif

/// Compares a rendered buffer with `Snapshots/<name>.txt`; records it when the file is
/// missing or `SNAPSHOT_RECORD=1` (then the test fails once, so a recording is never silent).
func assertSnapshot(_ buffer: ScreenBuffer, named name: String, file: StaticString = #filePath, line: UInt = #line) {
    var text = buffer.textDump()
    if let c = buffer.cursor { text += "cursor: \(c.x),\(c.y)\n" }
    let dir = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("Snapshots")
    let url = dir.appendingPathComponent(name + ".txt")
    let record = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1"
    if record || !FileManager.default.fileExists(atPath: url.path) {
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try? text.write(to: url, atomically: true, encoding: .utf8)
        XCTFail("recorded snapshot \(name); run again without SNAPSHOT_RECORD", file: file, line: line)
        return
    }
    let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    XCTAssertEqual(text, expected, "snapshot \(name) differs (re-record with SNAPSHOT_RECORD=1)", file: file, line: line)
}

let testCatalog: StringCatalog = {
    setlocale(LC_CTYPE, "C.UTF-8")
    return try! StringCatalog.shipped()
}()

/// Records what the app asked of its dependencies.
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var _profileWrites: [(String, String)] = []
    private var _settingsWrites: [UserSettings] = []
    private var _chatTurns: [ChatExchange] = []
    private var _savedEntries: [(String, [String])] = []
    private var _messages: [String] = []
    var replyDelay: UInt64 = 0
    var profile = ProfileSettings(device: "iPhone 15 Pro", os: "iOS 26.1", appleIntelligence: false,
                                  freeStorageGB: 64, modelLanguages: ["en"], simulator: false)

    func locked<T>(_ body: () -> T) -> T { lock.lock(); defer { lock.unlock() }; return body() }
    var profileWrites: [(String, String)] { locked { _profileWrites } }
    var settingsWrites: [UserSettings] { locked { _settingsWrites } }
    var chatTurns: [ChatExchange] { locked { _chatTurns } }
    var savedEntries: [(String, [String])] { locked { _savedEntries } }
    var messages: [String] { locked { _messages } }

    func dependencies() -> AppDependencies {
        AppDependencies(
            reply: { message in
                self.locked { self._messages.append(message) }
                if self.replyDelay > 0 {
                    do { try await Task.sleep(nanoseconds: self.replyDelay) } catch {
                        return Reply(text: "bank after cancel", source: .bank, language: .english)
                    }
                }
                return Reply(text: "reply to " + message, source: .onDevice, language: .english)
            },
            reflect: { body in Reply(text: "reflection on " + body, source: .onDevice, language: .english) },
            status: { _ in AppStatus(availability: .available, profile: self.locked { self.profile }) },
            loadSettings: { UserSettings() },
            saveSettings: { s in self.locked { self._settingsWrites.append(s) } },
            setProfile: { k, v in
                self.locked {
                    self._profileWrites.append((k, v))
                    if k == "appleIntelligence" { self.profile.appleIntelligence = v == "true" }
                    if k == "device" { self.profile.device = v }
                }
            },
            deviceNames: { ["iPhone 15", "iPhone 15 Pro", "iPhone 16"] },
            dailyQuestion: { _, _ in "What felt like yours today?" },
            writeReport: { URL(fileURLWithPath: "/tmp/report.log") },
            listEntries: { _ in [] },
            loadEntry: { _ in nil },
            saveEntry: { body, tags in self.locked { self._savedEntries.append((body, tags)); return 7 } },
            setStarred: { _, _ in },
            setTags: { _, _ in },
            chatHistory: { [ChatLine(role: .person, text: "earlier"), ChatLine(role: .luna, text: "hello again", source: .bank)] },
            appendChat: { turn in self.locked { self._chatTurns.append(turn) } },
            eraseChat: {},
            editExternally: { $0 + " edited" },
            now: { Date(timeIntervalSince1970: 1_800_000_000) },
            catalog: testCatalog
        )
    }
}

extension AppState {
    mutating func type(_ text: String) {
        for c in text { _ = reduce(&self, .keyPressed(.character(c))) }
    }
}
