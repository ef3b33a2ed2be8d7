import Foundation

// The simulated model's phrasebook: the sentences its live replies are built from, in English
// and Russian. They are the model's internals (like a real model's weights), not UI strings,
// so they live here rather than in the String Catalog. Russian has a neutral form and, where a
// past-tense verb speaks of the person, feminine and masculine forms (DESIGN.md §4).
// Slots: {quote} (a phrase of the message) and {name} (a person it named).
// Every situation has several lines; a reply picks among them by a hash of the message, so
// different messages get different shapes, and never opens two sentences with the same word.

/// One sentence (or a short pair) in both languages.
struct Phrase: Sendable, Hashable {
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

    /// The first word of each of its sentences, in both languages ("it's" counts as "it";
    /// a leading `{quote}` counts as itself), so a reply can keep its sentence openers apart.
    var openers: Set<String> { Self.openers(en).union(Self.openers(ru)) }

    static func openers(_ text: String) -> Set<String> {
        var keys = Set<String>()
        for sentence in sentences(text) {
            let trimmed = sentence.drop { "«“\"'…— ".contains($0) }
            if trimmed.hasPrefix("{quote}") { keys.insert("{quote}"); continue }
            let word = trimmed.prefix { $0.isLetter }
            if !word.isEmpty { keys.insert(Lexicon.normalize(String(word))) }
        }
        return keys
    }

    /// Splits text after `.`, `!` or `?` followed by a space.
    static func sentences(_ text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        var i = text.startIndex
        while i < text.endIndex {
            let next = text.index(after: i)
            if ".!?".contains(text[i]), next < text.endIndex, text[next] == " " {
                result.append(text[start..<next])
                start = text.index(after: next)
            }
            i = next
        }
        if start < text.endIndex { result.append(text[start...]) }
        return result
    }
}

enum Phrasebook {
    // MARK: Feelings

    static func openings(_ feeling: Feeling) -> [Phrase] {
        switch feeling {
        case .tired: return [
            Phrase("That sounds like a deep, heavy kind of tired.", "Похоже, это глубокая, тяжёлая усталость."),
            Phrase("It sounds like you've been running on very little.", "Кажется, сил сейчас совсем немного."),
            Phrase("Tiredness like that deserves some care.", "Такая усталость заслуживает бережного отношения."),
            Phrase("Your body and mind seem to be asking for rest.", "Тело и голова будто просят отдыха."),
        ]
        case .anxious: return [
            Phrase("There's a lot of worry in these words.", "В этих словах много тревоги."),
            Phrase("It sounds like your mind isn't letting you rest.", "Похоже, мысли не дают тебе покоя."),
            Phrase("Worry like that can fill a whole day.", "Такая тревога может заполнить собой весь день."),
        ]
        case .stressed: return [
            Phrase("It sounds like a lot is pressing on you at once.", "Похоже, на тебя сейчас давит сразу многое."),
            Phrase("That's a lot to carry in one day.", "Это очень много для одного дня."),
            Phrase("No wonder you feel stretched thin.", "Неудивительно, что ты на пределе."),
        ]
        case .sad: return [
            Phrase("I can hear some sadness in this.", "Я слышу в этом грусть."),
            Phrase("That sounds like it hurts.", "Похоже, это больно."),
            Phrase("It's okay to feel low about this.", "Грустить из-за этого — нормально."),
        ]
        case .angry: return [
            Phrase("That sounds really frustrating.", "Это правда может разозлить."),
            Phrase("It makes sense that this got under your skin.", "Понятно, почему это так задело."),
            Phrase("Anger like that usually points to something that matters.", "Такая злость обычно говорит о чём-то важном."),
        ]
        case .lonely: return [
            Phrase("Carrying things alone is hard.", "Когда не с кем это разделить, тяжело."),
            Phrase("It sounds like you're missing people around you.", "Похоже, тебе не хватает людей рядом."),
            Phrase("Loneliness can make a day feel very long.", "От одиночества день тянется очень долго."),
        ]
        case .happy: return [
            Phrase("That's lovely to hear.", "Как приятно это читать."),
            Phrase("There's real lightness in this.", "В этом есть настоящая лёгкость."),
            Phrase("It sounds like something went right.", "Похоже, что-то сложилось как надо."),
            Phrase("This sounds like a good moment, and I'm glad you're writing it down.",
                   "Звучит как хороший момент, и здорово, что ты его записываешь."),
        ]
        case .grateful: return [
            Phrase("There's a lot of warmth in noticing that.", "Сколько тепла в том, чтобы это заметить."),
            Phrase("It's lovely that this stood out to you.", "Как хорошо, что это не прошло мимо тебя."),
            Phrase("Gratitude like that is worth keeping.", "Такую благодарность стоит беречь."),
        ]
        case .proud: return [
            Phrase("That sounds like something to be proud of.", "Этим правда можно гордиться."),
            Phrase("You did something that mattered there.", "Похоже, у тебя получилось что-то важное."),
            Phrase("It's good to see you give yourself credit.", "Здорово, что ты отдаёшь себе должное."),
        ]
        case .confused: return [
            Phrase("It sounds like things are tangled right now.", "Кажется, сейчас всё немного запуталось."),
            Phrase("Not knowing which way to go is uncomfortable.", "Когда непонятно, куда двигаться, бывает неуютно."),
            Phrase("It's okay not to have it figured out yet.", "Ничего страшного, что ясности пока нет."),
        ]
        case .calm: return [
            Phrase("This sounds like a quiet, steady moment.", "Звучит как тихий, спокойный момент."),
            Phrase("There's some calm in these words.", "В этих словах есть спокойствие."),
            Phrase("A peaceful moment like this is worth savouring.", "Таким спокойным моментом стоит насладиться."),
        ]
        }
    }

