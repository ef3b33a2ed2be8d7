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
    /// Luna's replies whose questions are not asked again while a fresh one fits.
    static let questionMemory = 24
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
        for reply in replies.suffix(Conversation.questionMemory) {
            asked.formUnion(PhraseIndex.phrases(in: reply).filter { $0.en.hasSuffix("?") })
        }
        var seen = Set<String>()
        for turn in c.turns.reversed().prefix(10) {
            let lang = SimulatedLanguageModel.language(of: turn.person)
            let words = Lexicon.words(of: turn.person)
            let name = lang == .russian ? Lexicon.russianName(in: words) : Lexicon.englishName(in: words)
            if let name, lang == .english || name.1 == .subject, seen.insert(name.0).inserted {
                names.append(name.0)
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
    private static let table: [(Phrase, [[[UInt8]]])] = Phrasebook.all.map { phrase in
        let variants = Set([phrase.en, phrase.ru, phrase.ruFeminine, phrase.ruMasculine].compactMap { $0 })
        return (phrase, variants.map { fragments($0).map { Array($0.utf8) } })
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
        let bytes = Array(reply.utf8)
        var found = Set<Phrase>()
        bytes.withUnsafeBufferPointer { hay in
            for (phrase, variants) in table {
                for parts in variants where !parts.isEmpty {
                    var from = 0
                    var ok = true
                    for part in parts {
                        guard let at = find(part, in: hay, from: from) else { ok = false; break }
                        from = at + part.count
                    }
                    if ok { found.insert(phrase); break }
                }
            }
        }
        return found
    }

    /// The first index of `needle` in `hay` at or after `from` (bytes), or `nil`.
    static func find(_ needle: [UInt8], in hay: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        let n = needle.count
        guard n > 0, hay.count - from >= n, let first = needle.first else { return n == 0 ? from : nil }
        var i = from
        let last = hay.count - n
        while i <= last {
            if hay[i] == first {
                var j = 1
                while j < n && hay[i + j] == needle[j] { j += 1 }
                if j == n { return i }
            }
            i += 1
        }
        return nil
    }
}
