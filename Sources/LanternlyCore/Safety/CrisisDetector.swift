import Foundation

/// Deterministic crisis detection (DESIGN.md §3, step 1). Never calls a model.
///
/// Flags messages that speak of suicide or self-harm, directly ("I want to kill myself",
/// "покончить с собой") or indirectly ("everyone would be better off without me",
/// "не вижу смысла жить"), in every shipped language (English, Russian). The word lists
/// follow the warning signs named by the 988 Suicide & Crisis Lifeline, Samaritans and the
/// WHO media guide (FACTS.md, "Crisis help lines" / safe-messaging points); Apple's own
/// guardrails also block this topic and tell apps to add their own safety layer
/// (FACTS.md, "Guardrails block self-harm content").
///
/// How it works, in one pass and without regular expressions:
/// 1. The text is folded into word tokens: lower case, `ё` → `е`, apostrophes dropped inside
///    words (`don't` → `dont`), every other mark a separator, runs of three or more equal
///    letters squeezed to one (`killlll` → `kil`, `суууицид` → `суицид`). Lookalike letters of
///    the other script are folded (Unicode TR39 confusables): a word mixing Latin and Cyrillic
///    is read in the script that can spell all of it (`сeбя` with a Latin `e` → `себя`,
///    `mysеlf` with a Cyrillic `е` → `myself`), and a word made only of lookalikes between
///    words of the other script counts in their script too (the Latin `c` in `покончить c собой`).
/// 2. Each token walks a letter trie built once (`static let`) and collects the *concepts*
///    it stands for: exact word forms (whole words only — `skilled` is not `kill`) and
///    Russian stems (`поконч…`, `самоуби…`). Inflections and common typos are listed
///    explicitly (`kil`, `suicd…`, `суецид…`, `самоубиство`, `сабой`, `сибя`).
/// 3. Phrases are short concept sequences with a small allowed gap between words
///    (`want ~2 die` matches "I want to just die"); they include intent to use a method
///    ("overdose on pills", "slit my wrists", "jump off a bridge", «наглотаться таблеток»,
///    «перерезать вены», «спрыгнуть с крыши»), plus optional "unless the next word
///    is …" / "unless the word before is …" guards that keep idioms out ("this deadline is
///    killing me", "умираю со смеху", "убил время", "cut myself some slack",
///    "I ran 10 kms"). A phrase that matches anywhere flags the message.
///
/// Cost: linear in the text; 3–8 µs for a 500-character message in a release build on the
/// 2-core test machine (budget: 20 µs, issue 2 "Speed"). The first call builds the tables
/// (about 1 ms).
public enum CrisisDetector {
    /// True when `text` speaks of self-harm or suicide, directly or indirectly, in any shipped language.
    public static func isCrisis(_ text: String) -> Bool {
        matcher.firstMatch(in: text) != nil
    }

    /// The name of the phrase that flagged `text` (for tests and tuning), or `nil`.
    static func matchedPhrase(_ text: String) -> String? {
        matcher.firstMatch(in: text)
    }

    static let matcher = CrisisMatcher(groups: CrisisVocabulary.groups, phrases: CrisisVocabulary.phrases)
}

// MARK: - Vocabulary

