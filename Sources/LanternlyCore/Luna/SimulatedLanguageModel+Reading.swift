import Foundation

// How the simulated model reads a message: its feeling, topic, a short phrase to quote and
// a person it names. Simple lexicons in English and Russian; stems ending in `*` match by
// prefix (so Russian inflections match), others match whole words. ё is read as е.

/// A feeling the simulated model can recognise.
enum Feeling: String, CaseIterable, Sendable {
    case tired, anxious, stressed, sad, angry, lonely, happy, grateful, proud, confused, calm
}

/// A topic the simulated model can recognise.
enum Topic: String, CaseIterable, Sendable {
    case work, family, sleep, friends, study, health, love, money, home
}

/// How a named person appears in the message; it picks the question's construction so a
/// Russian name keeps a case that fits (`с Машей`, `о Маше`, `про Машу`, `у Маши`, `Маша`).
enum NameRole: String, Sendable {
    /// with X (Russian `с` + instrumental)
    case with
    /// about X (Russian `о`/`об` + prepositional)
    case about
    /// X as an object (Russian accusative, used after `про`)
    case object
    /// for X (Russian `для` + genitive)
    case forPerson
    /// at X's (Russian `у` + genitive)
    case at
    /// X as the subject (Russian nominative)
    case subject
}

/// A word of a message.
struct Word: Sendable {
    /// As written.
    var text: String
    /// Lowercased, ё → е, curly apostrophes straightened.
    var key: String
    /// First word of its sentence.
    var sentenceStart: Bool
    /// Index of its clause (split at `.,;:!?…` and new lines; a tag, key or label is a
    /// clause of its own).
    var clause: Int
    /// Markup, not words of the person's: a `@tag` or `#tag`, a dotted or snake-case key
    /// (`faults.respond`, `keep_history`), or a label before a colon at a line's start
    /// (`Luna:`, `Me:`). Never quoted, never a name.
    var isMarkup = false
    /// First letter is upper case.
    var capitalized: Bool { text.first?.isUppercase ?? false }
}

/// How a message opens with a hello; the reply answers in kind.
enum Greeting: String, CaseIterable, Sendable {
    case hello, morning, afternoon, evening, night
}

/// How a message takes its leave; the reply says goodbye in kind and asks nothing.
enum Goodbye: String, CaseIterable, Sendable {
    /// "good night", "спокойной ночи"
    case night
    /// "bye", "see you", "пока", "до завтра"
    case bye
}

/// Something the person did, when a message tells of it (a walk, a book, a meal…).
enum Activity: String, CaseIterable, Sendable {
    case walk, outdoors, cooking, reading, exercise, music, film, crafts
}

/// What the simulated model took from a message.
///
/// The courtesies a message opens with (a hello, thanks to Luna, "how are you") are read
/// apart; feeling, topic, activities, quote and name come from the words after them.
struct Reading: Sendable {
    var feeling: Feeling?
    var topic: Topic?
    var quote: String?
    var name: (text: String, role: NameRole)?
    /// Every word of the message, the opening hello and thanks included.
    var words: [Word]
    /// What the person did, in the order the message tells it (first is the main one).
    var activities: [Activity] = []
    /// A topic named only as a time ("after work", "после учёбы"): not the subject.
    var frame: Topic?
    /// The message opens with a hello.
    var greeting: Greeting?
    /// The message opens by thanking Luna ("thanks", "thank you for…", "спасибо тебе").
    var thanks = false
    /// The message asks how Luna is ("how are you", "как дела").
    var asksAfterLuna = false
    /// The message says goodbye ("good night", "bye", "спокойной ночи", "пока"), anywhere
    /// as a clause of its own.
    var goodbye: Goodbye?
    /// Activities the message says did not happen ("skipped the gym", "didn't go for a run",
    /// "не пошла в зал"): never praised as done.
    var skipped: [Activity] = []
    /// A person or pet named earlier in the conversation that the reply may ask after
    /// ("How is Miso today?"); set from the ``ConversationMemory``.
    var pickUp: String?

    var activity: Activity? { activities.first }

    /// Whether anything beyond the hello, thanks or "how are you" was written.
    var hasContent: Bool {
        feeling != nil || topic != nil || activity != nil || name != nil || frame != nil || quote != nil
            || !skipped.isEmpty
    }

    /// A hello with nothing else in it.
    var isGreeting: Bool { greeting != nil && !thanks && !hasContent }
}

enum Lexicon {
    static func normalize(_ s: String) -> String {
        s.lowercased().replacingOccurrences(of: "ё", with: "е").replacingOccurrences(of: "’", with: "'")
    }

