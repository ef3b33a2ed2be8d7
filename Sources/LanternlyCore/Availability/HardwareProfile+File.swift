import Foundation
import LanternlyResources

/// A hardware profile that cannot be read, written or changed.
///
/// `description` names the file (when there is one), the key at fault, and how to fix it.
public struct ProfileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, for tests and callers that branch.
    public enum Kind: Equatable, Sendable {
        case missingFile, unreadable, notJSON, wrongType, badValue, unknownKey, unknownDevice, unwritable, tooLarge
    }

    public let kind: Kind
    /// The file's path; `nil` for `profile set` on a profile in memory.
    public let path: String?
    /// The offending key (`model.state`, …), when there is one.
    public let key: String?
    public let description: String
    /// The file problem behind `unreadable` and `unwritable`, when the system gave one.
    public var cause: FileCause?
    /// The value that was refused (a device name for `unknownDevice`), when there is one.
    public var value: String?

    init(_ kind: Kind, path: String?, key: String? = nil, _ message: String,
         cause: FileCause? = nil, value: String? = nil) {
        self.kind = kind
        self.path = path
        self.key = key
        self.description = path.map { "\($0): \(message)" } ?? message
        self.cause = cause
        self.value = value
    }

    /// The message for people in `language` (keys `profile.error.*`, `profile.expected.*`),
    /// naming the file first when there is one. ``description`` is the English detail.
    public func message(_ catalog: StringCatalog, _ language: AppLanguage) -> String {
        let start = HardwareProfile.defaultShippedName
        let k = key ?? ""
        let text: String
        switch kind {
        case .missingFile where path == nil:
            text = catalog.format("profile.error.noShipped", language, HardwareProfile.shippedNames.joined(separator: ", "))
        case .missingFile: text = catalog.format("profile.error.missingFile", language, start)
        case .unreadable:
            text = catalog.format("profile.error.unreadable", language, (cause ?? .other).message(catalog, language))
        case .unwritable:
            text = catalog.format("profile.error.unwritable", language, (cause ?? .other).message(catalog, language))
        case .tooLarge: text = catalog.format("profile.error.tooLarge", language, String(InputLimits.profileBytes), start)
        case .notJSON: text = catalog.format("profile.error.notJSON", language, start)
        case .wrongType where k.isEmpty: text = catalog.format("profile.error.notObject", language, start)
        case .wrongType: text = catalog.format("profile.error.wrongType", language, k, start)
        case .unknownKey: text = catalog.format("profile.error.unknownKey", language, k, HardwareProfile.settableKeys.joined(separator: ", "))
        case .unknownDevice:
            text = catalog.format("profile.error.unknownDevice", language, value ?? "",
                                  ((try? DeviceCatalog.shipped())?.names ?? []).joined(separator: ", "))
        case .badValue where k == "appleIntelligence" && value != nil:
            text = catalog.format("profile.error.notEligible", language, value ?? "")
        case .badValue:
            let hintKey = "profile.expected." + (k == "siriLanguage" ? "deviceLanguage" : k)
            let hint = catalog.value(hintKey, language) ?? catalog.string("profile.expected.other", language)
            text = catalog.format("profile.error.badValue", language, k, hint)
        }
        return path.map { "\($0): \(text)" } ?? text
    }
}

/// A value error found while decoding, before the path is known.
private struct ValueError: Error {
    var kind: ProfileError.Kind
    var key: String
    var message: String
}

extension HardwareProfile {
    /// The keys `lanternly profile set KEY VALUE` accepts, in display order.
    public static let settableKeys = [
        "device", "os", "appleIntelligence", "freeStorageGB", "deviceLanguage", "siriLanguage",
        "region", "model.state", "model.progress", "modelLanguages", "simulator",
        "downloadSeconds", "faults.respond",
    ]

    private static let topKeys: Set<String> = [
        "device", "os", "appleIntelligence", "freeStorageGB", "deviceLanguage", "siriLanguage",
        "region", "model", "modelLanguages", "simulator", "downloadSeconds", "faults",
    ]
    private static let modelKeys: Set<String> = ["state", "progress", "downloadStartedAt"]
    private static let faultKeys: Set<String> = ["respond"]

    /// The shipped profile used when none is named.
    public static let defaultShippedName = "iphone-16-pro"

    // MARK: Decoding

