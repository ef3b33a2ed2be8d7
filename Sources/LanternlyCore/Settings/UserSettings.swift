import Foundation

/// A daily-question path (DESIGN.md §6).
public enum LifePath: String, CaseIterable, Codable, Hashable, Sendable {
    case calm, growth, connection
}

/// The grammatical gender the person chose; Russian live replies follow it (DESIGN.md §4).
public enum GrammaticalGender: String, CaseIterable, Codable, Hashable, Sendable {
    case feminine, masculine, neutral
}

/// The person's settings, stored as `settings.json` in the config folder.
///
/// Every key is optional in the file: `{}` decodes to ``init()``'s defaults.
public struct UserSettings: Codable, Hashable, Sendable {
    /// UI language; `nil` means: follow `LC_ALL` / `LC_MESSAGES` / `LANG`.
    public var language: AppLanguage?
    public var gender: GrammaticalGender
    public var lifePath: LifePath
    /// ISO 3166-1 alpha-2 region for the crisis help line, e.g. `US`, `RU`; `nil`: the profile's.
    public var region: String?
    /// When false, chat turns are not stored (issue "The journal").
    public var keepChatHistory: Bool
    /// When false, Luna remembers nothing new and uses no memories (``MemoryExtractor``).
    public var keepMemories: Bool
    /// The "switch Apple Intelligence on" banner was dismissed for this reason's cause
    /// (a ``LunaDiagnostics/bannerDismissalKey(for:profile:)`` value); `nil`: not dismissed.
    public var dismissedBanner: String?
    /// When true (the default), an answer to the daily question (F5) is saved as a journal
    /// entry titled with the question, and Luna reflects on it (issue 12).
    public var answersToJournal: Bool
    /// A model server (`model.server`, `model.name`, …); empty: none, and no network.
    public var model: ModelServerSettings

    public init(language: AppLanguage? = nil, gender: GrammaticalGender = .neutral,
                lifePath: LifePath = .calm, region: String? = nil, keepChatHistory: Bool = true,
                model: ModelServerSettings = ModelServerSettings(), answersToJournal: Bool = true,
                keepMemories: Bool = true, dismissedBanner: String? = nil) {
        self.model = model
        self.answersToJournal = answersToJournal
        self.language = language
        self.gender = gender
        self.lifePath = lifePath
        self.region = region
        self.keepChatHistory = keepChatHistory
        self.keepMemories = keepMemories
        self.dismissedBanner = dismissedBanner
    }

    /// The file's keys are the names `settings set` and `settings show` use (`path`,
    /// `history`, `answers`, `memory`, with the same values); the older names (`lifePath`,
    /// `keepChatHistory`, `answersToJournal`, `keepMemories`, booleans) are still read.
    enum CodingKeys: String, CodingKey {
        case language, gender, path, region, history, model, answers, memory, dismissedBanner
        case lifePath, keepChatHistory, answersToJournal, keepMemories  // read only: files written before the rename
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(language, forKey: .language)
        try c.encode(gender, forKey: .gender)
        try c.encode(lifePath, forKey: .path)
        try c.encodeIfPresent(region, forKey: .region)
        try c.encode(keepChatHistory ? "on" : "off", forKey: .history)
        try c.encode(answersToJournal ? "journal" : "chat", forKey: .answers)
        try c.encode(model, forKey: .model)
        try c.encode(keepMemories ? "on" : "off", forKey: .memory)
        try c.encodeIfPresent(dismissedBanner, forKey: .dismissedBanner)
    }

    /// A two-valued setting read as `settings set` takes it (`on`/`off`, `journal`/`chat`) or
    /// as a JSON boolean; `nil` when neither key is there.
    private static func decodeSwitch(_ c: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys, old: CodingKeys,
                                     yes: String, no: String) throws -> Bool? {
        for k in [key, old] where c.contains(k) {
            if let b = try? c.decode(Bool.self, forKey: k) { return b }
            switch try c.decode(String.self, forKey: k) {
            case yes: return true
            case no: return false
            case let other:
                throw DecodingError.dataCorruptedError(forKey: k, in: c,
                    debugDescription: "expected \"\(yes)\" or \"\(no)\", not \"\(other)\"")
            }
        }
        return nil
    }

    /// A region code as Lanternly stores it: an ISO 3166-1 alpha-2 code that exists
    /// (Foundation's `Locale.Region.isoRegions`), upper-cased; `nil` for anything else
    /// (`xx`, `UK`, `USA`). The one rule for `settings set region`, `profile set region` and
    /// both files.
    public static func regionCode(_ value: String) -> String? {
        guard value.count == 2, value.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        let code = value.uppercased()
        return isoRegionCodes.contains(code) ? code : nil
    }

    /// Every ISO 3166-1 alpha-2 code Foundation knows (about 250).
    public static let isoRegionCodes: Set<String> = Set(Locale.Region.isoRegions.map(\.identifier).filter { $0.count == 2 })

    /// The names `settings show` and `settings set` use, in order, with the values each takes.
    public static let keyNames = ["gender", "region", "path", "language", "history", "answers"]

    /// The settings as `settings show --json` prints them: the same names and values as
    /// `settings set` takes (`auto` where nothing is chosen), every key present.
    public var shown: [String: String] {
        ["gender": gender.rawValue, "region": region ?? "auto", "path": lifePath.rawValue,
         "language": language?.rawValue ?? "auto", "history": keepChatHistory ? "on" : "off",
         "answers": answersToJournal ? "journal" : "chat"]
    }

    /// Decodes `settings.json` as read from disk: at most ``InputLimits/settingsBytes``,
    /// every field checked as `settings set` checks it.
    ///
    /// - Throws: ``LimitExceeded`` for a larger file; `DecodingError` naming the key.
    public static func decodeFile(_ data: Data) throws -> UserSettings {
        if data.count > InputLimits.settingsBytes { throw LimitExceeded(kind: .settingsBytes, found: data.count) }
        return try JSONDecoder().decode(UserSettings.self, from: data)
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = UserSettings()
        language = try c.decodeIfPresent(AppLanguage.self, forKey: .language)
        gender = try c.decodeIfPresent(GrammaticalGender.self, forKey: .gender) ?? defaults.gender
        lifePath = try c.decodeIfPresent(LifePath.self, forKey: .path)
            ?? c.decodeIfPresent(LifePath.self, forKey: .lifePath) ?? defaults.lifePath
        if let raw = try c.decodeIfPresent(String.self, forKey: .region) {
            // The same rule as `lanternly settings set region`.
            guard let code = UserSettings.regionCode(raw) else {
                throw DecodingError.dataCorruptedError(forKey: .region, in: c,
                    debugDescription: "expected a two-letter region code such as US, GB or RU, not \"\(raw)\"")
            }
            region = code
        } else {
            region = nil
        }
        keepChatHistory = try Self.decodeSwitch(c, .history, old: .keepChatHistory, yes: "on", no: "off")
            ?? defaults.keepChatHistory
        answersToJournal = try Self.decodeSwitch(c, .answers, old: .answersToJournal, yes: "journal", no: "chat")
            ?? defaults.answersToJournal
        model = try c.decodeIfPresent(ModelServerSettings.self, forKey: .model) ?? ModelServerSettings()
        keepMemories = try Self.decodeSwitch(c, .memory, old: .keepMemories, yes: "on", no: "off") ?? defaults.keepMemories
        dismissedBanner = try c.decodeIfPresent(String.self, forKey: .dismissedBanner)
    }
}
