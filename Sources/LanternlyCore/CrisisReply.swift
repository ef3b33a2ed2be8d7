import Foundation

// STUB — owned by the content helper. Signature is fixed.

/// The fixed, safe crisis reply with the region's help line (FACTS.md, "Crisis help lines").
public enum CrisisReply {
    /// The reply text for `language`, naming the help line and emergency number of `region`
    /// (ISO 3166-1 alpha-2, e.g. `US`, `RU`; `nil` or unknown: the directory and 112).
    public static func text(language: AppLanguage, region: String?) -> String { "" }
}
