import Foundation

/// What the crisis check found in a message.
public enum CrisisOutcome: String, Sendable, Hashable, CaseIterable {
    /// The writer speaks of suicide or self-harm about themself: the crisis reply.
    case crisis
    /// Someone else (a friend, a sibling, a child) is at risk now: how to support them, with the help line.
    case concern
    /// No sign of risk to anyone.
    case none
}

/// Deterministic crisis detection (DESIGN.md §3, step 1). Never calls a model, never logs.
///
/// Two parts, combined:
/// 1. **The lexicon** (``CrisisLexicon``): cues by category of the Columbia Suicide Severity
///    Rating Scale in all 18 ``SafetyLanguage``s, matched on the folded text
///    (``SafetyText``). A rule's cues count when they all sit in one clause, **in any
///    order**, close together; a strong rule (weight 1) flags alone, weaker ones add up
///    across categories. Idioms ("dying to see", «умираю со смеху») are whole phrases whose
///    words never count. Softeners lower a rule's weight instead of vetoing it: a negation
///    just before it ("I would never kill myself"), media and topic words (a documentary,
///    prevention day), the past ("used to", "years ago"), and a softening next word
///    ("live *in* this city"). The last person word before the cue decides whose risk it is:
///    another person ("my friend wants to end her life") makes it ``CrisisOutcome/concern``.
/// 2. **The classifier** (``CrisisClassifier``): a linear model over hashed character
///    n-grams of the folded text, robust to typos, morphology and unspaced scripts.
///
/// The cues behind a decision are never reported outside this type (diagnostics keep only
/// that the crisis path was taken).
///
/// Cost: linear in the text (`make bench` prints the median on a 500-character message).
/// The first call loads the lexicon and the weights from `Resources/`.
public enum CrisisDetector {
    /// True when `text` speaks of the writer's own suicide or self-harm, in any of the 18 languages.
    public static func isCrisis(_ text: String) -> Bool {
        assess(text) == .crisis
    }

    /// The outcome for `text`.
    ///
    /// - Parameters:
    ///   - text: the whole message, as typed (never trimmed or cut).
    ///   - atRisk: the conversation already had a crisis or concern turn: ambiguous
    ///     follow-ups ("I'm going to do it tonight", "I already have them") count as crisis.
    public static func assess(_ text: String, atRisk: Bool = false) -> CrisisOutcome {
        decide(score(text, atRisk: atRisk), atRisk: atRisk)
    }

    /// Loads the lexicon and the classifier's weights now rather than on the first message
    /// (`make bench` times it: budget 5 ms).
    public static func warmUp() {
        _ = CrisisLexicon.shipped
        _ = CrisisClassifier.shipped
    }

    /// The combined decision from lexicon and classifier scores (thresholds tuned by
    /// `Scripts/crisis_train.py`): a strong lexicon hit the classifier does not veto (it may
    /// veto only messages of a middling length, see ``CrisisClassifier/Thresholds``), or the
    /// classifier sure alone (surer still on a short line without a cue), or the classifier fairly sure beside a weaker lexicon cue no softener
    /// touched, or the classifier sure of risk and that it is more the writer's own than another's.
    static func decide(_ s: CrisisScore, atRisk: Bool) -> CrisisOutcome {
        let c = CrisisClassifier.shipped
        let t = c.thresholds
        // After a risky turn only the lexicon's cues count more; the classifier's bars stay put.
        let bar: Float = atRisk ? t.followupBar : 1
        let risk = s.classifierCrisis + s.classifierConcern
        let features = Float(s.classifierFeatures)
        let judged = features >= t.vetoFromFeatures && features < CrisisClassifier.vetoBelowFeatures
        let vetoed = c.isTrained && judged && risk < t.veto
        // Only a cue no softener touched, of at least ``CrisisClassifier/aloneCue``, counts here
        // ("не хочу жить в Москве", "bye, see you tomorrow" are hints of topic, not of risk);
        // and a strong cue about another person.
        // The length that counts here weighs Chinese, Japanese and Korean more: a character there
        // carries about what a word does elsewhere, and gives fewer features for the same words.
        let length = features + CrisisClassifier.compactWeight * Float(s.classifierCompactFeatures)
        let alone = length >= t.minFeatures || s.plainSelf >= CrisisClassifier.aloneCue || s.lexicalOther >= 1
        // Sure of risk, and more of the writer's own than of another's: crisis rather than concern.
        if (s.lexicalSelf >= bar && !vetoed) || (s.classifierCrisis >= t.high && alone)
            || s.classifierCrisis >= t.highShort
            || (s.classifierCrisis >= t.low && s.plainSelf >= t.cue * bar)
            || (alone && risk >= t.high && s.classifierCrisis >= s.classifierConcern) {
            return .crisis
        }
        // Concern has its own bar: a long ordinary message the classifier finds vaguely risky
        // (a pharmacist's warning, a grandparent's funeral) is not someone else at risk.
        if (s.lexicalOther >= 1 && !vetoed) || (alone && (s.classifierConcern >= t.concernHigh || risk >= t.concernHigh)) {
            return .concern
        }
        return .none
    }

