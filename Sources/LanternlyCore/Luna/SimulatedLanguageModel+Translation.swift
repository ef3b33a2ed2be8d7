import Foundation

// The simulated model's translator between English and Russian, for the pivot path
// (DESIGN.md §3, step 3). English → Russian knows every sentence of the model's own
// phrasebook (so its replies come back as natural Russian) and falls back to a word list;
// Russian → English keeps what the reply needs: feeling and topic words, the person named
// (with a cue for the role the name plays, so the Russian case survives the round trip),
// and common words. Unknown words are left out.

enum Translator {
    static func translate(_ text: String, from: AppLanguage, to: AppLanguage, gender: GrammaticalGender) -> String {
        switch (from, to) {
        case (.english, .russian): return englishToRussian(text, gender: gender)
        case (.russian, .english): return russianToEnglish(text)
        default: return text
        }
    }

    // MARK: English → Russian

    private struct Template {
        var prefix: String
        var suffix: String?          // nil: no slot
        var slot: String             // "{name}" or "{quote}"
        var russian: (String, GrammaticalGender) -> String
    }

    private static let templates: [Template] = {
        var list: [Template] = []
        var seen = Set<String>()
        func add(_ phrase: Phrase, russian: ((String, GrammaticalGender) -> String)? = nil) {
            guard seen.insert(phrase.en).inserted else { return }
            for slot in ["{name}", "{quote}"] {
                if let r = phrase.en.range(of: slot) {
                    let make = russian ?? { value, g in
                        phrase.text(.russian, gender: g).replacingOccurrences(
                            of: slot, with: slot == "{quote}" ? words(value, englishToRussianWords) : value)
                    }
                    list.append(Template(prefix: String(phrase.en[..<r.lowerBound]),
                                         suffix: String(phrase.en[r.upperBound...]), slot: slot, russian: make))
                    return
                }
            }
            list.append(Template(prefix: phrase.en, suffix: nil, slot: "", russian: { _, g in phrase.text(.russian, gender: g) }))
        }
        for role in Phrasebook.nameRoles {
            for (i, phrase) in Phrasebook.nameQuestions(role, russianName: "X").enumerated() {
                add(phrase, russian: { name, g in
                    Phrasebook.nameQuestions(role, russianName: name)[i].text(.russian, gender: g)
                        .replacingOccurrences(of: "{name}", with: name)
                })
            }
        }
        for phrase in Phrasebook.all { add(phrase) }
        add(Phrase("Tell me more?", "Расскажи ещё?"))
        return list.sorted { $0.prefix.count > $1.prefix.count }
    }()

    static func englishToRussian(_ text: String, gender: GrammaticalGender) -> String {
        var out: [String] = []
        var rest = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        outer: while !rest.isEmpty {
            for t in templates where rest.hasPrefix(t.prefix) {
                let afterPrefix = rest.dropFirst(t.prefix.count)
                guard let suffix = t.suffix else {
                    out.append(t.russian("", gender))
                    rest = afterPrefix.drop(while: \.isWhitespace)
                    continue outer
                }
                var search = afterPrefix.startIndex
                while let r = afterPrefix.range(of: suffix, range: search..<afterPrefix.endIndex) {
                    let tail = afterPrefix[r.upperBound...]
                    if tail.isEmpty || tail.first!.isWhitespace {
                        let value = String(afterPrefix[..<r.lowerBound])
                        if !value.isEmpty {
                            out.append(t.russian(value, gender))
                            rest = tail.drop(while: \.isWhitespace)
                            continue outer
                        }
                    }
                    search = r.upperBound
                }
            }
            // No template: translate one sentence word by word.
            var end = rest.endIndex
            var i = rest.startIndex
            while i < rest.endIndex {
                let next = rest.index(after: i)
                if ".?!".contains(rest[i]), next == rest.endIndex || rest[next].isWhitespace { end = next; break }
                i = next
            }
            let sentence = String(rest[..<end])
            let mark = sentence.last.map { ".?!".contains($0) ? String($0) : "" } ?? ""
            var russian = words(sentence, englishToRussianWords)
            if let first = russian.first { russian = first.uppercased() + russian.dropFirst() }
            if !russian.isEmpty { out.append(russian + mark) }
            rest = rest[end...].drop(while: \.isWhitespace)
        }
        return out.joined(separator: " ")
    }

    /// Word-by-word translation; unknown words are kept when capitalized (names), else dropped.
    private static func words(_ text: String, _ table: [String: String]) -> String {
        Lexicon.words(of: text).compactMap { w -> String? in
            if let t = table[w.key] { return t.isEmpty ? nil : t }
            return w.capitalized && !w.sentenceStart ? w.text : nil
        }.joined(separator: " ")
    }

    // MARK: Russian → English

