import Foundation

// STUB — owned by the content helper (crisis/bank/questions/localization). Signature is fixed.

/// Deterministic crisis detection (DESIGN.md §3, step 1). Never calls a model.
public enum CrisisDetector {
    /// True when `text` speaks of self-harm or suicide, directly or indirectly, in any shipped language.
    public static func isCrisis(_ text: String) -> Bool { false }
}
