import Foundation

// The simulated model's phrasebook: the sentences its live replies are built from, in English
// and Russian. They are the model's internals (like a real model's weights), not UI strings,
// so they live here rather than in the String Catalog. Russian has a neutral form and, where a
// past-tense verb speaks of the person, feminine and masculine forms (DESIGN.md §4).
// Slots: {quote} (a phrase of the message) and {name} (a person it named).

/// One sentence in both languages.
struct Phrase: Sendable {
    var en: String
    var ru: String
    var ruFeminine: String?
    var ruMasculine: String?

    init(_ en: String, _ ru: String, feminine: String? = nil, masculine: String? = nil) {
        self.en = en
        self.ru = ru
        self.ruFeminine = feminine
        self.ruMasculine = masculine
    }

    func text(_ language: AppLanguage, gender: GrammaticalGender) -> String {
        switch (language, gender) {
        case (.english, _): return en
        case (.russian, .feminine): return ruFeminine ?? ru
        case (.russian, .masculine): return ruMasculine ?? ru
        case (.russian, .neutral): return ru
        }
    }
}

enum Phrasebook {
    static func openings(_ feeling: Feeling) -> [Phrase] {
        switch feeling {
        case .tired: return [
            Phrase("That sounds like a deep, heavy kind of tired.", "Похоже, это очень глубокая, тяжёлая усталость."),
            Phrase("It sounds like you have been running on very little.", "Похоже, сил сейчас совсем немного."),
        ]
        case .anxious: return [
            Phrase("There is a lot of worry in these words.", "В этих словах много тревоги."),
            Phrase("It sounds like your mind is not letting you rest.", "Похоже, мысли не дают тебе покоя."),
        ]
        case .stressed: return [
            Phrase("It sounds like a lot is pressing on you at once.", "Похоже, на тебя сейчас давит сразу многое."),
            Phrase("That is a lot to carry in one day.", "Это очень много для одного дня."),
        ]
        case .sad: return [
            Phrase("I can hear some sadness in this.", "Я слышу в этом грусть."),
            Phrase("That sounds like it hurts.", "Похоже, это больно."),
        ]
        case .angry: return [
            Phrase("That sounds really frustrating.", "Это правда может разозлить."),
            Phrase("It makes sense that this got under your skin.", "Понятно, почему это так задело."),
        ]
        case .lonely: return [
            Phrase("Carrying things alone is hard.", "Когда не с кем это разделить, тяжело."),
            Phrase("It sounds like you are missing people around you.", "Похоже, тебе не хватает людей рядом."),
        ]
        case .happy: return [
            Phrase("This sounds like a good moment, and I am glad you are writing it down.", "Звучит как хороший момент, и здорово, что ты его записываешь."),
            Phrase("There is real lightness in this.", "В этом есть настоящая лёгкость."),
        ]
        case .grateful: return [
            Phrase("There is a lot of warmth in noticing that.", "Сколько тепла в том, чтобы это заметить."),
            Phrase("It is lovely that this stood out to you.", "Как хорошо, что это не прошло мимо тебя."),
        ]
        case .proud: return [
            Phrase("That sounds like something to be proud of.", "Этим правда можно гордиться."),
            Phrase("You did something that mattered there.", "Похоже, у тебя получилось что-то важное."),
        ]
        case .confused: return [
            Phrase("It sounds like things are tangled right now.", "Похоже, сейчас всё немного запуталось."),
            Phrase("Not knowing which way to go is uncomfortable.", "Когда непонятно, куда двигаться, бывает неуютно."),
        ]
        case .calm: return [
            Phrase("This sounds like a quiet, steady moment.", "Звучит как тихий, спокойный момент."),
            Phrase("There is some calm in these words.", "В этих словах есть спокойствие."),
        ]
        }
    }

    static func opening(_ topic: Topic) -> Phrase {
        switch topic {
        case .work: return Phrase("It sounds like work has been on your mind.", "Похоже, работа не выходит у тебя из головы.")
        case .family: return Phrase("Family can stir up so much at once.", "Семья может всколыхнуть так много сразу.")
        case .sleep: return Phrase("Sleep has a way of shaping the whole day.", "Сон во многом задаёт тон всему дню.")
        case .friends: return Phrase("Friends take up a big place in this.", "Друзья занимают в этом большое место.")
        case .study: return Phrase("It sounds like studying is taking a lot of room.", "Похоже, учёба занимает сейчас много места.")
        case .health: return Phrase("When the body is not well, everything feels harder.", "Когда тело нездорово, всё даётся труднее.")
        case .love: return Phrase("Relationships can touch the deepest places.", "Отношения задевают самое глубокое.")
        case .money: return Phrase("Money worries have a way of following you around.", "Мысли о деньгах умеют ходить по пятам.")
        case .home: return Phrase("Home matters a lot in how a day feels.", "Дом очень влияет на то, каким ощущается день.")
        }
    }

    static let genericOpenings = [
        Phrase("Thank you for putting this into words.", "Спасибо, что подбираешь для этого слова."),
        Phrase("I am reading every word of this.", "Я внимательно читаю каждое слово."),
        Phrase("It sounds like this has been on your mind.", "Похоже, это давно крутится у тебя в голове."),
    ]

