import Foundation

/// Picks the UI language: `--lang`, then config, then `LC_ALL` / `LC_MESSAGES` / `LANG`
/// read directly (on Linux `Locale.current` ignores them; FACTS.md "Linux specifics").
public enum LanguageResolver {
    /// An unknown `--lang` value. `description` names the value and the choices.
    public struct UnknownLanguage: Error, CustomStringConvertible {
        public let value: String
        public var description: String { "unknown language \"\(value)\": use en or ru" }
    }

    /// The environment variables read, in POSIX precedence order (locale(7), setlocale(3)).
    public static let environmentKeys = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// Resolves the UI language.
    ///
    /// Order: `flag` (`--lang`), then `config` (settings.json's `language`), then the first
    /// non-empty of `LC_ALL`, `LC_MESSAGES`, `LANG` in `environment` — that one decides alone,
    /// as in setlocale(3): `C` / `POSIX` / `C.UTF-8` and languages we do not ship (`de_DE`)
    /// give English; `ru_RU.UTF-8` gives Russian. Nothing set: English.
    ///
    /// - Parameters:
    ///   - flag: the `--lang` value (`en`, `ru`, also `ru_RU`, `en-GB`), or `nil`.
    ///   - config: the configured language, or `nil` to follow the environment.
    ///   - environment: the process environment (e.g. `ProcessInfo.processInfo.environment`).
    /// - Throws: ``UnknownLanguage`` when `flag` is given and not a shipped language.
    public static func resolve(flag: String?, config: AppLanguage?, environment: [String: String]) throws -> AppLanguage {
        if let flag {
            let trimmed = flag.trimmingCharacters(in: .whitespaces)
            guard let language = AppLanguage(code: trimmed), !trimmed.isEmpty else {
                throw UnknownLanguage(value: flag)
            }
            return language
        }
        if let config { return config }
        for key in environmentKeys {
            guard let value = environment[key]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { continue }
            return AppLanguage(code: value) ?? .english
        }
        return .english
    }
}
