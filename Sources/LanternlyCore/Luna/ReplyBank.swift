import Foundation

/// The curated replies, localized, from `Localizable.xcstrings` (keys `bank.*`).
///
/// The last step of the reply chain (DESIGN.md §3, step 4): warm, plain, short lines that each
/// end in an open question or a gentle invitation. Russian lines are gender-neutral (no past
/// tense about the person, no "рад/рада", "сам/сама"); the catalog test checks it.
public struct ReplyBank: Sendable {
    private let table: [AppLanguage: [String]]

    public init(catalog: StringCatalog) {
        let keys = catalog.keys(withPrefix: "bank.")
        var table: [AppLanguage: [String]] = [:]
        for language in AppLanguage.allCases {
            table[language] = keys.compactMap { catalog.value($0, language) }
        }
        self.table = table
    }

    /// Every bank line in `language`, in key order (`bank.01`, `bank.02`…).
    ///
    /// Falls back to the English lines when `language` has none; empty only when the catalog
    /// holds no `bank.*` keys at all.
    public func lines(for language: AppLanguage) -> [String] {
        let lines = table[language] ?? []
        return lines.isEmpty ? (table[.english] ?? []) : lines
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