    static func questions(_ feeling: Feeling) -> [Phrase] {
        switch feeling {
        case .tired: return [
            Phrase("What would real rest look like for you tonight?", "Каким был бы для тебя настоящий отдых сегодня вечером?"),
            Phrase("What has been draining you the most?", "Что забирает у тебя больше всего сил?"),
            Phrase("What small thing could give you a little energy back?", "Какая мелочь могла бы вернуть тебе немного сил?"),
        ]
        case .anxious: return [
            Phrase("What is the worry saying, if you let it speak?", "О чём говорит эта тревога, если дать ей слово?"),
            Phrase("What would help you feel a little steadier right now?", "Что помогло бы тебе сейчас почувствовать опору?"),
            Phrase("Which part of this feels most uncertain?", "Что во всём этом кажется самым неясным?"),
        ]
        case .stressed: return [
            Phrase("What is one thing you could set down, even for an hour?", "Что из этого можно отложить хотя бы на час?"),
            Phrase("Which part of it could wait until tomorrow?", "Что из этого может подождать до завтра?"),
        ]
        case .sad: return [
            Phrase("What do you need most right now?", "Что тебе сейчас нужнее всего?"),
            Phrase("What could comfort you a little tonight?", "Что могло бы сегодня тебя немного утешить?"),
            Phrase("Who could you lean on a little right now?", "Кто мог бы сейчас тебя поддержать?"),
        ]
        case .angry: return [
            Phrase("What part of it stings the most?", "Что в этом задевает сильнее всего?"),
            Phrase("What would you have wanted to happen instead?", "Чего тебе хотелось бы вместо этого?"),
        ]
        case .lonely: return [
            Phrase("Who feels a little closer when you think of them, even from far away?",
                   "Кто становится чуть ближе, когда ты о нём вспоминаешь, пусть даже издалека?"),
            Phrase("What kind of company would feel good right now?", "Какая компания была бы тебе сейчас в радость?"),
        ]
        case .happy: return [
            Phrase("What was the best part of it?", "Что в этом было самым лучшим?"),
            Phrase("What made it feel so good?", "Отчего всё было так хорошо?"),
            Phrase("Who would you like to share this with?", "С кем тебе хочется этим поделиться?"),
        ]
        case .grateful: return [
            Phrase("What would you like to remember about it?", "Что тебе хочется об этом запомнить?"),
            Phrase("What does this gratitude tell you about what matters to you?",
                   "Что эта благодарность говорит о том, что для тебя важно?"),
        ]
        case .proud: return [
            Phrase("How does it feel to notice that about yourself?", "Каково это — замечать такое в себе?"),
            Phrase("What helped you get there?", "Что помогло тебе этого добиться?"),
        ]
        case .confused: return [
            Phrase("If you didn't have to decide today, what would you notice first?",
                   "Если бы решать нужно было не сегодня, что стало бы заметнее всего?"),
            Phrase("What do you already know for sure, even if it's small?", "Что ты уже знаешь наверняка, пусть даже совсем немного?"),
        ]
        case .calm: return [
            Phrase("What helped you find this calm?", "Что помогло тебе найти это спокойствие?"),
            Phrase("How could you bring a little of this into tomorrow?", "Как взять немного этого спокойствия с собой в завтра?"),
        ]
        }
    }

    // MARK: Topics

    static func openings(_ topic: Topic) -> [Phrase] {
        switch topic {
        case .work: return [
            Phrase("It sounds like work has been on your mind.", "Похоже, работа не выходит у тебя из головы."),
            Phrase("Work can take up so much of a day.", "Работа может занять собой почти весь день."),
        ]
        case .family: return [
            Phrase("Family can stir up so much at once.", "Семья может всколыхнуть так много сразу."),
            Phrase("Things with family often reach deep.", "Всё, что связано с семьёй, задевает глубоко."),
        ]
        case .sleep: return [
            Phrase("Sleep has a way of shaping the whole day.", "Сон во многом задаёт тон всему дню."),
            Phrase("Rest, or the lack of it, touches everything.", "Отдых, или его нехватка, отражается на всём."),
        ]
        case .friends: return [
            Phrase("Friends take up a big place in this.", "Друзья занимают в этом большое место."),
            Phrase("Friendships can lift us up or weigh on us.", "Дружба может и окрылять, и тяготить."),
        ]
        case .study: return [
            Phrase("It sounds like studying is taking a lot of room.", "Похоже, учёба занимает сейчас много места."),
            Phrase("Studies can ask a lot of you.", "Учёба может требовать очень многого."),
        ]
        case .health: return [
            Phrase("When the body isn't well, everything feels harder.", "Когда тело нездорово, всё даётся труднее."),
            Phrase("Your health deserves some gentleness right now.", "Твоё здоровье сейчас заслуживает бережности."),
        ]
        case .love: return [
            Phrase("Relationships can touch the deepest places.", "Отношения задевают самое глубокое."),
            Phrase("Matters of the heart rarely stay small.", "Сердечные дела редко бывают мелочью."),
        ]
        case .money: return [
            Phrase("Money worries have a way of following you around.", "Мысли о деньгах умеют ходить по пятам."),
            Phrase("Money stuff can sit heavy in the background.", "Денежные вопросы часто давят где-то на фоне."),
        ]
        case .home: return [
            Phrase("Home matters a lot in how a day feels.", "Дом очень влияет на то, каким ощущается день."),
            Phrase("Where we live shapes so much of how we feel.", "То, где мы живём, во многом определяет самочувствие."),
        ]
        }
    }

    /// Second sentences naming the topic, after a feeling.
    static func middles(_ topic: Topic) -> [Phrase] {
        switch topic {
        case .work: return [
            Phrase("Work seems to be taking up a lot of room right now.", "Работа сейчас занимает очень много места."),
            Phrase("And work is right in the middle of it.", "И работа здесь в самом центре."),
        ]
        case .family: return [
            Phrase("Family is part of this too, and that can make it weigh more.", "Здесь замешана и семья, а с семьёй всё ощущается сильнее."),
            Phrase("When it's family, it tends to go deeper.", "Когда дело касается семьи, всё задевает глубже."),
        ]
        case .sleep: return [
            Phrase("And sleep is tangled up in it too.", "И сон тоже сюда вплетается."),
            Phrase("Poor rest makes everything heavier.", "Без хорошего сна всё кажется тяжелее."),
        ]
        case .friends: return [
            Phrase("Your friends are part of this picture as well.", "Друзья тоже часть этой картины."),
            Phrase("It matters a lot when friends are involved.", "Когда речь о друзьях, это особенно важно."),
        ]
        case .study: return [
            Phrase("Studying seems to play a big part in it.", "И учёба здесь играет большую роль."),
            Phrase("Your studies are asking a lot right now.", "Учёба сейчас требует очень многого."),
        ]
        case .health: return [
            Phrase("Your health is in the middle of it, too.", "И здоровье здесь тоже в центре."),
            Phrase("Feeling unwell makes everything harder to carry.", "Когда нездоровится, всё нести тяжелее."),
        ]
        case .love: return [
            Phrase("There's a relationship at the heart of it.", "В центре всего этого — отношения."),
            Phrase("Someone close to your heart is part of this.", "Здесь замешан близкий сердцу человек."),
        ]
        case .money: return [
            Phrase("Money is pressing in as well.", "Деньги тоже добавляют тяжести."),
            Phrase("Money worries make it all heavier.", "Денежные заботы делают всё тяжелее."),
        ]
        case .home: return [
            Phrase("Home is part of it too.", "Дом тоже часть этого."),
            Phrase("Where you live plays into this as well.", "То, где ты живёшь, тоже сюда вплетается."),
        ]
        }
    }

