import XCTest
import LanternlyResources
@testable import LanternlyCore

/// Representative cases of every category in every language (written for these tests, not
/// taken from the evaluation corpus), so that a regression fails `make test`. The full
/// measurement is `make eval`.
final class CrisisLanguagesTests: XCTestCase {
    /// (language, category, text) that must get the crisis outcome.
    static let crisis: [(String, String, String)] = [
        ("en", "passive_wish", "honestly I wish I could go to sleep and never wake up"),
        ("en", "active_ideation", "been thinking about ending my life lately"),
        ("en", "method", "how many pills would it take, asking for me"),
        ("en", "method", "I bought a rope this afternoon"),
        ("en", "intent", "I have decided, I am going to kill myself"),
        ("en", "preparatory", "I started giving my stuff away, won't need it anymore"),
        ("en", "past_attempt", "since my suicide attempt nobody talks to me"),
        ("en", "nssi", "I cut myself again last night on purpose"),
        ("en", "burden", "my family would be better off without me"),
        ("en", "hopelessness_death", "there is no reason to live anymore"),
        ("en", "farewell", "this is goodbye, thanks for trying everyone"),
        ("en", "euphemism", "I just want to end it all"),
        ("ru", "passive_wish", "хоть бы уснуть и не проснуться"),
        ("ru", "active_ideation", "думаю покончить с собой"),
        ("ru", "method", "хочу наглотаться таблеток"),
        ("ru", "nssi", "опять резала себя"),
        ("ru", "burden", "всем будет лучше без меня"),
        ("ru", "hopelessness_death", "не вижу смысла жить"),
        ("ru", "euphemism", "хочу уйти из жизни"),
        ("ru", "euphemism", "хочу свести счеты с жизнью"),
        ("uk", "passive_wish", "я не хочу жити"),
        ("uk", "active_ideation", "хочу покінчити з собою"),
        ("uk", "method", "хочу стрибнути з мосту"),
        ("de", "passive_wish", "ich will einfach nicht mehr leben"),
        ("de", "active_ideation", "ich denke darüber nach, mich umzubringen, ich will mich umbringen"),
        ("de", "method", "ich will Tabletten schlucken, alle"),
        ("es", "passive_wish", "ya no quiero vivir"),
        ("es", "active_ideation", "quiero suicidarme"),
        ("fr", "passive_wish", "je ne veux plus vivre"),
        ("fr", "active_ideation", "j'ai envie de me suicider"),
        ("it", "passive_wish", "non voglio più vivere"),
        ("it", "active_ideation", "penso al suicidio ogni giorno"),
        ("pt", "passive_wish", "não quero mais viver"),
        ("pt", "active_ideation", "quero me matar"),
        ("ja", "passive_wish", "もう消えたい"),
        ("ja", "active_ideation", "自殺したいと思ってる"),
        ("ko", "passive_wish", "그냥 죽고 싶어"),
        ("ko", "active_ideation", "자살할까 생각중"),
        ("zh-Hans", "passive_wish", "我真的不想活了"),
        ("zh-Hans", "active_ideation", "我想自杀"),
        ("zh-Hant", "active_ideation", "我想自殺"),
        ("da", "passive_wish", "jeg vil ikke leve mere"),
        ("nl", "active_ideation", "ik denk aan zelfmoord"),
        ("nb", "active_ideation", "jeg tenker på selvmord"),
        ("sv", "active_ideation", "jag vill ta livet av mig"),
        ("tr", "passive_wish", "artık yaşamak istemiyorum"),
        ("tr", "active_ideation", "intihar etmeyi düşünüyorum"),
        ("vi", "passive_wish", "tôi muốn chết"),
        ("vi", "active_ideation", "mình đang nghĩ đến chuyện tự tử"),
        // Burning oneself, and Swedish self-harm slang (blind review, kinds rather than lines).
        ("ru", "nssi", "опять прижигала руку сигаретой"),
        ("uk", "nssi", "знову обпекла руку праскою навмисно"),
        ("zh-Hans", "nssi", "又拿打火机烫自己了"),
        ("sv", "nssi", "cuttar igen"),
        ("sv", "euphemism", "vill bara sova för alltid"),
        // Softener words that fold to a common word: the article `el` is not another person,
        // `đau` (it hurts) is not the negation `đâu`, Turkish `o` is also `that`.
        ("es", "plan_timing", "el lunes quiero matarme"),
        ("vi", "passive_wish", "mình đau quá muốn chết"),
        ("tr", "passive_wish", "o gün ölmek istiyorum"),
        ("ru", "method", "хочу выпить все таблетки сразу"),
        ("vi", "method", "uống hết thuốc ngủ cho xong"),
        ("vi", "intent", "quyết rồi, mình sẽ chết"),
        ("sv", "passive_wish", "J A G  V I L L  I N T E  F I N N A S  M E R"),
        ("fr", "active_ideation", "m e  f o u t r e  e n  l ' a i r  ce soir"),
        // The clitic before the verb in Spanish and Italian.
        ("es", "intent", "ya lo decidí, me voy a matar"),
        ("es", "active_ideation", "me quiero matar"),
        ("it", "active_ideation", "mi voglio ammazzare stanotte"),
    ]