    static func russianToEnglish(_ text: String) -> String {
        let all = Lexicon.words(of: text)
        let name = Lexicon.russianName(in: all)
        let feelingStems = Lexicon.feelingStems(.russian)
        let topicStems = Lexicon.topicStems(.russian)
        let activityStems = Lexicon.activityStems(.russian).map { ($0.0, $0.1.filter { !$0.contains(" ") }) }
        var sentences: [[String]] = []
        var current: [String] = []
        var lastClause = -1
        var i = 0
        while i < all.count {
            let w = all[i]
            if w.sentenceStart, !current.isEmpty { sentences.append(current); current = [] }
            if w.clause != lastClause, !current.isEmpty, current.last != "," { current.append(",") }
            lastClause = w.clause
            defer { i += 1 }
            // The named person, with a cue for their role.
            if let name, w.text == name.0 {
                let last = current.last(where: { $0 != "," })
                let opensClause = current.isEmpty || current.last == "," || last.map(Lexicon.englishClauseOpeners.contains) == true
                switch name.1 {
                case .with: current += ["with", w.text]
                case .about: current += ["about", w.text]
                case .forPerson: current += ["for", w.text]
                case .at: current += ["at", w.text + "'s"]
                case .object: current += opensClause ? ["remembered", w.text] : [w.text]
                case .subject: current += opensClause ? [w.text] : [",", w.text]
                }
                continue
            }
            if ["с", "со", "о", "об", "обо", "про", "у", "для"].contains(w.key),
               i + 1 < all.count, all[i + 1].text == name?.0 { continue }
            // Phrases of one to four words ("после работы", "добрый вечер", "спасибо").
            var matched = false
            for n in [4, 3, 2, 1] where i + n <= all.count {
                let phrase = all[i..<(i + n)].map(\.key).joined(separator: " ")
                if let en = russianPhrases[phrase] {
                    current.append(en); i += n - 1; matched = true; break
                }
            }
            if matched { continue }
            if let (feeling, _) = feelingStems.first(where: { $0.1.contains { Lexicon.matches($0, w.key) } }) {
                current.append(englishWord(feeling)); continue
            }
            if Lexicon.mildPositiveStems(.russian).contains(where: { Lexicon.matches($0, w.key) }) {
                current.append("nice"); continue
            }
            if let (topic, _) = topicStems.first(where: { $0.1.contains { Lexicon.matches($0, w.key) } }) {
                current.append(englishWord(topic)); continue
            }
            if let (activity, _) = activityStems.first(where: { $0.1.contains { Lexicon.matches($0, w.key) } }) {
                current.append(englishWord(activity)); continue
            }
            if let en = russianToEnglishWords[w.key] {
                if !en.isEmpty { current.append(en) }
            }
        }
        if !current.isEmpty { sentences.append(current) }
        // Nothing to translate (emoji, digits): the text passes through unchanged.
        if sentences.isEmpty, !all.contains(where: { $0.text.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) } }) {
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return sentences.compactMap { tokens -> String? in
            var t = tokens
            while t.first == "," { t.removeFirst() }
            while t.last == "," { t.removeLast() }
            guard !t.isEmpty else { return nil }
            var s = t.joined(separator: " ").replacingOccurrences(of: " ,", with: ",")
            s = s.prefix(1).uppercased() + s.dropFirst()
            return s + "."
        }.joined(separator: " ")
    }

    static func englishWord(_ f: Feeling) -> String {
        switch f {
        case .tired: return "tired"
        case .anxious: return "anxious"
        case .stressed: return "stressed"
        case .sad: return "sad"
        case .angry: return "angry"
        case .lonely: return "lonely"
        case .happy: return "happy"
        case .grateful: return "grateful"
        case .proud: return "proud"
        case .confused: return "confused"
        case .calm: return "calm"
        }
    }

    /// A word the English reading knows for an activity.
    static func englishWord(_ a: Activity) -> String {
        switch a {
        case .walk: return "walked"
        case .outdoors: return "outdoors"
        case .cooking: return "cooked"
        case .reading: return "reading"
        case .exercise: return "exercise"
        case .music: return "music"
        case .film: return "film"
        case .crafts: return "crafts"
        }
    }

    static func englishWord(_ t: Topic) -> String {
        switch t {
        case .work: return "work"
        case .family: return "family"
        case .sleep: return "sleep"
        case .friends: return "friends"
        case .study: return "studies"
        case .health: return "health"
        case .love: return "relationship"
        case .money: return "money"
        case .home: return "home"
        }
    }

    private static let russianPhrases: [String: String] = [
        "нет сил": "no energy", "без сил": "no energy", "не с кем": "lonely", "не знаю": "don't know what",
        "не понимаю": "don't know what", "тяжело на душе": "sad", "не успеваю": "too much",
        "весь день": "all day", "потому что": "because", "так что": "so", "все время": "all the time",
        "после работы": "after work", "после смены": "after work", "после учебы": "after school",
        "после школы": "after school", "после пар": "after school", "после универа": "after school",
        "доброе утро": "good morning", "доброго утра": "good morning", "добрый день": "good afternoon",
        "доброго дня": "good afternoon", "добрый вечер": "good evening", "доброго вечера": "good evening",
        "доброй ночи": "good night", "спокойной ночи": "good night", "спасибо": "thanks",
        "спасибочки": "thanks", "благодарю": "thank you", "как дела": "how are you", "как ты": "how are you",
        "как у тебя дела": "how are you", "как поживаешь": "how are you", "на улице": "outdoors",
        "спасибо тебе": "thank you", "спасибо за": "thanks for", "было хорошо": "it was nice",
        "длинный день": "long day", "день был длинный": "long day", "долгий день": "long day",
        "тяжелый день": "hard day", "день был тяжелый": "hard day", "трудный день": "hard day",
        "ок": "ok", "окей": "okay", "ладно": "okay", "норм": "okay", "нормально": "okay",
        "пока": "bye", "пока пока": "bye", "до завтра": "see you tomorrow", "до свидания": "goodbye",
        "до встречи": "see you", "до скорого": "see you soon", "сладких снов": "sweet dreams",
        "мне пора": "gotta go", "пропустила": "skipped", "пропустил": "skipped",
    ]

    private static let russianToEnglishWords: [String: String] = [
        "я": "I", "мне": "me", "меня": "me", "мной": "me", "мой": "my", "моя": "my", "мое": "my",
        "мои": "my", "моей": "my", "моего": "my", "моему": "my", "моим": "my", "ты": "you", "тебя": "you",
        "тебе": "you", "мы": "we", "нас": "us", "нам": "us", "он": "he", "она": "she", "они": "they",
        "его": "his", "ее": "her", "их": "their", "и": "and", "а": "and", "но": "but", "или": "or",
        "очень": "very", "так": "so", "сегодня": "today", "вчера": "yesterday", "завтра": "tomorrow",
        "сейчас": "now", "опять": "again", "снова": "again", "все": "all", "день": "day", "дня": "day",
        "ночь": "night", "ночью": "at night", "утро": "morning", "утром": "in the morning",
        "вечер": "evening", "вечером": "in the evening", "был": "was", "была": "was", "было": "was",
        "были": "were", "есть": "is", "хочу": "want", "хочется": "want", "думаю": "think",
        "чувствую": "feel", "сказал": "said", "сказала": "said", "позвонил": "called", "позвонила": "called",
        "написал": "wrote", "написала": "wrote", "пришел": "came", "пришла": "came", "ушел": "left",
        "ушла": "left", "не": "not", "нет": "no", "что": "that", "как": "how", "почему": "why",
        "это": "this", "после": "after", "когда": "when", "с": "with", "со": "with", "о": "about",
        "об": "about", "про": "about", "для": "for", "в": "in", "во": "in", "на": "on", "к": "to",
        "из": "from", "от": "from", "без": "without", "хорошо": "good", "плохо": "bad", "много": "a lot",
        "мало": "little", "совсем": "completely", "немного": "a little", "тоже": "too", "еще": "still",
        "уже": "already", "ничего": "nothing", "никто": "nobody", "всегда": "always", "никогда": "never",
        "может": "maybe", "наконец": "finally", "сделал": "did", "сделала": "did", "весь": "all",
        "целый": "whole", "неделя": "week", "неделю": "week", "недели": "week",
        "привет": "hello", "приветик": "hello", "здравствуй": "hello", "здравствуйте": "hello",
        "купила": "bought", "купил": "bought", "подарок": "gift", "надеюсь": "hope", "могу": "can",
        "гуляла": "walked", "гулял": "walked", "гуляли": "walked", "встретила": "met", "встретил": "met",
        "видела": "saw", "видел": "saw", "говорила": "talked", "говорил": "talked",
    ]

    private static let englishToRussianWords: [String: String] = {
        var table: [String: String] = [
            "i": "я", "me": "меня", "my": "мой", "you": "ты", "we": "мы", "he": "он", "she": "она",
            "they": "они", "and": "и", "but": "но", "or": "или", "very": "очень", "so": "так",
            "today": "сегодня", "yesterday": "вчера", "tomorrow": "завтра", "now": "сейчас",
            "again": "снова", "day": "день", "night": "ночь", "morning": "утро", "evening": "вечер",
            "was": "было", "is": "есть", "not": "не", "no": "нет", "that": "что", "how": "как",
            "why": "почему", "this": "это", "with": "с", "about": "о", "for": "для", "in": "в",
            "on": "на", "to": "к", "from": "из", "good": "хорошо", "bad": "плохо", "too": "тоже",
            "always": "всегда", "never": "никогда", "maybe": "может быть", "the": "", "a": "", "an": "",
            "feel": "чувствую", "think": "думаю", "want": "хочу", "said": "сказал(а)",
            "tired": "усталость", "anxious": "тревога", "stressed": "напряжение", "sad": "грусть",
            "angry": "злость", "lonely": "одиночество", "happy": "радость", "grateful": "благодарность",
            "proud": "гордость", "confused": "растерянность", "calm": "спокойствие",
            "work": "работа", "family": "семья", "sleep": "сон", "friends": "друзья", "friend": "друг",
            "studies": "учёба", "health": "здоровье", "relationship": "отношения", "money": "деньги",
            "home": "дом",
        ]
        table["it"] = "это"
        return table
    }()
}
