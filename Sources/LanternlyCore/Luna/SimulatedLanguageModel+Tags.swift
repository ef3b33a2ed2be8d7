import Foundation

// How the simulated model suggests tags (``LunaPrompts/tagSuggestion(existing:)``): the
// person's own tags the entry mentions first, then tags for what it reads (topic, what was
// done, the feeling), in the entry's language, as `{"tags": [...]}`.

enum TagWriting {
    static func compose(_ body: String, existing: [String]) -> String {
        let language = SimulatedLanguageModel.language(of: body)
        let reading = Lexicon.read(body, language: language)
        var tags: [String] = []
        func add(_ t: String) { if !tags.contains(t) { tags.append(t) } }
        // Existing tags whose word the entry uses ("river" when @river exists).
        var words = Set<String>()
        WordScanner.scan(body) { w, _ in words.insert(w) }
        for t in existing where words.contains(WordScanner.fold(t)) { add(t) }
        var own: [String] = []
        if let t = reading.topic { own.append(name(t, language)) }
        for a in reading.activities.prefix(2) { own.append(name(a, language)) }
        if let f = reading.feeling { own.append(name(f, language)) }
        // An existing tag of the same meaning wins over a new spelling of it.
        for t in own { add(existing.first { WordScanner.fold($0) == WordScanner.fold(t) } ?? t) }
        let encoder = JSONEncoder()
        let data = (try? encoder.encode(TagSuggester.Suggestion(tags: Array(tags.prefix(TagSuggester.maxSuggestions))))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    static func name(_ t: Topic, _ l: AppLanguage) -> String {
        let ru: [Topic: String] = [.work: "работа", .family: "семья", .sleep: "сон", .friends: "друзья", .study: "учёба",
                                   .health: "здоровье", .love: "отношения", .money: "деньги", .home: "дом"]
        return l == .russian ? ru[t]! : t.rawValue
    }

    static func name(_ a: Activity, _ l: AppLanguage) -> String {
        let en: [Activity: String] = [.walk: "walk", .outdoors: "nature", .cooking: "cooking", .reading: "reading",
                                      .exercise: "exercise", .music: "music", .film: "films", .crafts: "crafts"]
        let ru: [Activity: String] = [.walk: "прогулка", .outdoors: "природа", .cooking: "готовка", .reading: "чтение",
                                      .exercise: "спорт", .music: "музыка", .film: "кино", .crafts: "творчество"]
        return (l == .russian ? ru : en)[a]!
    }

    static func name(_ f: Feeling, _ l: AppLanguage) -> String {
        let ru: [Feeling: String] = [.tired: "усталость", .anxious: "тревога", .stressed: "стресс", .sad: "грусть",
                                     .angry: "злость", .lonely: "одиночество", .happy: "радость", .grateful: "благодарность",
                                     .proud: "гордость", .confused: "растерянность", .calm: "спокойствие"]
        return l == .russian ? ru[f]! : f.rawValue
    }
}