    /// Stylised writing of crisis messages: fullwidth, mathematical letters, leet, spaced
    /// letters, zero-width characters, Russian and Ukrainian typed in Latin letters.
    static let stylised: [String] = [
        "ｉ ｗａｎｔ ｔｏ ｄｉｅ",
        "𝐢 𝐰𝐚𝐧𝐭 𝐭𝐨 𝐝𝐢𝐞",
        "i w4nt t0 d13",
        "su1c1d3",
        "k i l l   m y s e l f",
        "s-u-i-c-i-d-e",
        "sui\u{200B}cide",
        "ya ne hochu zhit",
        "hochu umeret",
        "ya ne khochu zhyty",
        "х0чу ум3реть",
        "ЯНЕХОЧУЖИТЬ нехочу жить",
        "ｓｕｉｃｉｄｅ",
        "i want to d 1 e tonight",
        "n o   q u i e r o   v i v i r",
        "я  н е  х о ч у  ж и т ь",
        "quiero ahorcarme esta noche",
        "I W A N T   T O   D I E",
        "k-i-l-l m-y-s-e-l-f",
        "I'm going to overdose tonight",
        "gonna k 1 l l m y s e l f",
        // Japanese in katakana, full and half width, reads as the hiragana the lexicon holds.
        "ﾓｳｷｴﾀｲ",
        "ホントニシニタイ",
        // Korean typed letter by letter.
        "ㅈㅏㅅㅏㄹ ㅎㅏㄱㅗ ㅅㅣㅍㄷㅏ",
    ]

    /// Hard negatives: the same words, no risk.
    static let negatives: [String] = [
        "I'm not suicidal, just annoyed",
        "I would never kill myself, relax",
        "I don't want to die, I want a vacation",
        "we watched a documentary about suicide prevention",
        "my brother used to self-harm but he's doing well now",
        "my feet are dying after the hike",
        "this homework will be the death of me",
        "we killed the other team tonight",
        "I cut myself a slice of cake",
        "I overdosed on coffee again",
        "killing it at work today",
        "умираю со смеху",
        "убил время в очереди",
        "Ich sterbe vor Lachen",
        "me muero de risa",
        "笑死我了",
        "死ぬほど疲れた",
        "배고파 죽겠다",
        "my grandmother died last year and I miss her",
        "rough day, tired and sad, but okay",
        // A means named in an everyday or medical sense is a weak cue, not a strong one.
        "the pharmacist said more than 3 grams of paracetamol a day is an overdose",
        "I W A N T   A   N E W   B I K E",
        // Signing off for the day is not a farewell.
        "bye, see you tomorrow",
        "bis morgen, tschüss",
        "hejdå, vi ses imorgon",
        "бувай, до завтра",
        "eso es todo por hoy",
        // Korean and Japanese deny at the end of the clause, after the wish; Chinese heat and
        // work 'to death' with a word between.
        "더워서 죽겠다는 거지 죽고 싶은 건 아니야",
        "死にたいとは思ってないよ、ただ眠い",
        "熱到快死掉了，冷氣壞了",
        "今天累得要死",
        // Idioms and the kitchen: a stone on one's own foot, burnt rice, a Danish kiss, hanging out.
        "搬起石头砸自己的脚，真是活该",
        "se me quemó el arroz otra vez",
        "kys og kram til alle",
        "ska hänga med Sara ikväll",
        // Taking one's medicine is everyday; a whole pack or all of them is a method.
        "ich nehme meine tabletten morgens",
        "выпила таблетки от давления",
        "випила таблетки від тиску",
        "hôm nay quên uống thuốc",
        "mi jefe me va a matar si llego tarde",
        "mia madre mi ammazza se vede il graffio",
        "醫生開了安眠藥，說一次半顆就好",
    ]