    /// Splits text into words, keeping sentence starts and clause numbers, and marking
    /// markup (``Word/isMarkup``).
    static func words(of text: String) -> [Word] {
        var result: [Word] = []
        var current = ""
        var clause = 0
        var sentenceStart = true
        var wordsOnLine = 0
        var tagged = false
        var keyed = false
        let chars = Array(text)
        func flush(label: Bool = false) {
            defer { current = ""; tagged = false; keyed = false }
            guard !current.isEmpty else { return }
            let trimmed = current.trimmingCharacters(in: CharacterSet(charactersIn: "'-’_"))
            guard !trimmed.isEmpty else { return }
            wordsOnLine += 1
            let markup = tagged || keyed || label
            if markup, !result.isEmpty, result.last!.clause == clause { clause += 1 }
            result.append(Word(text: trimmed, key: normalize(trimmed), sentenceStart: sentenceStart,
                               clause: clause, isMarkup: markup))
            if markup { clause += 1 } else { sentenceStart = false }
        }
        for (i, ch) in chars.enumerated() {
            let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
            if ch.isLetter || ch.isNumber || ((ch == "'" || ch == "’" || ch == "-") && !current.isEmpty) {
                current.append(ch)
            } else if (ch == "@" || ch == "#") && current.isEmpty && (next?.isLetter ?? false) {
                tagged = true
            } else if (ch == "." || ch == "_") && !current.isEmpty && (next?.isLetter ?? false)
                        && !(next?.isUppercase ?? false) {
                // `faults.respond`, `keep_history`: one key, not two sentences.
                keyed = true
                current.append(ch)
            } else {
                // `Luna:` at the start of a line: a label, not the person's words.
                flush(label: ch == ":" && wordsOnLine == 0 && !current.isEmpty && current.count <= 12)
                if ch == "\n" { wordsOnLine = 0 }
                if ".!?…\n".contains(ch) {
                    if !result.isEmpty, result.last!.clause == clause { clause += 1 }
                    sentenceStart = true
                } else if ",;:()—–\"«»“”".contains(ch) {
                    if !result.isEmpty, result.last!.clause == clause { clause += 1 }
                }
            }
        }
        flush()
        return result
    }

    /// Index of the first word (or phrase start) matching one of `stems`, skipping negated ones.
    static func firstMatch(_ stems: [String], in words: [Word], negation: Bool) -> Int? {
        var best: Int?
        for stem in stems {
            let parts = stem.split(separator: " ").map(String.init)
            guard !parts.isEmpty, words.count >= parts.count else { continue }
            for i in 0...(words.count - parts.count) {
                if let b = best, i >= b { break }
                var ok = true
                for (j, part) in parts.enumerated() where !matches(part, words[i + j].key) { ok = false; break }
                guard ok else { continue }
                if negation && isNegated(at: i, in: words) { continue }
                best = i
                break
            }
        }
        return best
    }

    static func matches(_ stem: String, _ key: String) -> Bool {
        if stem.hasSuffix("*") { return key.hasPrefix(stem.dropLast()) }
        return key == stem
    }

    /// Words that say an activity did not happen when they come shortly before it in its clause.
    static let skipWords: Set<String> = [
        "not", "never", "no", "skipped", "skip", "skipping", "missed", "miss", "cancelled", "canceled",
        "instead", "couldn't", "didn't", "wasn't", "won't", "без", "не", "ни", "пропустил", "пропустила",
        "пропустили", "пропускаю", "отменил", "отменила", "отменилась", "отменился", "вместо",
    ]

    /// Whether the activity word at `i` is said not to have happened: a negation or a
    /// skipping verb up to four words before it in the same clause ("didn't go to the gym",
    /// "skipped my run", "не пошла на пробежку").
    static func isSkipped(at i: Int, in words: [Word]) -> Bool {
        for back in 1...4 where i - back >= 0 {
            let w = words[i - back]
            if w.clause != words[i].clause { break }
            if skipWords.contains(w.key) || w.key.hasSuffix("n't") { return true }
        }
        return false
    }

    static func isNegated(at i: Int, in words: [Word]) -> Bool {
        let negators: Set<String> = ["not", "never", "no", "hardly", "не", "ни", "нисколько"]
        for back in 1...2 where i - back >= 0 {
            let w = words[i - back]
            if w.clause != words[i].clause { break }
            if negators.contains(w.key) || w.key.hasSuffix("n't") { return true }
        }
        return false
    }

    // MARK: Feelings