    static func questions(_ topic: Topic) -> [Phrase] {
        switch topic {
        case .work: return [
            Phrase("What part of work is weighing on you most?", "Какая часть работы даётся тебе тяжелее всего?"),
            Phrase("How do you feel when the work day is over?", "Что ты чувствуешь, когда рабочий день заканчивается?"),
        ]
        case .family: return [
            Phrase("Who in your family is on your mind most right now?", "Кто из близких сейчас больше всего у тебя в мыслях?"),
            Phrase("What do you need from the people closest to you right now?", "Чего тебе сейчас не хватает от близких?"),
        ]
        case .sleep: return [
            Phrase("What usually helps you wind down at night?", "Что обычно помогает тебе успокоиться перед сном?"),
            Phrase("What's on your mind when you lie down at night?", "О чём ты думаешь, когда ложишься спать?"),
        ]
        case .friends: return [
            Phrase("What do you wish you could tell your friends?", "Что тебе хотелось бы сказать друзьям?"),
            Phrase("Which friend has been on your mind most?", "Кто из друзей больше всего у тебя в мыслях?"),
        ]
        case .study: return [
            Phrase("What would make the next step of your studies feel smaller?", "Что сделало бы следующий шаг в учёбе чуть проще?"),
            Phrase("Which part of your studies feels heaviest right now?", "Какая часть учёбы сейчас даётся тяжелее всего?"),
        ]
        case .health: return [
            Phrase("How are you looking after yourself through this?", "Как ты заботишься о себе во всём этом?"),
            Phrase("What does your body need most right now?", "Что сейчас нужнее всего твоему телу?"),
        ]
        case .love: return [
            Phrase("What do you need from this relationship right now?", "Что тебе сейчас нужно в этих отношениях?"),
            Phrase("What has it been like between the two of you lately?", "Как вам двоим в последнее время?"),
        ]
        case .money: return [
            Phrase("What would make the money side feel a little more manageable?", "Что помогло бы почувствовать, что с деньгами можно справиться?"),
            Phrase("What small step could ease the money worries a bit?", "Какой маленький шаг мог бы немного облегчить денежные заботы?"),
        ]
        case .home: return [
            Phrase("What would help home feel more like yours?", "Что помогло бы тебе почувствовать себя дома по-настоящему?"),
            Phrase("What does a good evening at home look like for you?", "Каким для тебя бывает хороший вечер дома?"),
        ]
        }
    }

    /// A topic named only as a time ("after work"), after an activity.
    static func frames(_ topic: Topic) -> [Phrase] {
        switch topic {
        case .work: return [
            Phrase("Making time for yourself after work really matters.", "Найти время для себя после работы — это важно."),
            Phrase("That sounds like a good way to close a work day.", "Хороший способ завершить рабочий день."),
        ]
        case .study: return [Phrase("A break after studying really matters.", "Передышка после учёбы очень важна.")]
        default: return [Phrase("Pauses like that between the busy parts of a day matter.", "Такие паузы между делами очень важны.")]
        }
    }

    // MARK: Activities

    static func openings(_ activity: Activity) -> [Phrase] {
        switch activity {
        case .walk: return [
            Phrase("A walk can do a lot for a busy head.", "Прогулка умеет навести порядок в голове."),
            Phrase("There's something good about just walking for a while.", "Есть что-то хорошее в том, чтобы просто пройтись."),
            Phrase("Taking yourself out for a walk is a small, kind thing.", "Выбраться на прогулку — маленькая, но добрая забота о себе."),
        ]
        case .outdoors: return [
            Phrase("Time outside can settle a lot.", "Время на свежем воздухе многое расставляет по местам."),
            Phrase("There's something steadying about being outdoors.", "На природе есть что-то, что возвращает равновесие."),
            Phrase("Places like that have a way of slowing the day down.", "Такие места умеют замедлить день."),
        ]
        case .cooking: return [
            Phrase("Cooking something can be a quiet kind of care.", "Готовить — это тихий способ позаботиться о себе."),
            Phrase("There's comfort in food made with your own hands.", "В еде, приготовленной своими руками, много уюта."),
            Phrase("A homemade meal sounds like a good part of the day.", "Домашняя еда — хорошая часть дня."),
        ]
        case .reading: return [
            Phrase("Getting lost in a book can be real rest.", "Погрузиться в книгу — это настоящий отдых."),
            Phrase("Reading sounds like a gentle way to spend the time.", "Чтение — бережный способ провести время."),
            Phrase("A good book can be such good company.", "Хорошая книга бывает прекрасной компанией."),
        ]
        case .exercise: return [
            Phrase("Moving your body can shift a whole day.", "Движение может изменить весь день."),
            Phrase("Fitting some exercise in is no small thing.", "Найти время на спорт — это немало."),
            Phrase("That sounds like a good way to let some energy out.", "Отличный способ выпустить пар."),
        ]
        case .music: return [
            Phrase("Music can reach places words don't.", "Музыка достаёт туда, куда не дотягиваются слова."),
            Phrase("It sounds like music was part of your day.", "Похоже, в твоём дне звучала музыка."),
            Phrase("There's so much feeling in music.", "В музыке так много чувства."),
        ]
        case .film: return [
            Phrase("A good film or show can be a real break.", "Хороший фильм или сериал — настоящая передышка."),
            Phrase("Sometimes a story on screen is just what a day needs.", "Иногда история на экране — именно то, что нужно дню."),
        ]
        case .crafts: return [
            Phrase("Making something with your hands can be so grounding.", "Создавать что-то своими руками очень успокаивает."),
            Phrase("It's lovely that you made time to create something.", "Здорово, что нашлось время что-то создать."),
        ]
        }
    }

