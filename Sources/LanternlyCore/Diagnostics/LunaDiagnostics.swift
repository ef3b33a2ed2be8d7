import Foundation

/// A feature that may call the model, each behind the same one-bit gate (DESIGN.md §9).
public enum LunaService: String, CaseIterable, Codable, Sendable {
    case chat, question, month, memory, tags
}

/// Where a service's result came from (the chat uses ``ReplySource``).
public enum ServiceSource: String, CaseIterable, Codable, Sendable {
    /// Written by the model.
    case model
    /// The in-app bank (the daily question).
    case bank
    /// Computed from the journal (the month's observation).
    case computed
    /// The gate was closed: the model was not asked (nothing extracted, nothing suggested).
    case gateClosed
    /// The person switched the feature off in settings.
    case switchedOff
    /// The model failed; the fallback answered.
    case fallback
}

/// The one place that knows *why* the model is unavailable (DESIGN.md §2): banner text,
/// the settings offer, the last reply source and the last generation error.
///
/// The last source and last error persist as JSON in `file` (``LanternlyPaths/diagnosticsFile``)
/// so they survive across CLI runs; events go to the ``ReportLog``. Neither ever holds user
/// text: only source names, error names and times. A crisis turn records only that the last
/// source was `.crisis`, and writes no log line. Thread-safe.
public final class LunaDiagnostics: @unchecked Sendable {
    /// What is persisted: `{"lastSource": "bank", "lastGenerationError": "guardrailViolation",
    /// "lastGenerationErrorSource": "onDevice", "lastGenerationErrorAt": "2026-…Z"}`.
    public struct Record: Codable, Equatable, Sendable {
        public var lastSource: ReplySource?
        public var lastGenerationError: String?
        public var lastGenerationErrorSource: ReplySource?
        public var lastGenerationErrorAt: Date?
        /// The last source and error of each service, keyed by ``LunaService`` raw value
        /// (`chat`, `question`, `month`, `memory`, `tags`).
        public var services: [String: ServiceRecord]?

        public init(lastSource: ReplySource? = nil, lastGenerationError: String? = nil,
                    lastGenerationErrorSource: ReplySource? = nil, lastGenerationErrorAt: Date? = nil,
                    services: [String: ServiceRecord]? = nil) {
            self.lastSource = lastSource
            self.lastGenerationError = lastGenerationError
            self.lastGenerationErrorSource = lastGenerationErrorSource
            self.lastGenerationErrorAt = lastGenerationErrorAt
            self.services = services
        }

        /// The record of `service` (empty when it has not run yet).
        public func service(_ service: LunaService) -> ServiceRecord { services?[service.rawValue] ?? ServiceRecord() }
    }

    /// What one service did last: where its result came from and its last error (names only).
    public struct ServiceRecord: Codable, Equatable, Sendable {
        /// A ``ServiceSource`` raw value, or for the chat a ``ReplySource`` raw value.
        public var lastSource: String?
        /// The last error's name (``errorName(_:)``), e.g. `exceededContextWindowSize`.
        public var lastError: String?
        public var lastErrorAt: Date?

        public init(lastSource: String? = nil, lastError: String? = nil, lastErrorAt: Date? = nil) {
            self.lastSource = lastSource
            self.lastError = lastError
            self.lastErrorAt = lastErrorAt
        }
    }

    private let lock = NSLock()
    private var record: Record
    private var _persistenceError: String?
    private let file: URL?
    private let reportsFolder: URL?
    /// The report log, when one is kept.
    public let log: ReportLog?
    private let strings: StringCatalog
    private let devices: DeviceCatalog
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - file: where the record persists (`nil`: in memory only).
    ///   - log: the report log (`nil`: none).
    ///   - reportsFolder: where ``writeReport(availability:profile:profilePath:language:)``
    ///     writes (`nil`: the folder of `file`).
    ///   - strings: banner and label texts (`banner.*`, `diagnostics.*`).
    ///   - devices: eligibility, for the OS-update banner.
    ///   - now: the clock.
    public init(file: URL?, log: ReportLog?, reportsFolder: URL? = nil, strings: StringCatalog,
                devices: DeviceCatalog, now: @escaping @Sendable () -> Date = { Date() }) {
        self.file = file
        self.log = log
        self.reportsFolder = reportsFolder ?? file?.deletingLastPathComponent()
        self.strings = strings
        self.devices = devices
        self.now = now
        self.record = Record()
        self.record = readRecord() ?? Record()
    }