    /// Decodes a profile from JSON. Missing keys take ``init()``'s defaults; `{}` is valid.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - path: named in error messages (the file's path).
    ///   - catalog: when given, `device` must be one of its names (matched
    ///     case-insensitively and stored with the catalog's spelling).
    /// - Throws: ``ProfileError`` of kind `tooLarge` (over ``InputLimits/profileBytes``), `notJSON`, `wrongType`, `badValue`, `unknownKey`
    ///   or `unknownDevice`, naming `path` and the key.
    public init(data: Data, path: String? = nil, catalog: DeviceCatalog? = nil) throws {
        if data.count > InputLimits.profileBytes {
            throw ProfileError(.tooLarge, path: path, LimitExceeded(kind: .profileBytes, found: data.count).description)
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw ProfileError(.notJSON, path: path,
                               "not valid JSON (\(Self.jsonProblem(error))). Fix the file, or start over with `lanternly profile use \(Self.defaultShippedName)`.")
        }
        guard let object = root as? [String: Any] else {
            throw ProfileError(.wrongType, path: path,
                               "expected a JSON object such as {\"device\": \"iPhone 16 Pro\"} at the top level.")
        }
        do {
            try Self.checkKeys(object, allowed: Self.topKeys, prefix: "")
            if let m = object["model"] as? [String: Any] {
                try Self.checkKeys(m, allowed: Self.modelKeys, prefix: "model.")
            }
            if let f = object["faults"] as? [String: Any] {
                try Self.checkKeys(f, allowed: Self.faultKeys, prefix: "faults.")
            }
            self = try JSONDecoder().decode(HardwareProfile.self, from: data)
        } catch let e as ValueError {
            throw ProfileError(e.kind, path: path, key: e.key, e.message)
        } catch DecodingError.typeMismatch(let type, let context) {
            let key = Self.keyPath(context.codingPath)
            throw ProfileError(.wrongType, path: path, key: key,
                               "wrong type for key \"\(key)\": expected \(Self.expected(type, key: key)).")
        } catch {
            throw ProfileError(.notJSON, path: path,
                               "could not be read as a profile (\(error)). Start over with `lanternly profile use \(Self.defaultShippedName)`.")
        }
        if let catalog {
            guard let known = catalog.device(named: device) else {
                throw ProfileError(.unknownDevice, path: path, key: "device",
                                   "unknown device \"\(device)\". Known devices: \(catalog.names.joined(separator: ", ")).", value: device)
            }
            device = known.name
        }
    }

    /// Loads the profile file at `url`.
    ///
    /// - Parameters:
    ///   - url: the profile file.
    ///   - catalog: the device catalog that `device` must name; `nil`: the shipped one.
    /// - Throws: ``ProfileError``: `missingFile` (suggests `lanternly profile use
    ///   iphone-16-pro`), `unreadable`, or a decoding error of ``init(data:path:catalog:)``.
    public static func load(from url: URL, catalog: DeviceCatalog? = nil) throws -> HardwareProfile {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else {
            throw ProfileError(.missingFile, path: path,
                               "no file here. Check the path, or name a shipped profile instead: --profile \(defaultShippedName) (all names: 'lanternly profile list').")
        }
        let data: Data
        do {
            // Refused unread when over the limit: a 100 MB file is not a profile.
            data = try InputLimits.readFile(url, limit: .profileBytes) ?? Data()
        } catch let l as LimitExceeded {
            throw ProfileError(.tooLarge, path: path, l.description)
        } catch {
            throw ProfileError(.unreadable, path: path,
                               "cannot be read (\(error.localizedDescription)). Check its permissions.", cause: FileCause(error))
        }
        let devices: DeviceCatalog
        do {
            devices = try catalog ?? DeviceCatalog.shipped()
        } catch {
            throw ProfileError(.unreadable, path: path, "the device catalog is missing: \(error)")
        }
        return try HardwareProfile(data: data, path: path, catalog: devices)
    }