/// The word groups and phrases. Forms ending in `*` are stems (prefix match); the rest match
/// whole tokens only. Group names are internal; a phrase names groups, `a|b` is either,
/// `~N` allows up to N other words before the next element (default 0).
enum CrisisVocabulary {
    static let groups: [(String, String)] = [
        // English
        ("self", "myself meself mysef myslef mysefl myselff myslf mself myselfe"),
        ("selfw", "self slef"),
        ("my", "my"),
        ("kill", "kill kills killing killed killin kil kll kiil kilin kiling kild"),
        ("suicide", "suici* sucid* suicd* suisid* suicid* suecid* siucid* suiced* sewerslide sewerslid* killmyself kilmyself"),
        ("unalive", "unaliv*"),
        ("un", "un"),
        ("alive", "alive alve"),
        ("kms", "kms"),
        ("end", "end ends ending ended endin"),
        ("life", "life lfe lief"),
        ("it", "it"),
        ("all", "all"),
        ("take", "take takes taking took taken"),
        ("harm", "harm harming harmed harms injury injuring injure injured"),
        ("selfharm", "selfharm* selfinjur*"),
        ("injure", "hurt hurting hurts harm harming cut cutting cuting cuttin cuts burn burning burnt"),
        ("hang", "hang hanging hanged"),
        ("want", "want wants wanted wanting wanna wana wnat whant wan"),
        ("die", "die"),
        ("wish", "wish wished wishing"),
        ("i", "i id im"),
        ("dead", "dead ded"),
        ("better", "better beter"),
        ("be", "be is are been would were its theyd theyre everyones everybodys shed hed wed youd"),
        ("intend", "want wants wanna going gonna plan planning ready"),
        ("off", "off"),
        ("neg", "dont not didnt dnt donot doesnt"),
        ("here", "here"),
        ("anymore", "anymore anymor more longer"),
        ("exist", "exist existing"),
        ("live", "live living liv livin"),
        ("wake", "wake waking"),
        ("up", "up"),
        ("without", "without witout withot"),
        ("me", "me"),
        ("no", "no"),
        ("reason", "reason reasons point"),
        ("nothing", "nothing"),
        ("for", "for"),
        ("what", "what whats"),
        ("cant", "cant cannot"),
        ("go", "go"),
        ("on", "on"),
        ("tired", "tired sick"),
        ("of", "of"),
        ("never", "never"),
        ("born", "born"),
        ("jump", "jump jumping"),
        ("height", "bridge roof building cliff"),
        ("overdose", "overdose overdosing overdosed overdoze ovedose overdos"),
        ("pills", "pills pill meds medication medications tablets painkillers"),
        ("swallow", "swallow swallowing"),
        ("slit", "slit slitting slash slashing slice slicing cut cutting cuting"),
        ("wrist", "wrist wrists wirst wirsts vein veins"),
        ("disappear", "disappear dissapear disapear"),
        ("forever", "forever"),
        // English guards
        ("nextLive", "in with at near together there here alone"),
        ("nextKill", "trying laughing working studying"),
        ("nextInjure", "off short some slack while shaving cooking playing on"),
        ("prevAccident", "accidentally accidently"),
        ("nextDie", "my her his the hair of laughing laughter from on"),
        ("nextWake", "early at for before until till so in"),
        ("nextPills", "with every each daily in before after regularly twice"),
        ("prevPills", "to always usually remember remembered forgot forget never should must"),
        ("nextJump", "into in with for"),
        ("back", "back"),
        ("squad", "squad"),
        // Russian
        ("r_crisis", """
            суицид* суецид* суицыд* суецыд* суйцид* самоуби* самоповрежд* селфхарм* \
            повеситься повешусь повесился повесилась повеситься вешаться \
            выпилиться выпилюсь выпилился выпилилась роскомнадзорн* убиться убьюсь
            """),
        ("r_pokonch", "поконч*"),
        ("r_s", "с со"),
        ("r_soboy", "собой собою сабой сабою собои сабои"),
        ("r_ssoboy", "ссобой ссабой"),
        ("r_zhiznyu", "жизнью"),
        ("r_kill", "убить убью убил убила убило убивать убиваю убивала убивал убей убит убьешь"),
        ("r_sebya", "себя сибя сябя"),
        ("r_sebe", "себе сибе"),
        ("r_cut", """
            порезать порежу порезал порезала резать режу режешь резала резал \
            вскрыть вскрою вскрыла вскрыл вскрывать вскрываю \
            перерезать перережу перерезала перерезал резануть
            """),
        ("r_veins", "вены вену запястья запястье руки"),
        ("r_glot", "наглотаться наглотаюсь наглоталась наглотался"),
        ("r_drink", "выпить выпью выпила выпил съесть съем проглотить проглочу сожрать"),
        ("r_all", "все всю пачку горсть кучу упаковку"),
        ("r_pills", "таблетки таблеток таблетками таблетка колес снотворного снотворное лекарств лекарства"),
        ("r_harm", "навредить наврежу навредила навредил причинить причиняю причинила причинил причиню вредить врежу"),
        ("r_want", "хоч* хач* хотел* охота"),
        ("r_die", "умереть умиреть умерть помереть сдохнуть издохнуть умирать"),
        ("r_neg", "не нет ни"),
        ("r_negwant", "нехочу нехочется нехочеться"),
        ("r_live", "жить жыть"),
        ("r_menya", "меня"),
        ("r_bylo", "было стало"),
        ("r_better", "лучше лутше"),
        ("r_betterctx", "будет будут станет станут всем им миру было все"),
        ("r_jump", "прыгнуть спрыгнуть прыгну спрыгну сброситься сброшусь выпрыгнуть выпрыгну"),
        ("r_height", "крыши моста окна балкона многоэтажки"),
        ("r_diedpast", "умер умерла умерло сдох сдохла помер померла"),
        ("r_born", "родил* рождал*"),
        ("r_without", "без"),
        ("r_exist", "существовать"),
        ("r_wake", "просыпаться проснуться"),
        ("r_meaning", "смысл смысла смысле"),
        ("r_life", "жизни жизнь"),
        ("r_zachem", "зачем"),
        ("r_nezachem", "незачем"),
        ("r_reason", "причин*"),
        ("r_tired", "устал* надоело"),
        ("r_ot", "от"),
        ("r_vanish", "исчезнуть"),
        ("r_forever", "навсегда"),
        ("r_can", "могу"),
        ("r_has", "имеет"),
        ("r_chtoby", "чтобы чтоб"),
        // Russian guards
        ("r_nextLive", "в во с со на у под рядом вместе один одна одной одному без"),
        ("r_nextDie", "от со"),
        ("r_nextWake", "рано в к на"),
        ("r_nextNotBe", "на в во дома там у"),
        ("r_nextPills", "утром вечером днем с от после перед по вовремя до"),
        ("r_nextJump", "в во на"),
    ]