    /// Diagnostics under `paths`: `state/diagnostics.json` and `state/report.log`.
    public convenience init(paths: LanternlyPaths, strings: StringCatalog, devices: DeviceCatalog,
                            now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(file: paths.diagnosticsFile, log: ReportLog(url: paths.reportLog),
                  reportsFolder: paths.state, strings: strings, devices: devices, now: now)
    }

    // MARK: Last source and last error

    /// The source of the last reply (across runs).
    public var lastSource: ReplySource? { lock.withLock { record.lastSource } }
    /// The name of the last generation error, e.g. `guardrailViolation`, `emptyResponse`, `cancelled`.
    public var lastGenerationError: String? { lock.withLock { record.lastGenerationError } }
    /// The whole persisted record.
    public var current: Record { lock.withLock { record } }
    /// The last failure to write the diagnostics file or the log, if any (shown, never thrown).
    public var persistenceError: String? { lock.withLock { _persistenceError } }

    /// The service the chat service's replies are recorded under in the current task:
    /// `.chat`, or `.question` while Luna answers a reply to the daily question
    /// (`LunaDiagnostics.$service.withValue(.question) { … }`).
    @TaskLocal public static var service: LunaService = .chat

    /// Records where a reply came from, under ``service``. For `.crisis` only the source is
    /// stored: no log line.
    public func recordReply(source: ReplySource) {
        let service = Self.service
        update {
            $0.lastSource = source
            $0.services = Self.setting($0.services, service) { $0.lastSource = source.rawValue }
        }
        if !source.isCrisisPath { appendLog(event: "reply", service: service, source: source.rawValue, error: nil) }
    }

    /// Records where the result of a service other than the chat came from: `model`, `bank`,
    /// `computed`, `gateClosed` (nothing asked of the model), `switchedOff` (the person
    /// turned it off). The log line names the service and the source, never any text.
    public func recordOutcome(_ service: LunaService, source: ServiceSource) {
        update { $0.services = Self.setting($0.services, service) { $0.lastSource = source.rawValue } }
        appendLog(event: "result", service: service, source: source.rawValue, error: nil)
    }

    /// Records an error of a service's model call; only the error's name is kept.
    public func recordError(_ error: Error, service: LunaService) {
        let name = Self.errorName(error)
        let at = now()
        update {
            $0.services = Self.setting($0.services, service) { $0.lastError = name; $0.lastErrorAt = at }
            if service == .chat {
                $0.lastGenerationError = name
                $0.lastGenerationErrorAt = at
            }
        }
        appendLog(event: "generationError", service: service, source: nil, error: name)
    }

    /// Records that the chat retried after `exceededContextWindowSize` with `keptTurns` of
    /// the transcript, and whether the retry answered. A log line only (no text).
    public func recordContextRetry(keptTurns: Int, succeeded: Bool) {
        appendLog(event: succeeded ? "contextRetryAnswered" : "contextRetryFailed", service: .chat,
                  source: nil, error: "keptTurns:\(keptTurns)")
    }

    private static func setting(_ services: [String: ServiceRecord]?, _ service: LunaService,
                                _ change: (inout ServiceRecord) -> Void) -> [String: ServiceRecord] {
        var all = services ?? [:]
        var one = all[service.rawValue] ?? ServiceRecord()
        change(&one)
        all[service.rawValue] = one
        return all
    }

    /// Records a generation error of the step `source` (`.onDevice` or `.pivot`).
    ///
    /// Only the error's name is kept (``errorName(_:)``), never its text.
    public func recordGenerationError(_ error: Error, source: ReplySource) {
        let name = Self.errorName(error)
        let at = now()
        update {
            $0.lastGenerationError = name
            $0.lastGenerationErrorSource = source
            $0.lastGenerationErrorAt = at
            $0.services = Self.setting($0.services, .chat) { $0.lastError = name; $0.lastErrorAt = at }
        }
        appendLog(event: "generationError", service: .chat, source: source.rawValue, error: name)
    }

    /// A stable name for an error that carries no user text: ``GenerationError``'s case name,
    /// `cancelled` for `CancellationError`, else the error's type name.
    public static func errorName(_ error: Error) -> String {
        if let g = error as? GenerationError { return g.description }
        if let n = error as? NamedError { return n.name }
        if error is QuestionRepeated { return "questionRepeated" }
        if error is CancellationError { return "cancelled" }
        return String(describing: type(of: error))
    }

    // MARK: Banner