    /// The names of the shipped profiles (`Resources/profiles/*.json` without `.json`), sorted.
    public static var shippedNames: [String] {
        let dir = ShippedResources.url("profiles")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The URL of shipped profile `name` (without `.json`).
    public static func shippedURL(named name: String) -> URL {
        ShippedResources.url("profiles/\(name).json")
    }

    /// Loads shipped profile `name`, e.g. `iphone-15`.
    ///
    /// - Throws: ``ProfileError`` of kind `missingFile` listing ``shippedNames`` when there
    ///   is no such profile.
    public static func shipped(named name: String) throws -> HardwareProfile {
        let url = shippedURL(named: name)
        guard !name.contains("/"), FileManager.default.fileExists(atPath: url.path) else {
            throw ProfileError(.missingFile, path: nil, key: nil,
                               "no shipped profile \"\(name)\". Shipped profiles: \(shippedNames.joined(separator: ", ")).")
        }
        return try load(from: url)
    }

    // MARK: Encoding

    /// The profile as pretty-printed JSON with sorted keys (`model.downloadStartedAt` in
    /// ISO 8601; `faults` and `model.progress` left out when empty).
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Encoding a struct of strings, numbers and booleans cannot fail.
        return ((try? encoder.encode(self)) ?? Data("{}".utf8)) + Data("\n".utf8)
    }

    /// Writes the profile to `url` atomically: a temporary file (mode 0600) in the same
    /// folder, then `rename(2)`. The folder is created 0700 when missing.
    ///
    /// - Throws: ``ProfileError`` of kind `unwritable` naming the path.
    public func save(to url: URL) throws {
        let path = url.path
        do {
            try LanternlyPaths.ensureDirectory(url.deletingLastPathComponent())
        } catch {
            throw ProfileError(.unwritable, path: path, "cannot create its folder (\(error.localizedDescription)).", cause: FileCause(error))
        }
        try AtomicFile.write(jsonData(), to: url, describedAs: { message in
            ProfileError(.unwritable, path: path, message)
        })
    }

    // MARK: lanternly profile set