    /// Both parts' scores, for tuning (`make eval`) and tests.
    static func score(_ text: String, atRisk: Bool = false, forceClassifier: Bool = false) -> CrisisScore {
        let lexicon = CrisisLexicon.shipped
        let text = SafetyText.compatibilityMapped(text)  // once for both readers
        let folded = SafetyText(text, fold: lexicon.fold, mapped: true)
        let (language, sure) = SafetyLanguage.detectWithConfidence(text, fallback: .english, mapped: true)
        var s = CrisisMatcher(lexicon: lexicon).score(folded, language: language, sure: sure, atRisk: atRisk)
        // The classifier only runs when its thresholds let it change the outcome.
        let classifier = CrisisClassifier.shipped
        if classifier.thresholds.used || forceClassifier {
            let p = classifier.scores(folded)
            s.classifierCrisis = p.crisis
            s.classifierConcern = p.concern
            s.classifierFeatures = p.features
            s.classifierCompactFeatures = CrisisClassifier.compactFeatureCount(folded)
        }
        return s
    }

    /// The folded form of `text` (the classifier's input; `Scripts/crisis_train.py` reads it).
    static func foldedLine(_ text: String) -> String {
        SafetyText(text, fold: CrisisLexicon.shipped.fold).line
    }
}

/// Scores of one message.
struct CrisisScore: Equatable {
    /// Lexicon weight for the writer's own risk (≥ 1: a strong cue or weak cues that add up).
    var lexicalSelf: Float = 0
    /// Lexicon weight for someone else's risk.
    var lexicalOther: Float = 0
    /// The same from cues no softener touched (only these can be lifted by the classifier).
    var plainSelf: Float = 0
    var plainOther: Float = 0
    /// The category that gave the most weight (tests and `make eval` only).
    var topCategory: String?
    /// Classifier probabilities.
    var classifierCrisis: Float = 0
    var classifierConcern: Float = 0
    /// How many features the classifier read.
    var classifierFeatures = 0
    /// How many of them came from Chinese, Japanese or Korean runs.
    var classifierCompactFeatures = 0
}

/// Applies the lexicon's rules to a folded message.
struct CrisisMatcher {
    let lexicon: CrisisLexicon
    // The lexicon's tables, read here without going through the class on every word.
    private let forms: HashTable
    private let stems: HashTable
    private let stemLengths: UInt64
    private let longestForm: Int
    private let firstWords: FirstWordFilter
    private let overflowStarts: [Int32]
    private let overflowTerms: [Int32]
    private let termCount: Int

    init(lexicon: CrisisLexicon) {
        self.lexicon = lexicon
        forms = lexicon.forms
        stems = lexicon.stems
        stemLengths = lexicon.stemLengths
        longestForm = lexicon.longestForm
        firstWords = lexicon.firstWords
        overflowStarts = lexicon.overflowStarts
        overflowTerms = lexicon.overflowTerms
        termCount = lexicon.terms.count
    }

    /// Calls `body` with every term of table entry `e` (``CrisisLexicon/forEachTerm(_:_:)``).
    @inline(__always) private func forEachTerm(_ e: Int32, _ body: (Int32) -> Void) {
        if e >= 0 {
            if Int(e) < termCount { body(e) }
        } else if -Int(e) < overflowStarts.count {
            let k = -Int(e)
            for i in Int(overflowStarts[k - 1])..<Int(overflowStarts[k]) { body(overflowTerms[i]) }
        }
    }