    /// A second sentence naming the activity, after a feeling or another activity.
    static func middle(_ activity: Activity) -> Phrase {
        switch activity {
        case .walk: return Phrase("A walk was part of your day, too.", "В твоём дне нашлось место и прогулке.")
        case .outdoors: return Phrase("Being outside seems to have been part of it.", "И свежий воздух здесь тоже сыграл роль.")
        case .cooking: return Phrase("Cooking found a place in your day as well.", "Нашлось место и готовке.")
        case .reading: return Phrase("There was some reading in it, too.", "И чтению тоже нашлось место.")
        case .exercise: return Phrase("You got some movement in, too.", "Движению тоже нашлось место.")
        case .music: return Phrase("Music was there with you as well.", "Музыка тоже была рядом.")
        case .film: return Phrase("A film or a show was part of it, too.", "Кино тоже стало частью дня.")
        case .crafts: return Phrase("You made time to create something, too.", "Нашлось время и на творчество.")
        }
    }

    static func questions(_ activity: Activity) -> [Phrase] {
        switch activity {
        case .walk: return [
            Phrase("What did you notice along the way?", "Что запомнилось по дороге?"),
            Phrase("How did you feel by the end of the walk?", "Как тебе было к концу прогулки?"),
        ]
        case .outdoors: return [
            Phrase("What was it like out there?", "Каково было там, на воздухе?"),
            Phrase("What did you see or hear out there that stayed with you?", "Что из увиденного или услышанного там запомнилось?"),
        ]
        case .cooking: return [
            Phrase("How did it turn out?", "И как получилось?"),
            Phrase("What do you enjoy most about cooking?", "Что тебе больше всего нравится в готовке?"),
        ]
        case .reading: return [
            Phrase("What are you reading at the moment?", "Что ты сейчас читаешь?"),
            Phrase("What part of it has stayed with you?", "Что из прочитанного тебе запомнилось?"),
        ]
        case .exercise: return [
            Phrase("How did your body feel afterwards?", "Как чувствовало себя тело после этого?"),
            Phrase("What do you like most about moving like that?", "Что тебе больше всего нравится в таком движении?"),
        ]
        case .music: return [
            Phrase("What have you been listening to?", "Что ты слушаешь в последнее время?"),
            Phrase("What did the music stir in you?", "Что в тебе отозвалось на эту музыку?"),
        ]
        case .film: return [
            Phrase("What did you watch?", "Что это было за кино?"),
            Phrase("Which moment in it stayed with you?", "Какой момент оттуда тебе запомнился?"),
        ]
        case .crafts: return [
            Phrase("What are you making?", "Что ты сейчас создаёшь?"),
            Phrase("How does it feel while you're in the middle of it?", "Каково тебе, когда ты в процессе?"),
        ]
        }
    }

    // MARK: Courtesies

    /// A hello answering a hello, when nothing else was written.
    static func greetings(_ greeting: Greeting) -> [Phrase] {
        switch greeting {
        case .hello: return [
            Phrase("Hello, it's good to hear from you.", "Привет! Хорошо, что ты заглядываешь."),
            Phrase("Hi, I'm glad you stopped by.", "Привет! Здорово, что ты здесь."),
            Phrase("Hey, it's nice to have you here.", "Привет! Как приятно тебя видеть."),
        ]
        case .morning: return [
            Phrase("Good morning, it's nice to start the day together.", "Доброе утро! Приятно начать день вместе."),
            Phrase("Morning! I hope the day is starting gently.", "Доброе утро! Надеюсь, день начинается мягко."),
        ]
        case .afternoon: return [
            Phrase("Good afternoon, it's good to hear from you.", "Добрый день! Хорошо, что ты заглядываешь."),
            Phrase("Good afternoon, I'm glad you found a moment to write.", "Добрый день! Здорово, что нашлась минутка написать."),
        ]
        case .evening: return [
            Phrase("Good evening, I'm glad you're here.", "Добрый вечер! Хорошо, что ты здесь."),
            Phrase("Evening! It's nice to hear from you as the day winds down.", "Добрый вечер! Приятно, что ты пишешь под конец дня."),
        ]
        case .night: return [
            Phrase("It's late, and I'm glad you're here.", "Уже поздно, и хорошо, что ты здесь."),
            Phrase("Good night to you too, I'm glad you stopped by first.", "И тебе доброй ночи! Здорово, что ты заглядываешь."),
        ]
        }
    }

    /// A short hello, when the message goes on to say more.
    static func shortGreetings(_ greeting: Greeting) -> [Phrase] {
        switch greeting {
        case .hello: return [
            Phrase("Hi, good to hear from you.", "Привет, хорошо, что ты пишешь."),
            Phrase("Hello to you too.", "И тебе привет!"),
        ]
        case .morning: return [Phrase("Good morning to you too.", "И тебе доброе утро!")]
        case .afternoon: return [Phrase("Good afternoon to you too.", "И тебе добрый день!")]
        case .evening: return [Phrase("Good evening to you too.", "И тебе добрый вечер!")]
        case .night: return [Phrase("Hello, I'm glad you're here even this late.", "Привет! Хорошо, что ты здесь, даже так поздно.")]
        }
    }

    static func greetingQuestions(_ greeting: Greeting) -> [Phrase] {
        let general = [
            Phrase("How has your day been so far?", "Как проходит твой день?"),
            Phrase("What's on your mind today?", "Что у тебя сегодня на душе?"),
            Phrase("How are you feeling right now?", "Как ты себя сейчас чувствуешь?"),
            Phrase("What would you like to talk about?", "О чём тебе хочется поговорить?"),
        ]
        switch greeting {
        case .hello, .afternoon: return general
        case .morning: return [
            Phrase("What are you hoping for from today?", "Чего ты ждёшь от сегодняшнего дня?"),
            Phrase("How did you sleep?", "Как тебе спалось?"),
        ] + general.dropFirst()
        case .evening, .night: return [
            Phrase("How did today treat you?", "Каким для тебя был сегодняшний день?"),
            Phrase("What is one moment from today you'd like to keep?", "Какой момент сегодняшнего дня хочется сохранить?"),
        ] + general.dropFirst()
        }
    }

    static let thanks = [
        Phrase("You're welcome, I'm glad I could be here.", "Пожалуйста! Хорошо, что я могу быть рядом."),
        Phrase("Thank you too, for sharing so openly.", "И тебе спасибо, что делишься так открыто."),
        Phrase("That means a lot to hear.", "Мне очень приятно это слышать."),
    ]

    static let thanksQuestions = [
        Phrase("How are you feeling now?", "Как ты сейчас?"),
        Phrase("What else is on your mind today?", "Что ещё у тебя сегодня на душе?"),
        Phrase("What would you like to talk about next?", "О чём хочется поговорить дальше?"),
    ]

