import Foundation

// STUB — owned by the content helper. Signature is fixed.

/// Guesses which shipped language a message is written in (script-based: Cyrillic → Russian).
public enum MessageLanguage {
    /// The language of `text`; `fallback` when the text gives no sign (digits, emoji, empty).
    public static func detect(_ text: String, fallback: AppLanguage) -> AppLanguage { fallback }
}