    struct Hit {
        var term: Int32
        /// Token index × 16 + part (a joined token split into words), or a CJK character index.
        var pos: Int32
        var clause: Int32
        var compact: Bool
        var soft: Bool
        var length: Int32
    }

    static let part: Int32 = 16

    /// - Parameter transliterate: also read Latin words as Russian/Ukrainian typed in Latin
    ///   letters (skipped when the message is surely in another Latin-script language).
    func hits(_ t: SafetyText, transliterate: Bool = true) -> [Hit] {
        var hits: [Hit] = []
        let tokens = t.tokens
        let n = tokens.count
        var h0 = [UInt64](repeating: 0, count: n)
        for i in 0..<n { h0[i] = CrisisLexicon.hash(t.scalars[Int(tokens[i].start)..<Int(tokens[i].end)]) }

        // Idioms: whole phrases whose words never count.
        var masked = [Bool](repeating: false, count: n)
        if !lexicon.idioms.isEmpty {
            for i in 0..<n where firstWords.mayHold(h0[i]) {
                guard let list = lexicon.idioms[h0[i]] else { continue }
                for idiom in list where i + idiom.count <= n {
                    var ok = true
                    for k in 1..<max(1, idiom.count) where !(tokens[i + k].clause == tokens[i].clause && idiom[k].contains(h0[i + k])) {
                        ok = false
                        break
                    }
                    if ok { for k in 0..<idiom.count { masked[i + k] = true } }
                }
            }
        }

        var reading: [UInt32] = []
        for i in 0..<n where !masked[i] {
            let tok = tokens[i]
            let range = Int(tok.start)..<Int(tok.end)
            let before = hits.count
            let pos = Int32(i) * Self.part
            if tok.joined && !tok.wordOfSpacedLetters {
                split(t.scalars[range], pos: pos, clause: tok.clause, into: &hits)  // `killmyself`
                continue
            }
            lookup(t.scalars[range], hash: h0[i], pos: pos, clause: tok.clause, into: &hits)
            if tok.joined && hits.count == before {
                // A word of spaced-out letters that may have taken in a one-letter word before it
                // (`I W A N T`: no wider gap after the I) and is not itself known: its parts.
                split(t.scalars[range], pos: pos, clause: tok.clause, into: &hits)
            }
            if firstWords.mayHold(h0[i]), let list = lexicon.phrases[h0[i]] {
                for (words, term) in list where i + words.count <= n {
                    var ok = true
                    for k in 1..<max(1, words.count) where tokens[i + k].clause != tok.clause || h0[i + k] != words[k] || masked[i + k] {
                        ok = false
                        break
                    }
                    if ok { hits.append(Hit(term: term, pos: pos, clause: tok.clause, compact: false, soft: false, length: Int32(words.count))) }
                }
            }
            if tok.stretched {
                // `suuuicide` was squeezed to `suuicide`: also read it with doubled letters single.
                reading.removeAll(keepingCapacity: true)
                for v in t.scalars[range] where reading.last != v { reading.append(v) }
                lookup(reading[...], hash: CrisisLexicon.hash(reading[...]), pos: pos, clause: tok.clause, into: &hits)
            }
            if tok.leet && tok.script == .cyrillic {
                // `3` stands for `е` as often as for `з` (`ум3реть`).
                reading.removeAll(keepingCapacity: true)
                for v in t.scalars[range] { reading.append(v == 0x437 ? 0x435 : v) }
                lookup(reading[...], hash: CrisisLexicon.hash(reading[...]), pos: pos, clause: tok.clause, into: &hits)
            }
            if tok.script == .latin || tok.script == .cyrillic {
                let prev: SafetyText.Script? = i > 0 && tokens[i - 1].clause == tok.clause ? tokens[i - 1].script : nil
                let next: SafetyText.Script? = i + 1 < n && tokens[i + 1].clause == tok.clause ? tokens[i + 1].script : nil
                // Lookalike letters of the other script (Unicode TR39 confusables).
                let other: SafetyText.Script = tok.script == .latin ? .cyrillic : .latin
                // Only a token mixing the scripts, or one between words of the other script, is
                // read again (checked before any copying: this runs for every word).
                let word = t.scalars[range]
                let hasMixedLetters = word.contains { SafetyText.isCyrillic($0) } && word.contains { $0 < 0x250 }
                let nearOther = prev == other || (prev == nil && next == other)
                if hasMixedLetters || nearOther {
                    for target in [SafetyText.Script.latin, .cyrillic] where hasMixedLetters || target == other {
                        guard Self.twin(word, to: target, into: &reading), !reading.elementsEqual(word) else { continue }
                        lookup(reading[...], hash: CrisisLexicon.hash(reading[...]), pos: pos, clause: tok.clause, into: &hits)
                    }
                }
                // Russian and Ukrainian typed in Latin letters (Ukrainian writes г as `h`).
                if tok.script == .latin && transliterate {
                    let ukrainianDiffers = Self.transliterate(t.scalars[range], into: &reading)
                    lookup(reading[...], hash: CrisisLexicon.hash(reading[...]), pos: pos, clause: tok.clause, into: &hits)
                    if ukrainianDiffers {
                        Self.transliterate(t.scalars[range], into: &reading, ukrainian: true)
                        lookup(reading[...], hash: CrisisLexicon.hash(reading[...]), pos: pos, clause: tok.clause, into: &hits)
                    }
                }
            }
            // A number before a word makes it a quantity ("10 kms"); not before a word in leet,
            // where the number is a letter too ("1 w4nt t0 d13").
            if hits.count > before, i > 0, !tok.leet, tokens[i - 1].script == .digits, tokens[i - 1].clause == tok.clause {
                for k in before..<hits.count { hits[k].soft = true }
            }
            // A softening word right after, or after one more ("wake up *early*").
            for j in (i + 1)..<min(i + 3, n) where hits.count > before && tokens[j].clause == tok.clause {
                for k in before..<hits.count where lexicon.terms[Int(hits[k].term)].softNext.contains(h0[j]) {
                    hits[k].soft = true
                }
            }
        }

        // Chinese, Japanese, Korean: character sequences.
        if !t.compact.isEmpty {
            var idiomRanges: [Range<Int>] = []
            var compactHits: [Hit] = []
            let c = t.compact
            for i in 0..<c.count where firstWords.mayHold(UInt64(c[i])) {
                guard let list = lexicon.compactForms[c[i]] else { continue }
                for f in list where i + f.scalars.count <= c.count {
                    var ok = true
                    for k in 1..<max(1, f.scalars.count) where c[i + k] != f.scalars[k] || t.compactClause[i + k] != t.compactClause[i] {
                        ok = false
                        break
                    }
                    guard ok else { continue }
                    if f.term < 0 {
                        idiomRanges.append(i..<(i + f.scalars.count))
                    } else {
                        compactHits.append(Hit(term: f.term, pos: Int32(i), clause: t.compactClause[i], compact: true, soft: false,
                                               length: Int32(f.scalars.count)))
                    }
                }
            }
            for h in compactHits where !idiomRanges.contains(where: { $0.overlaps(Int(h.pos)..<Int(h.pos + h.length)) }) {
                hits.append(h)
            }
        }
        return hits
    }