    static func feelingStems(_ language: AppLanguage) -> [(Feeling, [String])] {
        switch language {
        case .english: return [
            (.tired, ["tired", "tiring", "exhaust*", "drained", "sleepy", "fatigue*", "weary", "knackered", "worn out", "burned out", "burnt out", "no energy", "long day", "day was long", "long week"]),
            (.anxious, ["anxious", "anxiety", "worried", "worry", "worrying", "worries", "nervous", "scared", "afraid", "panic*", "uneasy", "fear", "fears", "dread*"]),
            (.stressed, ["stress*", "overwhelm*", "pressure", "swamped", "frazzled", "too much", "rough day", "hard day", "tough day"]),
            (.sad, ["sad", "sadness", "unhappy", "upset", "heartbroken", "miserable", "gloomy", "cry", "crying", "cried", "tears", "hurt", "it hurts", "that hurts", "blue"]),
            (.angry, ["angry", "anger", "mad", "furious", "annoyed", "annoying", "irritat*", "frustrat*", "pissed", "resent*"]),
            (.lonely, ["lonely", "loneliness", "alone", "isolated", "lonesome", "left out", "nobody to", "no one to", "i miss", "miss my", "miss him", "miss her", "miss them"]),
            (.happy, ["happy", "happiness", "glad", "joy", "joyful", "excited", "delighted", "wonderful", "great", "amazing", "cheerful", "thrilled", "fun"]),
            (.grateful, ["grateful", "gratitude", "thankful", "thanks", "thank", "appreciat*"]),
            (.proud, ["proud", "pride", "accomplish*", "achiev*", "managed to", "finally did"]),
            (.confused, ["confus*", "unsure", "uncertain", "torn", "stuck", "don't know what", "do not know what", "no idea", "i don't know", "i do not know", "idk", "not sure"]),
            (.calm, ["calm", "calmer", "peaceful", "relaxed", "rested", "serene"]),
        ]
        case .russian: return [
            (.tired, ["устал*", "усталост*", "вымота*", "измота*", "утомл*", "выдохл*", "выжат*", "сонн*", "нет сил", "без сил", "длинный день", "день был длинный", "долгий день"]),
            (.anxious, ["тревог*", "тревож*", "волну*", "волнова*", "беспоко*", "страшн*", "страшно", "боюсь", "боит*", "страх*", "нервнич*", "паник*"]),
            (.stressed, ["стресс*", "напряж*", "завал*", "перегруж*", "загруж*", "давит", "запар*", "не успева*", "тяжелый день", "день был тяжелый", "трудный день"]),
            (.sad, ["грус*", "печал*", "плак*", "плач*", "слез*", "тоск*", "расстро*", "обид*", "тяжело на душе"]),
            (.angry, ["злюсь", "злит", "злая", "злой", "злость*", "зла", "бесит", "бесят", "раздраж*", "возмущ*", "ярост*"]),
            (.lonely, ["одинок*", "одиночеств*", "не с кем", "никому не нуж*", "скучаю", "скучала", "скучал"]),
            (.happy, ["рад", "рада", "рады", "радост*", "радуе*", "радую*", "счастл*", "весел*", "здорово", "отличн*", "классн*", "прекрасн*", "чудесн*", "кайф*", "восторг*"]),
            (.grateful, ["благодар*", "спасибо", "признател*"]),
            (.proud, ["горжусь", "горд*", "получилос*", "справил*", "смогла", "смог"]),
            (.confused, ["запута*", "растерян*", "непонятн*", "не знаю", "не понимаю"]),
            (.calm, ["спокойн*", "спокойств*", "умиротвор*", "расслаб*", "отдохнул*"]),
        ]
        }
    }

    /// Mild positive words ("good", "nice", "хорошо"): read as `.happy` only when no other
    /// feeling is written, so "good, but exhausted" reads as tired.
    static func mildPositiveStems(_ language: AppLanguage) -> [String] {
        switch language {
        case .english: return ["good", "nice", "lovely", "better", "pleasant", "cozy", "cosy", "okay day", "fine day"]
        case .russian: return ["хорош*", "неплох*", "приятн*", "уютн*", "лучше"]
        }
    }

    // MARK: Activities

    static func activityStems(_ language: AppLanguage) -> [(Activity, [String])] {
        switch language {
        case .english: return [
            (.walk, ["walk", "walks", "walked", "walking", "stroll*", "hike", "hiked", "hiking", "wander*"]),
            (.outdoors, ["river*", "park", "parks", "sea", "seaside", "lake*", "forest*", "woods", "beach*", "garden*",
                         "mountain*", "sunset*", "sunrise*", "outside", "outdoors", "nature", "trees", "flowers", "riverside"]),
            (.cooking, ["cook", "cooks", "cooked", "cooking", "bake", "baked", "baking", "soup", "recipe*", "pie", "bread", "cake*"]),
            (.reading, ["read", "reading", "book", "books", "novel*", "poem*", "poetry"]),
            (.exercise, ["run", "ran", "running", "jog*", "gym", "yoga", "swim*", "swam", "bike", "cycling", "cycled",
                         "workout*", "exercis*", "football", "tennis", "danced", "dancing", "dance", "climbing"]),
            (.music, ["music", "song*", "sang", "sing", "singing", "guitar", "piano", "concert*", "playlist*"]),
            (.film, ["movie*", "film*", "series", "cinema", "documentary", "watched"]),
            (.crafts, ["draw", "drew", "drawing", "paint", "painted", "painting", "knit*", "sketch*", "craft*", "sewing", "pottery"]),
        ]
        case .russian: return [
            (.walk, ["гуля*", "погуля*", "прогул*", "прошл*", "пешком", "поход"]),
            (.outdoors, ["река", "реки", "реке", "реку", "рекой", "речк*", "набережн*", "парк", "парка", "парке", "парку",
                         "парком", "море", "моря", "морю", "морем", "озер*", "лес", "леса", "лесу", "лесом", "пляж*",
                         "сад", "сада", "саду", "садом", "горы", "горах", "закат*", "рассвет*", "природ*", "на улице"]),
            (.cooking, ["готовил*", "приготов*", "сварил*", "испекл*", "испек", "пекл*", "суп", "супа", "супом", "пирог*",
                        "рецепт*", "выпечк*"]),
            (.reading, ["читал*", "читаю", "читать", "прочитал*", "почитал*", "книг*", "книжк*", "стих*"]),
            (.exercise, ["бегал*", "бегаю", "пробежк*", "побегал*", "спортзал*", "зал", "зале", "йог*", "плавал*", "бассейн*",
                         "велосипед*", "трениров*", "танц*", "футбол*", "зарядк*"]),
            (.music, ["музык*", "песн*", "песен", "гитар*", "пианино", "концерт*", "пела", "пел"]),
            (.film, ["фильм*", "кино", "сериал*"]),
            (.crafts, ["рисова*", "рисую", "нарисова*", "вяза*", "вышива*", "лепил*"]),
        ]
        }
    }

