import Foundation
import LanternlyCore

/// A thread-safe box for the preview's fake data.
final class PreviewStore: @unchecked Sendable {
    private let lock = NSLock()
    private var _profile = ProfileSettings(device: "iPhone 15 Pro", os: "iOS 26.1", appleIntelligence: false,
                                           freeStorageGB: 64, modelLanguages: ["en"], simulator: false)
    private var _settings = UserSettings()
    private var _entries: [JournalEntryDetail] = [
        JournalEntryDetail(id: 2, day: "2026-11-28", time: "21:40", body: "Long walk by the river.\nThe light was soft. @walk", tags: ["walk"], starred: true),
        JournalEntryDetail(id: 1, day: "2026-11-27", time: "08:05", body: "Утро началось медленно, и это было хорошо. 🌿", tags: [], starred: false),
    ]
    private var _chat: [ChatLine] = []
    private var downloadStarted: Date?

    func with<T>(_ body: (PreviewStore) throws -> T) rethrows -> T { lock.lock(); defer { lock.unlock() }; return try body(self) }

    var profile: ProfileSettings { get { _profile } set { _profile = newValue } }
    var settings: UserSettings { get { _settings } set { _settings = newValue } }
    var entries: [JournalEntryDetail] { get { _entries } set { _entries = newValue } }
    var chat: [ChatLine] { get { _chat } set { _chat = newValue } }
    var download: Date? { get { downloadStarted } set { downloadStarted = newValue } }
}