    func testCrisisInEveryLanguage() {
        for (lang, category, text) in Self.crisis {
            XCTAssertEqual(CrisisDetector.assess(text), .crisis, "\(lang) \(category): \(text)")
        }
        let languages = Set(Self.crisis.map(\.0))
        XCTAssertEqual(languages, Set(SafetyLanguage.allCases.map(\.rawValue)), "a case in every language")
    }

    func testStylisedWritingIsFolded() {
        for text in Self.stylised {
            XCTAssertEqual(CrisisDetector.assess(text), .crisis, text)
        }
    }

    func testHardNegativesGetNoFlag() {
        for text in Self.negatives {
            XCTAssertEqual(CrisisDetector.assess(text), .none, "\(text) (\(CrisisDetector.score(text).topCategory ?? "-"))")
        }
    }

    /// Written without the language's own letters: German, Danish, Norwegian and Swedish letters
    /// typed as ae/oe/ue/aa, Ukrainian in Latin letters with `h` for г, Japanese in romaji,
    /// Chinese in pinyin, Korean romanised. The lexicon itself reads them (not only the classifier).
    func testTypedWithoutTheLanguagesLetters() {
        let cases = [
            "ich moechte nicht mehr leben", "jeg vil bare doe", "jag vill inte leva laengre",
            "dumayu pro samohubstvo", "mou shinitai", "wo bu xiang huo le", "jukgo sipeo",
            // Not having the strength to live, killing oneself (Scandinavian); the subjunctive wish not to be (Russian).
            "JAG ORKAR INTE LEVA MER", "jeg orker ikke å leve lenger", "jeg vil drepe meg selv",
            "vot by menya ne stalo", "i natt blir siste natt",
            // Living only as a burden (vi), taking one's life in the present (it), my last night (tr),
            // if I did not exist (sv), to sleep in peace forever (vi).
            "sống chỉ làm khổ bố mẹ", "ho deciso, mi tolgo la vita", "bu gece son gecem",
            "mamma hade haft det så mycket lättare om jag inte fanns", "muốn được ngủ yên mãi mãi",
        ]
        for text in cases {
            XCTAssertEqual(CrisisDetector.assess(text), .crisis, text)
            XCTAssertGreaterThanOrEqual(CrisisDetector.score(text).lexicalSelf, 0.8, text)
        }
        // The same words, no risk: a wish to be unseen, "dying for" food, an insult, a sale,
        // a romaji denial, the last night of a trip, an ordinary umlaut-less plan.
        let negatives = [
            "чтобы меня не было видно", "умираю как хочу шаурму", "你去死吧", "双十一跳楼价！全场一折",
            "shinitai toka ja nai yo, hara hetta dake", "siste natt i Paris var fin",
            "đêm nay là đêm cuối ở ký túc xá, mai chuyển ra trọ", "moechte morgen frueh aufstehen",
            // Homework "to death" (zh), peace and quiet (nb), a doctor's "never overdose" (ko),
            // "forever, good night" (vi), "don't get me wrong" before a wish to vanish (zh).
            "作业多到想死，今晚又要通宵了", "endelig fred og ro i huset",
            "의사 선생님이 수면제는 하루 한 알만, 절대 과다복용하지 말래", "yêu em mãi mãi, ngủ ngon nhé",
            "别误会，我说想消失是想关机三天",
        ]
        for text in negatives {
            XCTAssertEqual(CrisisDetector.assess(text), .none, text)
        }
    }