    // MARK: Topics

    static func topicStems(_ language: AppLanguage) -> [(Topic, [String])] {
        switch language {
        case .english: return [
            (.work, ["work", "works", "working", "worked", "job", "jobs", "boss", "office", "meeting*", "deadline*", "colleague*", "coworker*", "co-worker*", "project*", "shift", "career", "manager", "client*", "workplace"]),
            (.family, ["mom", "mum", "mother*", "dad", "father*", "parent*", "family", "families", "sister*", "brother*", "son", "sons", "daughter*", "kid", "kids", "child", "children", "grandma", "grandpa", "grandmother*", "grandfather*", "aunt", "uncle", "cousin*"]),
            (.sleep, ["sleep*", "slept", "insomnia", "nap", "naps", "asleep", "awake", "bedtime", "nightmare*"]),
            (.friends, ["friend*", "buddy", "buddies", "bestie"]),
            (.study, ["study", "studies", "studying", "exam*", "school*", "class", "classes", "university", "college", "homework", "lecture*", "teacher*", "professor*", "course*", "thesis", "semester"]),
            (.health, ["sick", "ill", "illness", "health*", "doctor*", "pain", "pains", "painful", "head hurts", "back hurts", "stomach hurts", "headache*", "hospital*", "flu", "fever", "injur*", "medicine", "symptom*", "migraine*"]),
            (.love, ["boyfriend*", "girlfriend*", "partner*", "husband*", "wife", "relationship*", "breakup", "broke up", "dating", "crush", "relationship"]),
            (.money, ["money", "rent", "bills", "salary", "debt*", "loan*", "mortgage*", "paycheck", "budget*"]),
            (.home, ["home", "house", "apartment", "flat", "moving", "neighbo*", "roommate*"]),
        ]
        case .russian: return [
            (.work, ["работ*", "начальн*", "босс*", "офис*", "совещан*", "дедлайн*", "коллег*", "проект*", "карьер*", "клиент*", "смена", "смене", "смену"]),
            (.family, ["мама", "мамы", "маме", "маму", "мамой", "папа", "папы", "папе", "папу", "папой", "родител*", "семья", "семьи", "семье", "семью", "семьей", "семейн*", "сестр*", "брат", "брата", "брату", "братом", "брате", "братья*", "сын", "сына", "сыну", "сыном", "доч*", "бабушк*", "дедушк*", "дети", "детей", "детям", "детьми", "ребен*"]),
            (.sleep, ["сон", "сна", "сну", "сном", "спать", "сплю", "спал", "спала", "бессонниц*", "проснул*", "просып*", "уснуть", "усну*", "засну*", "засып*", "кошмар*", "выспал*"]),
            (.friends, ["друг", "друга", "другу", "другом", "друге", "друз*", "подруг*", "приятел*", "дружб*"]),
            (.study, ["учеб*", "учусь", "учиться", "экзамен*", "школ*", "универ*", "институт*", "сесси*", "домашк*", "урок*", "лекци*", "учител*", "преподава*", "диплом*", "зачет*"]),
            (.health, ["болен", "больна", "болит", "болел*", "болею", "болезн*", "здоровь*", "врач*", "больниц*", "простуд*", "температур*", "мигрен*", "лекарств*", "таблетк*"]),
            (.love, ["муж", "мужа", "мужу", "мужем", "муже", "жена", "жены", "жене", "жену", "женой", "отношени*", "свидани*", "расстал*", "любим*", "парень", "парнем", "девушк*"]),
            (.money, ["деньг*", "денег", "зарплат*", "долг", "долга", "долги", "долгов", "долгу", "долгами", "аренд*", "кредит*", "ипотек*", "бюджет*"]),
            (.home, ["дом", "дома", "доме", "домой", "квартир*", "переезд*", "сосед*"]),
        ]
        }
    }

    // MARK: Names

