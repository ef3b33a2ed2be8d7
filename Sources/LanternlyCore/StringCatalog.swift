import Foundation

// STUB — owned by the content helper. Signature is fixed.

/// Xcode's String Catalog (`Resources/Localizable.xcstrings`), read by hand: Linux
/// Foundation does not read it (DESIGN.md §8).
public struct StringCatalog: Sendable {
    /// Parses a catalog's JSON. - Throws: `DecodingError` naming what is wrong.
    public init(data: Data) throws {}
    /// The shipped catalog. - Throws: when the resource is missing or not a catalog.
    public static func shipped() throws -> StringCatalog { try StringCatalog(data: Data("{}".utf8)) }
    /// Every key.
    public var keys: [String] { [] }
    /// The value for `key` in `language`, or `nil` when absent or empty.
    public func value(_ key: String, _ language: AppLanguage) -> String? { nil }
    /// The value for `key` in `language`, falling back to English, then to the key itself.
    public func string(_ key: String, _ language: AppLanguage) -> String { key }
}