    /// The banner sentence for `availability` in `language`; `nil` when the model is
    /// available or the profile is a simulator (DESIGN.md §5).
    ///
    /// One honest sentence per reason: not eligible is permanent (no "check back later");
    /// not enabled says it can be switched on in settings (or names the language or region
    /// that blocks it); not ready gives the download progress, or says the download cannot
    /// finish without about 7 GB free; an old OS says an update to 26 would unlock Luna when
    /// the device is eligible.
    ///
    /// - Parameter server: the model server, when one is configured: it decides readiness,
    ///   so `.modelNotReady` then names the server, its error and the fix.
    public func banner(for availability: ModelAvailability, profile: HardwareProfile,
                       language: AppLanguage, server: ModelServerStatus? = nil) -> String? {
        guard !profile.simulator else { return nil }
        guard case .unavailable(let reason) = availability else { return nil }
        if case .modelNotReady = reason, let server { return serverBanner(server, language: language) }
        switch reason {
        case .deviceNotEligible:
            return strings.format("banner.deviceNotEligible", language, profile.device)
        case .appleIntelligenceNotEnabled:
            switch AvailabilityGate.notEnabledCause(profile: profile) {
            case .language(let code)?: return strings.format("banner.notEnabled.language", language, code)
            case .region(let region)?: return strings.format("banner.notEnabled.region", language, region)
            case .switchedOff?, nil: return strings.string("banner.notEnabled", language)
            }
        case .modelNotReady:
            switch AvailabilityGate.downloadStatus(profile: profile, now: now()) {
            case .stalled(let free):
                return strings.format("banner.notReady.storage", language, Self.number(free, language))
            case .inProgress(let progress?):
                return strings.format("banner.notReady.progress", language, Self.percent(progress))
            case .inProgress(nil), .complete:
                return strings.string("banner.notReady.downloading", language)
            case .notStarted:
                return strings.string("banner.notReady.waiting", language)
            }
        case .osTooOld:
            if devices.isEligible(profile.device) {
                // "iOS 18.6" → "iOS 26": the same system, at the first version with the framework.
                let family = profile.os.split(separator: " ").first.map(String.init) ?? profile.os
                return strings.format("banner.osTooOld.eligible", language, profile.os,
                                      "\(family) \(AvailabilityGate.minimumOSMajorVersion)")
            }
            return strings.format("banner.osTooOld.notEligible", language, profile.device, profile.os)
        case .unknown:
            // A reason this build does not know (Apple's enum is not frozen): the @unknown default.
            return strings.string("banner.unknown", language)
        }
    }

    /// The banner sentence for a server that is not ready.
    func serverBanner(_ server: ModelServerStatus, language: AppLanguage) -> String {
        switch server.state {
        case .unreachable:
            return strings.format("banner.server.unreachable", language, server.url, server.error ?? "?")
        case .modelMissing:
            return strings.format("banner.server.modelMissing", language, server.model ?? "?", server.model ?? "?")
        case .remoteNotAllowed:
            return strings.format("banner.server.remoteNotAllowed", language, server.url)
        case .notConfigured:
            return strings.string("banner.server.notConfigured", language)
        case .notChecked, .ready:
            return strings.format("banner.server.checking", language, server.url)
        }
    }

    /// The line that says journal text leaves the machine, for a remote server the person
    /// allowed; `nil` for a server on the loopback address or none.
    public func privacyNotice(server: ModelServerStatus?, language: AppLanguage) -> String? {
        guard let server, server.isRemote, server.state != .remoteNotAllowed else { return nil }
        return strings.format("banner.server.remote", language, server.url)
    }

    /// What to do about the server, for diagnostics; `nil` when it is ready.
    public func serverFix(_ server: ModelServerStatus, language: AppLanguage) -> String? {
        switch server.state {
        case .ready, .notChecked: return nil
        case .unreachable: return strings.string("diagnostics.server.fix.unreachable", language)
        case .modelMissing: return strings.format("diagnostics.server.fix.modelMissing", language, server.model ?? "?")
        case .remoteNotAllowed: return strings.string("diagnostics.server.fix.remoteNotAllowed", language)
        case .notConfigured: return strings.string("diagnostics.server.fix.notConfigured", language)
        }
    }

    /// Whether the banner offers "open settings": only for `.appleIntelligenceNotEnabled`,
    /// the one reason the person can fix (DESIGN.md §5).
    public func bannerOffersSettings(for availability: ModelAvailability) -> Bool {
        guard case .unavailable(let reason) = availability else { return false }
        switch reason {
        case .appleIntelligenceNotEnabled: return true
        case .deviceNotEligible, .modelNotReady, .osTooOld, .unknown: return false
        }
    }