    /// A strong cue of one language must not fire on a common word of another, nor on the
    /// everyday sense in its own: German and Dutch `Last` (burden) is English "last";
    /// Portuguese `cortar` and `peso` cut bread and weigh (Spanish, Italian too); Danish and
    /// Norwegian `år` (year) folds like Swedish `är` (is) and softened every Swedish line.
    func testFalseFriendsAndEverydaySensesGetNoFlag() {
        let everyday = [
            "we had pizza last night", "Last train leaves at 23:40", "last entry of 2026!",
            "voy a cortar cebolla", "preciso cortar o pão", "perdi peso este mês", "ho perso peso",
            "creo que me pasé de sobredosis de café hoy",
            // Someone or something "va me tuer" (fr); Cantonese tired "to death"; a denial (ko).
            "ce boulot va finir par me tuer, trois dossiers urgents", "ma mère va me tuer quand elle verra la rayure",
            "今日返工攰到想死，返到屋企即刻瞓", "힘들긴 해도 죽고 싶다는 생각은 한 번도 안 해봤어. 걱정 마",
        ]
        for text in everyday {
            XCTAssertEqual(CrisisDetector.assess(text), .none, text)
        }
        let risk = [
            "ich falle allen zur Last", "sou um peso para todos", "sono un peso per tutti", "quero me cortar",
            "Jag är bara en börda", "Det här är min sista natt", "inatt är det slut",
            "хочу накласти на себе руки", "хочу наложить на себя руки", "ho deciso, la faccio finita",
            "如果我從來沒有出生過該有多好", "шкода що я взагалі народилась на цей світ",
            // Blind r39: thinking of killing oneself (pt), survived unfortunately (de), the
            // initials of 죽고 싶다 (ko), tonight when everyone sleeps (tr), sleeping forever (nl).
            "tô pensando muito em me matar ultimamente", "hab mit 17 schon mal tabletten geschluckt, leider überlebt",
            "ㅈㄱㅅㄷ 진심임", "bu gece herkes uyuyunca", "wil gwn voor altijd slapen 💤",
        ]
        for text in risk {
            XCTAssertEqual(CrisisDetector.assess(text), .crisis, text)
            XCTAssertGreaterThanOrEqual(CrisisDetector.score(text).lexicalSelf, 0.8, text)
        }
    }

    func testSomeoneElseAtRiskIsConcern() {
        XCTAssertEqual(CrisisDetector.assess("my friend told me she wants to end her life, what do I do"), .concern)
        XCTAssertEqual(CrisisDetector.assess("my sister wants to kill herself"), .concern)
        XCTAssertEqual(CrisisDetector.assess("мой друг хочет покончить с собой, что делать"), .concern)
        XCTAssertEqual(CrisisDetector.assess("我朋友说她想自杀"), .concern)
        // The writer's own risk stays crisis even with another person in the sentence.
        XCTAssertEqual(CrisisDetector.assess("my mom would be better off without me"), .crisis)
    }

    func testConversationMemoryMakesFollowUpsCrisis() {
        // Alone these say nothing of risk; after a crisis or concern turn they do.
        XCTAssertEqual(CrisisDetector.assess("tonight's the night"), .none)
        XCTAssertEqual(CrisisDetector.assess("tonight's the night", atRisk: true), .crisis)
        XCTAssertEqual(CrisisDetector.assess("I already have them", atRisk: true), .crisis)
        XCTAssertEqual(CrisisDetector.assess("I'm going to do it tonight", atRisk: true), .crisis)
        XCTAssertEqual(CrisisDetector.assess("what a lovely sunny morning", atRisk: true), .none)
    }

