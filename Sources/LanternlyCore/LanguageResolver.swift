import Foundation

// STUB — owned by the content helper. Signature is fixed.

/// Picks the UI language: `--lang`, then config, then `LC_ALL` / `LC_MESSAGES` / `LANG`
/// read directly (on Linux `Locale.current` ignores them; FACTS.md "Linux specifics").
public enum LanguageResolver {
    /// An unknown `--lang` value. `description` names the value and the choices.
    public struct UnknownLanguage: Error, CustomStringConvertible {
        public let value: String
        public var description: String { "unknown language \"\(value)\": use en or ru" }
    }
    /// - Throws: ``UnknownLanguage`` when `flag` is given and not a shipped language.
    public static func resolve(flag: String?, config: AppLanguage?, environment: [String: String]) throws -> AppLanguage {
        .english
    }
}