    /// An answer to "how are you".
    static let askedAfter = [
        Phrase("I'm here and listening, and glad you asked.", "Я здесь и слушаю, спасибо, что спрашиваешь."),
        Phrase("Kind of you to ask, I'm right here with you.", "Очень мило, что ты спрашиваешь, я рядом."),
    ]

    static let askedAfterQuestions = [
        Phrase("And how are you, really?", "А как ты на самом деле?"),
        Phrase("How has your own day been?", "А как прошёл твой день?"),
        Phrase("What was the best and the hardest part of your day?", "Что сегодня было самым приятным, а что самым трудным?"),
    ]

    /// A goodbye answering a goodbye; a reply that says goodbye asks nothing more.
    static func goodbyes(_ goodbye: Goodbye) -> [Phrase] {
        switch goodbye {
        case .night: return [
            Phrase("Good night. Rest well, and I'll be here whenever you want to write.",
                   "Спокойной ночи. Отдыхай, а я буду здесь, когда захочется написать."),
            Phrase("Sleep well. Today is written down and safe here.", "Хорошего сна. Сегодняшний день записан и бережно сохранён."),
            Phrase("Good night, I hope the night is gentle with you.", "Доброй ночи, пусть она будет к тебе бережной."),
        ]
        case .bye: return [
            Phrase("Take care, and come back whenever you like.", "Береги себя и возвращайся, когда захочется."),
            Phrase("Until next time. I'll be right here.", "До встречи. Я буду здесь."),
            Phrase("See you soon. I hope the rest of the day goes easy on you.", "До скорого. Пусть остаток дня будет лёгким."),
        ]
        }
    }

    // MARK: Something that did not happen

    /// An opening for an activity the message says was skipped ("skipped the gym").
    static let skippedOpenings = [
        Phrase("Plans don't always happen, and that's all right.", "Планы не всегда складываются, и это нормально."),
        Phrase("Some days the plan just gives way, and that's okay.", "Бывает, что задуманное не случается, и в этом нет ничего страшного."),
        Phrase("Letting something go for a day is allowed.", "Отложить что-то на день — это нормально."),
    ]

    /// A second sentence about a skipped activity, after a feeling.
    static let skippedMiddle = Phrase("And the plan didn't quite happen today.", "А задуманное сегодня не случилось.")

    static let skippedQuestions = [
        Phrase("How do you feel about letting it go today?", "Как тебе с тем, что сегодня не получилось?"),
        Phrase("What did the day ask of you instead?", "Чего день потребовал от тебя вместо этого?"),
        Phrase("What would make it easier next time, if you want a next time?", "Что облегчило бы следующий раз, если он тебе нужен?"),
    ]

    // MARK: Someone named before

    /// Questions about a person or pet named earlier in the conversation or remembered;
    /// the Russian lines need the name in the nominative.
    static let pickUpQuestions = [
        Phrase("How is {name} today?", "Как там {name} сегодня?"),
        Phrase("How has {name} been lately?", "Как {name} поживает в последнее время?"),
        Phrase("And how is {name} doing these days?", "А как сейчас {name}?"),
    ]

    // MARK: A month

    static let monthDays = Phrase("Days with entries this month: {name}.", "Дней с записями в этом месяце: {name}.")
    static let monthQuiet = Phrase("This month's pages are still quiet, and that's all right.",
                                   "Страницы этого месяца пока тихие, и это нормально.")
    static let monthPeople = Phrase("Your month had {name} in it.", "В этом месяце рядом были: {name}.")

    static func monthTopic(_ topic: Topic) -> Phrase {
        let (en, ru): (String, String)
        switch topic {
        case .work: (en, ru) = ("Work", "работа")
        case .family: (en, ru) = ("Family", "семья")
        case .sleep: (en, ru) = ("Sleep", "сон")
        case .friends: (en, ru) = ("Friends", "друзья")
        case .study: (en, ru) = ("Studying", "учёба")
        case .health: (en, ru) = ("Health", "здоровье")
        case .love: (en, ru) = ("Love and closeness", "отношения")
        case .money: (en, ru) = ("Money", "деньги")
        case .home: (en, ru) = ("Home", "дом")
        }
        return Phrase("\(en) came up more than anything else.", "Чаще всего в записях звучала тема: \(ru).")
    }

    static func monthHelped(_ activity: Activity) -> Phrase {
        let (en, ru): (String, String)
        switch activity {
        case .walk: (en, ru) = ("Walks", "прогулки")
        case .outdoors: (en, ru) = ("Time outdoors", "время на воздухе")
        case .cooking: (en, ru) = ("Cooking", "готовка")
        case .reading: (en, ru) = ("Reading", "чтение")
        case .exercise: (en, ru) = ("Moving your body", "движение")
        case .music: (en, ru) = ("Music", "музыка")
        case .film: (en, ru) = ("Films and shows", "кино и сериалы")
        case .crafts: (en, ru) = ("Making things", "творчество")
        }
        return Phrase("\(en) seemed to help.", "Похоже, помогало вот что: \(ru).")
    }

    static func monthFeeling(_ feeling: Feeling?) -> Phrase {
        switch feeling {
        case .tired?: return Phrase("There was a lot of tiredness in it, so rest counts too.", "В нём было много усталости, и отдых тоже считается.")
        case .anxious?, .stressed?: return Phrase("It held some heavy, worried days, and you kept writing through them.",
                                                 "В нём были тяжёлые, тревожные дни, и ты всё равно продолжаешь писать.")
        case .sad?, .lonely?: return Phrase("Some of it was sad, and it's good that it has a place here.",
                                            "Что-то в нём было грустным, и хорошо, что этому нашлось место здесь.")
        case .happy?, .grateful?, .proud?, .calm?: return Phrase("There were bright days in it worth remembering.",
                                                                "В нём были светлые дни, которые стоит запомнить.")
        case .angry?, .confused?, nil: return Phrase("Thank you for writing it all down.", "Спасибо, что всё это записываешь.")
        }
    }

    static var monthPhrases: [Phrase] {
        [monthDays, monthQuiet, monthPeople] + Topic.allCases.map(monthTopic) + Activity.allCases.map(monthHelped)
            + ([nil] + Feeling.allCases.map(Optional.some)).map(monthFeeling)
    }

    // MARK: A question of the day

