import Foundation

// How the simulated model answers a memory-extraction request (``LunaPrompts/memoryExtraction(today:)``):
// with the structure a guided-generation call would fill, as JSON. It reads both shipped
// languages; people and pets by name, places after "in/to/from" («в/из»), dated events,
// goals and likes, each in the person's own words.

enum MemoryReading {
    static let petWords: Set<String> = [
        "cat", "kitten", "dog", "puppy", "parrot", "hamster", "rabbit", "bunny", "horse", "budgie", "tortoise",
        "кот", "кота", "коту", "котом", "кошка", "кошку", "кошки", "кошкой", "котенок", "котенка", "пес", "пса",
        "собака", "собаку", "собаки", "собакой", "щенок", "щенка", "попугай", "хомяк", "кролик",
    ]
    static let placePrepositions: Set<String> = ["in", "to", "from", "near", "в", "во", "из"]
    static let eventStems = [
        "exam*", "interview*", "appointment*", "surgery", "operation", "trip", "flight", "wedding*", "birthday*",
        "party", "concert*", "deadline*", "presentation*", "move", "moving", "recital", "match", "race",
        "экзамен*", "собеседован*", "прием*", "операци*", "поездк*", "перелет*", "свадьб*", "рождени*",
        "вечеринк*", "концерт*", "дедлайн*", "презентаци*", "переезд*", "соревнован*",
    ]
    /// Time words and the days they add to today; weekdays are handled apart.
    static let dayOffsets: [String: Int] = [
        "today": 0, "tonight": 0, "tomorrow": 1, "сегодня": 0, "вечером": 0, "завтра": 1, "послезавтра": 2,
    ]
    static let weekdays: [String: Int] = [  // Gregorian weekday numbers: Sunday = 1
        "sunday": 1, "monday": 2, "tuesday": 3, "wednesday": 4, "thursday": 5, "friday": 6, "saturday": 7,
        "воскресенье": 1, "понедельник": 2, "вторник": 3, "среду": 4, "среда": 4, "четверг": 5,
        "пятницу": 6, "пятница": 6, "субботу": 7, "суббота": 7,
    ]
    static let goalPhrases: [[String]] = [
        ["i", "want", "to"], ["i'd", "like", "to"], ["i", "would", "like", "to"], ["i'm", "going", "to"],
        ["i", "am", "going", "to"], ["i", "plan", "to"], ["my", "goal", "is"], ["i", "hope", "to"],
        ["i'm", "trying", "to"], ["хочу"], ["хотела", "бы"], ["хотел", "бы"], ["планирую"], ["собираюсь"],
        ["моя", "цель"], ["мечтаю"],
    ]
    static let preferencePhrases: [[String]] = [
        ["i", "love"], ["i", "like"], ["i", "really", "like"], ["i", "hate"], ["i", "don't", "like"],
        ["i", "prefer"], ["i", "enjoy"], ["люблю"], ["не", "люблю"], ["обожаю"], ["мне", "нравится"],
        ["мне", "нравятся"], ["терпеть", "не", "могу"], ["ненавижу"],
    ]
    /// Words after a like or a want that make it about Luna or nothing ("I love you", "хочу это").
    static let emptyObjects: Set<String> = ["you", "it", "this", "that", "тебя", "это", "тебе", "u"]

