import Foundation

/// Guesses which shipped language a message is written in (script-based: Cyrillic → Russian).
public enum MessageLanguage {
    /// The language of `text`; `fallback` when the text gives no sign (digits, emoji, empty).
    ///
    /// Counts letters by script: more Cyrillic letters (U+0400–U+04FF) than Latin letters
    /// (A–Z, a–z and Latin-1/Extended letters) → ``AppLanguage/russian``; more Latin →
    /// ``AppLanguage/english``; a tie or no letters of either script → `fallback`.
    public static func detect(_ text: String, fallback: AppLanguage) -> AppLanguage {
        var cyrillic = 0
        var latin = 0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) {
                latin += 1
            } else if v >= 0x400 && v <= 0x4FF {
                if scalar.properties.isAlphabetic { cyrillic += 1 }
            } else if v >= 0xC0 && v <= 0x24F && v != 0xD7 && v != 0xF7 {
                latin += 1
            }
        }
        if cyrillic > latin { return .russian }
        if latin > cyrillic { return .english }
        return fallback
    }
}
