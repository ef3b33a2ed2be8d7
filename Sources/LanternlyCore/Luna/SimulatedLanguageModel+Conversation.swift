import Foundation

/// What the simulated model reads besides the new message: the earlier turns of the prompt
/// (``Transcript/parse(_:)``) and the facts of the instructions (``LunaPrompts/rememberedFacts(_:)``).
struct Conversation: Sendable {
    var turns: [Transcript.Turn] = []
    var memories: [String] = []

    static let none = Conversation()

    /// Luna's replies the rule "no stock phrase in more than one of any five consecutive
    /// replies" looks back on: the four before the new one.
    static let recentReplies = 4
}

/// What the model keeps in mind from the conversation while it composes a reply.
struct ConversationMemory: Sendable {
    /// Phrases used in the last ``Conversation/recentReplies`` replies: never used again now.
    var banned: Set<Phrase> = []
    /// Questions asked anywhere in the visible conversation: asked again only when nothing
    /// fresh fits.
    var asked: Set<Phrase> = []
    /// People and pets named before (earlier messages, then remembered facts), newest first;
    /// Russian names only in the nominative, so `Как там {name}?` reads right.
    var names: [String] = []
    /// Names already in one of the last two replies: not picked up again so soon.
    var recentlyNamed: Set<String> = []

    static let empty = ConversationMemory()

    init() {}

    init(_ c: Conversation, language: AppLanguage) {
        let replies = c.turns.map(\.luna)
        for reply in replies.suffix(Conversation.recentReplies) {
            banned.formUnion(PhraseIndex.phrases(in: reply))
        }
        for reply in replies {
            asked.formUnion(PhraseIndex.phrases(in: reply).filter { $0.en.hasSuffix("?") })
        }
        var seen = Set<String>()
        for turn in c.turns.reversed().prefix(10) {
            let lang = SimulatedLanguageModel.language(of: turn.person)
            let reading = Lexicon.read(turn.person, language: lang)
            if let name = reading.name, lang == .english || name.role == .subject, seen.insert(name.text).inserted {
                names.append(name.text)
            }
        }
        for fact in c.memories {
            // `person: Dana`, `pet: Miso` (``MemoryKind`` raw values).
            let parts = fact.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, ["person", "pet"].contains(parts[0]), !parts[1].isEmpty,
                  !parts[1].contains(" "), seen.insert(parts[1]).inserted else { continue }
            names.append(parts[1])
        }
        for reply in replies.suffix(2) {
            for name in names where reply.contains(name) { recentlyNamed.insert(name) }
        }
    }

    /// A name to ask after, if one is known and not asked after just now.
    var nameToPickUp: String? { names.first { !recentlyNamed.contains($0) } }
}

/// Finds which phrases of the phrasebook a reply was built from: every fixed fragment of a
/// phrase (the text between its `{quote}` and `{name}` slots) appears in order.
enum PhraseIndex {
    private static let table: [(Phrase, [[String]])] = Phrasebook.all.map { phrase in
        let variants = Set([phrase.en, phrase.ru, phrase.ruFeminine, phrase.ruMasculine].compactMap { $0 })
        return (phrase, variants.map(fragments))
    }

    /// Fixed parts of a line, without slots; parts of under four letters are left out.
    static func fragments(_ line: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(line)
        while let r = rest.range(of: #"\{(quote|name)\}"#, options: .regularExpression) {
            parts.append(String(rest[..<r.lowerBound]))
            rest = rest[r.upperBound...]
        }
        parts.append(String(rest))
        return parts.map { $0.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters)) }
            .filter { $0.filter(\.isLetter).count >= 4 }
    }

    static func phrases(in reply: String) -> Set<Phrase> {
        var found = Set<Phrase>()
        for (phrase, variants) in table {
            for parts in variants where !parts.isEmpty {
                var from = reply.startIndex
                var ok = true
                for part in parts {
                    guard let r = reply.range(of: part, range: from..<reply.endIndex) else { ok = false; break }
                    from = r.upperBound
                }
                if ok { found.insert(phrase); break }
            }
        }
        return found
    }
}
