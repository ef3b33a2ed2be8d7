import Foundation
import LanternlyCore

/// Everything a command needs, resolved once from the global options and the environment:
/// the folders, the settings, the UI language, the string catalog and the profile path.
/// Heavier parts (the profile itself, the model, the chat service, the journal) are built
/// on first use so `question --widget` stays fast.
final class Context {
    let paths: LanternlyPaths
    let environment: [String: String]
    let catalog: StringCatalog
    let profileURL: URL
    /// True when the profile path was given by `--profile` or `LANTERNLY_PROFILE`.
    let profileIsExplicit: Bool
    /// The `--profile` value when it was a bare name that is neither a file here nor a
    /// shipped profile; reading or writing the profile then says so, listing the shipped names.
    let unknownProfileName: String?
    /// The person's settings; the full-screen app changes them while it runs.
    let settingsBox: SettingsBox
    var settings: UserSettings { settingsBox.value }
    let language: AppLanguage
    let now: @Sendable () -> Date
    let cache = ContextCache()
    /// Why `settings.json` could not be read (the defaults are used meanwhile), or `nil`.
    private(set) var settingsProblem: CLIError?

    init(options: GlobalOptions, environment: [String: String]) throws {
        self.environment = environment
        // `LANTERNLY_NOW` (ISO 8601, e.g. 2026-03-01T12:00:00Z) fixes the clock: the tests'
        // injected clock for relative dates and the trash's 30 days.
        if let fixed = environment["LANTERNLY_NOW"].flatMap({ ISO8601DateFormatter().date(from: $0) }) {
            self.now = { fixed }
        } else {
            self.now = { Date() }
        }
        do {
            paths = try LanternlyPaths.resolve(home: options.home, environment: environment)
        } catch let e as LanternlyPaths.ResolveError {
            throw CLIError.usage(key: "cli.home.relative", e.value)
        }
        // Folders that exist are never changed; say so when others can read one.
        var exposed: [String] = []
        for folder in paths.exposedFolders() {
            exposed.append(folder.path)
        }
        do {
            catalog = try StringCatalog.shipped()
        } catch {
            throw CLIError.runtime("Lanternly's string catalog could not be read. Rebuild with 'make build'.")  // no catalog to say it with
        }
        // A broken settings file is kept as a problem, not thrown here: `reply` and `write`
        // answer a crisis message first, whatever state the files are in.
        var settings = UserSettings()
        do {
            settings = try Context.loadSettings(paths.settingsFile)
        } catch let e as CLIError {
            settingsProblem = e
        }
        settingsBox = SettingsBox(settings)
        do {
            language = try LanguageResolver.resolve(flag: options.language, config: settings.language,
                                                    environment: environment)
        } catch let e as LanguageResolver.UnknownLanguage {
            throw CLIError.usage(key: "cli.lang.unknown", e.value)
        }
        for folder in exposed { Output.error("lanternly: " + catalog.format("cli.folder.exposed", language, folder, folder)) }
        if let p = options.profile ?? environment["LANTERNLY_PROFILE"], !p.isEmpty {
            let resolved = Context.resolveProfile(p)
            profileURL = resolved.url
            unknownProfileName = resolved.unknownName
            profileIsExplicit = true
        } else {
            profileURL = paths.defaultProfile
            profileIsExplicit = false
            unknownProfileName = nil
        }
        // A file where a folder should be (`--home` pointing at a file): said as it is,
        // before any settings or journal error that would only name its consequence.
        if let file = Context.fileInTheWay(of: [paths.config, paths.data, paths.state]) {
            settingsProblem = CLIError.usage(catalog.format("cli.error.homeNotAFolder", language, arguments: [file]))
        }
    }

    /// What `--profile VALUE` names: a path when it has a `/`, ends in `.json` or is a file in
    /// the working folder; otherwise the shipped profile of that name (as `profile list` shows).
    /// A bare name that is neither comes back as `unknownName`.
    static func resolveProfile(_ value: String) -> (url: URL, unknownName: String?) {
        let asFile = URL(fileURLWithPath: value)
        if value.contains("/") || value.hasSuffix(".json") || FileManager.default.fileExists(atPath: asFile.path) {
            return (asFile, nil)
        }
        if HardwareProfile.shippedNames.contains(value) {
            return (HardwareProfile.shippedURL(named: value), nil)
        }
        return (asFile, value)
    }