    static func dayQuestions(_ path: LifePath) -> [Phrase] {
        switch path {
        case .calm: return [
            Phrase("What would make today feel a little gentler?", "Что сделало бы сегодняшний день чуть мягче?"),
            Phrase("Where could you find a quiet moment today?", "Где сегодня можно найти минутку тишины?"),
            Phrase("What could you let go of, just for today?", "Что можно отпустить, хотя бы на сегодня?"),
            Phrase("What does your body need from today?", "Что нужно сегодня твоему телу?"),
            Phrase("Which small comfort could you give yourself tonight?", "Каким маленьким удовольствием можно порадовать себя вечером?"),
            Phrase("What could wait until tomorrow without any harm?", "Что спокойно может подождать до завтра?"),
        ]
        case .growth: return [
            Phrase("What is one small step you could take today?", "Какой маленький шаг можно сделать сегодня?"),
            Phrase("What would you like to try that feels a little new?", "Что хочется попробовать такого, что немного в новинку?"),
            Phrase("What have you been finding out about yourself lately?", "Что нового ты узнаёшь о себе в последнее время?"),
            Phrase("What would you like to be a little braver about today?", "В чём сегодня хочется быть чуть смелее?"),
            Phrase("Which of your strengths could help you today?", "Какая из твоих сильных сторон может пригодиться сегодня?"),
            Phrase("What would make you proud by this evening?", "Что к вечеру могло бы стать поводом для гордости?"),
        ]
        case .connection: return [
            Phrase("Who would you like to hear from today?", "От кого тебе хотелось бы сегодня получить весточку?"),
            Phrase("Who made a difference to you this week?", "Кто на этой неделе что-то для тебя значил?"),
            Phrase("What would you like to share with someone close?", "Чем хочется поделиться с кем-то близким?"),
            Phrase("Whose company would do you good right now?", "Чьё общество пошло бы тебе сейчас на пользу?"),
            Phrase("What kind word could you pass on today?", "Каким добрым словом можно поделиться сегодня?"),
            Phrase("Who have you been thinking about lately?", "О ком ты в последнее время думаешь?"),
        ]
        }
    }

    /// A question of the day about someone remembered; the Russian line needs the nominative.
    static let dayNameQuestions = [
        Phrase("How is {name} doing, and how are you today?", "Как там {name}, и как ты сегодня?"),
        Phrase("What would you like to remember about {name} today?", "Что хочется сегодня запомнить, когда рядом {name}?"),
    ]

    // MARK: Anything else

    static let genericOpenings = [
        Phrase("Thank you for putting this into words.", "Спасибо, что подбираешь для этого слова."),
        Phrase("I'm reading every word of this.", "Я внимательно читаю каждое слово."),
        Phrase("I'm glad you wrote this down.", "Хорошо, что ты это записываешь."),
        Phrase("Thanks for letting me into your day.", "Спасибо, что впускаешь меня в свой день."),
        Phrase("Every little thing you notice counts here.", "Здесь важна каждая мелочь, которую ты замечаешь."),
    ]

    static let genericQuestions = [
        Phrase("What feels most important about this right now?", "Что во всём этом сейчас кажется самым важным?"),
        Phrase("What would you like to happen next?", "Чего бы тебе хотелось дальше?"),
        Phrase("What is the part you keep coming back to?", "К какой части ты возвращаешься снова и снова?"),
        Phrase("How are you feeling about it now?", "Какие чувства это вызывает у тебя сейчас?"),
        Phrase("What else would you like to add?", "Что ещё тебе хочется к этому добавить?"),
        Phrase("What made you want to write about this today?", "Почему тебе захотелось написать об этом сегодня?"),
        Phrase("What would make the rest of today a little kinder?", "Что сделало бы остаток дня чуть добрее к тебе?"),
        Phrase("What do you notice in yourself as you write this?", "Что ты замечаешь в себе, пока пишешь это?"),
        Phrase("Which part of today would you like to remember?", "Какую часть сегодняшнего дня хочется запомнить?"),
        Phrase("What would feel like a small step forward?", "Что стало бы маленьким шагом вперёд?"),
        Phrase("What gave you a bit of strength today?", "Что сегодня дало тебе немного сил?"),
        Phrase("Is there something here that's still sitting with you?", "Есть ли здесь что-то, что всё ещё не отпускает?"),
    ]

    /// Sentences around a phrase of the message. The first three can open a reply.
    static let quotes = [
        Phrase("“{quote}”: I'm holding on to those words.", "«{quote}» — эти слова я запомню."),
        Phrase("I keep coming back to “{quote}”.", "Я всё возвращаюсь к словам «{quote}»."),
        Phrase("I hear you: “{quote}”.", "Слышу тебя: «{quote}»."),
        Phrase("You wrote “{quote}”.", "Ты пишешь: «{quote}».",
               feminine: "Ты написала: «{quote}».", masculine: "Ты написал: «{quote}»."),
        Phrase("When you say “{quote}”, I want to listen closely.", "Когда ты говоришь «{quote}», хочется прислушаться внимательнее."),
        Phrase("You noted “{quote}”, and that matters.", "Ты отмечаешь: «{quote}», и это важно.",
               feminine: "Ты отметила: «{quote}», и это важно.", masculine: "Ты отметил: «{quote}», и это важно."),
    ]
    static var quoteOpenings: [Phrase] { Array(quotes.prefix(3)) }

    /// Questions about the person named; the Russian construction fits the name's case.
    static func nameQuestions(_ role: NameRole, russianName: String) -> [Phrase] {
        switch role {
        case .with: return [
            Phrase("What was it like for you, being with {name}?", "Каково тебе было с {name}?"),
            Phrase("How do you usually feel after time with {name}?", "Каково тебе обычно после встреч с {name}?"),
        ]
        case .about:
            let prep = russianName.first.map { "АОУЭИаоуэи".contains($0) } == true ? "об" : "о"
            return [
                Phrase("What would you most like to say about {name}?", "Что тебе больше всего хочется сказать \(prep) {name}?"),
                Phrase("What are your thoughts about {name} right now?", "Что ты сейчас думаешь \(prep) {name}?"),
            ]
        case .object: return [
            Phrase("What comes up for you when you think of {name}?", "Что в тебе откликается, когда ты думаешь про {name}?"),
            Phrase("What do you feel when you remember {name}?", "Что ты чувствуешь, когда вспоминаешь про {name}?"),
        ]
        case .forPerson: return [
            Phrase("What would you like to do for {name}?", "Что тебе хочется сделать для {name}?"),
            Phrase("What does it mean to you to do this for {name}?", "Что для тебя значит сделать это для {name}?"),
        ]
        case .at: return [
            Phrase("What do you think is going on for {name} right now?", "Как думаешь, что сейчас происходит у {name}?"),
            Phrase("How were things at {name}'s?", "Как всё было у {name}?"),
        ]
        case .subject: return [
            Phrase("Does {name} know how you are feeling right now?", "А {name} знает, каково тебе сейчас?"),
            Phrase("What do you think {name} is feeling right now?", "Как думаешь, что {name} сейчас чувствует?"),
            Phrase("What part does {name} play in how you feel today?", "Какое место {name} занимает в том, что ты сейчас чувствуешь?"),
        ]
        }
    }