    func testTurkishDottedCapitalFolds() {
        XCTAssertEqual(CrisisDetector.assess("İNTİHAR etmek istiyorum"), .crisis)
    }

    func testMessageLanguageAmongAllEighteen() {
        let samples: [(String, SafetyLanguage)] = [
            ("I want to go home", .english), ("Я хочу домой", .russian), ("Я хочу додому, мені сумно", .ukrainian),
            ("Ich will nach Hause", .german), ("Quiero ir a casa, estoy cansada", .spanish),
            ("Je veux rentrer, je suis fatiguée", .french), ("Voglio andare a casa, sono stanco", .italian),
            ("Eu quero ir para casa, estou cansada", .portuguese), ("家に帰りたい", .japanese), ("집에 가고 싶어", .korean),
            ("我想回家，这个世界太累了", .chineseSimplified), ("我想回家，這個世界太累了", .chineseTraditional),
            ("Jeg vil hjem, jeg er træt", .danish), ("Ik wil naar huis, ik ben moe", .dutch),
            ("Jeg vil hjem nå, jeg er trøtt", .norwegian), ("Jag vill hem, jag är trött", .swedish),
            ("Eve gitmek istiyorum, çok yorgunum", .turkish), ("Tôi muốn về nhà, tôi mệt quá", .vietnamese),
            ("ya hochu domoi, mne grustno", .russian),
        ]
        for (text, expected) in samples {
            XCTAssertEqual(SafetyLanguage.detect(text, fallback: .english), expected, text)
        }
        XCTAssertEqual(SafetyLanguage.detect("12345 🙂", fallback: .german), .german, "no sign: the fallback")
        // Spaced-out letters are read joined: one-letter words (`a`, `e`, `o`) are common words of
        // several languages and must not decide alone.
        let spaced: [(String, SafetyLanguage)] = [
            ("s e e  y o u  a t  t h e  s t a t i o n  t o m o r r o w", .english),
            ("c h o   t o i   v e   n h a   d i", .vietnamese),
            ("w i r  g e h e n  h e u t e  n a c h  h a u s e", .german),
            ("я  и д у  д о м о й  с е й ч а с", .russian),
        ]
        for (text, expected) in spaced {
            XCTAssertEqual(SafetyLanguage.detect(text, fallback: .english), expected, text)
        }
        XCTAssertEqual(SafetyLanguage.spacedLettersJoined("m u o n   c h e t"), "muon chet")
        XCTAssertNil(SafetyLanguage.spacedLettersJoined("I have a cat and a dog"), "ordinary words")
    }

    func testSpacedOutRiskIsReadInItsLanguage() {
        // Were these read as Portuguese (`a`, `e`, `o`…), the English or Vietnamese rule would be
        // weighed as a far language's and the message would pass.
        for text in ["n e e d i n g  t o  d i e  s o  b a d l y", "m u o n   c h e t   q u a   r o i",
                     "w i l l  e n d  m y  l i f e  s o o n"] {
            XCTAssertEqual(CrisisDetector.assess(text), .crisis, text)
        }
    }

    func testColloquialGermanVerbForms() {
        // Spoken German drops the -e of the first person, and the separable part carries the meaning.
        for text in ["ich bring mich heute um", "ich häng mich auf", "ich nehm die ganzen tabletten, alle"] {
            XCTAssertEqual(CrisisDetector.assess(text), .crisis, text)
        }
        for text in ["ich bringe mich morgen früh zur Arbeit", "ich bring mich mal wieder in Form"] {
            XCTAssertEqual(CrisisDetector.assess(text), .none, text)
        }
    }