    /// Looks a word up: whole forms and stems.
    @inline(__always)
    private func lookup(_ word: ArraySlice<UInt32>, hash: UInt64, pos: Int32, clause: Int32, into hits: inout [Hit]) {
        if let e = forms.find(hash) {
            forEachTerm(e) { hits.append(Hit(term: $0, pos: pos, clause: clause, compact: false, soft: false, length: 1)) }
        }
        if stemLengths == 0 { return }
        var h = CrisisLexicon.fnvOffset
        var len = 0
        for v in word {
            h = (h ^ UInt64(v)) &* CrisisLexicon.fnvPrime
            len += 1
            if len >= 33 { break }
            if stemLengths & (1 << UInt64(len)) != 0, let e = stems.find(h) {
                forEachTerm(e) { hits.append(Hit(term: $0, pos: pos, clause: clause, compact: false, soft: false, length: 1)) }
            }
        }
    }

    /// Splits a joined token (`killmyself`) into known words, longest first.
    private func split(_ word: ArraySlice<UInt32>, pos: Int32, clause: Int32, into hits: inout [Hit]) {
        // The whole token first (`suicide` spelled out), then its parts.
        lookup(word, hash: CrisisLexicon.hash(word), pos: pos, clause: clause, into: &hits)
        var p = word.startIndex
        var part: Int32 = 1
        var readings: [[UInt32]] = [Array(word)]
        var translit: [UInt32] = []
        if word.allSatisfy({ $0 < 0x250 }) {
            let ukrainianDiffers = Self.transliterate(word, into: &translit)
            readings.append(translit)
            if ukrainianDiffers {
                Self.transliterate(word, into: &translit, ukrainian: true)
                readings.append(translit)
            }
        }
        for r in readings {
            p = 0
            part = 1
            while p < r.count, part < Self.part {
                var found = false
                var len = min(longestForm, r.count - p)
                while len >= 1 {
                    let h = CrisisLexicon.hash(r[p..<(p + len)])
                    if let e = forms.find(h) {
                        forEachTerm(e) { hits.append(Hit(term: $0, pos: pos + part, clause: clause, compact: false, soft: false, length: 1)) }
                        part += 1
                        p += len
                        found = true
                        break
                    }
                    len -= 1
                }
                if !found { p += 1 }
            }
        }
    }

