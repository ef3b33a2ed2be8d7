import Foundation

/// Whether the on-device model can be used now.
///
/// Mirrors Apple's frozen `SystemLanguageModel.Availability`
/// (developer.apple.com/documentation/foundationmodels/systemlanguagemodel/availability-swift.enum).
/// Feature services only ask ``isAvailable``; only ``LunaDiagnostics`` looks at the reason.
public enum ModelAvailability: Hashable, Sendable {
    case available
    case unavailable(UnavailableReason)

    /// The one bit feature services see: may the model be called now.
    public var isAvailable: Bool {
        if case .available = self { return true }
        return false
    }
}

/// Why the model is unavailable.
///
/// Apple's `UnavailableReason` is *not* frozen (FACTS.md): its documented cases are
/// `deviceNotEligible`, `appleIntelligenceNotEnabled` and `modelNotReady`. We add
/// `osTooOld` for the simulated device whose OS predates the framework (DESIGN.md §2, step 1),
/// and `unknown` stands for a reason this build does not know; code that switches over the
/// reasons keeps a branch for it, like Swift's `@unknown default`.
public enum UnavailableReason: Hashable, Sendable {
    /// The chip cannot run Apple Intelligence. Permanent.
    case deviceNotEligible
    /// Apple Intelligence is switched off, or cannot be switched on (language, region).
    case appleIntelligenceNotEnabled
    /// The model assets are not (fully) on the device yet.
    case modelNotReady
    /// The OS is older than 26: the Foundation Models framework does not exist on it.
    case osTooOld
    /// A reason this build does not know, by its raw name.
    case unknown(String)

    /// The stable name used in JSON output and logs (`deviceNotEligible`, …).
    public var name: String {
        switch self {
        case .deviceNotEligible: return "deviceNotEligible"
        case .appleIntelligenceNotEnabled: return "appleIntelligenceNotEnabled"
        case .modelNotReady: return "modelNotReady"
        case .osTooOld: return "osTooOld"
        case .unknown(let raw): return raw
        }
    }

    /// The reason for a stable name; an unknown name becomes ``unknown(_:)``.
    public init(name: String) {
        switch name {
        case "deviceNotEligible": self = .deviceNotEligible
        case "appleIntelligenceNotEnabled": self = .appleIntelligenceNotEnabled
        case "modelNotReady": self = .modelNotReady
        case "osTooOld": self = .osTooOld
        default: self = .unknown(name)
        }
    }
}
