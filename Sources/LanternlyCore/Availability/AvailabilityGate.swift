import Foundation

/// Derives ``ModelAvailability`` from a ``HardwareProfile`` (DESIGN.md §2). Pure: the
/// time is passed in.
///
/// The order, first match wins:
/// 1. OS major version older than 26 → `.unavailable(.osTooOld)` (the framework does not exist);
/// 2. chip not eligible (``DeviceCatalog``, FACTS.md table) → `.deviceNotEligible`;
/// 3. Apple Intelligence off, or impossible to switch on — the device or Siri language is not
///    an Apple Intelligence language (Russian never is), or the region is mainland China —
///    → `.appleIntelligenceNotEnabled`;
/// 4. model not fully downloaded → `.modelNotReady`;
/// 5. otherwise `.available`.
public enum AvailabilityGate {
    /// Free storage the model needs, in GB: "about 7 GB" (FACTS.md, "Also needed").
    public static let requiredFreeStorageGB: Double = 7

    /// The first OS major version with the Foundation Models framework.
    public static let minimumOSMajorVersion = 26

    /// While the state is `.modelNotReady`, callers re-derive availability this often, in
    /// seconds. DESIGN.md §2 asks for a rhythm of 10–30 s, never faster; 15 s sits inside it.
    public static let notReadyRecheckInterval: TimeInterval = 15

    /// How often callers look at the profile file for edits, in seconds: DESIGN.md §2 asks
    /// that a change be noticed "within a couple of seconds". Checking the file's
    /// modification time is cheap; re-deriving happens only when it changed.
    public static let profilePollInterval: TimeInterval = 1

    /// Where the simulated model download stands.
    public enum DownloadStatus: Equatable, Sendable {
        /// `model.state` is `notDownloaded`: nothing is happening.
        case notStarted
        /// Downloading; `progress` 0…1 when known.
        case inProgress(progress: Double?)
        /// Downloading, but less than ``requiredFreeStorageGB`` is free: it never finishes.
        case stalled(freeStorageGB: Double)
        /// The model is on the device.
        case complete
    }

    /// Why Apple Intelligence is not on (step 3), for the banner.
    public enum NotEnabledCause: Equatable, Sendable {
        /// Switched off in settings.
        case switchedOff
        /// The device or Siri language (this code) is not an Apple Intelligence language.
        case language(String)
        /// Not offered in this region (mainland China).
        case region(String)
    }

    /// The availability of the model on the simulated device at `now`.
    ///
    /// - Parameters:
    ///   - profile: the simulated device.
    ///   - catalog: chip eligibility; a device the catalog does not know is not eligible.
    ///   - now: the current time, for a download in progress.
    public static func availability(profile: HardwareProfile, catalog: DeviceCatalog, now: Date) -> ModelAvailability {
        guard let major = profile.osMajorVersion, major >= minimumOSMajorVersion else {
            return .unavailable(.osTooOld)
        }
        guard catalog.isEligible(profile.device) else { return .unavailable(.deviceNotEligible) }
        if notEnabledCause(profile: profile) != nil { return .unavailable(.appleIntelligenceNotEnabled) }
        guard downloadStatus(profile: profile, now: now) == .complete else {
            return .unavailable(.modelNotReady)
        }
        return .available
    }

    /// Why Apple Intelligence is off or cannot be switched on; `nil` when it is on and can be.
    public static func notEnabledCause(profile: HardwareProfile) -> NotEnabledCause? {
        if !profile.appleIntelligence { return .switchedOff }
        for code in [profile.deviceLanguage, profile.siriLanguage]
        where !isAppleIntelligenceLanguage(code, os: profile.os) {
            return .language(code)
        }
        if profile.region.uppercased() == "CN" { return .region(profile.region.uppercased()) }
        return nil
    }

    /// The simulated download at `now`.
    ///
    /// A `downloading` model with `downloadStartedAt` completes when
    /// `now - downloadStartedAt >= downloadSeconds` and at least 7 GB are free; its progress
    /// runs linearly from `model.progress` (default 0) to 1. Without `downloadStartedAt` it is
    /// a snapshot frozen at `model.progress`. With less than 7 GB free it never completes.
    public static func downloadStatus(profile: HardwareProfile, now: Date) -> DownloadStatus {
        switch profile.model.state {
        case .ready: return .complete
        case .notDownloaded: return .notStarted
        case .downloading:
            if profile.freeStorageGB < requiredFreeStorageGB {
                return .stalled(freeStorageGB: profile.freeStorageGB)
            }
            guard let start = profile.model.startedAt else {
                return .inProgress(progress: profile.model.progress)
            }
            let elapsed = max(0, now.timeIntervalSince(start))
            if elapsed >= profile.downloadSeconds { return .complete }
            let base = min(max(profile.model.progress ?? 0, 0), 1)
            return .inProgress(progress: min(1, base + (1 - base) * elapsed / profile.downloadSeconds))
        }
    }

    /// Download progress 0…1 at `now`: 1 when complete, the frozen progress when stalled,
    /// `nil` when not started or unknown.
    public static func downloadProgress(profile: HardwareProfile, now: Date) -> Double? {
        switch downloadStatus(profile: profile, now: now) {
        case .complete: return 1
        case .notStarted: return nil
        case .inProgress(let p): return p
        case .stalled: return profile.model.progress
        }
    }

    /// Whether `code` (BCP 47, e.g. `en-GB`, `pt-PT`, `zh-Hant`) is an Apple Intelligence
    /// language on `os`. English, French, German, Italian, Portuguese (Brazil), Spanish,
    /// Japanese, Korean and Chinese (simplified) since 18.x; Chinese (traditional), Danish,
    /// Dutch, Norwegian, Portuguese (Portugal), Swedish, Turkish and Vietnamese since 26.1
    /// (FACTS.md, "Languages"). Russian is on no list.
    public static func isAppleIntelligenceLanguage(_ code: String, os: String) -> Bool {
        let parts = code.lowercased().replacingOccurrences(of: "_", with: "-").split(separator: "-").map(String.init)
        guard let base = parts.first else { return false }
        let rest = Set(parts.dropFirst())
        let version = HardwareProfile.osVersion(of: os) ?? (0, 0)
        let has261 = version.major > 26 || (version.major == 26 && version.minor >= 1)
        switch base {
        case "en", "fr", "de", "it", "es", "ja", "ko": return true
        case "pt": return rest.contains("pt") ? has261 : true
        case "zh":
            return rest.isDisjoint(with: ["hant", "tw", "hk", "mo"]) ? true : has261
        case "da", "nl", "nb", "no", "nn", "sv", "tr", "vi": return has261
        default: return false
        }
    }
}