    /// Changes one key, as `lanternly profile set KEY VALUE` does.
    ///
    /// Switching `appleIntelligence` on for an eligible device whose model is not ready
    /// starts the simulated download at `now` (issue "Luna answers", item 2). Setting
    /// `model.state` to `downloading` starts the clock at `now` too.
    ///
    /// - Parameters:
    ///   - key: one of ``settableKeys``.
    ///   - value: text, e.g. `true`, `64`, `en,ru`, `delay:5`; `none` clears `faults.respond`.
    ///   - now: the current time (injected for tests).
    ///   - catalog: device names for `device` and eligibility.
    /// - Throws: ``ProfileError`` of kind `unknownKey` (lists the keys), `badValue` (says
    ///   what is expected) or `unknownDevice` (lists the devices).
    public mutating func set(key: String, value rawValue: String, now: Date, catalog: DeviceCatalog) throws {
        let value = rawValue.trimmingCharacters(in: .whitespacesAndNewlines)
        func bad(_ expected: String) -> ProfileError {
            ProfileError(.badValue, path: nil, key: key, "bad value \"\(rawValue)\" for \(key): expected \(expected).")
        }
        func number(_ range: ClosedRange<Double>) throws -> Double {
            guard let n = Double(value), n.isFinite, range.contains(n) else {
                throw bad(range.upperBound == .greatestFiniteMagnitude
                          ? "a number of at least \(Self.text(range.lowerBound))"
                          : "a number from \(Self.text(range.lowerBound)) to \(Self.text(range.upperBound))")
            }
            return n
        }
        func bool() throws -> Bool {
            // The same words as `settings set history`: on/off, or JSON's true/false.
            switch value.lowercased() {
            case "true", "on": return true
            case "false", "off": return false
            default: throw bad("on or off (true or false)")
            }
        }
        func languageCode() throws -> String {
            guard Self.isLanguageCode(value) else { throw bad("a language code such as en, en-GB or ru") }
            return value
        }
        // After a change the person made, the system starts the download it would start.
        defer { if key != "model.state" && key != "model.progress" { startDownloadIfDue(now: now, catalog: catalog) } }
        switch key {
        case "device":
            guard let known = catalog.device(named: value) else {
                throw ProfileError(.unknownDevice, path: nil, key: key,
                                   "unknown device \"\(value)\". Known devices: \(catalog.names.joined(separator: ", ")).", value: value)
            }
            if known.name != device {
                // Another device has no model of its own yet: it downloads it if it can.
                device = known.name
                os = Self.os(os, on: known.platform)
                model = ModelDownload(state: .notDownloaded)
                if appleIntelligence, catalog.isEligible(device) { startDownload(now: now) }
            }
        case "os":
            guard Self.isOSString(value) else { throw bad("a system name and version such as \"iOS 26.1\" or \"macOS 15.3\"") }
            // The system follows the device: an iPhone runs iOS, a Mac macOS.
            if let platform = catalog.device(named: device)?.platform,
               value.split(separator: " ").first.map(String.init)?.lowercased() != platform.lowercased() {
                throw bad("\(platform) and a version, as \(device) runs \(platform) (for example \"\(platform) 26.1\")")
            }
            os = value
        case "appleIntelligence":
            let on = try bool()
            if on, !appleIntelligence, let known = catalog.device(named: device), !known.eligible {
                throw ProfileError(.badValue, path: nil, key: key,
                                   "\(known.name) (\(known.chip)) cannot run Apple Intelligence, so it cannot be switched on. Choose an eligible device first, e.g. 'lanternly profile set device \"iPhone 16 Pro\"'.",
                                   value: known.name)
            }
            let wasOn = appleIntelligence
            appleIntelligence = on
            // Switching Apple Intelligence off removes its model assets, so switching it on
            // again downloads them again (DESIGN.md §5: switching on starts the download).
            if !on, wasOn { model = ModelDownload(state: .notDownloaded) }
            if on, !wasOn, catalog.isEligible(device), model.state != .ready {
                startDownload(now: now, keepProgress: model.state == .downloading)
            }
        case "freeStorageGB":
            let free = try number(0...Double.greatestFiniteMagnitude)
            let need = AvailabilityGate.requiredFreeStorageGB
            if model.state == .downloading {
                if freeStorageGB >= need, free < need {
                    // Stalls now: keep the progress reached, so it resumes from there.
                    let p = AvailabilityGate.downloadProgress(profile: self, now: now) ?? model.progress ?? 0
                    model = ModelDownload(state: .downloading, progress: min(p, 1), startedAt: now)
                } else if freeStorageGB < need, free >= need {
                    // Resumes where it stopped: the stalled time never counts as progress.
                    startDownload(now: now, keepProgress: true)
                }
            }
            freeStorageGB = free
        case "deviceLanguage":
            deviceLanguage = try languageCode()
        case "siriLanguage":
            siriLanguage = try languageCode()
        case "region":
            guard let code = UserSettings.regionCode(value) else {
                throw bad("a two-letter region code such as US, GB or RU")
            }
            region = code
        case "model.state":
            guard let state = ModelDownload.State(rawValue: value) else {
                throw bad("notDownloaded, downloading or ready")
            }
            if state == .downloading {
                startDownload(now: now, keepProgress: true)
            } else {
                model = ModelDownload(state: state)
            }
        case "model.progress":
            let p = try number(0...1)
            model.progress = p
            if model.state == .downloading, model.startedAt != nil { model.startedAt = now }
        case "modelLanguages":
            let codes = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard !codes.isEmpty, codes.allSatisfy(Self.isLanguageCode) else {
                throw bad("a comma-separated list of language codes such as en or en,ru")
            }
            modelLanguages = codes
        case "simulator":
            simulator = try bool()
        case "downloadSeconds":
            downloadSeconds = try number(0...Double.greatestFiniteMagnitude)
        case "faults.respond":
            if ["", "none", "off"].contains(value.lowercased()) {
                faults.respond = nil
            } else {
                guard let fault = RespondFault(string: value) else {
                    throw bad("guardrailViolation, exceededContextWindowSize, empty, delay:SECONDS or none")
                }
                faults.respond = fault
            }
        default:
            throw ProfileError(.unknownKey, path: nil, key: key,
                               "unknown profile key \"\(key)\". Keys: \(Self.settableKeys.joined(separator: ", ")).")
        }
    }

    /// Starts (or restarts) the simulated download at `now`, from ``ModelDownload/progress``
    /// when `keepProgress`, else from 0.
    public mutating func startDownload(now: Date, keepProgress: Bool = false) {
        let base = keepProgress ? (model.progress ?? 0) : 0
        model = ModelDownload(state: .downloading, progress: base, startedAt: now)
    }