    func testFoldingForMatchingOnly() {
        let fold = CrisisLexicon.shipped.fold
        XCTAssertEqual(SafetyText("ＨＥＬＬＯ Wörld İstanbul ıi ёж Ґанок soft\u{00AD}ware", fold: fold).line,
                       "hello world istanbul ii еж ганок software")
        XCTAssertEqual(SafetyText("a b c d, done. 今日は 雨", fold: fold).line, "abcd done . 今日は雨")
        // A lone digit standing for a letter joins a spaced-out word; numbers stay numbers.
        XCTAssertEqual(SafetyText("v o g l i o m 0 r i r e", fold: fold).line, "vogliomorire")
        XCTAssertEqual(SafetyText("s 0 b e r time", fold: fold).line, "sober time")
        XCTAssertEqual(SafetyText("room 3 4 5, row 7 a b c", fold: fold).line, "room 3 4 5 row 7 abc")
        XCTAssertEqual(SafetyText("d i e 2 day", fold: fold).line, "die 2 day")
        // Wider gaps between spaced-out letters are word breaks; even gaps are not.
        XCTAssertEqual(SafetyText("n o   q u i e r o   s e g u i r", fold: fold).line, "no quiero seguir")
        XCTAssertEqual(SafetyText("я  н е  х о ч у  ж и т ь", fold: fold).line, "я не хочу жит")
        XCTAssertEqual(SafetyText("d  i  e", fold: fold).line, "die")
        XCTAssertEqual(SafetyText("k-i-l-l m-y-s-e-l-f", fold: fold).line, "kill myself")
        XCTAssertEqual(SafetyText("s.u.i.c.i.d.e", fold: fold).line, "suicide")
        XCTAssertEqual(SafetyText("ｶﾀｶﾅ カタカナ ひらがな", fold: fold).line, "かたかなかたかなひらがな")
        // Korean typed letter by letter is read as the syllables it spells; lone consonants stay.
        XCTAssertEqual(SafetyText("ㅈ ㅏ ㅅ ㅏ ㄹ", fold: fold).line, "자살")
        XCTAssertEqual(SafetyText("자ㅎㅐ 다시", fold: fold).line, "자해다시")
        XCTAssertEqual(SafetyText("ㅋㅋㅋ ㅇㅋ", fold: fold).line, "ㅋㅋㅋㅇㅋ")
        XCTAssertEqual(SafetyText("ㅅ ㅏ ㄹ ㄱ ㅣ ㅅ ㅣ ㄹ ㅎ ㄷ ㅏ", fold: fold).line, "살기싫다", "two consonants make one final")
        XCTAssertEqual(SafetyText.hangulJamoComposed("ㄷㅏㄹㄱㅣ ㄷㅏㄹㄱㅇㅣ"), "달기닭이", "a consonant before a vowel starts the next syllable; before another consonant it joins the final")
        XCTAssertEqual(SafetyText.hangulJamoComposed("ㅎㅏㄴㄱㅜㄱ ㅅㅏㄹㅏㅁ"), "한국사람", "a final before a consonant, an initial before a vowel")
    }