    /// Latin → Cyrillic lookalikes and back (a c e o p x y k m t h b i ↔ а с е о р х у к м т н в и; ѕ ј → s j).
    static func twin(_ word: ArraySlice<UInt32>, to target: SafetyText.Script, into out: inout [UInt32]) -> Bool {
        out.removeAll(keepingCapacity: true)
        for v in word {
            let isLatin = v >= 0x61 && v <= 0x7A
            let isCyr = SafetyText.isCyrillic(v)
            if (target == .latin && !isCyr) || (target == .cyrillic && !isLatin) {
                out.append(v)
                continue
            }
            let mapped: UInt32?
            if target == .cyrillic {
                switch v {
                case 0x61: mapped = 0x430; case 0x63: mapped = 0x441; case 0x65: mapped = 0x435; case 0x6F: mapped = 0x43E
                case 0x70: mapped = 0x440; case 0x78: mapped = 0x445; case 0x79: mapped = 0x443; case 0x6B: mapped = 0x43A
                case 0x6D: mapped = 0x43C; case 0x74: mapped = 0x442; case 0x68: mapped = 0x43D; case 0x62: mapped = 0x432
                case 0x69: mapped = 0x438
                default: mapped = nil
                }
            } else {
                switch v {
                case 0x430: mapped = 0x61; case 0x441: mapped = 0x63; case 0x435: mapped = 0x65; case 0x43E: mapped = 0x6F
                case 0x440: mapped = 0x70; case 0x445: mapped = 0x78; case 0x443: mapped = 0x79; case 0x43A: mapped = 0x6B
                case 0x43C: mapped = 0x6D; case 0x442: mapped = 0x74; case 0x43D: mapped = 0x68; case 0x432: mapped = 0x62
                case 0x438: mapped = 0x69; case 0x455: mapped = 0x73; case 0x458: mapped = 0x6A
                default: mapped = nil
                }
            }
            guard let m = mapped else { return false }
            out.append(m)
        }
        return true
    }