    /// Starts the model download the real system would start: an eligible device on a
    /// system with the framework (26 or later), Apple Intelligence on and able to be on, the
    /// model not downloaded, and at least 7 GB free — however the profile got that way
    /// (edited by hand, in another terminal, a system update in Settings).
    ///
    /// - Returns: `true` when a download was started.
    @discardableResult
    public mutating func startDownloadIfDue(now: Date, catalog: DeviceCatalog) -> Bool {
        guard model.state == .notDownloaded, appleIntelligence, catalog.isEligible(device),
              let major = osMajorVersion, major >= AvailabilityGate.minimumOSMajorVersion,
              AvailabilityGate.notEnabledCause(profile: self) == nil,
              freeStorageGB >= AvailabilityGate.requiredFreeStorageGB else { return false }
        startDownload(now: now)
        return true
    }

    /// `os` moved to `platform`: the same system year's version there (iOS/iPadOS 18 ↔
    /// macOS 15 ↔ visionOS 2; 26 is 26 everywhere), or `os` unchanged when already on it.
    static func os(_ os: String, on platform: String) -> String {
        let parts = os.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[0].lowercased() != platform.lowercased(),
              let version = osVersion(of: os) else { return os }
        // The release year's major version on each platform (Apple's 2024 and 2025 releases).
        let years: [[String: Int]] = [["iOS": 18, "iPadOS": 18, "macOS": 15, "visionOS": 2],
                                      ["iOS": 26, "iPadOS": 26, "macOS": 26, "visionOS": 26]]
        let from = parts[0]
        guard let year = years.first(where: { $0.first { $0.key.lowercased() == from.lowercased() }?.value == version.major }),
              let major = year[platform] else { return "\(platform) 26.1" }
        return "\(platform) \(major).\(version.minor)"
    }

    /// Starts the clock of a download frozen at ``ModelDownload/progress`` (state
    /// `downloading` without `downloadStartedAt`, as in the shipped `iphone-16-downloading.json`),
    /// so it runs on from there and completes after `downloadSeconds`. Anything else is left alone.
    ///
    /// - Returns: `true` when the clock was started.
    @discardableResult
    public mutating func startDownloadClockIfFrozen(now: Date) -> Bool {
        guard model.state == .downloading, model.startedAt == nil else { return false }
        startDownload(now: now, keepProgress: true)
        return true
    }

    // MARK: Helpers

    private static func checkKeys(_ object: [String: Any], allowed: Set<String>, prefix: String) throws {
        for key in object.keys.sorted() where !allowed.contains(key) {
            throw ValueError(kind: .unknownKey, key: prefix + key,
                             message: "unknown key \"\(prefix + key)\". Known keys: \(allowed.sorted().map { prefix + $0 }.joined(separator: ", ")).")
        }
    }