    /// The key under which the person dismissed the banner for `availability`, or `nil` when
    /// the banner cannot be dismissed. Only the "switch Apple Intelligence on" banner can be:
    /// its key names the cause (`appleIntelligenceNotEnabled:switchedOff`,
    /// `…:language:zh`, `…:region:CN`), so a dismissed banner comes back when the reason or
    /// its cause changes. Not eligible stays short and permanent; not ready shows progress.
    public func bannerDismissalKey(for availability: ModelAvailability, profile: HardwareProfile) -> String? {
        guard !profile.simulator, case .unavailable(let reason) = availability else { return nil }
        switch reason {
        case .appleIntelligenceNotEnabled:
            let cause: String
            switch AvailabilityGate.notEnabledCause(profile: profile) {
            case .language(let code)?: cause = "language:\(code)"
            case .region(let region)?: cause = "region:\(region)"
            case .switchedOff?, nil: cause = "switchedOff"
            }
            return "\(reason.name):\(cause)"
        case .deviceNotEligible, .modelNotReady, .osTooOld, .unknown:
            return nil
        }
    }

    /// The reason's stable name (`deviceNotEligible`, …), `nil` when available.
    public func reasonName(for availability: ModelAvailability) -> String? {
        guard case .unavailable(let reason) = availability else { return nil }
        return reason.name
    }

    // MARK: Snapshot and report

    /// Everything the diagnostics screen and `lanternly diagnostics` show. No user text.
    public struct Snapshot: Codable, Equatable, Sendable {
        /// `available` or `unavailable`.
        public var availability: String
        /// The reason's name, `nil` when available.
        public var reason: String?
        public var banner: String?
        public var bannerOffersSettings: Bool
        /// ``bannerDismissalKey(for:profile:)``: the banner can be hidden under this key.
        public var bannerDismissalKey: String? = nil
        public var profile: String
        public var device: String
        public var os: String
        public var isSimulator: Bool
        /// BCP 47 codes, sorted.
        public var supportedLanguages: [String]
        public var lastSource: ReplySource?
        public var lastGenerationError: String?
        public var lastGenerationErrorSource: ReplySource?
        /// Download progress 0…1, `nil` when not started or unknown.
        public var downloadProgress: Double?
        /// `notStarted`, `inProgress`, `stalled` or `complete`.
        public var downloadStatus: String
        /// The model server, when one is configured.
        public var server: ModelServerStatus? = nil
        /// What to do about the server (`ollama pull NAME`…), `nil` when nothing is to be done.
        public var serverFix: String? = nil
        /// Set when a remote server is in use: journal text leaves the machine.
        public var privacyNotice: String? = nil
        /// The last source and error of each service, in ``LunaService`` order.
        public var services: [ServiceStatus] = []
    }

    /// One service's line of the snapshot.
    public struct ServiceStatus: Codable, Equatable, Sendable {
        public var service: LunaService
        public var lastSource: String?
        public var lastError: String?
    }

    /// A snapshot for `availability` and `profile` read from `profilePath`.
    ///
    /// - Parameters:
    ///   - server: the model server's status, when one is configured.
    ///   - serverLanguages: the server model's languages (they replace the profile's).
    public func snapshot(availability: ModelAvailability, profile: HardwareProfile,
                         profilePath: String, language: AppLanguage,
                         server: ModelServerStatus? = nil, serverLanguages: [String]? = nil) -> Snapshot {
        let record = current
        let at = now()
        let status: String
        switch AvailabilityGate.downloadStatus(profile: profile, now: at) {
        case .notStarted: status = "notStarted"
        case .inProgress: status = "inProgress"
        case .stalled: status = "stalled"
        case .complete: status = "complete"
        }
        var snap = Snapshot(
            availability: availability.isAvailable ? "available" : "unavailable",
            reason: reasonName(for: availability),
            banner: banner(for: availability, profile: profile, language: language, server: server),
            // No banner in a simulator, so nothing on it to offer (the JSON says the same).
            bannerOffersSettings: !profile.simulator && bannerOffersSettings(for: availability),
            bannerDismissalKey: bannerDismissalKey(for: availability, profile: profile),
            profile: profilePath, device: profile.device, os: profile.os, isSimulator: profile.simulator,
            supportedLanguages: (serverLanguages ?? profile.modelLanguages).sorted(),
            lastSource: record.lastSource, lastGenerationError: record.lastGenerationError,
            lastGenerationErrorSource: record.lastGenerationErrorSource,
            downloadProgress: AvailabilityGate.downloadProgress(profile: profile, now: at),
            downloadStatus: status,
            services: LunaService.allCases.map {
                let r = record.service($0)
                return ServiceStatus(service: $0, lastSource: r.lastSource, lastError: r.lastError)
            })
        if let server {
            snap.server = server
            snap.serverFix = serverFix(server, language: language)
            snap.privacyNotice = privacyNotice(server: server, language: language)
        }
        return snap
    }