    /// Russian/Ukrainian typed in Latin letters → Cyrillic, folded like the lexicon
    /// (`ya hochu umeret` → `я хочу умерет`; common schemes: GOST-like, passport, chat).
    /// `ukrainian`: a lone `h` is г, as Ukrainian's national transliteration (2010) writes it
    /// (`samohubstvo` → `самогубство`) and `ie` after a letter is є (`proshchaietsia`); `y`, `i`,
    /// `ye`, `yi` need nothing more, since the fold already reads и/і/ї and е/є alike.
    /// - Returns: whether the other reading of the word differs (it has a lone `h`, or `ie`
    ///   after a letter), so a caller transliterates a second time only then.
    @discardableResult
    static func transliterate(_ word: ArraySlice<UInt32>, into out: inout [UInt32], ukrainian: Bool = false) -> Bool {
        out.removeAll(keepingCapacity: true)
        var differs = false
        let base = word.startIndex, count = word.count
        var i = 0
        @inline(__always) func at(_ k: Int) -> UInt32 { k < count ? word[base + k] : 0 }
        while i < count {
            let a = word[base + i], b = at(i + 1), c = at(i + 2), d = at(i + 3)
            // four and three letters
            if a == 0x73, b == 0x68, c == 0x63, d == 0x68 { out.append(0x449); i += 4; continue }  // shch щ
            if a == 0x73, b == 0x63, c == 0x68 { out.append(0x449); i += 3; continue }  // sch щ
            if b == 0x68 {
                switch a {
                case 0x7A: out.append(0x436); i += 2; continue  // zh ж
                case 0x6B: out.append(0x445); i += 2; continue  // kh х
                case 0x63: out.append(0x447); i += 2; continue  // ch ч
                case 0x73: out.append(0x448); i += 2; continue  // sh ш
                default: break
                }
            }
            if a == 0x74, b == 0x73 || b == 0x7A { out.append(0x446); i += 2; continue }  // ts tz ц
            if a == 0x79 || a == 0x6A {
                switch b {
                case 0x61: out.append(0x44F); i += 2; continue  // ya я
                case 0x75: out.append(0x44E); i += 2; continue  // yu ю
                case 0x6F, 0x65: out.append(0x435); i += 2; continue  // yo ye → е
                default: break
                }
            }
            if a == 0x69, b == 0x65, i > 0 {  // ie: є in Ukrainian (read as е), и е in Russian
                differs = true
                if ukrainian { out.append(0x435); i += 2; continue }
            }
            if a == 0x69, b == 0x61, i > 0 { out.append(0x44F); i += 2; continue }  // ia я (after a letter)
            if a == 0x69, b == 0x75, i > 0 { out.append(0x44E); i += 2; continue }  // iu ю
            switch a {
            case 0x61: out.append(0x430)
            case 0x62: out.append(0x431)
            case 0x76, 0x77: out.append(0x432)
            case 0x67: out.append(0x433)
            case 0x64: out.append(0x434)
            case 0x65: out.append(0x435)
            case 0x7A: out.append(0x437)
            case 0x69, 0x79, 0x6A: out.append(0x438)
            case 0x6B, 0x71: out.append(0x43A)
            case 0x6C: out.append(0x43B)
            case 0x6D: out.append(0x43C)
            case 0x6E: out.append(0x43D)
            case 0x6F: out.append(0x43E)
            case 0x70: out.append(0x43F)
            case 0x72: out.append(0x440)
            case 0x73: out.append(0x441)
            case 0x74: out.append(0x442)
            case 0x75: out.append(0x443)
            case 0x66: out.append(0x444)
            case 0x68:
                out.append(ukrainian ? 0x433 : 0x445)
                differs = true
            case 0x63: out.append(0x446)
            case 0x78: out.append(0x43A); out.append(0x441)
            default: out.append(a)
            }
            i += 1
        }
        return differs
    }

    // MARK: Scoring