    static func isLanguageCode(_ s: String) -> Bool {
        !s.isEmpty && s.count <= 35 && s.first!.isLetter
            && s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    static func isOSString(_ s: String) -> Bool {
        let parts = s.split(separator: " ")
        return parts.count == 2 && parts[0].allSatisfy({ $0.isASCII && $0.isLetter }) && osVersion(of: s) != nil
    }

    private static func text(_ d: Double) -> String {
        d == d.rounded() ? String(Int(d)) : String(d)
    }

    private static func keyPath(_ path: [CodingKey]) -> String {
        path.filter { $0.intValue == nil }.map(\.stringValue).joined(separator: ".")
    }

    private static func expected(_ type: Any.Type, key: String) -> String {
        if key == "modelLanguages" { return "a list of strings such as [\"en\"]" }
        switch type {
        case is Bool.Type: return "true or false"
        case is Double.Type, is Int.Type: return "a number"
        case is String.Type: return "a string"
        default: return key.isEmpty ? "an object" : "an object such as {\"state\": \"ready\"}"
        }
    }

    private static func jsonProblem(_ error: Error) -> String {
        let ns = error as NSError
        if let detail = ns.userInfo[NSDebugDescriptionErrorKey] as? String { return detail }
        return "malformed"
    }
}

// MARK: - Codable

extension HardwareProfile: Codable {
    enum CodingKeys: String, CodingKey {
        case device, os, appleIntelligence, freeStorageGB, deviceLanguage, siriLanguage, region
        case model, modelLanguages, simulator, downloadSeconds, faults
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = HardwareProfile()
        device = try c.decodeIfPresent(String.self, forKey: .device) ?? d.device
        os = try c.decodeIfPresent(String.self, forKey: .os) ?? d.os
        guard Self.isOSString(os) else {
            throw ValueError(kind: .badValue, key: "os",
                             message: "bad value \"\(os)\" for key \"os\": expected a system name and version such as \"iOS 26.1\" or \"macOS 15.3\".")
        }
        appleIntelligence = try c.decodeIfPresent(Bool.self, forKey: .appleIntelligence) ?? d.appleIntelligence
        freeStorageGB = try c.decodeIfPresent(Double.self, forKey: .freeStorageGB) ?? d.freeStorageGB
        guard freeStorageGB >= 0 else {
            throw ValueError(kind: .badValue, key: "freeStorageGB",
                             message: "bad value for key \"freeStorageGB\": expected a number of at least 0.")
        }
        deviceLanguage = try c.decodeIfPresent(String.self, forKey: .deviceLanguage) ?? d.deviceLanguage
        siriLanguage = try c.decodeIfPresent(String.self, forKey: .siriLanguage) ?? d.siriLanguage
        for (key, code) in [("deviceLanguage", deviceLanguage), ("siriLanguage", siriLanguage)]
        where !Self.isLanguageCode(code) {
            throw ValueError(kind: .badValue, key: key,
                             message: "bad value \"\(code)\" for key \"\(key)\": expected a language code such as en or ru.")
        }
        let rawRegion = try c.decodeIfPresent(String.self, forKey: .region) ?? d.region
        // The same rules as `profile set` (region, languages, numbers).
        guard let code = UserSettings.regionCode(rawRegion) else {
            throw ValueError(kind: .badValue, key: "region",
                             message: "bad value \"\(rawRegion)\" for key \"region\": expected a two-letter region code such as US, GB or RU.")
        }
        region = code
        model = try c.decodeIfPresent(ModelDownload.self, forKey: .model) ?? d.model
        modelLanguages = try c.decodeIfPresent([String].self, forKey: .modelLanguages) ?? d.modelLanguages
        if modelLanguages.isEmpty {
            throw ValueError(kind: .badValue, key: "modelLanguages",
                             message: "bad value [] for key \"modelLanguages\": expected language codes such as [\"en\"].")
        }
        for code in modelLanguages where !Self.isLanguageCode(code) {
            throw ValueError(kind: .badValue, key: "modelLanguages",
                             message: "bad value \"\(code)\" in \"modelLanguages\": expected language codes such as [\"en\"].")
        }
        simulator = try c.decodeIfPresent(Bool.self, forKey: .simulator) ?? d.simulator
        downloadSeconds = try c.decodeIfPresent(Double.self, forKey: .downloadSeconds) ?? d.downloadSeconds
        guard downloadSeconds >= 0 else {
            throw ValueError(kind: .badValue, key: "downloadSeconds",
                             message: "bad value for key \"downloadSeconds\": expected a number of seconds, at least 0.")
        }
        faults = try c.decodeIfPresent(Faults.self, forKey: .faults) ?? d.faults
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(device, forKey: .device)
        try c.encode(os, forKey: .os)
        try c.encode(appleIntelligence, forKey: .appleIntelligence)
        try c.encode(freeStorageGB, forKey: .freeStorageGB)
        try c.encode(deviceLanguage, forKey: .deviceLanguage)
        try c.encode(siriLanguage, forKey: .siriLanguage)
        try c.encode(region, forKey: .region)
        try c.encode(model, forKey: .model)
        try c.encode(modelLanguages, forKey: .modelLanguages)
        try c.encode(simulator, forKey: .simulator)
        try c.encode(downloadSeconds, forKey: .downloadSeconds)
        if faults.respond != nil { try c.encode(faults, forKey: .faults) }
    }
}

extension ModelDownload: Codable {
    enum CodingKeys: String, CodingKey { case state, progress, downloadStartedAt }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let raw = try c.decodeIfPresent(String.self, forKey: .state) ?? State.ready.rawValue
        guard let state = State(rawValue: raw) else {
            throw ValueError(kind: .badValue, key: "model.state",
                             message: "bad value \"\(raw)\" for key \"model.state\": expected notDownloaded, downloading or ready.")
        }
        self.state = state
        progress = try c.decodeIfPresent(Double.self, forKey: .progress)
        if let p = progress, !(0...1).contains(p) {
            throw ValueError(kind: .badValue, key: "model.progress",
                             message: "bad value \(p) for key \"model.progress\": expected a number from 0 to 1.")
        }
        if let text = try c.decodeIfPresent(String.self, forKey: .downloadStartedAt) {
            guard let date = ISO8601.date(from: text) else {
                throw ValueError(kind: .badValue, key: "model.downloadStartedAt",
                                 message: "bad value \"\(text)\" for key \"model.downloadStartedAt\": expected an ISO 8601 time such as 2026-01-31T09:30:00Z.")
            }
            startedAt = date
        } else {
            startedAt = nil
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(state.rawValue, forKey: .state)
        try c.encodeIfPresent(progress, forKey: .progress)
        try c.encodeIfPresent(startedAt.map(ISO8601.string(from:)), forKey: .downloadStartedAt)
    }
}

extension Faults: Codable {
    enum CodingKeys: String, CodingKey { case respond }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let raw = try c.decodeIfPresent(String.self, forKey: .respond) {
            guard let fault = RespondFault(string: raw) else {
                throw ValueError(kind: .badValue, key: "faults.respond",
                                 message: "bad value \"\(raw)\" for key \"faults.respond\": expected guardrailViolation, exceededContextWindowSize, empty or delay:SECONDS.")
            }
            respond = fault
        } else {
            respond = nil
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(respond?.description, forKey: .respond)
    }
}

/// ISO 8601 times (UTC, `2026-01-31T09:30:00Z`, fractional seconds accepted on input).
enum ISO8601 {
    static func string(from date: Date) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: date)
    }

    static func date(from text: String) -> Date? {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        if let d = f.date(from: text) { return d }
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.date(from: text)
    }
}

