import Foundation
import JournalStore
import LanternlyCore

/// The live wiring of the core: the profile, the simulated model, the chain, diagnostics
/// and the journal, each built once on first use.
extension Context {
    var calendar: Calendar { Calendar.localGregorian(environment: environment) }

    /// The shipped device catalog.
    func devices() throws -> DeviceCatalog {
        do { return try DeviceCatalog.shipped() } catch {
            throw CLIError.runtime("Lanternly's device catalog could not be read (\(error)). Rebuild with 'make build'.")
        }
    }

    /// Creates `config/profile.json` from the embedded default (`iphone-16-pro`) on first run.
    /// An explicit `--profile` is never created: a missing one is an error.
    func ensureDefaultProfile() throws {
        guard !profileIsExplicit, !FileManager.default.fileExists(atPath: profileURL.path) else { return }
        do {
            try HardwareProfile.shipped(named: HardwareProfile.defaultShippedName).save(to: profileURL)
        } catch {
            throw CLIError.runtime("Could not create the default profile \(profileURL.path): \(error). Check that \(paths.config.path) is writable, or pass --profile.")
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
            CLIError.runtime("The profile \(path) \($0). Point --profile at a profile file, e.g. one from 'lanternly profile list'.")
        }
        do {
            let live = try LiveProfile(url: profileURL, devices: devices(), clock: now)
            cache.liveProfile = live
            return live
        } catch let e as ProfileError {
            throw CLIError.runtime(e.description)
        }
    }

    /// A shipped profile by name, or a profile file by path.
    func profileNamed(_ nameOrPath: String) throws -> HardwareProfile {
        do {
            if nameOrPath.contains("/") || nameOrPath.hasSuffix(".json") {
                return try HardwareProfile.load(from: URL(fileURLWithPath: nameOrPath), catalog: devices())
            }
            guard HardwareProfile.shippedNames.contains(nameOrPath) else {
                throw CLIError.runtime("There is no shipped profile named '\(nameOrPath)'. Shipped profiles: \(HardwareProfile.shippedNames.joined(separator: ", ")).")
            }
            var profile = try HardwareProfile.shipped(named: nameOrPath)
            _ = profile.startDownloadClockIfFrozen(now: now())
            return profile
        } catch let e as ProfileError {
            throw CLIError.runtime(e.description)
        }
    }

    func saveProfile(_ profile: HardwareProfile) throws {
        do {
            try LanternlyPaths.ensureDirectory(profileURL.deletingLastPathComponent())
            try profile.save(to: profileURL)
            cache.liveProfile = nil
        } catch {
            throw CLIError.runtime("Could not write the profile \(profileURL.path): \(error).")
        }
    }

    /// `profile set KEY VALUE`: a bad key or value is a usage error.
    func setProfile(key: String, value: String) throws {
        var profile = try loadProfile()
        do {
            try profile.set(key: key, value: value, now: now(), catalog: devices())
        } catch let e as ProfileError {
            throw CLIError.usage(e.description)
        }
        try saveProfile(profile)
    }

    func diagnostics() throws -> LunaDiagnostics {
        if let d = cache.diagnostics { return d }
        let d = LunaDiagnostics(paths: paths, strings: catalog, devices: try devices(), now: now)
        cache.diagnostics = d
        return d
    }

    func chatService() throws -> LunaChatService {
        if let s = cache.chat { return s }
        let live = try liveProfile()
        let box = settingsBox
        let model = SimulatedLanguageModel(profile: live.provider, devices: try devices(), strings: catalog,
                                           gender: { box.value.gender }, now: now)
        let environment = self.environment
        let service = LunaChatService(model: model, catalog: catalog, diagnostics: try diagnostics(),
                                      region: {
                                          CrisisRegion.resolve(setting: box.value.region, environment: environment,
                                                               profileRegion: { live.profile.region })
                                      }, uiLanguage: language)
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
                Output.error("lanternly: \(describeJournalError(error)) (the chat turn was not kept)")
            }
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
        let availability = AvailabilityGate.availability(profile: profile, catalog: try devices(), now: now())
        return try diagnostics().snapshot(availability: availability, profile: profile,
                                          profilePath: profileURL.path, language: language)
    }

    func writeDiagnosticsReport() throws -> URL {
        let profile = try loadProfile()
        let availability = AvailabilityGate.availability(profile: profile, catalog: try devices(), now: now())
        do {
            return try diagnostics().writeReport(availability: availability, profile: profile,
                                                 profilePath: profileURL.path, language: language)
        } catch {
            throw CLIError.runtime("The diagnostics report could not be written to \(paths.state.path): \(error.localizedDescription).")
        }
    }

    // MARK: Journal

    func journal() throws -> SQLiteJournal {
        if let j = cache.journal { return j }
        let j = try SQLiteJournal(paths: paths)
        cache.journal = j
        return j
    }

    /// A person-facing message for a journal error (file named, fix given).
    func describeJournalError(_ error: Error) -> String {
        if let e = error as? JournalError { return e.message(catalog, language) }
        if let e = error as? CLIError { return e.description }
        return "\(error)"
    }
}

/// The parts of ``Context`` built on first use.
final class ContextCache {
    var liveProfile: LiveProfile?
    var diagnostics: LunaDiagnostics?
    var chat: LunaChatService?
    var journal: SQLiteJournal?
}
