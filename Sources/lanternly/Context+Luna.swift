import Foundation
import JournalStore
import LanternlyCore
import ModelServer
#if canImport(FoundationModels) && canImport(Darwin)
import FoundationModelsBackend
#endif

/// The live wiring of the core: the profile, the simulated model, the chain, diagnostics
/// and the journal, each built once on first use.
extension Context {
    var calendar: Calendar { Calendar.localGregorian(environment: environment) }

    /// The shipped device catalog.
    func devices() throws -> DeviceCatalog {
        do { return try DeviceCatalog.shipped() } catch {
            throw CLIError.runtime(key: "cli.devices.broken")
        }
    }

    /// Creates `config/profile.json` from the embedded default (`iphone-16-pro`) on first run.
    /// An explicit `--profile` is never created: a missing one is an error.
    func ensureDefaultProfile() throws {
        try refuseUnknownProfileName()
        guard !profileIsExplicit, !FileManager.default.fileExists(atPath: profileURL.path) else { return }
        do {
            try HardwareProfile.shipped(named: HardwareProfile.defaultShippedName).save(to: profileURL)
        } catch {
            throw CLIError.runtime(key: "cli.profile.cannotCreate", profileURL.path, FileCause(error).key, paths.config.path)
        }
    }

    /// Throws, listing the shipped names, when `--profile` was a name that is neither a file
    /// here nor a shipped profile: nothing is read or written under that name.
    func refuseUnknownProfileName() throws {
        if let name = unknownProfileName {
            throw CLIError.runtime(key: "cli.profile.noShipped", name, HardwareProfile.shippedNames.joined(separator: ", "))
        }
    }

    /// The profile file, loaded and checked.
    ///
    /// - Throws: ``CLIError/runtime(_:)`` with the profile error (file, key, fix).
    func loadProfile() throws -> HardwareProfile {
        try liveProfile().profile
    }

    func liveProfile() throws -> LiveProfile {
        if let cached = cache.liveProfile { return cached }
        try ensureDefaultProfile()
        // A folder, a device or a pipe is never read (a FIFO would block forever).
        let path = profileURL.path
        _ = try AtomicFile.target(of: profileURL) {
            _ in CLIError.runtime(key: "cli.profile.notAFile", path)
        }
        do {
            let live = try LiveProfile(url: profileURL, devices: devices(), clock: now)
            cache.liveProfile = live
            return live
        } catch let e as ProfileError {
            throw CLIError.runtime(e.message(catalog, language))
        }
    }