    static let phrases: [CrisisPhrase] = [
        // English, direct
        .init("suicide", unlessNext: "squad"),
        .init("unalive"),
        .init("un alive"),
        .init("kms", unlessPrev: "num"),
        .init("kill ~1 self", unlessNext: "nextKill"),
        .init("kill ~1 my selfw", unlessNext: "nextKill"),
        .init("end ~1 self"),
        .init("selfw harm"),
        .init("selfharm"),
        .init("injure ~1 self", unlessNext: "nextInjure", unlessPrev: "prevAccident"),
        .init("injure ~1 my selfw", unlessNext: "nextInjure", unlessPrev: "prevAccident"),
        .init("hang ~1 self"),
        .init("end my ~1 life"),
        .init("end it all"),
        .init("take my ~1 life", unlessNext: "back"),
        .init("want ~2 die", unlessNext: "nextDie"),
        .init("wish i ~1 dead|die", unlessNext: "nextDie"),
        .init("intend ~2 jump off ~2 height"),
        .init("jump off ~2 height", unlessNext: "nextJump"),
        .init("intend ~2 overdose"),
        .init("overdose on ~2 pills"),
        .init("take|swallow all ~2 pills", unlessNext: "nextPills", unlessPrev: "prevPills"),
        .init("intend ~2 take|swallow all ~2 pills", unlessNext: "nextPills"),
        .init("slit ~1 wrist", unlessNext: "nextInjure", unlessPrev: "prevAccident"),
        // English, indirect
        .init("wish i ~2 never ~1 born"),
        .init("better off dead"),
        .init("better off without me"),
        .init("be ~1 better without me"),
        .init("neg want ~2 alive|exist"),
        .init("neg want ~1 live", unlessNext: "nextLive"),
        .init("neg want ~2 here ~1 anymore"),
        .init("neg want ~1 wake up", unlessNext: "nextWake"),
        .init("no reason ~2 live", unlessNext: "nextLive"),
        .init("nothing ~2 live for"),
        .init("what ~2 reason ~1 live", unlessNext: "nextLive"),
        .init("cant go on anymore|live"),
        .init("tired of ~2 live|alive|life", unlessNext: "nextLive"),
        .init("want ~2 disappear ~1 forever"),
        // Russian, direct
        .init("r_crisis"),
        .init("r_pokonch ~1 r_s r_soboy|r_zhiznyu"),
        .init("r_pokonch ~1 r_ssoboy"),
        .init("r_kill ~1 r_sebya"),
        .init("r_sebya ~1 r_kill"),
        .init("r_cut ~1 r_sebya|r_veins"),
        .init("r_sebya ~1 r_cut"),
        .init("r_harm ~1 r_sebe"),
        .init("r_sebe ~1 r_harm"),
        .init("r_want ~2 r_die", unlessNext: "r_nextDie"),
        .init("r_die ~1 r_want"),
        // Russian, indirect
        .init("r_neg r_want ~1 r_live", unlessNext: "r_nextLive"),
        .init("r_negwant ~1 r_live", unlessNext: "r_nextLive"),
        .init("r_live ~1 r_neg r_want|r_can"),
        .init("r_neg r_can ~1 r_live", unlessNext: "r_nextLive"),
        .init("r_neg r_want ~1 r_exist"),
        .init("r_negwant ~1 r_exist"),
        .init("r_neg r_want ~1 r_wake", unlessNext: "r_nextWake"),
        .init("r_negwant ~1 r_wake", unlessNext: "r_nextWake"),
        .init("r_neg ~2 r_meaning ~1 r_live|r_life", unlessNext: "r_nextLive"),
        .init("r_live ~1 r_neg r_meaning"),
        .init("r_meaning r_live r_neg"),
        .init("r_life r_neg r_has r_meaning"),
        .init("r_nezachem ~1 r_live"),
        .init("r_live ~1 r_nezachem"),
        .init("r_zachem ~2 r_live", unlessNext: "r_nextLive"),
        .init("r_neg ~1 r_reason ~1 r_live"),
        .init("r_better ~2 r_menya r_neg r_bylo", unlessNext: "r_nextNotBe"),
        .init("r_want|r_chtoby ~2 r_menya r_neg r_bylo", unlessNext: "r_nextNotBe"),
        .init("r_better ~2 r_diedpast"),
        .init("r_better ~2 r_neg r_born"),
        .init("r_betterctx ~1 r_better ~1 r_without r_menya"),
        .init("r_without r_menya ~1 r_betterctx ~1 r_better"),
        .init("r_want ~2 r_jump ~2 r_height"),
        .init("r_jump ~2 r_height", unlessNext: "r_nextJump"),
        .init("r_glot ~2 r_pills"),
        .init("r_drink r_all ~1 r_pills", unlessNext: "r_nextPills"),
        .init("r_tired ~1 r_live", unlessNext: "r_nextLive"),
        .init("r_tired ~1 r_ot r_life", unlessNext: "r_nextLive"),
        .init("r_want ~1 r_vanish ~1 r_forever"),
    ]
}