    /// - Parameter language: the message's language (its softeners and person words count
    ///   beside those of each rule's own language: "not suicidal" with a French rule on `suicid*`).
    ///   `sure`: the guess is sure enough to weigh rules of far languages down.
    func score(_ t: SafetyText, language: SafetyLanguage, sure: Bool = true, atRisk: Bool) -> CrisisScore {
        let latinOther = sure && language != .russian && language != .ukrainian && language != .english
        var hits = self.hits(t, transliterate: !latinOther)
        let code = language == .chineseTraditional ? SafetyLanguage.chineseSimplified.rawValue : language.rawValue
        let messageLanguage = Int16(lexicon.languages.firstIndex(of: code) ?? -1)
        var result = CrisisScore()
        if hits.isEmpty { return result }
        hits.sort { ($0.clause, $0.compact ? 1 : 0, $0.pos) < ($1.clause, $1.compact ? 1 : 0, $1.pos) }
        let categories = lexicon.categories.count
        var selfBest = [Float](repeating: 0, count: categories)
        var otherBest = [Float](repeating: 0, count: categories)
        // Media words anywhere in the message, by language.
        var mediaLanguages = Set<Int16>()
        for h in hits where lexicon.terms[Int(h.term)].kind == .media { mediaLanguages.insert(lexicon.terms[Int(h.term)].language) }
        let mediaInMessageLanguage = mediaLanguages.contains(messageLanguage)

        // Every matched rule, strongest first; a rule adds its weight only when it rests on a
        // word no stronger rule used (the same words never count twice) and beats its
        // category's earlier weight.
        var matches: [(weight: Float, other: Bool, softened: Bool, category: Int, positions: [Int64])] = []
        var a = 0
        var tried: [Int32] = []
        while a < hits.count {
            var b = a
            while b < hits.count, hits[b].clause == hits[a].clause, hits[b].compact == hits[a].compact { b += 1 }
            tried.removeAll(keepingCapacity: true)
            for k in a..<b {
                for r in lexicon.rulesByTerm[Int(hits[k].term)] where !tried.contains(r) {
                    tried.append(r)
                    let rule = lexicon.rules[Int(r)]
                    if rule.category == lexicon.followupCategory && !atRisk { continue }
                    if rule.compact != hits[a].compact { continue }
                    guard let m = match(rule, hits, a..<b) else { continue }
                    let (weight, other, softened) = weigh(rule, m, hits, a..<b, messageLanguage: messageLanguage, sure: sure,
                                                 mediaInMessage: mediaInMessageLanguage || mediaLanguages.contains(rule.language))
                    let key = Int64(hits[a].clause) << 33 | (hits[a].compact ? 1 << 32 : 0)
                    matches.append((weight, other, softened, Int(rule.category), m.map { key | Int64(hits[$0].pos) }))
                }
            }
            a = b
        }
        matches.sort { $0.weight > $1.weight }
        var covered = Set<Int64>()
        var plainSelfBest = [Float](repeating: 0, count: categories)
        var plainOtherBest = [Float](repeating: 0, count: categories)
        for m in matches where m.weight > 0 {
            guard m.positions.contains(where: { !covered.contains($0) }) else { continue }
            covered.formUnion(m.positions)
            if !m.softened {
                if m.other {
                    plainOtherBest[m.category] = max(plainOtherBest[m.category], m.weight)
                } else {
                    plainSelfBest[m.category] = max(plainSelfBest[m.category], m.weight)
                }
            }
            if m.other {
                otherBest[m.category] = max(otherBest[m.category], m.weight)
            } else {
                selfBest[m.category] = max(selfBest[m.category], m.weight)
            }
        }
        result.lexicalSelf = min(selfBest.reduce(0, +), 3)
        result.lexicalOther = min(otherBest.reduce(0, +), 3)
        result.plainSelf = min(plainSelfBest.reduce(0, +), 3)
        result.plainOther = min(plainOtherBest.reduce(0, +), 3)
        if let best = selfBest.indices.max(by: { selfBest[$0] < selfBest[$1] }), selfBest[best] > 0 {
            result.topCategory = lexicon.categories[best]
        } else if let best = otherBest.indices.max(by: { otherBest[$0] < otherBest[$1] }), otherBest[best] > 0 {
            result.topCategory = lexicon.categories[best]
        }
        return result
    }

    /// The hits (indices into `hits`) that make up `rule` in the clause `range`, or `nil`.
    private func match(_ rule: CrisisLexicon.Rule, _ hits: [Hit], _ range: Range<Int>) -> [Int]? {
        let n = rule.elements.count
        let window: Int32 = rule.compact ? Int32(8 * (n - 1) + 4) : Self.part * Int32(2 + 3 * (n - 1)) + Self.part - 1
        for anchor in range where hits[anchor].term == rule.elements[0] {
            var chosen = [anchor]
            var ok = true
            for e in rule.elements.dropFirst() {
                var best = -1
                var bestDistance = Int32.max
                for k in range where hits[k].term == e && !chosen.contains(where: { hits[$0].pos == hits[k].pos }) {
                    let d = abs(hits[k].pos - hits[anchor].pos)
                    if d < bestDistance { best = k; bestDistance = d }
                }
                if best < 0 { ok = false; break }
                chosen.append(best)
            }
            guard ok else { continue }
            let lo = chosen.map { hits[$0].pos }.min()!, hi = chosen.map { hits[$0].pos }.max()!
            if n == 1 || hi - lo <= window { return chosen }
        }
        return nil
    }