    static let englishNotNames: Set<String> = [
        "i", "i'm", "i've", "i'd", "i'll", "ok", "okay", "god", "mom", "mum", "dad", "luna", "lanternly",
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december", "christmas", "easter", "english", "russian", "siri", "apple",
        "the", "a", "and", "but", "so", "my", "it", "it's", "this", "that", "today", "tonight", "yesterday",
        "he", "she", "they", "we", "you", "maybe", "then", "when", "why", "what", "how", "just", "also",
        "hi", "hello", "hey", "hiya", "good", "thanks", "thank", "morning", "evening", "night", "afternoon",
        "day", "week", "everything", "nothing", "nobody", "everyone", "life", "time", "weather", "dinner",
        "lunch", "breakfast", "there", "here", "yes", "no", "please", "sorry", "all", "some", "one",
    ]
    static let russianNotNames: Set<String> = [
        "я", "мне", "меня", "мной", "мы", "нам", "нас", "ты", "тебе", "тебя", "вы", "он", "она", "они",
        "оно", "его", "ее", "их", "бог", "господи", "луна", "сегодня", "вчера", "завтра", "это", "как",
        "что", "но", "и", "а", "мама", "папа", "москва", "россия", "утром", "вечером", "ночью", "потом",
        "совсем", "очень", "просто", "опять", "снова", "весь", "вся", "все", "наверное", "кажется", "может",
        "теперь", "тут", "там", "здесь", "когда", "если", "почему", "зачем", "хотя", "еще", "уже", "только",
        "даже", "вот", "ну", "так", "да", "нет", "спасибо", "привет", "пока", "ладно", "хорошо", "плохо",
        "целый", "мой", "моя", "мое", "мои", "наш", "наша", "этот", "эта", "эти", "тот", "та", "каждый",
        "утро", "вечер", "ночь", "день", "днем", "сейчас", "давно", "недавно", "иногда", "часто", "всегда",
        "никогда", "зато", "поэтому", "потому", "ведь", "прямо", "немного", "чуть", "много", "мало", "после",
        "перед", "дома", "здравствуй", "здравствуйте", "добрый", "доброе", "доброй", "спокойной", "всю",
        "весь", "пошла", "пошел", "сходила", "сходил", "долго", "наконец", "сначала", "ничего", "никто",
        "нечего", "ужин", "обед", "завтрак", "работа", "погода", "жизнь", "время", "неделя", "ок", "окей",
        "вообще", "кстати", "короче", "в общем", "честно", "сегодняшний", "вчерашний", "спасибочки",
    ]
    /// Words after which an English name starts a clause (so it is the subject).
    static let englishClauseOpeners: Set<String> = [
        "and", "but", "today", "yesterday", "tonight", "then", "so", "when", "because", "also", "again",
        "now", "later", "finally", "even", "while", "since", "after", "before",
    ]
    static let englishVerbs: Set<String> = [
        "said", "says", "told", "tells", "called", "calls", "texted", "asked", "asks", "came", "left",
        "is", "was", "has", "had", "wants", "wanted", "thinks", "thought", "invited", "visited", "got",
        "went", "just", "always", "never", "keeps", "kept", "didn't", "doesn't", "won't", "can't",
        "isn't", "wasn't", "hasn't", "helped", "helps", "forgot", "loves", "hates", "yelled", "laughed",
        "cried", "made", "gave", "wrote", "sent", "came", "will", "would", "again", "really", "still",
    ]
    static let englishSkipPrepositions: Set<String> = [
        "to", "in", "on", "from", "into", "near", "at", "by", "of", "the", "a", "an", "my", "our", "your",
    ]

    /// The first person named in English `words` and how they appear.
    static func englishName(in words: [Word]) -> (String, NameRole)? {
        for (i, w) in words.enumerated() where w.capitalized && w.text.count >= 2 && !englishNotNames.contains(w.key) && !w.isMarkup {
            guard w.text.dropFirst().contains(where: { $0.isLowercase }) || w.text.count > 3 else { continue }
            guard !isLexiconWord(w.key, .english) else { continue }
            let prev = i > 0 && words[i - 1].clause == w.clause ? words[i - 1].key : nil
            let next = i + 1 < words.count && words[i + 1].clause == w.clause ? words[i + 1].key : nil
            var name = w.text
            if name.hasSuffix("'s") || name.hasSuffix("’s") { name = String(name.dropLast(2)) }
            let possessive = name != w.text
            switch prev {
            case "with"?: return (name, .with)
            case "about"?: return (name, .about)
            case "for"?: return (name, .forPerson)
            case "at"? where possessive: return (name, .at)
            case let p? where englishSkipPrepositions.contains(p): continue
            default: break
            }
            if possessive { return (name, .about) }
            if w.sentenceStart {
                let foreign = !w.text.unicodeScalars.allSatisfy(\.isASCII)
                if foreign || (next.map(englishVerbs.contains) ?? false) { return (name, .subject) }
                continue
            }
            if prev == nil || englishClauseOpeners.contains(prev!) || (next.map(englishVerbs.contains) ?? false) {
                return (name, .subject)
            }
            return (name, .object)
        }
        return nil
    }

    /// Whether `key` is one of the feeling or topic words (so not a name).
    static func isLexiconWord(_ key: String, _ language: AppLanguage) -> Bool {
        let stems = language == .russian ? russianLexiconStems : englishLexiconStems
        return stems.whole.contains(key) || stems.prefixes.contains { key.hasPrefix($0) }
    }

    /// The one-word stems of every lexicon, built once: whole words and prefixes apart.
    private static func lexiconStems(_ language: AppLanguage) -> (whole: Set<String>, prefixes: [String]) {
        let stems = (feelingStems(language).flatMap(\.1) + topicStems(language).flatMap(\.1)
            + activityStems(language).flatMap(\.1) + mildPositiveStems(language)).filter { !$0.contains(" ") }
        return (Set(stems.filter { !$0.hasSuffix("*") }), stems.filter { $0.hasSuffix("*") }.map { String($0.dropLast()) })
    }
    private static let englishLexiconStems = lexiconStems(.english)
    private static let russianLexiconStems = lexiconStems(.russian)