/// One phrase in the small pattern language of ``CrisisVocabulary``.
struct CrisisPhrase {
    let pattern: String
    let unlessNext: String?
    let unlessPrev: String?

    init(_ pattern: String, unlessNext: String? = nil, unlessPrev: String? = nil) {
        self.pattern = pattern
        self.unlessNext = unlessNext
        self.unlessPrev = unlessPrev
    }
}

// MARK: - Matcher

/// A set of concept bits (up to 192 concepts).
struct ConceptSet: Equatable {
    var a: UInt64 = 0
    var b: UInt64 = 0
    var c: UInt64 = 0

    static let capacity = 192

    init() {}

    init(bit: Int) {
        precondition(bit >= 0 && bit < ConceptSet.capacity, "too many crisis word groups")
        switch bit {
        case 0..<64: a = 1 << UInt64(bit)
        case 64..<128: b = 1 << UInt64(bit - 64)
        default: c = 1 << UInt64(bit - 128)
        }
    }

    @inline(__always) var isEmpty: Bool { (a | b | c) == 0 }

    @inline(__always) func intersects(_ other: ConceptSet) -> Bool {
        ((a & other.a) | (b & other.b) | (c & other.c)) != 0
    }

    @inline(__always) mutating func formUnion(_ other: ConceptSet) {
        a |= other.a
        b |= other.b
        c |= other.c
    }
}