    static let nameRoles: [NameRole] = [.with, .about, .object, .forPerson, .at, .subject]

    /// Every phrase, for the translator's sentence table (names and quotes stay slots).
    static var all: [Phrase] { allPhrases }

    private static let allPhrases: [Phrase] = {
        var list: [Phrase] = []
        for f in Feeling.allCases { list += openings(f) + questions(f) }
        for t in Topic.allCases { list += openings(t) + middles(t) + questions(t) + frames(t) }
        for a in Activity.allCases { list += openings(a) + [middle(a)] + questions(a) }
        for g in Greeting.allCases { list += greetings(g) + shortGreetings(g) + greetingQuestions(g) }
        list += thanks + thanksQuestions + askedAfter + askedAfterQuestions
        list += genericOpenings + genericQuestions + quotes
        for g in Goodbye.allCases { list += goodbyes(g) }
        list += skippedOpenings + [skippedMiddle] + skippedQuestions + pickUpQuestions + monthPhrases
            + LifePath.allCases.flatMap(dayQuestions) + dayNameQuestions
        for role in nameRoles {
            list += nameQuestions(role, russianName: "X")
            if role == .about { list += nameQuestions(role, russianName: "А") }
        }
        var seen = Set<Phrase>()
        return list.filter { seen.insert($0).inserted }
    }()
}

/// Composes a live reply from a ``Reading``.
///
/// A reply has up to four sentences: the courtesies answered (a hello, thanks, "how are
/// you"), an opening that names what was written (feeling, else activity, else topic, else a
/// phrase of it), a middle that adds a second specific thing (a quote, the topic, the
/// activity, the time of day), and an open question (about the person named, else the
/// feeling, topic or activity). Each slot picks among several lines by a hash of the message,
/// skipping any line whose first word would repeat a sentence opener already in the reply.
enum LiveReply {
    /// - Parameters:
    ///   - quoting: quote a phrase of the message (off for a machine-translated message).
    ///   - avoid: lines the reply must not equal (the bank).
    static func compose(_ text: String, language: AppLanguage, gender: GrammaticalGender,
                        quoting: Bool, avoid: Set<String>, context: Conversation = .none) -> String {
        var reading = Lexicon.read(text, language: language)
        let memory = context.turns.isEmpty && context.memories.isEmpty
            ? ConversationMemory.empty : ConversationMemory(context, language: language)
        reading.pickUp = memory.nameToPickUp
        // The same message later in a conversation may take another shape.
        let seed = fnv1a(Lexicon.normalize(text)) &+ UInt64(context.turns.count)
        for attempt in 0..<6 {
            let parts = plan(reading, quoting: quoting, seed: seed &+ UInt64(attempt) &* 0x9E37_79B9_7F4A_7C15, memory: memory)
            let reply = render(parts, reading, language: language, gender: gender)
            if !avoid.contains(reply) { return reply }
        }
        let parts = plan(reading, quoting: true, seed: seed, memory: memory)
        return render(parts, reading, language: language, gender: gender)
            + (language == .russian ? " Расскажи ещё?" : " Tell me more?")
    }

    /// Picks lines by the seed, keeping the first word of every sentence distinct.
    struct Picker {
        var seed: UInt64
        var slot: UInt64 = 0
        var used = Set<String>()
        /// The first word of the quote, which a line opening with `{quote}` starts with.
        var quoteKey = "{quote}"
        /// Lines of the last few replies: never taken (``ConversationMemory/banned``).
        var banned = Set<Phrase>()
        /// Questions asked earlier: taken only when nothing fresh fits.
        var asked = Set<Phrase>()

        /// A stable pseudo-random number for the next slot (SplitMix64).
        mutating func next() -> UInt64 {
            slot &+= 1
            var z = seed &+ slot &* 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// One of `list` whose sentence openers are not used yet and that is not banned;
        /// with `fresh`, also not asked before. `nil` when none fits.
        mutating func take(_ list: [Phrase], fresh: Bool = false) -> Phrase? {
            guard !list.isEmpty else { return nil }
            let start = Int(next() % UInt64(list.count))
            for k in 0..<list.count {
                let phrase = list[(start + k) % list.count]
                if banned.contains(phrase) || (fresh && asked.contains(phrase)) { continue }
                var openers = phrase.openers
                if openers.remove("{quote}") != nil { openers.insert(quoteKey) }
                if openers.isDisjoint(with: used) {
                    used.formUnion(openers)
                    return phrase
                }
            }
            return nil
        }

        mutating func chance(_ numerator: UInt64, in denominator: UInt64) -> Bool { next() % denominator < numerator }

        /// A question from the first of `lists` with a fresh one, else the first with one
        /// not banned.
        mutating func takeQuestion(_ lists: [[Phrase]]) -> Phrase? {
            for fresh in [true, false] {
                for list in lists { if let q = take(list, fresh: fresh) { return q } }
            }
            return nil
        }
    }