    /// Hellos a message can open with, as word sequences (longest first wins).
    static let greetingPhrases: [([String], Greeting)] = [
        (["good", "morning"], .morning), (["good", "afternoon"], .afternoon), (["good", "evening"], .evening),
        (["hi"], .hello), (["hello"], .hello), (["hey"], .hello),
        (["hiya"], .hello), (["howdy"], .hello), (["heya"], .hello), (["hey", "there"], .hello),
        (["доброе", "утро"], .morning), (["доброго", "утра"], .morning), (["добрый", "день"], .afternoon),
        (["доброго", "дня"], .afternoon), (["добрый", "вечер"], .evening), (["доброго", "вечера"], .evening),
        (["привет"], .hello),
        (["приветик"], .hello), (["здравствуй"], .hello), (["здравствуйте"], .hello), (["хай"], .hello),
        (["салют"], .hello),
    ]
    /// Goodbyes, as word sequences; a clause that is one of these (and fillers) is a goodbye.
    static let goodbyePhrases: [([String], Goodbye)] = [
        (["good", "night"], .night), (["goodnight"], .night), (["night", "night"], .night),
        (["nighty", "night"], .night), (["sleep", "well"], .night), (["sweet", "dreams"], .night),
        (["bye"], .bye), (["goodbye"], .bye), (["bye", "bye"], .bye), (["see", "you"], .bye),
        (["see", "you", "tomorrow"], .bye), (["see", "you", "later"], .bye), (["see", "you", "soon"], .bye),
        (["talk", "tomorrow"], .bye), (["talk", "soon"], .bye), (["talk", "later"], .bye),
        (["talk", "to", "you", "tomorrow"], .bye), (["talk", "to", "you", "later"], .bye),
        (["take", "care"], .bye), (["gotta", "go"], .bye), (["i", "have", "to", "go"], .bye),
        (["спокойной", "ночи"], .night), (["доброй", "ночи"], .night), (["сладких", "снов"], .night),
        (["споки"], .night), (["пока"], .bye), (["пока", "пока"], .bye), (["до", "завтра"], .bye),
        (["до", "свидания"], .bye), (["до", "встречи"], .bye), (["до", "скорого"], .bye),
        (["увидимся"], .bye), (["мне", "пора"], .bye), (["всего", "доброго"], .bye),
    ]

    /// A goodbye filling the clause at `start` (fillers such as "Luna" allowed), and the
    /// index after that clause.
    static func goodbye(at start: Int, in words: [Word]) -> (Goodbye, Int)? {
        guard start < words.count else { return nil }
        let clause = words[start].clause
        var best: (Goodbye, Int)?
        for (phrase, kind) in goodbyePhrases where start + phrase.count <= words.count {
            let slice = words[start..<(start + phrase.count)]
            guard zip(phrase, slice).allSatisfy({ $0 == $1.key }), slice.allSatisfy({ $0.clause == clause }) else { continue }
            let end = skipFillers(from: start + phrase.count, clause: clause, in: words)
            guard end == words.count || words[end].clause != clause else { continue }
            if best.map({ end > $0.1 }) ?? true { best = (kind, end) }
        }
        return best
    }

    /// A single word that is a hello only when it stands alone in its clause ("Morning!").
    static let loneGreetings: [String: Greeting] = ["morning": .morning, "evening": .evening, "утро": .morning]
    /// Words that may follow a hello or a thanks without adding anything ("hi there", "спасибо тебе").
    static let courtesyFillers: Set<String> = [
        "there", "luna", "again", "everyone", "all", "you", "friend", "so", "much", "a", "lot", "very", "now",
        "луна", "луночка", "снова", "еще", "раз", "тебе", "вам", "большое", "огромное", "тебя", "всем",
    ]
    static let greetings: Set<String> = Set(greetingPhrases.flatMap(\.0)).union(loneGreetings.keys)

    /// The hello a message opens with, and the index of the first word after it.
    static func greeting(at start: Int, in words: [Word]) -> (Greeting, Int)? {
        guard start < words.count else { return nil }
        var best: (Greeting, Int)?
        for (phrase, kind) in greetingPhrases where start + phrase.count <= words.count {
            let slice = words[start..<(start + phrase.count)]
            guard zip(phrase, slice).allSatisfy({ $0 == $1.key }), Set(slice.map(\.clause)).count == 1 else { continue }
            if best.map({ start + phrase.count > $0.1 }) ?? true { best = (kind, start + phrase.count) }
        }
        if best == nil, let kind = loneGreetings[words[start].key],
           start + 1 == words.count || words[start + 1].clause != words[start].clause {
            best = (kind, start + 1)
        }
        guard let (kind, end) = best else { return nil }
        return (kind, skipFillers(from: end, clause: words[end - 1].clause, in: words))
    }

    static func skipFillers(from index: Int, clause: Int, in words: [Word]) -> Int {
        var i = index
        while i < words.count, words[i].clause == clause, courtesyFillers.contains(words[i].key) { i += 1 }
        return i
    }