extension AppDependencies {
    /// Fake dependencies for trying the app without the core: an in-memory profile that
    /// starts on an iPhone 15 Pro with Apple Intelligence off, a 5-second simulated download,
    /// an echoing Luna that answers after 1.5 s (Esc cancels to a bank line), and an
    /// in-memory journal. Nothing is written to disk except `writeReport` (a temp file).
    public static var preview: AppDependencies {
        let store = PreviewStore()
        let catalog = (try? StringCatalog.shipped()) ?? (try! StringCatalog(data: Data("{}".utf8)))
        let eligible: Set<String> = ["iPhone 15 Pro", "iPhone 16", "iPhone 16 Pro", "Mac (M1)"]
        let status: @Sendable (AppLanguage) -> AppStatus = { _ in
            store.with { s in
                let p = s.profile
                var availability = ModelAvailability.available
                var banner: String? = nil
                var progress: Double? = nil
                if !p.os.contains("26") {
                    availability = .unavailable(.osTooOld); banner = "This OS predates on-device models; an update would help."
                } else if !eligible.contains(p.device) {
                    availability = .unavailable(.deviceNotEligible); banner = "This device can't run the on-device model. Luna still answers."
                } else if !p.appleIntelligence {
                    availability = .unavailable(.appleIntelligenceNotEnabled); banner = "Apple Intelligence is off."
                } else if let start = s.download, Date().timeIntervalSince(start) < 5 {
                    availability = .unavailable(.modelNotReady); banner = "The model is downloading."
                    progress = Date().timeIntervalSince(start) / 5
                }
                if p.simulator { banner = nil }
                return AppStatus(availability: availability, banner: banner,
                                      bannerOffersSettings: availability == .unavailable(.appleIntelligenceNotEnabled) && !p.simulator,
                                      isSimulator: p.simulator, downloadProgress: progress,
                                      supportedLanguages: p.modelLanguages, profilePath: "(preview, in memory)",
                                      profile: p)
            }
        }
        let reply: @Sendable (String) async -> Reply = { message in
            do {
                try await Task.sleep(nanoseconds: 1_500_000_000)
            } catch {
                return Reply(text: "I'm here. Tell me a little more?", source: .bank, language: .english)
            }
            let onDevice = status(.english).availability.isAvailable
            return Reply(text: onDevice ? "You wrote: “\(message.prefix(60))”. What stays with you most?" : "Thank you for telling me. What would help right now?",
                         source: onDevice ? .onDevice : .bank, language: .english)
        }
        return AppDependencies(
            reply: reply,
            reflect: reply,
            status: status,
            loadSettings: { store.with { $0.settings } },
            saveSettings: { s in store.with { $0.settings = s } },
            setProfile: { key, value in
                try store.with { s in
                    switch key {
                    case "appleIntelligence":
                        s.profile.appleIntelligence = value == "true"
                        if value == "true" { s.download = Date() }
                    case "device": s.profile.device = value
                    case "os": s.profile.os = value
                    case "freeStorageGB": s.profile.freeStorageGB = Double(value) ?? 0
                    case "modelLanguages": s.profile.modelLanguages = value.split(separator: ",").map(String.init)
                    case "simulator": s.profile.simulator = value == "true"
                    default: throw CocoaError(.featureUnsupported)
                    }
                }
            },
            deviceNames: { ["iPhone 15", "iPhone 15 Pro", "iPhone 16", "iPhone 16 Pro", "Mac (Intel)", "Mac (M1)"] },
            dailyQuestion: { _, language in language == .russian ? "Что сегодня было по-настоящему твоим?" : "What felt like yours today?" },
            writeReport: {
                let file = try PrivateFile.create(in: FileManager.default.temporaryDirectory,
                                                  prefix: "lanternly-preview-report-", suffix: ".log")
                try PrivateFile.write(Data("preview report\n".utf8), to: file)
                try PrivateFile.keep(file)
                return file.url
            },
            listEntries: { limit in
                store.with { s in s.entries.prefix(limit).map {
                    JournalEntrySummary(id: $0.id, day: $0.day, time: $0.time,
                                        title: String($0.body.split(separator: "\n").first ?? ""), tags: $0.tags, starred: $0.starred)
                } }
            },
            loadEntry: { id in store.with { s in s.entries.first { $0.id == id } } },
            saveEntry: { body, tags in
                store.with { s in
                    let id = (s.entries.map(\.id).max() ?? 0) + 1
                    s.entries.insert(JournalEntryDetail(id: id, day: "2026-11-29", time: "12:00", body: body, tags: tags), at: 0)
                    return id
                }
            },
            setStarred: { id, starred in
                store.with { s in if let i = s.entries.firstIndex(where: { $0.id == id }) { s.entries[i].starred = starred } }
            },
            setTags: { id, tags in
                store.with { s in if let i = s.entries.firstIndex(where: { $0.id == id }) { s.entries[i].tags = tags } }
            },
            chatHistory: { store.with { $0.chat } },
            appendChat: { turn in
                store.with { s in
                    s.chat.append(ChatLine(role: .person, text: turn.message))
                    s.chat.append(ChatLine(role: .luna, text: turn.reply.text, source: turn.reply.source))
                }
            },
            eraseChat: { store.with { $0.chat = [] } },
            editExternally: { initial in previewEdit(initial) },
            now: { Date() },
            catalog: catalog
        )
    }
}

/// Opens `$VISUAL`/`$EDITOR` (else `vi`) on a 0600 temp `.md` file; `nil` when left empty.
func previewEdit(_ initial: String) -> String? {
    let env = ProcessInfo.processInfo.environment
    let editor = env["VISUAL"].flatMap { $0.isEmpty ? nil : $0 } ?? env["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
    guard let file = try? PrivateFile.create(in: FileManager.default.temporaryDirectory, prefix: "lanternly-preview-",
                                             suffix: ".md") else { return nil }
    let url = file.url
    defer { PrivateFile.discard(file) }
    guard (try? PrivateFile.write(Data(initial.utf8), to: file)) != nil else { return nil }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/sh")
    p.arguments = ["-c", editor + " \"$1\"", "sh", url.path]
    do { try p.run() } catch { return nil }
    p.waitUntilExit()
    guard let text = try? String(contentsOf: url, encoding: .utf8), !text.trimmingWhitespace().isEmpty else { return nil }
    return text
}