    static func middle(_ topic: Topic) -> Phrase {
        switch topic {
        case .work: return Phrase("Work seems to be taking up a lot of room right now.", "Похоже, работа сейчас занимает очень много места.")
        case .family: return Phrase("Family is part of this, and that can make it weigh more.", "Здесь замешана семья, а с семьёй всё ощущается сильнее.")
        case .sleep: return Phrase("And sleep is tangled up in it too.", "И сон тоже сюда вплетается.")
        case .friends: return Phrase("And your friends are part of this picture.", "И друзья — часть этой картины.")
        case .study: return Phrase("Studying seems to be a big part of it.", "Учёба, похоже, — большая часть этого.")
        case .health: return Phrase("And your health is in the middle of it.", "И здоровье здесь тоже в центре.")
        case .love: return Phrase("And there is a relationship at the heart of it.", "И в центре всего этого — отношения.")
        case .money: return Phrase("And money is pressing in as well.", "И деньги тоже давят.")
        case .home: return Phrase("And home is part of it too.", "И дом тоже часть этого.")
        }
    }

    static let quotes = [
        Phrase("You wrote “{quote}”.", "Ты пишешь: «{quote}».",
               feminine: "Ты написала: «{quote}».", masculine: "Ты написал: «{quote}»."),
        Phrase("“{quote}”: those words stay with me.", "«{quote}» — эти слова во мне откликаются."),
        Phrase("When you say “{quote}”, I want to slow down and really listen.", "Когда ты говоришь «{quote}», хочется остановиться и прислушаться."),
        Phrase("You noted “{quote}”, and that matters.", "Ты отмечаешь: «{quote}» — и это важно.",
               feminine: "Ты отметила: «{quote}» — и это важно.", masculine: "Ты отметил: «{quote}» — и это важно."),
    ]

    static func question(_ feeling: Feeling) -> Phrase {
        switch feeling {
        case .tired: return Phrase("What would real rest look like for you tonight?", "Как бы выглядел для тебя настоящий отдых сегодня вечером?")
        case .anxious: return Phrase("What is the worry saying, if you let it speak?", "О чём говорит эта тревога, если дать ей слово?")
        case .stressed: return Phrase("What is one thing you could set down, even for an hour?", "Что из этого можно отложить хотя бы на час?")
        case .sad: return Phrase("What do you need most right now?", "Что тебе сейчас нужнее всего?")
        case .angry: return Phrase("What part of it stings the most?", "Что в этом задевает сильнее всего?")
        case .lonely: return Phrase("Who feels a little closer when you think of them, even from far away?", "Кто кажется чуть ближе, когда ты о нём думаешь, пусть даже издалека?")
        case .happy: return Phrase("What made this moment feel so good?", "Что сделало этот момент таким хорошим?")
        case .grateful: return Phrase("What would you like to remember about it?", "Что тебе хочется об этом запомнить?")
        case .proud: return Phrase("How does it feel to notice that about yourself?", "Каково это — замечать такое в себе?")
        case .confused: return Phrase("If you did not have to decide today, what would you notice first?", "Если бы решать нужно было не сегодня, что стало бы заметнее всего?")
        case .calm: return Phrase("What helped you find this calm?", "Что помогло тебе найти это спокойствие?")
        }
    }

    static func question(_ topic: Topic) -> Phrase {
        switch topic {
        case .work: return Phrase("What part of work is weighing on you most?", "Какая часть работы давит на тебя сильнее всего?")
        case .family: return Phrase("What would you like your family to understand about you?", "Что тебе хотелось бы, чтобы семья поняла о тебе?")
        case .sleep: return Phrase("What usually helps you wind down at night?", "Что обычно помогает тебе успокоиться перед сном?")
        case .friends: return Phrase("What do you wish you could tell your friends?", "Что тебе хотелось бы сказать друзьям?")
        case .study: return Phrase("What would make the next step of your studies feel smaller?", "Что сделало бы следующий шаг в учёбе чуть меньше?")
        case .health: return Phrase("How are you looking after yourself through this?", "Как ты заботишься о себе во всём этом?")
        case .love: return Phrase("What do you need from this relationship right now?", "Что тебе сейчас нужно в этих отношениях?")
        case .money: return Phrase("What would make the money side feel a little more manageable?", "Что помогло бы почувствовать, что с деньгами можно справиться?")
        case .home: return Phrase("What would make home feel more like yours?", "Что помогло бы дому ощущаться более твоим?")
        }
    }

    static let greeting = Phrase("Hello, it is good to hear from you.", "Привет! Хорошо, что ты заглядываешь.")

    static let greetingQuestions = [
        Phrase("How are you feeling today?", "Как ты сегодня?"),
        Phrase("What is on your mind this evening, or this morning, wherever you are?", "Что у тебя сейчас на душе?"),
    ]