    /// Thanks aimed at Luna at `start` ("thanks", "thank you for listening", "спасибо за
    /// поддержку"), and the index after it. Thanks for someone else ("thanks to my sister",
    /// "спасибо другу") is gratitude to read as a feeling, so it returns `nil`.
    static func thanks(at start: Int, in words: [Word]) -> Int? {
        guard start < words.count else { return nil }
        let w = words[start]
        var end: Int
        switch w.key {
        case "thanks", "thx", "спасибо", "благодарю", "спасибочки": end = start + 1
        case "thank" where start + 1 < words.count && words[start + 1].key == "you": end = start + 2
        default: return nil
        }
        end = skipFillers(from: end, clause: w.clause, in: words)
        if end == words.count || words[end].clause != w.clause { return end }
        guard ["for", "за"].contains(words[end].key) else { return nil }
        while end < words.count, words[end].clause == w.clause { end += 1 }
        return end
    }

    /// "How are you" at `start`, as its own clause, and the index after that clause.
    static func asksAfterLuna(at start: Int, in words: [Word]) -> Int? {
        let phrases: [[String]] = [
            ["how", "are", "you"], ["how", "are", "u"], ["how're", "you"], ["how's", "it", "going"],
            ["how", "is", "it", "going"], ["how", "have", "you", "been"], ["how", "you", "doing"],
            ["как", "дела"], ["как", "ты"], ["как", "у", "тебя", "дела"], ["как", "поживаешь"], ["как", "жизнь"],
        ]
        guard start < words.count else { return nil }
        for phrase in phrases where start + phrase.count <= words.count {
            let slice = words[start..<(start + phrase.count)]
            guard zip(phrase, slice).allSatisfy({ $0 == $1.key }) else { continue }
            var end = start + phrase.count
            let clause = words[start].clause
            // "how are you" must end its clause: "how are you so calm" is not small talk.
            if end < words.count, words[end].clause == clause,
               !courtesyFillers.contains(words[end].key), !["doing", "today", "сегодня", "там"].contains(words[end].key) {
                continue
            }
            while end < words.count, words[end].clause == clause { end += 1 }
            return end
        }
        return nil
    }

    /// Whether a Russian word looks like a verb form that follows its subject.
    static func looksLikeRussianVerb(_ key: String) -> Bool {
        if key.hasSuffix("л") && key.count < 4 && key != "был" { return false } // сил, пол, стол…
        return ["л", "ла", "ло", "ли", "ет", "ит", "ут", "ют", "ат", "ят", "ется", "ится", "лась", "лся", "лись"]
            .contains { key.hasSuffix($0) } && key.count >= 3
    }

    /// The first person named in Russian `words`, when the case of the name lets a reply use it.
    static func russianName(in words: [Word]) -> (String, NameRole)? {
        // A capitalized word inside a sentence is surer than one that opens it ("Ужин с Сашей…").
        let order = words.indices.filter { !words[$0].sentenceStart } + words.indices.filter { words[$0].sentenceStart }
        for i in order {
            let w = words[i]
            guard w.capitalized, w.text.count >= 2, !russianNotNames.contains(w.key), !w.isMarkup else { continue }
            guard w.text.unicodeScalars.first.map({ (0x400...0x4FF).contains($0.value) }) ?? false else { continue }
            guard !isLexiconWord(w.key, .russian) else { continue }
            let prev = i > 0 && words[i - 1].clause == w.clause ? words[i - 1].key : nil
            if w.sentenceStart {
                let ahead = words[(i + 1)...].prefix(3).filter { $0.clause == w.clause }.map(\.key)
                // "Сварила суп…", "Погуляла у реки…": a verb opening the sentence, not a name.
                if looksLikeRussianVerb(w.key), !(ahead.first.map(looksLikeRussianVerb) ?? false) { continue }
                if ahead.contains(where: looksLikeRussianVerb), !w.key.hasSuffix("у"), !w.key.hasSuffix("ю") {
                    return (w.text, .subject)
                }
                continue
            }
            switch prev {
            case "с"?, "со"?: return (w.text, .with)
            case "о"?, "об"?, "обо"?: return (w.text, .about)
            case "про"?: return (w.text, .object)
            case "у"?: return (w.text, .at)
            case "для"?: return (w.text, .forPerson)
            case let p? where p.count <= 3 && !["и", "а", "но"].contains(p): continue // в, на, к, из, от…: places or cases we do not use
            default: break
            }
            if w.key.hasSuffix("у") || w.key.hasSuffix("ю") { return (w.text, .object) }
            let ahead = words[(i + 1)...].prefix(3).filter { $0.clause == w.clause }.map(\.key)
            if ahead.contains(where: looksLikeRussianVerb), !w.key.hasSuffix("ой"), !w.key.hasSuffix("ей"),
               !w.key.hasSuffix("ом"), !w.key.hasSuffix("е"), !w.key.hasSuffix("и") {
                return (w.text, .subject)
            }
        }
        return nil
    }

    // MARK: Reading