    /// The lines of a reply, in order; the last one is a question.
    static func plan(_ r: Reading, quoting: Bool, seed: UInt64, memory: ConversationMemory = .empty) -> [Phrase] {
        var pick = Picker(seed: seed)
        pick.banned = memory.banned
        pick.asked = memory.asked
        var parts: [Phrase] = []
        let quote = quoting ? r.quote : nil
        if let quote { pick.quoteKey = Phrase.openers(quote).first ?? "{quote}" }
        // After thanks, a phrase alone ("that really helped") is about Luna, not news to answer.
        let content = r.feeling != nil || r.topic != nil || r.activity != nil || r.name != nil || r.frame != nil
            || !r.skipped.isEmpty || (quote != nil && !r.thanks && r.goodbye == nil)

        // 1. Courtesies: answer a hello, thanks or "how are you" in kind.
        let courtesies = (r.greeting != nil ? 1 : 0) + (r.thanks ? 1 : 0) + (r.asksAfterLuna ? 1 : 0)
        if let g = r.greeting {
            let full = !content && courtesies == 1
            pick.take(full ? Phrasebook.greetings(g) : Phrasebook.shortGreetings(g)).map { parts.append($0) }
        }
        if r.thanks { pick.take(Phrasebook.thanks).map { parts.append($0) } }
        if r.asksAfterLuna { pick.take(Phrasebook.askedAfter).map { parts.append($0) } }
        // A goodbye: answer what was written, then say goodbye in kind; ask nothing more.
        if let bye = r.goodbye {
            if content {
                let opening = r.feeling.flatMap { pick.take(Phrasebook.openings($0)) }
                    ?? r.activity.flatMap { pick.take(Phrasebook.openings($0)) }
                    ?? (r.skipped.isEmpty ? nil : pick.take(Phrasebook.skippedOpenings))
                    ?? r.topic.flatMap { pick.take(Phrasebook.openings($0)) }
                opening.map { parts.append($0) }
            }
            let other: Goodbye = bye == .night ? .bye : .night
            parts.append(pick.take(Phrasebook.goodbyes(bye)) ?? pick.take(Phrasebook.goodbyes(other)) ?? Phrasebook.goodbyes(bye)[0])
            return parts
        }
        if courtesies > 0 && !content {
            var questions: [Phrase] = []
            if r.asksAfterLuna { questions = Phrasebook.askedAfterQuestions }
            else if r.thanks { questions = Phrasebook.thanksQuestions }
            else if let g = r.greeting { questions = Phrasebook.greetingQuestions(g) }
            // A hello is a good moment to ask after someone named before.
            let lists = r.pickUp != nil && r.greeting != nil ? [Phrasebook.pickUpQuestions, questions] : [questions]
            parts.append(pick.takeQuestion(lists + [Phrasebook.genericQuestions]) ?? Phrasebook.genericQuestions[0])
            return parts
        }

        // 2. The opening: the most specific thing written.
        let positive = r.feeling.map { [.happy, .grateful, .proud, .calm].contains($0) } ?? false
        // "After work I'm exhausted": with no activity, the time is what the message is about.
        let topic = r.topic ?? (r.activity == nil ? r.frame : nil)
        let frame = r.activity != nil ? r.frame : nil
        var quoteUsed = false
        var opening: Phrase?
        if let f = r.feeling { opening = pick.take(Phrasebook.openings(f)) }
        if opening == nil, let a = r.activity { opening = pick.take(Phrasebook.openings(a)) }
        if opening == nil, !r.skipped.isEmpty { opening = pick.take(Phrasebook.skippedOpenings) }
        if opening == nil, let t = topic { opening = pick.take(Phrasebook.openings(t)) }
        if opening == nil, quote != nil, parts.isEmpty || pick.chance(1, in: 2) {
            opening = pick.take(Phrasebook.quoteOpenings)
            quoteUsed = opening != nil
        }
        if opening == nil, parts.isEmpty { opening = pick.take(Phrasebook.genericOpenings) }
        opening.map { parts.append($0) }

        // 3. The middle: one more specific thing, when the reply is still short.
        if parts.count < 2 {
            var middles: [[Phrase]] = []
            if let quote, !quoteUsed, quote.split(separator: " ").count >= 2 { middles.append(Phrasebook.quotes) }
            if r.feeling != nil, !positive, let t = topic { middles.append(Phrasebook.middles(t)) }
            if r.feeling != nil, let a = r.activity { middles.append([Phrasebook.middle(a)]) }
            if r.feeling != nil, r.activity == nil, !r.skipped.isEmpty { middles.append([Phrasebook.skippedMiddle]) }
            if r.feeling == nil, r.activities.count > 1 { middles.append([Phrasebook.middle(r.activities[1])]) }
            if let frame { middles.append(Phrasebook.frames(frame)) }
            // A specific opening and question can stand alone now and then, for a shorter shape.
            let specific = r.feeling != nil || r.activity != nil || topic != nil
            let onlyQuote = middles.count == 1 && middles[0] == Phrasebook.quotes
            if !middles.isEmpty, !(onlyQuote && specific && pick.chance(1, in: 4)) {
                let first = Int(pick.next() % UInt64(middles.count))
                for k in 0..<middles.count {
                    if let m = pick.take(middles[(first + k) % middles.count]) { parts.append(m); break }
                }
            }
        }

        // 4. The question: about the person named, else what was written; now and then,
        // when nothing specific was written, about someone named before.
        var questions: [Phrase] = []
        var lists: [[Phrase]] = []
        if let name = r.name {
            lists.append(Phrasebook.nameQuestions(name.role, russianName: name.text))
        }
        if !r.skipped.isEmpty, r.activity == nil { questions += Phrasebook.skippedQuestions }
        if let f = r.feeling { questions += Phrasebook.questions(f) }
        if let t = topic, !positive { questions += Phrasebook.questions(t) }
        if r.feeling == nil || positive { for a in r.activities.prefix(2) { questions += Phrasebook.questions(a) } }
        let vague = r.feeling == nil && r.activity == nil && topic == nil && r.skipped.isEmpty
        if r.name == nil, r.pickUp != nil, vague || pick.chance(1, in: 4) {
            lists.insert(Phrasebook.pickUpQuestions, at: 0)
        }
        lists.append(questions)
        lists.append(Phrasebook.genericQuestions)
        parts.append(pick.takeQuestion(lists) ?? Phrase("Tell me more?", "Расскажи ещё?"))
        return parts
    }

    static func render(_ parts: [Phrase], _ r: Reading, language: AppLanguage, gender: GrammaticalGender) -> String {
        parts.map { phrase in
            let text = phrase.text(language, gender: gender)
            var q = r.quote ?? ""
            // A quote that opens the sentence starts with a capital letter.
            if text.hasPrefix("«{quote}") || text.hasPrefix("“{quote}") {
                q = q.prefix(1).uppercased() + q.dropFirst()
            }
            return text.replacingOccurrences(of: "{quote}", with: q)
                .replacingOccurrences(of: "{name}", with: r.name?.text ?? r.pickUp ?? "")
        }.joined(separator: " ")
    }

    /// FNV-1a, 64 bit: a stable hash, so the same message gets the same reply on every run.
    static func fnv1a(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }
}