    /// The weight of a matched rule after softeners, and whether it is about another person.
    private func weigh(_ rule: CrisisLexicon.Rule, _ chosen: [Int], _ hits: [Hit], _ range: Range<Int>,
                       messageLanguage: Int16, sure: Bool, mediaInMessage: Bool) -> (Float, Bool, Bool) {
        var w = rule.weight
        let positions = chosen.map { hits[$0].pos }
        let lo = positions.min()!, hi = positions.max()!
        let hiEnd = chosen.map { hits[$0].pos + hits[$0].length }.max()!
        if chosen.contains(where: { hits[$0].soft }) { w *= 0.5 }
        var negated = false, media = false, past = false
        var lastPerson: (pos: Int32, other: Bool)?
        for k in range {
            let term = lexicon.terms[Int(hits[k].term)]
            guard term.kind != .cue, term.language == rule.language || term.language == messageLanguage
                || lexicon.family[Int(term.language)] == lexicon.family[Int(messageLanguage < 0 ? rule.language : messageLanguage)]
            else { continue }
            let p = hits[k].pos
            switch term.kind {
            case .negation:
                // Not a negation the rule's own words hold (`不想活`, `いないほうが`).
                if chosen.contains(where: { hits[$0].pos <= p && p < hits[$0].pos + (rule.compact ? hits[$0].length : 1) }) { continue }
                if rule.compact {
                    if p >= lo - 5 && p <= hiEnd + 3 { negated = true }
                } else if p >= lo - 3 * Self.part && p <= hi {
                    negated = true
                }
            case .media: media = true
            case .past, .firstPerson, .otherPerson:
                // Past and person words only of the rule's or the message's own language: Dutch
                // `nicht` is a niece, German `nicht` is "not"; Danish and Norwegian `år` (year)
                // folds like Swedish `är` (is).
                if term.language != rule.language && term.language != messageLanguage { continue }
                if term.kind == .past { past = true; continue }
                if p <= hi, lastPerson == nil || p >= lastPerson!.pos {
                    // At one position a first-person form wins ("myself" is both).
                    if let l = lastPerson, l.pos == p, !l.other { continue }
                    lastPerson = (p, term.kind == .otherPerson)
                }
            case .cue: break
            }
        }
        // A rule of a language far from the message's counts less (`me va a matar` is Spanish,
        // not the Portuguese `matar-me`; `overdose caffeine` inside Vietnamese).
        if sure, messageLanguage >= 0, lexicon.family[Int(rule.language)] != lexicon.family[Int(messageLanguage)] { w *= 0.7 }
        if negated { w *= 0.25 }
        if media { w *= 0.3 } else if mediaInMessage && rule.elements.count == 1 { w *= 0.5 }
        if past { w *= 0.4 }
        return (w, lastPerson?.other ?? false, w < rule.weight)
    }
}

/// The detector's numbers for one message, for the evaluation tool (`make eval`) and the
/// classifier's training script. Never logged; it names a category, never the words.
public struct CrisisAnalysis: Sendable {
    public let outcome: CrisisOutcome
    /// Lexicon weight for the writer's own risk and for someone else's.
    public let lexicalSelf: Float
    public let lexicalOther: Float
    /// The same from cues no softener touched.
    public let plainSelf: Float
    public let plainOther: Float
    /// The lexicon category that weighed most, if any.
    public let category: String?
    /// Classifier probabilities (0 when no weights are shipped).
    public let classifierCrisis: Float
    public let classifierConcern: Float
    /// The folded text the classifier reads.
    public let folded: String
}

extension CrisisDetector {
    /// Scores and outcome of `text` (see ``CrisisAnalysis``).
    public static func analyse(_ text: String, atRisk: Bool = false) -> CrisisAnalysis {
        let s = score(text, atRisk: atRisk, forceClassifier: true)
        return CrisisAnalysis(outcome: decide(s, atRisk: atRisk), lexicalSelf: s.lexicalSelf, lexicalOther: s.lexicalOther,
                              plainSelf: s.plainSelf, plainOther: s.plainOther, category: s.topCategory, classifierCrisis: s.classifierCrisis,
                              classifierConcern: s.classifierConcern, folded: foldedLine(text))
    }
}