    /// The first existing path that is not a folder on the way to one of `folders`, or `nil`.
    static func fileInTheWay(of folders: [URL]) -> String? {
        for folder in folders {
            var path = folder.standardizedFileURL.path
            while !path.isEmpty && path != "/" {
                var st = stat()
                if stat(path, &st) == 0 {
                    if st.st_mode & S_IFMT != S_IFDIR { return path }
                    break
                }
                path = (path as NSString).deletingLastPathComponent
            }
        }
        return nil
    }

    /// Throws the settings problem, if any: every command but the crisis-first ones calls it.
    func requireSettings() throws {
        if let settingsProblem { throw settingsProblem }
    }

    /// The crisis (or concern) reply for `text` when it speaks of risk, worked out on the
    /// whole text with as little of the configuration as can be read (a broken settings or
    /// profile file must not stand between a person in crisis and the help line). Records
    /// only the source, as the chain does; never touches the journal.
    func crisisFirst(_ text: String) -> Reply? {
        let region = CrisisRegion.resolve(setting: settingsProblem == nil ? settings.region : nil,
                                          environment: environment,
                                          profileRegion: { (try? self.liveProfile())?.profile.region })
        let reply = LunaChatService.crisisReply(to: text, fallback: language, region: region)
        if let reply { (try? diagnostics())?.recordReply(source: reply.source) }
        return reply
    }

    /// A localized string from the catalog.
    func text(_ key: String, _ args: String...) -> String {
        catalog.format(key, language, arguments: args)
    }

    /// ``text(_:_:)`` with the arguments as an array (for code that is handed a way to speak).
    func say(_ key: String, _ args: [String]) -> String {
        catalog.format(key, language, arguments: args)
    }

    // MARK: Settings

    /// Reads `settings.json`; a missing file gives the defaults.
    ///
    /// - Throws: ``CLIError/runtime(_:)`` naming the file when it is not valid settings JSON.
    static func loadSettings(_ url: URL) throws -> UserSettings {
        _ = try AtomicFile.target(of: url) {
            _ in CLIError.runtime(key: "cli.settings.notAFile", url.path)
        }
        let data: Data
        do {
            guard let read = try InputLimits.readFile(url, limit: .settingsBytes) else { return UserSettings() }
            data = read
        } catch let l as LimitExceeded {
            throw CLIError.runtime(key: "cli.settings.tooLarge", url.path, String(l.kind.limit))
        } catch {
            throw CLIError.runtime(key: "cli.settings.unreadable", url.path, FileCause(error).key)
        }
        do {
            return try UserSettings.decodeFile(data)
        } catch {
            let key = Context.codingPath(of: error)
            throw key.isEmpty ? CLIError.runtime(key: "cli.settings.notJSON", url.path)
                              : CLIError.runtime(key: "cli.settings.invalid", url.path, key)
        }
    }

    /// Writes `settings.json` atomically, 0600 in a 0700 folder.
    func saveSettings(_ new: UserSettings) throws {
        do {
            try LanternlyPaths.ensureDirectory(paths.config)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try FileSafety.writeAtomically(try encoder.encode(new), to: paths.settingsFile)
            settingsBox.value = new
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError.runtime(key: "cli.settings.unwritable", paths.settingsFile.path, FileCause(error).key)
        }
    }

    /// The key path (`model.server`) a decoding error is about; empty when the file is not JSON.
    static func codingPath(of error: Error) -> String {
        switch error as? DecodingError {
        case .typeMismatch(_, let ctx)?, .valueNotFound(_, let ctx)?, .dataCorrupted(let ctx)?:
            return ctx.codingPath.map(\.stringValue).joined(separator: ".")
        case .keyNotFound(let key, _)?: return key.stringValue
        default: return ""
        }
    }
}

/// Small file-writing habits shared by every command: atomic, private (the core's
/// ``AtomicFile``, with the person-facing error).
enum FileSafety {
    /// Replaces `url` whole with `data`, mode 0600; a symbolic link's target is written.
    ///
    /// - Throws: ``CLIError/runtime(_:)`` naming the file and what to do.
    static func writeAtomically(_ data: Data, to url: URL) throws {
        try AtomicFile.write(data, to: url) { _ in CLIError.runtime(key: "cli.file.unwritable", url.path) }
    }
}

/// The settings, readable from any thread (the chain reads gender and region per reply).
final class SettingsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: UserSettings
    init(_ value: UserSettings) { _value = value }
    var value: UserSettings {
        get { lock.withLock { _value } }
        set { lock.withLock { _value = newValue } }
    }
}