    static func read(_ text: String, language: AppLanguage) -> Reading {
        let all = words(of: text)
        // The courtesies a message opens with: a hello, thanks to Luna, a "how are you".
        var start = 0
        var greeting: Greeting?
        var thanks = false
        var asks = false
        for _ in 0..<3 {
            if greeting == nil, let (g, end) = self.greeting(at: start, in: all) {
                greeting = g; start = end
            } else if !thanks, let end = self.thanks(at: start, in: all) {
                thanks = true; start = end
            } else if !asks, let end = asksAfterLuna(at: start, in: all) {
                asks = true; start = end
            } else {
                break
            }
        }
        // Clauses that are only a goodbye or only thanks, anywhere after that ("…. Good night!").
        var goodbye: Goodbye?
        var rest: [Word] = []
        var i = start
        while i < all.count {
            let clauseStart = i == start || all[i].clause != all[i - 1].clause
            if clauseStart, let (g, end) = self.goodbye(at: i, in: all) {
                goodbye = goodbye ?? g; i = end; continue
            }
            if clauseStart, i > start, let end = self.thanks(at: i, in: all),
               end == all.count || all[end].clause != all[i].clause {
                thanks = true; i = end; continue
            }
            rest.append(all[i]); i += 1
        }
        let words = rest

        var feelingHit: (Feeling, Int)?
        for (feeling, stems) in feelingStems(language) {
            if let i = firstMatch(stems, in: words, negation: true), feelingHit.map({ i < $0.1 }) ?? true {
                feelingHit = (feeling, i)
            }
        }
        if feelingHit == nil, let i = firstMatch(mildPositiveStems(language), in: words, negation: true) {
            feelingHit = (.happy, i)
        }
        // A topic right after "after"/"после" is a time ("after work"), not what the message is about.
        var topicHit: (Topic, Int)?
        var frame: Topic?
        let timeWords: Set<String> = ["after", "before", "после", "перед", "до"]
        for (topic, stems) in topicStems(language) {
            for i in matchIndices(stems, in: words) {
                if i > 0, timeWords.contains(words[i - 1].key), words[i - 1].clause == words[i].clause {
                    if frame == nil { frame = topic }
                    continue
                }
                if topicHit.map({ i < $0.1 }) ?? true { topicHit = (topic, i) }
                break
            }
        }
        var activityHits: [(Activity, Int)] = []
        var skippedHits: [(Activity, Int)] = []
        for (activity, stems) in activityStems(language) {
            let hits = matchIndices(stems, in: words)
            if let i = hits.first(where: { !isSkipped(at: $0, in: words) }) {
                activityHits.append((activity, i))
            } else if let i = hits.first {
                skippedHits.append((activity, i))
            }
        }
        let name = language == .russian ? russianName(in: words) : englishName(in: words)
        let anchor = feelingHit?.1 ?? topicHit?.1 ?? activityHits.map(\.1).min()
        var reading = Reading(feeling: feelingHit?.0, topic: topicHit?.0,
                              quote: quote(words, anchor: anchor, name: name?.0),
                              name: name.map { ($0.0, $0.1) }, words: all)
        reading.activities = activityHits.sorted { $0.1 < $1.1 }.map(\.0)
        reading.frame = frame
        reading.greeting = greeting
        reading.thanks = thanks
        reading.asksAfterLuna = asks
        reading.goodbye = goodbye
        reading.skipped = skippedHits.sorted { $0.1 < $1.1 }.map(\.0)
        return reading
    }

    /// Indices of every word (or phrase start) matching one of `stems`, in order.
    static func matchIndices(_ stems: [String], in words: [Word]) -> [Int] {
        var found = Set<Int>()
        for stem in stems {
            let parts = stem.split(separator: " ").map(String.init)
            guard !parts.isEmpty, words.count >= parts.count else { continue }
            for i in 0...(words.count - parts.count)
            where parts.enumerated().allSatisfy({ matches($0.element, words[i + $0.offset].key) }) {
                found.insert(i)
            }
        }
        return found.sorted()
    }

    /// A short phrase of the message (2–7 words of one clause, around the feeling or topic
    /// word when there is one), as written.
    static func quote(_ words: [Word], anchor: Int?, name: String?) -> String? {
        guard !words.isEmpty else { return nil }
        // Tags, keys and labels are clauses of their own and never part of a quote.
        let anchor = anchor.flatMap { words[$0].isMarkup ? nil : $0 }
        let clause = anchor.map { words[$0].clause }
            ?? words.first(where: { w in !w.isMarkup && words.filter { $0.clause == w.clause }.count >= 2 })?.clause
        guard let clause else { return nil }
        let indices = words.indices.filter { words[$0].clause == clause }
        guard indices.count >= 2 else { return nil }
        let maxWords = 7
        var lo = indices.first!, hi = indices.last!
        if hi - lo + 1 > maxWords {
            let center = anchor ?? lo
            lo = max(indices.first!, min(center - 3, indices.last! - maxWords + 1))
            hi = lo + maxWords - 1
        }
        let leading: Set<String> = ["and", "but", "so", "then", "и", "а", "но", "да", "вот", "ну"]
        while lo < hi, leading.contains(words[lo].key) { lo += 1 }
        guard hi - lo + 1 >= 2 else { return nil }
        var parts = words[lo...hi].map(\.text)
        let first = words[lo]
        if first.sentenceStart, first.text != "I", !first.text.hasPrefix("I'"), first.text != name,
           first.text.dropFirst().allSatisfy({ !$0.isUppercase }) {
            parts[0] = first.text.prefix(1).lowercased() + first.text.dropFirst()
        }
        var text = parts.joined(separator: " ")
        if lo > indices.first!, !leading.contains(words[lo - 1].key) { text = "…" + text }
        if hi < indices.last! { text += "…" }
        return text
    }
}
