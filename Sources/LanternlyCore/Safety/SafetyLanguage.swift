import Foundation

/// A language a person may write a message in, for the crisis path: English, Russian,
/// Ukrainian and every Apple Intelligence language (FACTS.md, "Apple Intelligence
/// eligibility", Languages). Crisis and concern replies are given in the **message's**
/// language, which may differ from the UI's ``AppLanguage``.
///
/// Raw values are BCP 47 codes as used in `Resources/Localizable.xcstrings`.
public enum SafetyLanguage: String, CaseIterable, Codable, Hashable, Sendable {
    case english = "en"
    case russian = "ru"
    case ukrainian = "uk"
    case german = "de"
    case spanish = "es"
    case french = "fr"
    case italian = "it"
    case portuguese = "pt"
    case japanese = "ja"
    case korean = "ko"
    case chineseSimplified = "zh-Hans"
    case chineseTraditional = "zh-Hant"
    case danish = "da"
    case dutch = "nl"
    case norwegian = "nb"
    case swedish = "sv"
    case turkish = "tr"
    case vietnamese = "vi"

    /// The UI language with the same code, if the app's UI is shipped in it.
    public var appLanguage: AppLanguage? { AppLanguage(rawValue: rawValue) }

    /// The safety language of a UI language.
    public init(_ language: AppLanguage) {
        self = SafetyLanguage(rawValue: language.rawValue) ?? .english
    }
}