/// The compiled vocabulary: a letter trie over token concepts and the phrase table.
struct CrisisMatcher {
    /// Letters the trie knows: `a`–`z` (0–25) and `а`–`я` (26–57).
    static let width = 58
    private static let cyrillicBase = 26

    /// `children[node * width + letter]`: the child node, 0 for none (the root is never a child).
    private var children: [Int32] = []
    private var exact: [ConceptSet] = []
    private var prefix: [ConceptSet] = []
    private var numberConcept = ConceptSet()
    /// See ``twinTable()``.
    private let twin: [Int8] = CrisisMatcher.twinTable()

    /// The script of a token, for homoglyph folding; `start` is "no token yet".
    enum Script { case none, latin, cyrillic, start }

    // The phrases, flattened so matching touches no reference-counted storage per phrase:
    // phrase `p` has elements `elements[starts[p] ..< starts[p + 1]]`; `gaps[i]` is how many
    // other tokens may sit before element `i` (unused for a phrase's first element).
    private var elements: [ConceptSet] = []
    private var gaps: [Int] = []
    private var starts: [Int] = [0]
    private var unlessNext: [ConceptSet] = []
    private var unlessPrev: [ConceptSet] = []
    private var names: [String] = []
    /// Concept bit → the phrases whose first element accepts it:
    /// `firstPhrases[firstStarts[bit] ..< firstStarts[bit + 1]]`.
    private var firstStarts: [Int] = []
    private var firstPhrases: [Int] = []

    init(groups: [(String, String)], phrases source: [CrisisPhrase]) {
        var bits: [String: Int] = [:]
        children = Array(repeating: 0, count: Self.width)
        exact = [ConceptSet()]
        prefix = [ConceptSet()]
        for (name, forms) in groups {
            precondition(bits[name] == nil, "crisis word group \(name) is defined twice")
            let bit = bits.count
            bits[name] = bit
            for form in forms.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                let isStem = form.hasSuffix("*")
                let word = isStem ? form.dropLast() : form[...]
                insert(word, concept: ConceptSet(bit: bit), isStem: isStem)
            }
        }
        let numberBit = bits.count
        bits["num"] = numberBit
        numberConcept = ConceptSet(bit: numberBit)

