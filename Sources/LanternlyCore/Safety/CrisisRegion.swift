import Foundation

/// Which region's help line a crisis or concern reply names — one rule for the app and every
/// command-line path.
///
/// Order:
/// 1. the person's `region` setting (`settings.json`), unless it is unset or `auto`;
/// 2. the territory of the locale in the environment: the first non-empty of `LC_ALL`,
///    `LC_MESSAGES`, `LANG` decides alone, as in setlocale(3) (`en_GB.UTF-8` → `GB`,
///    `ru_RU` → `RU`; `C`, `POSIX`, `C.UTF-8` and `en` name no territory);
/// 3. the simulated device's region (the hardware profile's `region`, `US` by default).
///
/// Without step 2 a person in the UK with default settings was shown 988 and 911 (issue 7).
/// On Linux `Locale.current` ignores these variables (FACTS.md, "Linux specifics"), so they
/// are read here directly; tests pass their own environment.
public enum CrisisRegion {
    /// The environment variables read, in POSIX precedence order (locale(7)).
    public static let environmentKeys = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// The region whose help line to show.
    ///
    /// - Parameters:
    ///   - setting: the `region` setting (`GB`, `ru`…); `nil`, empty or `auto` (any case): not set.
    ///   - environment: the process environment (only the locale variables are read).
    ///   - profileRegion: the hardware profile's region; evaluated only when steps 1–2 give
    ///     nothing (reading the profile may touch the disk).
    /// - Returns: an ISO 3166-1 alpha-2 code in upper case, or `nil` when nothing names one
    ///   (the reply then points to the directory and 112).
    public static func resolve(setting: String?, environment: [String: String],
                               profileRegion: () -> String?) -> String? {
        if let code = code(setting) { return code }
        if let territory = territory(environment: environment) { return territory }
        return code(profileRegion())
    }

    /// The territory of the locale in `environment`: the first non-empty of `LC_ALL`,
    /// `LC_MESSAGES`, `LANG` decides, and `nil` when that one names no territory.
    ///
    /// - Returns: e.g. `GB` for `en_GB.UTF-8`, `PT` for `pt_PT@euro`, `GB` for `en-GB`;
    ///   `nil` for `C`, `POSIX`, `C.UTF-8`, `en`, or a numeric area such as `es_419`.
    public static func territory(environment: [String: String]) -> String? {
        for key in environmentKeys {
            guard let value = environment[key]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { continue }
            return territory(locale: value)
        }
        return nil
    }

    /// The territory of one locale name, POSIX `language[_territory][.codeset][@modifier]`
    /// or BCP 47 `language[-Script][-REGION]` (`zh-Hant-TW`).
    public static func territory(locale: String) -> String? {
        var name = Substring(locale)
        if let cut = name.firstIndex(where: { $0 == "." || $0 == "@" }) { name = name[..<cut] }
        let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" })
        // The language comes first; a region is the first later part of exactly two letters.
        for part in parts.dropFirst() where part.count == 2 && part.allSatisfy({ $0.isASCII && $0.isLetter }) {
            return part.uppercased()
        }
        return nil
    }

    /// A setting's code, or `nil` for unset, empty or `auto`.
    private static func code(_ value: String?) -> String? {
        guard let v = value?.trimmingCharacters(in: .whitespacesAndNewlines), !v.isEmpty,
              v.lowercased() != "auto" else { return nil }
        return v.uppercased()
    }
}
