import Foundation

/// The curated replies, localized, from `Localizable.xcstrings` (keys `bank.*`).
///
/// The last step of the reply chain (DESIGN.md §3, step 4): warm, plain, short lines that each
/// end in an open question or a gentle invitation. Russian lines are gender-neutral (no past
/// tense about the person, no "рад/рада", "сам/сама"); the catalog test checks it.
public struct ReplyBank: Sendable {
    /// What a message is, as far as the bank cares: a hello, a goodbye, or anything else.
    public enum MessageKind: String, CaseIterable, Sendable {
        /// Only a hello (`bank.greeting.*`).
        case greeting
        /// A goodbye or good night, with or without more (`bank.goodbye.*`).
        case goodbye
        /// Anything else (`bank.01`, `bank.02`…).
        case other

        /// The kind of `text`, read by the same deterministic reading the simulated model
        /// uses (no model call: the bank answers when the gate is closed).
        public static func of(_ text: String, language: AppLanguage) -> MessageKind {
            // A hello or a goodbye is short; a long message is read as the rest without
            // reading all of it (a message may be 64 KiB).
            guard text.unicodeScalars.count <= 400 else { return .other }
            let reading = Lexicon.read(text, language: language)
            if reading.goodbye != nil { return .goodbye }
            if reading.isGreeting { return .greeting }
            return .other
        }

        var keyPrefix: String? {
            switch self {
            case .greeting: return "bank.greeting."
            case .goodbye: return "bank.goodbye."
            case .other: return nil
            }
        }
    }

    private let table: [MessageKind: [AppLanguage: [String]]]

    public init(catalog: StringCatalog) {
        let keys = catalog.keys(withPrefix: "bank.")
        var table: [MessageKind: [AppLanguage: [String]]] = [:]
        for kind in MessageKind.allCases {
            let own = keys.filter { key in
                kind.keyPrefix.map { key.hasPrefix($0) }
                    ?? !MessageKind.allCases.contains { $0.keyPrefix.map(key.hasPrefix) ?? false }
            }
            for language in AppLanguage.allCases {
                table[kind, default: [:]][language] = own.compactMap { catalog.value($0, language) }
            }
        }
        self.table = table
    }

    /// Every bank line for anything but a hello or a goodbye in `language`, in key order
    /// (`bank.01`, `bank.02`…).
    ///
    /// Falls back to the English lines when `language` has none; empty only when the catalog
    /// holds no `bank.*` keys at all.
    public func lines(for language: AppLanguage) -> [String] { lines(for: language, kind: .other) }

    /// The lines of one kind (`bank.greeting.*`, `bank.goodbye.*`, or the rest), with the
    /// same English fallback.
    public func lines(for language: AppLanguage, kind: MessageKind) -> [String] {
        let lines = table[kind]?[language] ?? []
        return lines.isEmpty ? (table[kind]?[.english] ?? []) : lines
    }

    /// A line for a message of `kind`; the general lines when the bank holds none of that kind.
    public func pick(language: AppLanguage, previous: String?, kind: MessageKind) -> String {
        var random = SystemRandomNumberGenerator()
        return pick(language: language, previous: previous, kind: kind, using: &random)
    }

    /// ``pick(language:previous:kind:)`` with an injected random source (seeded in tests).
    public func pick<R: RandomNumberGenerator>(language: AppLanguage, previous: String?, kind: MessageKind,
                                               using random: inout R) -> String {
        let own = lines(for: language, kind: kind)
        let candidates = own.filter { $0 != previous }
        return candidates.randomElement(using: &random) ?? pick(language: language, previous: previous, using: &random)
    }

    /// A line in `language` that is not `previous` (no immediate repeats).
    public func pick(language: AppLanguage, previous: String?) -> String {
        var random = SystemRandomNumberGenerator()
        return pick(language: language, previous: previous, using: &random)
    }

    /// ``pick(language:previous:)`` with an injected random source (seeded in tests).
    ///
    /// - Returns: a uniformly random line other than `previous`; the only line when the bank
    ///   holds one; `""` when it holds none.
    public func pick<R: RandomNumberGenerator>(language: AppLanguage, previous: String?,
                                               using random: inout R) -> String {
        let lines = lines(for: language)
        let candidates = lines.filter { $0 != previous }
        guard let line = candidates.randomElement(using: &random) else { return lines.first ?? "" }
        return line
    }
}