    /// The snapshot as labelled lines in `language` (`Availability: unavailable`, …), for the
    /// diagnostics screen and `lanternly diagnostics`.
    public func lines(_ s: Snapshot, profile: HardwareProfile, language: AppLanguage) -> [(label: String, value: String)] {
        let none = strings.string("diagnostics.none", language)
        let download: String
        switch AvailabilityGate.downloadStatus(profile: profile, now: now()) {
        case .notStarted: download = strings.string("diagnostics.download.notStarted", language)
        case .complete: download = strings.string("diagnostics.download.complete", language)
        case .stalled(let free): download = strings.format("diagnostics.download.stalled", language, Self.number(free, language))
        case .inProgress(let p?): download = strings.format("diagnostics.download.progress", language, Self.percent(p))
        case .inProgress(nil): download = strings.string("diagnostics.download.inProgress", language)
        }
        var error = s.lastGenerationError ?? none
        if let src = s.lastGenerationErrorSource, s.lastGenerationError != nil { error += " (\(src.rawValue))" }
        let serverLines = self.serverLines(s, language: language)
        return [
            (strings.string("diagnostics.availability", language),
             strings.string(s.availability == "available" ? "diagnostics.available" : "diagnostics.unavailable", language)),
            (strings.string("diagnostics.reason", language), reasonText(s, language: language) ?? none),
            (strings.string("diagnostics.profile", language), s.profile),
            (strings.string("diagnostics.device", language), "\(s.device), \(s.os)"),
            (strings.string("diagnostics.simulator", language),
             strings.string(s.isSimulator ? "diagnostics.yes" : "diagnostics.no", language)),
            (strings.string("diagnostics.languages", language),
             s.supportedLanguages.isEmpty ? none : s.supportedLanguages.joined(separator: ", ")),
            (strings.string("diagnostics.lastSource", language),
             s.lastSource.map { sourceLabel($0, language: language) } ?? none),
            (strings.string("diagnostics.lastError", language), error),
            (strings.string("diagnostics.download", language), download),
        ] + serverLines + s.services.map { serviceLine($0, language: language) }
    }

    /// Why the model is unavailable, for the diagnostics line: the reason's name, and in a
    /// simulator, that the framework is never available there (so no banner is shown).
    public func reasonText(_ s: Snapshot, language: AppLanguage) -> String? {
        guard s.isSimulator else { return s.reason }
        let why = strings.string("diagnostics.reason.simulator", language)
        return s.reason.map { "\($0) — \(why)" } ?? why
    }

    /// `Chat: on-device; last error: none` — one service's source and error, in `language`.
    public func serviceLine(_ status: ServiceStatus, language: AppLanguage) -> (label: String, value: String) {
        let none = strings.string("diagnostics.none", language)
        let source = status.lastSource.map { serviceSourceLabel($0, service: status.service, language: language) } ?? none
        return (strings.string("diagnostics.service.\(status.service.rawValue)", language),
                strings.format("diagnostics.service.value", language, source, status.lastError ?? none))
    }

    /// How a service's source is named to people; the chat's sources use the reply-source names.
    public func serviceSourceLabel(_ raw: String, service: LunaService, language: AppLanguage) -> String {
        if service == .chat, let reply = ReplySource(rawValue: raw) { return sourceLabel(reply, language: language) }
        if let source = ServiceSource(rawValue: raw) { return strings.string("diagnostics.serviceSource.\(source.rawValue)", language) }
        return raw
    }