    static let genericQuestions = [
        Phrase("What feels most important about this right now?", "Что во всём этом сейчас кажется самым важным?"),
        Phrase("What would you like to happen next?", "Чего бы тебе хотелось дальше?"),
        Phrase("What is the part you keep coming back to?", "К какой части ты возвращаешься снова и снова?"),
    ]

    /// A question about the person named; the Russian construction fits the name's case.
    static func question(_ role: NameRole, russianName: String) -> Phrase {
        switch role {
        case .with: return Phrase("What was it like for you, being with {name}?", "Каково тебе было с {name}?")
        case .about:
            let prep = russianName.first.map { "АОУЭИаоуэи".contains($0) } == true ? "об" : "о"
            return Phrase("What would you most like to say about {name}?", "Что тебе больше всего хочется сказать \(prep) {name}?")
        case .object: return Phrase("What comes up for you when you think of {name}?", "Что в тебе откликается, когда ты думаешь про {name}?")
        case .forPerson: return Phrase("What would you like to do for {name}?", "Что тебе хочется сделать для {name}?")
        case .at: return Phrase("What do you think is going on for {name} right now?", "Как думаешь, что сейчас происходит у {name}?")
        case .subject: return Phrase("Does {name} know how you are feeling right now?", "А {name} знает, каково тебе сейчас?")
        }
    }

    /// Every phrase, for the translator's sentence table (names and quotes stay slots).
    static var all: [Phrase] {
        var list: [Phrase] = []
        for f in Feeling.allCases { list += openings(f); list.append(question(f)) }
        for t in Topic.allCases { list += [opening(t), middle(t), question(t)] }
        list += genericOpenings + quotes + genericQuestions + greetingQuestions + [greeting]
        for role in [NameRole.with, .about, .object, .forPerson, .at, .subject] {
            list.append(question(role, russianName: "X"))
            if role == .about { list.append(question(role, russianName: "А")) }
        }
        return list
    }
}

/// Composes a live reply from a ``Reading``.
enum LiveReply {
    /// - Parameters:
    ///   - quoting: quote a phrase of the message (off for a machine-translated message).
    ///   - avoid: lines the reply must not equal (the bank).
    static func compose(_ text: String, language: AppLanguage, gender: GrammaticalGender,
                        quoting: Bool, avoid: Set<String>) -> String {
        let reading = Lexicon.read(text, language: language)
        let seed = fnv1a(Lexicon.normalize(text))
        for attempt in 0..<6 {
            let reply = build(reading, language: language, gender: gender, quoting: quoting,
                              seed: seed &+ UInt64(attempt) &* 0x9E37_79B9_7F4A_7C15)
            if !avoid.contains(reply) { return reply }
        }
        return build(reading, language: language, gender: gender, quoting: true, seed: seed)
            + (language == .russian ? " Расскажи ещё?" : " Tell me more?")
    }

    static func build(_ r: Reading, language: AppLanguage, gender: GrammaticalGender,
                      quoting: Bool, seed: UInt64) -> String {
        func pick<T>(_ list: [T], _ shift: UInt64) -> T { list[Int((seed >> shift) % UInt64(list.count))] }
        var parts: [Phrase] = []
        if r.isGreeting {
            parts = [Phrasebook.greeting, pick(Phrasebook.greetingQuestions, 7)]
            return render(parts, r, quote: nil, language: language, gender: gender)
        }
        let positive = r.feeling.map { [.happy, .grateful, .proud, .calm].contains($0) } ?? false
        if let f = r.feeling {
            parts.append(pick(Phrasebook.openings(f), 3))
        } else if let t = r.topic {
            parts.append(Phrasebook.opening(t))
        } else {
            parts.append(pick(Phrasebook.genericOpenings, 5))
        }
        let quote = quoting ? r.quote : nil
        if quote != nil {
            parts.append(pick(Phrasebook.quotes, 11))
        } else if r.feeling != nil, !positive, let t = r.topic {
            parts.append(Phrasebook.middle(t))
        }
        if let name = r.name {
            parts.append(Phrasebook.question(name.role, russianName: name.text))
        } else {
            var questions: [Phrase] = []
            if let t = r.topic, !positive { questions.append(Phrasebook.question(t)) }
            if let f = r.feeling { questions.append(Phrasebook.question(f)) }
            if questions.isEmpty { questions = Phrasebook.genericQuestions }
            parts.append(pick(questions, 17))
        }
        return render(parts, r, quote: quote, language: language, gender: gender)
    }

    static func render(_ parts: [Phrase], _ r: Reading, quote: String?, language: AppLanguage,
                       gender: GrammaticalGender) -> String {
        parts.map { phrase in
            let text = phrase.text(language, gender: gender)
            var q = quote ?? ""
            // A quote that opens the sentence starts with a capital letter.
            if text.hasPrefix("«{quote}") || text.hasPrefix("“{quote}") {
                q = q.prefix(1).uppercased() + q.dropFirst()
            }
            return text.replacingOccurrences(of: "{quote}", with: q)
                .replacingOccurrences(of: "{name}", with: r.name?.text ?? "")
        }.joined(separator: " ")
    }

    /// FNV-1a, 64 bit: a stable hash, so the same message gets the same reply on every run.
    static func fnv1a(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }
}
