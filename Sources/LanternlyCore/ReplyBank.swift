import Foundation

// STUB — owned by the content helper. Signature is fixed.

/// The curated replies, localized, from `Localizable.xcstrings` (keys `bank.*`).
public struct ReplyBank: Sendable {
    public init(catalog: StringCatalog) {}
    /// Every bank line in `language`.
    public func lines(for language: AppLanguage) -> [String] { [] }
    /// A line in `language` that is not `previous` (no immediate repeats).
    public func pick(language: AppLanguage, previous: String?) -> String { "" }
}