    /// The model server's lines (`Model server`, `Model on the server`, `Server state`,
    /// `What to do`) in `language`; empty when no server is configured.
    public func serverLines(_ s: Snapshot, language: AppLanguage) -> [(label: String, value: String)] {
        let none = strings.string("diagnostics.none", language)
        var serverLines: [(label: String, value: String)] = []
        if let server = s.server {
            let state: String
            switch server.state {
            case .ready: state = strings.string("diagnostics.server.ready", language)
            case .notChecked: state = strings.string("diagnostics.server.notChecked", language)
            case .unreachable: state = strings.format("diagnostics.server.unreachable", language, server.error ?? "?")
            case .modelMissing: state = strings.string("diagnostics.server.modelMissing", language)
            case .remoteNotAllowed: state = strings.string("diagnostics.server.remoteNotAllowed", language)
            case .notConfigured: state = strings.format("diagnostics.server.notConfigured", language, server.error ?? "?")
            }
            serverLines = [(strings.string("diagnostics.server", language), server.url),
                           (strings.string("diagnostics.serverModel", language), server.model ?? none),
                           (strings.string("diagnostics.serverState", language), state)]
            if let fix = s.serverFix { serverLines.append((strings.string("diagnostics.serverFix", language), fix)) }
        }
        return serverLines
    }

    /// How a reply source is named to people: `on-device`, `translated`, `from the collection`…
    public func sourceLabel(_ source: ReplySource, language: AppLanguage) -> String {
        strings.string("diagnostics.source.\(source.rawValue)", language)
    }

    /// Writes a diagnostics report (the snapshot's lines and the report log's last 50 lines)
    /// to `diagnostics-report-YYYYMMDD-HHMMSS.txt` in the reports folder, mode 0600.
    ///
    /// - Returns: the report's URL.
    /// - Throws: the file system's error; ``ProfileError``-style messages are not used here.
    @discardableResult
    public func writeReport(availability: ModelAvailability, profile: HardwareProfile,
                            profilePath: String, language: AppLanguage) throws -> URL {
        guard let folder = reportsFolder else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no folder for diagnostics reports"])
        }
        try LanternlyPaths.ensureDirectory(folder)
        let at = now()
        let stamp = ISO8601.string(from: at).replacingOccurrences(of: "-", with: "")
            .replacingOccurrences(of: ":", with: "").replacingOccurrences(of: "T", with: "-")
            .replacingOccurrences(of: "Z", with: "")
        let url = folder.appendingPathComponent("diagnostics-report-\(stamp).txt")
        let snap = snapshot(availability: availability, profile: profile, profilePath: profilePath, language: language)
        var text = "\(strings.string("diagnostics.title", language)) — \(ISO8601.string(from: at))\n\n"
        for line in lines(snap, profile: profile, language: language) { text += "\(line.label): \(line.value)\n" }
        if let banner = snap.banner { text += "\n\(banner)\n" }
        if let log {
            text += "\n\(log.url.lastPathComponent):\n"
            for line in log.lines().suffix(50) { text += line + "\n" }
        }
        try AtomicFile.write(Data(text.utf8), to: url, describedAs: { message in
            CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(url.path): \(message)"])
        })
        appendLog(event: "report", service: nil, source: nil, error: nil)
        return url
    }

    // MARK: Private

    private func update(_ change: (inout Record) -> Void) {
        lock.withLock {
            // Re-read first, so another process's newer record is not overwritten with stale fields.
            if let fresh = readRecord() { record = fresh }
            let before = record
            change(&record)
            guard let file, record != before else { return }
            do {
                try LanternlyPaths.ensureDirectory(file.deletingLastPathComponent())
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
                encoder.dateEncodingStrategy = .iso8601
                try AtomicFile.write(try encoder.encode(record), to: file, describedAs: { message in
                    CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(file.path): \(message)"])
                })
                _persistenceError = nil
            } catch {
                _persistenceError = "\(file.path): \(error.localizedDescription)"
            }
        }
    }

    private func readRecord() -> Record? {
        guard let file, let data = try? Data(contentsOf: file) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try? decoder.decode(Record.self, from: data)
    }

    private func appendLog(event: String, service: LunaService?, source: String?, error: String?) {
        guard let log else { return }
        do {
            try log.append(event: event, service: service?.rawValue, sourceName: source, error: error, at: now())
        } catch {
            lock.withLock { _persistenceError = "\(log.url.path): \(error.localizedDescription)" }
        }
    }

    /// `3.5` in English, `3,5` in Russian; whole numbers without a fraction.
    static func number(_ d: Double, _ language: AppLanguage) -> String { language.formatNumber(d) }

    static func percent(_ p: Double) -> String { String(Int((min(max(p, 0), 1) * 100).rounded(.down))) }
}