    static func extract(_ text: String, today: String) -> MemoryExtraction {
        let language = SimulatedLanguageModel.language(of: text)
        let all = Lexicon.words(of: text)
        var facts: [MemoryFact] = []
        var taken = Set<String>()
        func add(_ kind: MemoryKind, _ words: String, date: String? = nil) {
            guard !words.isEmpty, taken.insert("\(kind):\(words.lowercased())").inserted else { return }
            facts.append(MemoryFact(kind: kind, words: String(words.prefix(80)), date: date))
        }
        func sameClause(_ i: Int, _ j: Int) -> Bool { all[i].clause == all[j].clause && !all[j].isMarkup }

        // Pets: "my cat Miso", «кот Мисо».
        var petNames = Set<String>()
        for i in all.indices where petWords.contains(all[i].key) && i + 1 < all.count && sameClause(i, i + 1)
            && all[i + 1].capitalized && !Lexicon.englishNotNames.contains(all[i + 1].key) {
            petNames.insert(all[i + 1].text)
            add(.pet, all[i + 1].text)
        }
        // Places: a capitalized word after "in/to/from" inside a sentence.
        var places = Set<String>()
        for i in all.indices.dropFirst() where all[i].capitalized && !all[i].sentenceStart && !all[i].isMarkup
            && placePrepositions.contains(all[i - 1].key) && all[i - 1].clause == all[i].clause
            && !Lexicon.englishNotNames.contains(all[i].key) && !Lexicon.russianNotNames.contains(all[i].key) {
            places.insert(all[i].text)
            add(.place, all[i].text)
        }
        // People: the name each sentence gives (Russian only in the nominative, so it reads right later).
        for sentence in Phrase.sentences(text) {
            let reading = Lexicon.read(String(sentence), language: language)
            guard let name = reading.name, !petNames.contains(name.text), !places.contains(name.text),
                  language == .english || name.role == .subject else { continue }
            add(.person, name.text)
        }
        // Clauses: situations with a day, goals, preferences.
        let clauses = Dictionary(grouping: all.indices.filter { !all[$0].isMarkup }, by: { all[$0].clause })
        for key in clauses.keys.sorted() {
            let idx = clauses[key]!
            let words = idx.map { all[$0] }
            let text = words.map(\.text).joined(separator: " ")
            if Lexicon.firstMatch(eventStems, in: words, negation: true) != nil, let date = day(words, today: today) {
                add(.situation, text, date: date)
                continue
            }
            if let start = phraseStart(goalPhrases, in: words) {
                add(.goal, phrase(words, from: start))
                continue
            }
            if let start = phraseStart(preferencePhrases, in: words) {
                add(.preference, phrase(words, from: start))
            }
        }
        return MemoryExtraction(memories: facts)
    }

    /// The index after a phrase of `phrases` in `words`, when something meaningful follows it.
    static func phraseStart(_ phrases: [[String]], in words: [Word]) -> Int? {
        for p in phrases where words.count > p.count {
            for i in 0...(words.count - p.count - 1)
            where zip(p, words[i..<(i + p.count)]).allSatisfy({ $0 == $1.key }) && !emptyObjects.contains(words[i + p.count].key) {
                return i + (p.first == "i" || p.first == "my" || p.first == "мне" ? 1 : 0)
            }
        }
        return nil
    }

    /// At most ten words of a clause from `start`, with the first letter in lower case
    /// unless it is "I" or a name.
    static func phrase(_ words: [Word], from start: Int) -> String {
        words[start...].prefix(10).map(\.text).joined(separator: " ")
    }

    /// The local day a clause's time word points to, from `today` (`YYYY-MM-DD`).
    static func day(_ words: [Word], today: String) -> String? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let f = DateFormatter()
        f.calendar = calendar
        f.timeZone = calendar.timeZone
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd"
        guard let base = f.date(from: today) else { return nil }
        var offset: Int?
        for (i, w) in words.enumerated() {
            if w.key == "next", i + 1 < words.count, words[i + 1].key == "week" { offset = 7; break }
            if w.key == "следующей", i + 1 < words.count, words[i + 1].key == "неделе" { offset = 7; break }
            if let d = dayOffsets[w.key] { offset = d; break }
            if let wd = weekdays[w.key] {
                let now = calendar.component(.weekday, from: base)
                offset = (wd - now + 7) % 7 == 0 ? 7 : (wd - now + 7) % 7
                break
            }
        }
        guard let offset, let date = calendar.date(byAdding: .day, value: offset, to: base) else { return nil }
        return f.string(from: date)
    }

    static func json(_ text: String, today: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(extract(text, today: today)) else { return #"{"memories":[]}"# }
        return String(decoding: data, as: UTF8.self)
    }
}