    func testEveryLexiconFormIsFolded() {
        // The lexicon file is written folded; folding a form again must not change it (the
        // script and the Swift side fold the same way).
        let lexicon = CrisisLexicon.shipped
        let data = try! Data(contentsOf: ShippedResources.url("crisis-lexicon.txt"))
        let text = String(decoding: data, as: UTF8.self)
        var checked = 0
        for line in text.split(separator: "\n") where line.hasPrefix("T ") {
            for form in line.split(separator: " ").dropFirst(2) where !form.contains("_") && !form.hasSuffix("*") {
                let folded = SafetyText(String(form), fold: lexicon.fold)
                let joined = folded.tokens.map { String(String.UnicodeScalarView(folded.scalars[Int($0.start)..<Int($0.end)].map { Unicode.Scalar($0)! })) }.joined()
                    + String(String.UnicodeScalarView(folded.compact.map { Unicode.Scalar($0)! }))
                XCTAssertEqual(joined, String(form), "lexicon form \(form) folds to \(joined)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 5000)
    }
}

/// The language guess reads words straight from the scalars; it must split and lower-case
/// them exactly as `String.lowercased()` split into `Character`s did.
final class SafetyLanguageScanTests: XCTestCase {
    private func check(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let expected = SafetyLanguage.referenceWords(text).map { CrisisLexicon.hash($0.unicodeScalars) }
        XCTAssertEqual(SafetyLanguage.scannedWordHashes(text), expected, text, file: file, line: line)
    }

    func testWordsAsStringsSplitThem() {
        for text in ["I DON'T want ÉTÉ Straße İSTANBUL Iİıi", "Не Хочу ЖИТЬ, ЁЖ! Ї Є Ґ", "café\u{301} cafe\u{301}s na\u{308}ive",
                     "rock’n’roll l'été 12h30 x2 @home #tag", "emoji 👋🏽 and 👨‍👩‍👧 family ☺︎ ok", "ＦＵＬＬ ｗｉｄｔｈ", "ǅungla ǈ ΣΊΣΥΦΟΣ",
                     "tôi KHÔNG muốn ĐI", "Ça VA? «да» — нет… ½ ²", "", "   ", "a\u{200D}b c\u{FE0F}d", "中文 混合 text 한국어"] {
            check(text)
        }
    }

    func testEveryCorpusMessageSplitsTheSame() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dir = root.appendingPathComponent("Eval/crisis/corpus")
        var checked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".tsv") {
            let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                check(String(line.split(separator: "\t", omittingEmptySubsequences: false).last!))
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1000)
    }
}

/// Fullwidth text is mapped to ASCII scalar by scalar when everything else in it is left alone
/// by NFKC; the result must be NFKC's, always.
final class CompatibilityMappingTests: XCTestCase {
    func testInertScalarsAreLeftAloneByNFKCAndCombineWithNothing() {
        var checked = 0
        for v in UInt32(0)...0x1FFFF where SafetyText.isCompatibilityInert(v) {
            guard let s = Unicode.Scalar(v) else { continue }
            let one = String(Character(s))
            XCTAssertEqual(one.precomposedStringWithCompatibilityMapping.unicodeScalars.map(\.value), [v], String(format: "U+%04X", v))
            XCTAssertEqual(s.properties.canonicalCombiningClass, .notReordered, String(format: "U+%04X", v))
            checked += 1
        }
        XCTAssertGreaterThan(checked, 30_000)
        // Starters that compose with the letter before them (Hangul vowels and final consonants,
        // Indic length marks), kana voicing marks and combining accents are never inert.
        for v: UInt32 in [0x301, 0x308, 0x1161, 0x1175, 0x11A8, 0x11C2, 0x0B3E, 0x0B57, 0x0BBE, 0x0BD7, 0x0CC2, 0x0CD5, 0x0CD6,
                          0x0D3E, 0x0D57, 0x0DCF, 0x0DDF, 0x102E, 0x1B35, 0x3099, 0x309A, 0x309B, 0xFF9E, 0x17F, 0x2026, 0xA0] {
            XCTAssertFalse(SafetyText.isCompatibilityInert(v), String(format: "U+%04X", v))
        }
    }

    func testMappedTextIsNFKC() {
        let samples = ["ｉ　ｗａｎｔ　ｔｏ　ｄｉｅ", "Ｉ ＷＡＮＴ ｔｏ ｄｉｅ！？", "今日はつらい！（もう無理）", "ｈｏｃｈｕ　ｕｍｅｒｅｔ，　ｄａ",
                       "ｋ１ｌｌ ｍｙｓｅｌｆ 💔🙏🏽", "«ｎｅｔ» — ｖｓｅ", "ｃａｆｅ\u{301}", "ｶﾞｷﾞ ｈａｌｆｗｉｄｔｈ", "𝐝𝐢𝐞 ｆｕｌｌ", "ﬁｎｅ ｆｉｎｅ",
                       "Ｌｅｖｅｌ ½ … ｏｋ", "한국어 ｔｅｘｔ", "가\u{11A8} ｘ", "plain ascii only", ""]
        for text in samples {
            XCTAssertEqual(SafetyText.compatibilityMapped(text).unicodeScalars.map(\.value),
                           (SafetyText.needsCompatibilityMapping(text) ? text.precomposedStringWithCompatibilityMapping : text).unicodeScalars.map(\.value), text)
        }
    }
}