        func set(_ spec: String) -> ConceptSet {
            var s = ConceptSet()
            for name in spec.split(separator: "|") {
                guard let bit = bits[String(name)] else {
                    preconditionFailure("crisis phrase names an unknown word group \(name)")
                }
                s.formUnion(ConceptSet(bit: bit))
            }
            return s
        }
        var byFirstConcept: [[Int]] = Array(repeating: [], count: ConceptSet.capacity)
        for phrase in source {
            let index = names.count
            var gap = 0
            for part in phrase.pattern.split(separator: " ") {
                if part.hasPrefix("~"), let n = Int(part.dropFirst()) {
                    gap = n
                    continue
                }
                let element = set(String(part))
                if elements.count == starts[index] {
                    for bit in 0..<ConceptSet.capacity where element.intersects(ConceptSet(bit: bit)) {
                        byFirstConcept[bit].append(index)
                    }
                }
                elements.append(element)
                gaps.append(gap)
                gap = 0
            }
            precondition(elements.count > starts[index], "empty crisis phrase")
            starts.append(elements.count)
            unlessNext.append(phrase.unlessNext.map(set) ?? ConceptSet())
            unlessPrev.append(phrase.unlessPrev.map(set) ?? ConceptSet())
            names.append(phrase.pattern)
        }
        firstStarts = [0]
        for list in byFirstConcept {
            firstPhrases.append(contentsOf: list)
            firstStarts.append(firstPhrases.count)
        }
    }

    /// Cyrillic letters that only stand in for Latin ones (`і`, `ѕ`, `ј`): token letters 58–60,
    /// never walked in the trie themselves.
    @inline(__always) static func latinOnlyLetter(_ v: UInt32) -> Int? {
        switch v {
        case 0x456: return width  // і
        case 0x455: return width + 1  // ѕ
        case 0x458: return width + 2  // ј
        default: return nil
        }
    }

    /// Token letter → its lookalike in the other script (trie letter), or -1. Latin a c e o p x y
    /// k m t h b i ↔ Cyrillic а с е о р х у к м т н в и (Latin `i` for `и`, as in `собоi`);
    /// `і ѕ ј` → `i s j`. (Unicode TR39 confusables, restricted to lower case.)
    private static func twinTable() -> [Int8] {
        var table = [Int8](repeating: -1, count: width + 3)
        let pairs: [(Character, Character)] = [
            ("a", "а"), ("c", "с"), ("e", "е"), ("o", "о"), ("p", "р"), ("x", "х"), ("y", "у"),
            ("k", "к"), ("m", "м"), ("t", "т"), ("h", "н"), ("b", "в"), ("i", "и"),
        ]
        for (l, c) in pairs {
            let li = Int(l.unicodeScalars.first!.value - 0x61)
            let ci = cyrillicBase + Int(c.unicodeScalars.first!.value - 0x430)
            table[li] = Int8(ci)
            if l != "i" { table[ci] = Int8(li) }  // и does not look like i
        }
        table[width] = Int8(Int("i".unicodeScalars.first!.value) - 0x61)
        table[width + 1] = Int8(Int("s".unicodeScalars.first!.value) - 0x61)
        table[width + 2] = Int8(Int("j".unicodeScalars.first!.value) - 0x61)
        return table
    }

    /// The trie letter for a lower-case scalar value, or `nil`.
    @inline(__always) static func letter(_ v: UInt32) -> Int? {
        if v >= 0x61 && v <= 0x7A { return Int(v - 0x61) }
        if v >= 0x430 && v <= 0x44F { return cyrillicBase + Int(v - 0x430) }
        if v == 0x451 { return cyrillicBase + Int(0x435 - 0x430) }  // ё → е
        return nil
    }

    private mutating func insert(_ word: Substring, concept: ConceptSet, isStem: Bool) {
        var node = 0
        for s in word.unicodeScalars {
            guard let l = Self.letter(s.value) else {
                preconditionFailure("crisis word form \(word) has a letter outside a–z / а–я")
            }
            let slot = node * Self.width + l
            if children[slot] == 0 {
                children[slot] = Int32(exact.count)
                children.append(contentsOf: repeatElement(0, count: Self.width))
                exact.append(ConceptSet())
                prefix.append(ConceptSet())
            }
            node = Int(children[slot])
        }
        if isStem { prefix[node].formUnion(concept) } else { exact[node].formUnion(concept) }
    }

    /// A token that stands for at least one concept, at its position among all tokens.
    struct Hit {
        var index: Int
        var concepts: ConceptSet
    }

    /// The concepts of one token (letters as trie letters), squeezing runs of 3+ equal letters.
    private func concepts(of letters: UnsafeMutableBufferPointer<UInt8>, count n: Int) -> ConceptSet {
        var node = 0
        var found = ConceptSet()
        var i = 0
        while i < n {
            let l = letters[i]
            var j = i + 1
            while j < n && letters[j] == l { j += 1 }
            let emit = j - i >= 3 ? 1 : j - i
            for _ in 0..<emit {
                node = Int(children[node * Self.width + Int(l)])
                if node == 0 { return found }
                found.formUnion(prefix[node])
            }
            i = j
        }
        found.formUnion(exact[node])
        return found
    }

    /// Writes the token `source[0..<n]` into `target` in one script — Latin when `toLatin`,
    /// else Cyrillic — swapping each letter of the other script for its lookalike.
    /// Returns `false` (target half written) when some letter has no lookalike.
    @inline(__always)
    private func fold(_ source: UnsafeMutableBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<UInt8>,
                      count n: Int, toLatin: Bool) -> Bool {
        for i in 0..<n {
            let l = Int(source[i])
            let keep = l < Self.cyrillicBase ? toLatin : l < Self.width ? !toLatin : false
            if keep {
                target[i] = UInt8(l)
            } else {
                let t = Int(twin[l])
                // `і ѕ ј` have only Latin twins; a Cyrillic reading of them fails.
                if t < 0 || (t < Self.cyrillicBase) != toLatin { return false }
                target[i] = UInt8(t)
            }
        }
        return true
    }

    /// Splits `text` into tokens and returns those that carry a concept.
    ///
    /// Homoglyphs: a token mixing Latin and Cyrillic letters is read in the script whose
    /// lookalikes can replace every letter of the other (`сeбя` → `себя`, `mysеlf` → `myself`;
    /// both readings count when both work). A token written wholly in lookalike letters of one
    /// script between words of the other (the Latin `c` in `покончить c собой`) also counts as
    /// its lookalike in the neighbours' script.
    func hits(in text: String) -> [Hit] {
        var hits: [Hit] = []
        let maxLetters = 48
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * maxLetters) { whole in
            let buffer = UnsafeMutableBufferPointer(rebasing: whole[0..<maxLetters])
            let scratch = UnsafeMutableBufferPointer(rebasing: whole[maxLetters..<(2 * maxLetters)])
            var count = 0
            var latin = 0  // letters a–z in this token
            var cyrillic = 0  // letters а–я, і, ѕ, ј in this token
            var extras = 0  // і, ѕ, ј: Cyrillic letters read only as their Latin lookalikes
            var digits = 0
            var foreign = false
            var index = 0
            var previous = Script.start
            // A lookalike-only token waiting for the next token's script (see the doc above).
            var pendingHit = -1
            var pendingConcepts = ConceptSet()
            var pendingScript = Script.none
            var pendingAtStart = false
            func finish() {
                if count == 0 && digits == 0 && !foreign { return }
                var script = Script.none
                var own = ConceptSet()
                var pure = false
                if count == 0 && digits > 0 && !foreign {
                    own = numberConcept
                } else if digits == 0 && !foreign && count <= maxLetters {
                    if latin > 0 && cyrillic > 0 {
                        var canCyrillic = false
                        if extras == 0 && fold(buffer, into: scratch, count: count, toLatin: false) {
                            canCyrillic = true
                            own = concepts(of: scratch, count: count)
                        }
                        let canLatin = fold(buffer, into: scratch, count: count, toLatin: true)
                        if canLatin { own.formUnion(concepts(of: scratch, count: count)) }
                        script = canCyrillic && (cyrillic >= latin || !canLatin) ? .cyrillic : canLatin ? .latin : .none
                    } else {
                        pure = true
                        script = latin > 0 ? .latin : .cyrillic
                        if extras == 0 { own = concepts(of: buffer, count: count) }
                    }
                }
                if pendingHit >= 0 {
                    if script == pendingScript { hits[pendingHit].concepts.formUnion(pendingConcepts) }
                    pendingHit = -1
                }
                let other: Script = script == .latin ? .cyrillic : .latin
                if pure && (previous == other || previous == .start)
                    && fold(buffer, into: scratch, count: count, toLatin: other == .latin) {
                    let alt = concepts(of: scratch, count: count)
                    if !alt.isEmpty {
                        hits.append(Hit(index: index, concepts: own))
                        pendingHit = hits.count - 1
                        pendingConcepts = alt
                        pendingScript = other
                        pendingAtStart = previous == .start
                        own = ConceptSet()
                    }
                }
                if !own.isEmpty { hits.append(Hit(index: index, concepts: own)) }
                previous = script
                index += 1
                count = 0
                latin = 0
                cyrillic = 0
                extras = 0
                digits = 0
                foreign = false
            }
            for scalar in text.unicodeScalars {
                var v = scalar.value
                if v < 0x80 {
                    if v >= 0x41 && v <= 0x5A { v += 0x20 }
                    if v >= 0x61 && v <= 0x7A {
                        if count < maxLetters { buffer[count] = UInt8(v - 0x61) }
                        count += 1
                        latin += 1
                    } else if v >= 0x30 && v <= 0x39 {
                        digits += 1
                    } else if v == 0x27 || v == 0x60 {
                        continue  // apostrophe inside a word: don't → dont
                    } else {
                        finish()
                    }
                    continue
                }
                if v >= 0x400 && v <= 0x4FF {
                    if v >= 0x410 && v <= 0x42F { v += 0x20 } else if v >= 0x400 && v <= 0x40F { v += 0x50 }
                    if let l = Self.letter(v) {
                        if count < maxLetters { buffer[count] = UInt8(l) }
                        count += 1
                        cyrillic += 1
                    } else if let l = Self.latinOnlyLetter(v) {
                        if count < maxLetters { buffer[count] = UInt8(l) }
                        count += 1
                        cyrillic += 1
                        extras += 1
                    } else {
                        foreign = true  // ї, є, ў…: not a shipped language's letter
                    }
                    continue
                }
                switch v {
                case 0x2019, 0x2018, 0x02BC:
                    continue  // typographic apostrophes
                case 0xAD, 0x200B...0x200D, 0x2060, 0xFEFF:
                    continue  // invisible: soft hyphen, zero-width space / joiners
                case 0x0306:
                    // combining breve: и + ◌̆ is й
                    if count > 0, count <= maxLetters, buffer[count - 1] == UInt8(Self.cyrillicBase + 8) {
                        buffer[count - 1] = UInt8(Self.cyrillicBase + 9)
                    }
                    continue
                case 0x0300...0x036F:
                    continue  // other combining marks (е + ◌̈ is ё, which folds to е anyway)
                default:
                    if scalar.properties.isAlphabetic {
                        foreign = true
                    } else {
                        finish()
                    }
                }
            }
            finish()
            if pendingHit >= 0 && !pendingAtStart {
                hits[pendingHit].concepts.formUnion(pendingConcepts)  // last token, after words of its twin script
            }
            return hits
        }
    }

    /// The pattern of the first phrase found in `text`, or `nil`.
    func firstMatch(in text: String) -> String? {
        let hits = self.hits(in: text)
        if hits.isEmpty { return nil }
        return hits.withUnsafeBufferPointer { hits -> String? in
            for start in hits.indices {
                let concepts = hits[start].concepts
                for part in 0..<3 {
                    var bits = part == 0 ? concepts.a : part == 1 ? concepts.b : concepts.c
                    while bits != 0 {
                        let bit = part * 64 + bits.trailingZeroBitCount
                        bits &= bits - 1
                        var i = firstStarts[bit]
                        let end = firstStarts[bit + 1]
                        while i < end {
                            if matches(firstPhrases[i], startingAt: start, hits) { return names[firstPhrases[i]] }
                            i += 1
                        }
                    }
                }
            }
            return nil
        }
    }

    /// Whether phrase `p` matches with its first element at `hits[start]`.
    private func matches(_ p: Int, startingAt start: Int, _ hits: UnsafeBufferPointer<Hit>) -> Bool {
        let guardPrev = unlessPrev[p]
        if !guardPrev.isEmpty, start > 0, hits[start - 1].index == hits[start].index - 1,
           hits[start - 1].concepts.intersects(guardPrev) {
            return false
        }
        return matchRest(p, element: starts[p] + 1, at: start, hits)
    }

    private func matchRest(_ p: Int, element k: Int, at position: Int, _ hits: UnsafeBufferPointer<Hit>) -> Bool {
        if k == starts[p + 1] {
            let guardNext = unlessNext[p]
            let next = position + 1
            if !guardNext.isEmpty, next < hits.count, hits[next].index == hits[position].index + 1,
               hits[next].concepts.intersects(guardNext) {
                return false
            }
            return true
        }
        let limit = hits[position].index + 1 + gaps[k]
        let wanted = elements[k]
        var j = position + 1
        while j < hits.count && hits[j].index <= limit {
            if hits[j].concepts.intersects(wanted), matchRest(p, element: k + 1, at: j, hits) {
                return true
            }
            j += 1
        }
        return false
    }
}