    /// A shipped profile by name, or a profile file by path.
    func profileNamed(_ nameOrPath: String) throws -> HardwareProfile {
        do {
            if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
                return try HardwareProfile.load(from: URL(fileURLWithPath: nameOrPath), catalog: devices())
            }
            guard HardwareProfile.shippedNames.contains(nameOrPath) else {
                throw CLIError.runtime(key: "cli.profile.noShipped", nameOrPath, HardwareProfile.shippedNames.joined(separator: ", "))
            }
            var profile = try HardwareProfile.shipped(named: nameOrPath)
            _ = profile.startDownloadClockIfFrozen(now: now())
            return profile
        } catch let e as ProfileError {
            throw CLIError.runtime(e.message(catalog, language))
        }
    }

    /// Writes the profile in use; a shipped one is never rewritten: the change goes to the
    /// person's copy (``HardwareProfile/personalCopy(of:in:)``), said on standard error.
    func saveProfile(_ profile: HardwareProfile) throws {
        try refuseUnknownProfileName()
        var target = profileURL
        if let shipped = HardwareProfile.shippedName(of: profileURL) {
            target = HardwareProfile.personalCopy(of: shipped, in: paths.config)
        }
        // A file there that does not read as a profile (edited by hand, cut short) is kept beside
        // it rather than overwritten: what was in it may matter to the person.
        if FileManager.default.fileExists(atPath: target.path), (try? HardwareProfile.load(from: target, catalog: devices())) == nil {
            var kept = URL(fileURLWithPath: target.path + ".unreadable")
            var n = 2
            while FileManager.default.fileExists(atPath: kept.path) {
                kept = URL(fileURLWithPath: target.path + ".unreadable-\(n)")
                n += 1
            }
            do {
                try FileManager.default.copyItem(at: target, to: kept)
                try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: kept.path)
            } catch {
                throw CLIError.runtime(key: "cli.profile.cannotWrite", kept.path, FileCause(error).key)
            }
            Output.error(text("cli.profile.keptUnreadable", target.path, kept.path))
        }
        do {
            try LanternlyPaths.ensureDirectory(target.deletingLastPathComponent())
            try profile.save(to: target)
            cache.liveProfile = nil
        } catch {
            throw CLIError.runtime(key: "cli.profile.cannotWrite", target.path, (error as? ProfileError)?.cause?.key ?? FileCause(error).key)
        }
        if target != profileURL { Output.error(text("cli.profile.copied", profileURL.path, target.path)) }
    }

    /// `profile set KEY VALUE`: a bad key or value is a usage error.
    func setProfile(key: String, value: String) throws {
        var profile = try loadProfile()
        do {
            try profile.set(key: key, value: value, now: now(), catalog: devices())
        } catch let e as ProfileError {
            throw CLIError.usage(e.message(catalog, language))
        }
        try saveProfile(profile)
    }

    func diagnostics() throws -> LunaDiagnostics {
        if let d = cache.diagnostics { return d }
        let d = LunaDiagnostics(paths: paths, strings: catalog, devices: try devices(), now: now)
        cache.diagnostics = d
        return d
    }

    /// The model server the settings (or `LANTERNLY_MODEL_URL` / `LANTERNLY_MODEL_NAME`)
    /// name, or `nil` when none is set: then nothing touches the network.
    ///
    /// - Throws: ``CLIError/runtime(_:)`` naming the URL and the fix when it cannot be used.
    func modelServer() throws -> OpenAICompatibleLanguageModel? {
        if cache.serverResolved { return cache.server }
        let settings = self.settings.model.overridden(by: environment)
        let configuration: ModelServerConfiguration?
        do {
            configuration = try ModelServerConfiguration(settings: settings)
        } catch {
            let source = environment["LANTERNLY_MODEL_URL"].map { $0.isEmpty ? "model.server" : "LANTERNLY_MODEL_URL" } ?? "model.server"
            throw CLIError.runtime(describeServerURLError(error, url: settings.server ?? "", source: source))
        }
        var server: OpenAICompatibleLanguageModel?
        if let configuration {
            let live = try liveProfile()
            let devices = try devices()
            let now = self.now
            server = OpenAICompatibleLanguageModel(
                configuration: configuration,
                deviceAvailability: { AvailabilityGate.availability(profile: live.profile, catalog: devices, now: now()) },
                timeouts: .standard(environment: environment), now: now)
        }
        cache.server = server
        cache.serverResolved = true
        return server
    }

    /// `model.server 'URL' …: what is wrong, and the form that works`.
    func describeServerURLError(_ error: Error, url: String, source: String) -> String {
        let why = (error as? ModelServerError) == .unsupportedScheme
            ? text("cli.server.onlyHTTP", "http://127.0.0.1:11434/v1")
            : text("cli.server.notAURL", "http://HOST:PORT/v1")
        return text("cli.server.unusable", source, url, why, "lanternly settings set model.server http://127.0.0.1:11434/v1")
    }

    /// Apple's on-device model, on an Apple platform when no profile is given and no server
    /// is set (DESIGN.md §10); `nil` elsewhere (on Linux the framework does not exist).
    func systemModel() -> LanguageModel? {
        #if canImport(FoundationModels) && canImport(Darwin)
        if !profileIsExplicit, (try? modelServer()) == nil { return FoundationModelsLanguageModel() }
        #endif
        return nil
    }

    /// The availability of the model Luna speaks through (the server's when one is set).
    func modelAvailability(profile: HardwareProfile) throws -> ModelAvailability {
        if let server = try modelServer() { return server.availability }
        if let system = systemModel() { return system.availability }
        return AvailabilityGate.availability(profile: profile, catalog: try devices(), now: now())
    }

    func chatService() throws -> LunaChatService {
        if let s = cache.chat { return s }
        let live = try liveProfile()
        let box = settingsBox
        let model = try languageModel()
        let environment = self.environment
        let service = LunaChatService(model: model, catalog: catalog, diagnostics: try diagnostics(),
                                      region: {
                                          CrisisRegion.resolve(setting: box.value.region, environment: environment,
                                                               profileRegion: { live.profile.region })
                                      }, uiLanguage: language, memories: rememberedLines)
        // One process answers once: remember the last bank line across runs (no user text).
        service.lastBankLine = try? String(contentsOf: lastBankLineFile, encoding: .utf8)
        // A fixed seed makes the bank's picks repeatable (tests; a reproducible bug report).
        if let seed = environment["LANTERNLY_RANDOM_SEED"].flatMap(UInt64.init) {
            service.bankRandom = SeededRandom(seed: seed)
        }
        cache.chat = service
        return service
    }

    var lastBankLineFile: URL { paths.state.appendingPathComponent("last-bank-line.txt") }

    /// Checks a message for the chat: not empty, not over the limit.
    func validatedMessage(_ text: String) throws -> String {
        do {
            try LunaChatService.validate(text)
        } catch let e as MessageError {
            switch e.kind {
            case .empty: throw CLIError.usage(self.text("cli.message.empty"))
            case .tooLong(let bytes):
                throw CLIError.runtime(self.text("cli.message.tooLong", String(bytes), String(LunaChatService.maxMessageBytes)))
            }
        }
        return text
    }

    /// Luna's reply through the chain; the turn is kept in the chat history unless it took
    /// the crisis path, the person turned history off, or `remember` is false.
    func reply(to message: String, remember: Bool = true) throws -> Reply {
        let service = try chatService()
        let reply = try runBlocking { await service.reply(to: message) }
        if reply.source == .bank {
            try? LanternlyPaths.ensureDirectory(paths.state)
            try? FileSafety.writeAtomically(Data(reply.text.utf8), to: lastBankLineFile)
        }
        if remember, settings.keepChatHistory, !reply.source.isCrisisPath {
            do {
                try journal().appendChatTurn(message: message, reply: reply, at: now())
            } catch {
                Output.error("lanternly: " + text("cli.chat.turnNotKept", describeJournalError(error)))
            }
        }
        // A chat is learned from only while chat history is kept: with history off, no
        // words of a chat stay on disk, not even as a memory.
        if remember, settings.keepChatHistory, Self.ordinarySources.contains(reply.source) {
            learn(from: message, source: .chat)
        }
        return reply
    }

    func sourceLabel(_ source: ReplySource) -> String {
        catalog.string("diagnostics.source.\(source.rawValue)", language)
    }

    /// What `status`, `diagnostics` and the plain chat's banner show: the core's
    /// ``LunaDiagnostics/Snapshot`` of the profile in use, in the UI language.
    func statusSnapshot() throws -> LunaDiagnostics.Snapshot {
        let profile = try loadProfile()
        let availability = try modelAvailability(profile: profile)
        let server = try modelServer()
        return try diagnostics().snapshot(availability: availability, profile: profile,
                                          profilePath: profileURL.path, language: language,
                                          server: server?.serverStatus,
                                          serverLanguages: server?.supportedLanguages.map(\.rawValue))
    }

    func writeDiagnosticsReport() throws -> URL {
        let profile = try loadProfile()
        let availability = AvailabilityGate.availability(profile: profile, catalog: try devices(), now: now())
        do {
            return try diagnostics().writeReport(availability: availability, profile: profile,
                                                 profilePath: profileURL.path, language: language)
        } catch {
            throw CLIError.runtime(key: "cli.diagnostics.cannotWrite", paths.state.path, FileCause(error).key)
        }
    }

    // MARK: Journal

    /// The journal. `readOnly` (list, search, export, history): opened for reading only, so a
    /// journal on read-only media reads (``SQLiteJournal/openForReading(paths:)``).
    func journal(readOnly: Bool = false) throws -> SQLiteJournal {
        if let j = cache.journal { return j }
        let j = readOnly ? try SQLiteJournal.openForReading(paths: paths) : try SQLiteJournal(paths: paths)
        cache.journal = j
        return j
    }

    /// A person-facing message for a journal error (file named, fix given).
    func describeJournalError(_ error: Error) -> String {
        if let e = error as? JournalError { return e.message(catalog, language) }
        return CLIError.message(of: error, catalog, language)
    }
}

/// The parts of ``Context`` built on first use.
final class ContextCache {
    var liveProfile: LiveProfile?
    var model: LanguageModel?
    var diagnostics: LunaDiagnostics?
    var chat: LunaChatService?
    var server: OpenAICompatibleLanguageModel?
    var serverResolved = false
    var journal: SQLiteJournal?
}