/// Atomic writes: a temporary file with mode 0600 beside the target, then `rename(2)`.
/// Replacing a file whole: write a 0600 temporary file beside it, then `rename(2)` it over
/// the target, so a reader sees the old file or the new one, never half of one.
///
/// A symbolic link of the person's own (or root's) is followed (its target is replaced, the
/// link stays); one made by another user is refused, as is a target that exists but is not a
/// regular file (a folder, a device such as `/dev/full`, a FIFO).
public enum AtomicFile {
    /// The file that a write to `url` replaces: `url` with symbolic links resolved.
    ///
    /// - Throws: `makeError` with a `cause.*` catalog key (``FileCause/localized(_:_:_:)``
    ///   gives its text) when the target exists and is not a regular file.
    public static func target(of url: URL, describedAs makeError: (String) -> Error) throws -> URL {
        var path = url.path
        var info = stat()
        // Follow links by hand, so a link to a file that does not exist yet is followed too.
        for _ in 0..<16 {
            guard lstat(path, &info) == 0 else { return URL(fileURLWithPath: path) }  // new file
            guard (info.st_mode & S_IFMT) == S_IFLNK else { break }
            // Like the kernel's protected_symlinks: a link someone else made (in a shared
            // folder) is not followed, so it cannot point our write at a file of their choosing.
            guard info.st_uid == geteuid() || info.st_uid == 0 else {
                throw makeError("cause.foreignLink")
            }
            guard let next = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { break }
            path = next.hasPrefix("/") ? next
                : URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(next).path
        }
        if (info.st_mode & S_IFMT) != S_IFREG {
            throw makeError("cause.notRegularFile")
        }
        return URL(fileURLWithPath: path)
    }

    /// Writes `data` to `url` atomically with mode 0600, through ``PrivateFile`` (a new file
    /// under a random name made with `O_EXCL|O_NOFOLLOW`, then a checked `rename`).
    ///
    /// - Throws: `makeError(key)`, a `cause.*` catalog key, when the target is not a regular file, the folder is
    ///   not writable or the disk is full. The corresponding C function is `rename`.
    public static func write(_ data: Data, to url: URL, describedAs makeError: (String) -> Error) throws {
        let url = try target(of: url, describedAs: makeError)
        let dir = url.deletingLastPathComponent()
        let file: PrivateFile.Created
        do {
            file = try PrivateFile.create(in: dir, prefix: ".\(url.lastPathComponent).", suffix: ".tmp")
        } catch {
            throw makeError(FileCause(error).key)
        }
        do {
            try PrivateFile.write(data, to: file)
        } catch {
            PrivateFile.discard(file)
            throw makeError(FileCause(error).key)
        }
        do {
            try PrivateFile.commit(file, to: url)
        } catch {
            throw makeError(FileCause(error).key)
        }
    }
}
