import Foundation

/// The simulated device Lanternly pretends to run on: the decoded hardware-profile file
/// (DESIGN.md §2 and §4; issue "Luna answers", item 2).
///
/// The file is JSON; every key is optional and `{}` decodes to ``init()``'s defaults
/// (an iPhone 16 Pro on iOS 26.1 with the model ready):
///
/// ```
/// { "device": "iPhone 16 Pro", "os": "iOS 26.1", "appleIntelligence": true,
///   "freeStorageGB": 64, "deviceLanguage": "en", "siriLanguage": "en", "region": "US",
///   "model": { "state": "ready" }, "modelLanguages": ["en"], "simulator": false,
///   "downloadSeconds": 20, "faults": { "respond": "guardrailViolation" } }
/// ```
///
/// `model` may also hold `progress` (0…1) and `downloadStartedAt` (ISO 8601, UTC), the
/// moment the simulated download began. Reading and writing files: `HardwareProfile+File.swift`.
public struct HardwareProfile: Equatable, Sendable {
    /// Device name as in `Resources/devices.json`, e.g. `iPhone 15 Pro` (FACTS.md table).
    public var device: String
    /// Operating system and version, e.g. `iOS 26.1`, `macOS 15.3`.
    public var os: String
    /// Apple Intelligence switched on in the device's settings (it is opt-in).
    public var appleIntelligence: Bool
    /// Free storage in gigabytes (10⁹ bytes). The model needs about 7 GB (FACTS.md).
    public var freeStorageGB: Double
    /// Device language, a BCP 47 code such as `en`, `en-GB`, `ru`.
    public var deviceLanguage: String
    /// Siri language, a BCP 47 code.
    public var siriLanguage: String
    /// Region, ISO 3166-1 alpha-2 (e.g. `US`, `RU`, `CN`). Also picks the crisis help line.
    public var region: String
    /// The state of the model assets on the device.
    public var model: ModelDownload
    /// Languages the model reads and writes, BCP 47 codes; default `["en"]`.
    public var modelLanguages: [String]
    /// `true` for a simulator (Xcode's scheme option): no banner is ever shown.
    public var simulator: Bool
    /// How long a simulated download takes, in seconds.
    public var downloadSeconds: Double
    /// Injected faults, so every fallback of the reply chain can be seen.
    public var faults: Faults

    /// The default profile: the same as the shipped `iphone-16-pro.json`.
    public init(device: String = "iPhone 16 Pro", os: String = "iOS 26.1",
                appleIntelligence: Bool = true, freeStorageGB: Double = 64,
                deviceLanguage: String = "en", siriLanguage: String = "en", region: String = "US",
                model: ModelDownload = ModelDownload(state: .ready),
                modelLanguages: [String] = ["en"], simulator: Bool = false,
                downloadSeconds: Double = 20, faults: Faults = Faults()) {
        self.device = device
        self.os = os
        self.appleIntelligence = appleIntelligence
        self.freeStorageGB = freeStorageGB
        self.deviceLanguage = deviceLanguage
        self.siriLanguage = siriLanguage
        self.region = region
        self.model = model
        self.modelLanguages = modelLanguages
        self.simulator = simulator
        self.downloadSeconds = downloadSeconds
        self.faults = faults
    }

    /// The model's languages that Lanternly ships (unknown codes are left out).
    public var supportedLanguages: Set<AppLanguage> {
        Set(modelLanguages.compactMap { AppLanguage(code: $0) })
    }

    /// The OS major version: `26` for `iOS 26.1`; `nil` when `os` has no version number.
    public var osMajorVersion: Int? { Self.osVersion(of: os)?.major }

    /// `(major, minor)` of an OS string such as `iOS 26.1` or `macOS 15`.
    static func osVersion(of os: String) -> (major: Int, minor: Int)? {
        guard let token = os.split(separator: " ").last else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard let first = parts.first, let major = Int(first), major >= 0 else { return nil }
        var minor = 0
        if parts.count > 1 {
            guard let m = Int(parts[1]), m >= 0 else { return nil }
            minor = m
        }
        for rest in parts.dropFirst(2) where Int(rest) == nil { return nil }
        return (major, minor)
    }
}

/// The model assets' state on the simulated device (`"model"` in the profile).
public struct ModelDownload: Equatable, Sendable {
    /// `notDownloaded`, `downloading` or `ready`.
    public enum State: String, CaseIterable, Sendable {
        case notDownloaded, downloading, ready
    }

    public var state: State
    /// Progress when the download began (or a fixed snapshot without ``startedAt``), 0…1.
    public var progress: Double?
    /// When the simulated download began; `nil`: a download frozen at ``progress``.
    /// Stored as `downloadStartedAt`, ISO 8601.
    public var startedAt: Date?

    public init(state: State, progress: Double? = nil, startedAt: Date? = nil) {
        self.state = state
        self.progress = progress
        self.startedAt = startedAt
    }
}

/// Faults the profile injects into the simulated model (`"faults"` in the profile).
public struct Faults: Equatable, Sendable {
    /// What `respond(instructions:prompt:)` does instead of (or before) answering.
    public var respond: RespondFault?

    public init(respond: RespondFault? = nil) { self.respond = respond }
}

/// A fault for ``SimulatedLanguageModel/respond(instructions:prompt:)``.
///
/// Written in the profile as `guardrailViolation`, `exceededContextWindowSize`, `empty`
/// or `delay:SECONDS` (e.g. `delay:5`, `delay:0.5`).
public enum RespondFault: Equatable, Sendable, CustomStringConvertible {
    /// Throws ``GenerationError/guardrailViolation``.
    case guardrailViolation
    /// Throws ``GenerationError/exceededContextWindowSize``.
    case exceededContextWindowSize
    /// Answers with an empty string.
    case empty
    /// Waits this many seconds (cancellable), then answers.
    case delay(TimeInterval)

    /// Parses the profile's spelling; `nil` when it is none of the four.
    public init?(string: String) {
        switch string {
        case "guardrailViolation": self = .guardrailViolation
        case "exceededContextWindowSize": self = .exceededContextWindowSize
        case "empty": self = .empty
        default:
            guard string.hasPrefix("delay:"), let s = Double(string.dropFirst(6)),
                  s.isFinite, s >= 0 else { return nil }
            self = .delay(s)
        }
    }

    /// The profile's spelling.
    public var description: String {
        switch self {
        case .guardrailViolation: return "guardrailViolation"
        case .exceededContextWindowSize: return "exceededContextWindowSize"
        case .empty: return "empty"
        case .delay(let s):
            return s == s.rounded() && s < 1e9 ? "delay:\(Int(s))" : "delay:\(s)"
        }
    }
}
