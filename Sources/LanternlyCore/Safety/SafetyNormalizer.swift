import Foundation

/// A message folded for matching only (the stored text is never changed): the input of
/// ``CrisisDetector``'s lexicon and classifier.
///
/// What folding does, in one pass over the Unicode scalars:
/// - Unicode NFKC when the text holds compatibility characters (fullwidth `ｉ ｗａｎｔ`,
///   mathematical letters `𝐝𝐢𝐞`, halfwidth kana, ligatures);
/// - lower case with full folding, Turkish `İ`/`ı` to `i`, accents and other combining marks
///   dropped (`é` → `e`, `ё` → `е`, `ї` → `и`), `ß` → `ss`; Russian and Ukrainian letters read
///   side by side (`ы і ї й` → `и`, `є э` → `е`, `ґ` → `г`, `ь ъ` dropped) — the table comes
///   from Python's `unicodedata` through `Scripts/crisis_lexicon.py`, so the lexicon and the
///   text fold the same way;
/// - zero-width characters, soft hyphens and apostrophes inside words removed (`don't` → `dont`);
/// - digits and `@ $` inside a word read as letters (`k1ll` → `kill`, `3`→`з` in Cyrillic);
/// - three or more single letters in a row joined (`d i e` → `die`, `s-u-i-c-i-d-e`);
/// - Chinese, Japanese and Korean letters kept apart as a character sequence per clause
///   (no spaces between words; spaces inside Korean dropped).
/// Clauses end at `. ! ? ;`, line breaks and their CJK forms.
struct SafetyText {
    enum Script: UInt8 { case latin, cyrillic, other, digits }

    struct Token {
        var start: Int32
        var end: Int32
        var clause: Int32
        var script: Script
        /// Made by joining single letters (`d i e`): split again into known words when matched.
        var joined: Bool
        /// Had a letter three or more times in a row (`killlll`, squeezed to two here).
        var stretched = false
        /// Had digits read as letters (`х0чу`).
        var leet = false
        /// Joined from spaced-out letters between wider gaps (`q u i e r o`): a word of its own,
        /// read as one (and, when ``joined``, also split: `I W A N T` took in the `I`).
        var wordOfSpacedLetters = false
        /// The spaces and tabs between it and the token before (capped at 255; other separators
        /// count nothing, so `k-i-l-l m-y-s-e-l-f` breaks at its space). Spaced-out letters use
        /// wider gaps between words.
        var gap: UInt8 = 1
    }

    /// Folded letters of every token, back to back.
    var scalars: [UInt32] = []
    var tokens: [Token] = []
    /// Chinese, Japanese and Korean letters, back to back, and the clause of each.
    var compact: [UInt32] = []
    var compactClause: [Int32] = []
    var clauseCount: Int32 = 0

    /// The folded text as one line (tokens joined by spaces, clauses by ` . `): the classifier's input.
    var line: String {
        var out = String.UnicodeScalarView()
        var clause: Int32 = -1
        var ti = 0, ci = 0
        while ti < tokens.count || ci < compact.count {
            let nextClause = min(ti < tokens.count ? tokens[ti].clause : .max, ci < compactClause.count ? compactClause[ci] : .max)
            if nextClause != clause {
                if clause >= 0 { out.append(contentsOf: " . ".unicodeScalars) }
                clause = nextClause
            }
            while ti < tokens.count, tokens[ti].clause == clause {
                if !out.isEmpty, out.last != " " { out.append(" ") }
                for v in scalars[Int(tokens[ti].start)..<Int(tokens[ti].end)] { out.append(Unicode.Scalar(v)!) }
                ti += 1
            }
            var wrote = false
            while ci < compact.count, compactClause[ci] == clause {
                if !wrote, !out.isEmpty, out.last != " " { out.append(" ") }
                out.append(Unicode.Scalar(compact[ci])!)
                wrote = true
                ci += 1
            }
        }
        return String(out)
    }

    @inline(__always) static func isCompact(_ v: UInt32) -> Bool {
        (v >= 0x1100 && v <= 0x11FF) || (v >= 0x2E80 && v <= 0x9FFF) || (v >= 0xAC00 && v <= 0xD7AF)
            || (v >= 0xF900 && v <= 0xFAFF) || (v >= 0x20000 && v <= 0x3FFFF)
    }

    @inline(__always) static func isCyrillic(_ v: UInt32) -> Bool { v >= 0x400 && v <= 0x4FF }

    /// Whether NFKC can change `text` in a way that matters here (fullwidth and halfwidth
    /// forms, mathematical letters, letterlike symbols, enclosed letters, ligatures).
    static func needsCompatibilityMapping(_ text: String) -> Bool { scan(text).compatibility }

    /// One pass over `text`: whether it needs NFKC (``needsCompatibilityMapping(_:)``) and
    /// whether it has Korean letters typed one by one (``hangulJamoComposed(_:)``).
    private static func scan(_ text: String) -> (compatibility: Bool, jamo: Bool) {
        var compatibility = false, jamo = false
        for s in text.unicodeScalars {
            let v = s.value
            if v < 0x2100 { continue }
            if v >= 0x3131 && v <= 0x3163 {
                jamo = true
            } else if (v >= 0xFF00 && v <= 0xFFEF) || (v >= 0x1D400 && v <= 0x1D7FF) || (v >= 0x2100 && v <= 0x24FF)
                || (v >= 0xFB00 && v <= 0xFB4F) || (v >= 0x1F100 && v <= 0x1F1FF) || (v >= 0x3200 && v <= 0x33FF) {
                compatibility = true
            }
            if compatibility && jamo { break }
        }
        return (compatibility, jamo)
    }

    /// `text` in Unicode NFKC when ``needsCompatibilityMapping(_:)`` says so, else `text`.
    ///
    /// Text of fullwidth ASCII (`ｉ ｗａｎｔ`, U+FF01…U+FF5E, and the ideographic space) among
    /// letters NFKC leaves alone (ASCII, Latin, Cyrillic, kana, Han, Hangul syllables, common
    /// punctuation and emoji; see ``isCompatibilityInert(_:)``) is mapped scalar by scalar, which
    /// gives NFKC's result without Foundation's normaliser; anything else goes through it.
    static func compatibilityMapped(_ text: String) -> String {
        // Composing the Korean letters changes nothing that the NFKC test looks at.
        let (compatibility, jamo) = scan(text)
        let text = jamo ? hangulJamoComposed(text) : text
        guard compatibility else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for s in text.unicodeScalars {
            let v = s.value
            if v >= 0xFF01 && v <= 0xFF5E {
                out.append(UInt8(v - 0xFEE0))
            } else if v == 0x3000 {
                out.append(0x20)
            } else if isCompatibilityInert(v) {
                out.append(contentsOf: UTF8.encode(s)!)
            } else {
                return text.precomposedStringWithCompatibilityMapping
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `text` with Korean letters typed one by one (compatibility jamo, U+3131…U+3163: `자ㅎㅐ`,
    /// `ㅈ ㅏ ㅅ ㅏ ㄹ`) composed into syllables (`자해`, `자살`) by the Hangul composition of
    /// Unicode §3.12: an initial consonant and a vowel make a syllable, and a consonant after them
    /// that no vowel follows is its final. Single spaces between letters are dropped. Foundation's
    /// NFKC leaves these as separate conjoining jamo, so the lexicon's syllables would not match.
    static func hangulJamoComposed(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x3131 && $0.value <= 0x3163 }) else { return text }
        let scalars = Array(text.unicodeScalars)
        // Compatibility consonant (U+3131…U+314E) → initial index (-1: none) and final index (0: none).
        let initial: [Int] = [0, 1, -1, 2, -1, -1, 3, 4, 5, -1, -1, -1, -1, -1, -1, -1, 6, 7, 8, -1, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]
        let final: [Int] = [1, 2, 3, 4, 5, 6, 7, 0, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 0, 18, 19, 20, 21, 22, 0, 23, 24, 25, 26, 27]
        func consonant(_ v: UInt32) -> Int? { v >= 0x3131 && v <= 0x314E ? Int(v - 0x3131) : nil }
        func vowel(_ v: UInt32) -> Int? { v >= 0x314F && v <= 0x3163 ? Int(v - 0x314F) : nil }
        func isJamo(_ v: UInt32) -> Bool { v >= 0x3131 && v <= 0x3163 }
        // The letters with the single spaces between two jamo left out.
        var letters: [UInt32] = []
        letters.reserveCapacity(scalars.count)
        for (i, s) in scalars.enumerated() {
            if s == " ", i > 0, i + 1 < scalars.count, isJamo(scalars[i - 1].value), isJamo(scalars[i + 1].value) { continue }
            letters.append(s.value)
        }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < letters.count {
            let v = letters[i]
            if let c = consonant(v), initial[c] >= 0, i + 1 < letters.count, let vw = vowel(letters[i + 1]) {
                var syllable = 0xAC00 + (UInt32(initial[c]) * 21 + UInt32(vw)) * 28
                i += 2
                if i < letters.count, let f = consonant(letters[i]), final[f] > 0,
                   !(i + 1 < letters.count && vowel(letters[i + 1]) != nil) {
                    // Two consonants that make one final (ㄹ ㅎ → ㅀ in `싫`) when no vowel follows the second.
                    if i + 1 < letters.count, let g = consonant(letters[i + 1]), let cluster = Self.finalClusters[f << 8 | g],
                       !(i + 2 < letters.count && vowel(letters[i + 2]) != nil) {
                        syllable += UInt32(cluster)
                        i += 2
                    } else {
                        syllable += UInt32(final[f])
                        i += 1
                    }
                }
                out.append(Unicode.Scalar(syllable)!)
                continue
            }
            out.append(Unicode.Scalar(v)!)
            i += 1
        }
        return String(out)
    }

    /// (first, second) compatibility consonants (offsets from U+3131, first << 8 | second) → the
    /// index of the final they make together (ㄳ ㄵ ㄶ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅄ).
    private static let finalClusters: [Int: Int] = [0 << 8 | 20: 3, 3 << 8 | 23: 5, 3 << 8 | 29: 6, 8 << 8 | 0: 9,
                                                     8 << 8 | 16: 10, 8 << 8 | 17: 11, 8 << 8 | 20: 12, 8 << 8 | 27: 13,
                                                     8 << 8 | 28: 14, 8 << 8 | 29: 15, 17 << 8 | 20: 18]

    /// Scalars NFKC leaves unchanged that never combine with a neighbour (tests check every one
    /// against Foundation's NFKC): ASCII, Latin-1 letters and common signs, Latin Extended-A
    /// but for `Ĳ ĳ Ŀ ŀ ŉ ſ`, Vietnamese letters, Cyrillic, dashes and quotes, CJK punctuation,
    /// kana, Han, Hangul syllables, symbols and emoji, variation selectors.
    static func isCompatibilityInert(_ v: UInt32) -> Bool {
        switch v {
        case 0x00...0x9F, 0xA1...0xA7, 0xA9, 0xAB...0xAE, 0xB0, 0xB1, 0xB6, 0xB7, 0xBB, 0xBF...0x131, 0x134...0x13E,
             0x141...0x148, 0x14A...0x17E, 0x1EA0...0x1EF9, 0x400...0x482, 0x48A...0x4FF,
             0x2012...0x2016, 0x2018...0x2022, 0x3001...0x3003, 0x3005...0x3007, 0x3008...0x3011, 0x3014...0x301B,
             0x3041...0x3096, 0x30A1...0x30FA, 0x30FC...0x30FE, 0x4E00...0x9FFF, 0xAC00...0xD7A3,
             0x2600...0x27BF, 0xFE0E, 0xFE0F, 0x1F300...0x1FAFF:
            return true
        default:
            return false
        }
    }

    /// The state of ``init(_:fold:)`` while it reads (methods on a local struct: no dynamic
    /// exclusivity checks, unlike nested functions that capture local variables).
    private struct Folder {
        var scalars: [UInt32] = []
        var tokens: [Token] = []
        var compact: [UInt32] = []
        var compactClause: [Int32] = []
        var tokenStart = 0
        var letters = 0, latin = 0, cyrillic = 0, digits = 0
        /// Separators seen since the last token (see ``Token/gap``), and the gap before the current one.
        var spaces = 0, tokenGap = 1
        var clause: Int32 = 0
        var clauseHasContent = false

        mutating func finish() {
            let end = scalars.count
            if end == tokenStart { return }
            defer { tokenStart = scalars.count }
            var script: Script
            if letters == 0 {
                script = .digits
            } else {
                script = cyrillic > latin ? .cyrillic : latin > 0 ? .latin : cyrillic > 0 ? .cyrillic : .other
                if digits > 0 {
                    for i in tokenStart..<end where scalars[i] < 0x80 {
                        scalars[i] = script == .cyrillic ? SafetyText.cyrillicLeet(scalars[i]) : SafetyText.latinLeet(scalars[i])
                    }
                }
            }
            // Squeeze runs of three or more equal letters to two (`killlll` → `kill`).
            var stretched = false
            if end - tokenStart >= 3 {
                var w = tokenStart + 2
                for r in (tokenStart + 2)..<end {
                    if scalars[r] == scalars[w - 1] && scalars[r] == scalars[w - 2] {
                        stretched = true
                    } else {
                        scalars[w] = scalars[r]
                        w += 1
                    }
                }
                if stretched { scalars.removeSubrange(w..<end) }
            }
            tokens.append(Token(start: Int32(tokenStart), end: Int32(scalars.count), clause: clause, script: script, joined: false,
                                stretched: stretched, leet: digits > 0 && letters > 0, gap: UInt8(min(tokenGap, 255))))
            clauseHasContent = true
            letters = 0; latin = 0; cyrillic = 0; digits = 0
        }
        mutating func endClause() {
            finish()
            if clauseHasContent {
                SafetyText.joinSingleLetters(&tokens, &scalars, from: tokens.lastIndex(where: { $0.clause != clause }).map { $0 + 1 } ?? 0)
                clause += 1
                clauseHasContent = false
            }
        }
        /// Notes the gap before a token when its first scalar comes.
        @inline(__always) mutating func beginToken() {
            if scalars.count == tokenStart { tokenGap = spaces; spaces = 0 }
        }
        @inline(__always) mutating func letter(_ v: UInt32) {
            beginToken()
            scalars.append(v)
            letters += 1
            if v < 0x250 { latin += 1 } else if SafetyText.isCyrillic(v) { cyrillic += 1 }
        }
    }

    /// Folds `text` with `fold` (U+0080…U+1FFF → up to two scalars, from the lexicon file).
    /// `mapped`: `text` already went through ``compatibilityMapped(_:)``.
    init(_ text: String, fold: FoldTable, mapped: Bool = false) {
        let source = mapped ? text : Self.compatibilityMapped(text)
        var f = Folder()
        defer {
            scalars = f.scalars
            tokens = f.tokens
            compact = f.compact
            compactClause = f.compactClause
        }
        f.scalars.reserveCapacity(source.utf8.count)
        var dotPending = false

        for scalar in source.unicodeScalars {
            var v = scalar.value
            if dotPending {
                dotPending = false
                let isWordChar = (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || (v >= 0x400 && v <= 0x4FF)
                if !isWordChar { f.endClause() }
            }
            if v < 0x80 {
                if v >= 0x41 && v <= 0x5A { v += 0x20 }
                if v >= 0x61 && v <= 0x7A {
                    f.letter(v)
                } else if v >= 0x30 && v <= 0x39 {
                    f.beginToken()
                    f.scalars.append(v)
                    f.digits += 1
                } else if v == 0x27 || v == 0x60 {
                    continue
                } else if v == 0x40 || v == 0x24 {
                    // `@` inside a word is `a` (`@` before a word marks a tag); `$` is `s`.
                    if f.scalars.count > f.tokenStart || v == 0x24 {
                        f.letter(v == 0x40 ? 0x61 : 0x73)
                    } else {
                        f.finish()
                    }
                } else if v == 0x2E {
                    f.finish()
                    dotPending = true
                } else if v == 0x21 || v == 0x3F || v == 0x3B || v == 0x0A || v == 0x0D {
                    f.endClause()
                } else {
                    f.finish()
                    if v == 0x20 || v == 0x09 { f.spaces += 1 }
                }
                continue
            }
            switch v {
            case 0xAD, 0x200B...0x200F, 0x2060, 0xFEFF, 0x2018, 0x2019, 0x02BC, 0x0300...0x036F:
                continue
            case 0x3002, 0xFF01, 0xFF1F, 0xFF0E, 0xFF1B, 0x2026, 0x061F, 0x2029, 0x2028, 0x0085:
                f.endClause()
                continue
            default:
                break
            }
            if v >= 0x430 && v <= 0x449 {
                // а…щ, unchanged by the fold but й (read as и): the common case in Russian and Ukrainian
                f.letter(v == 0x439 ? 0x438 : v)
                continue
            }
            if v < 0x2000 {
                let e = fold.entries[Int(v) - 0x80]
                if e == FoldTable.unchanged {
                    // Latin, Cyrillic and Vietnamese letters without a fold are letters; else ask Unicode.
                    if (v >= 0xC0 && v <= 0x24F && v != 0xD7 && v != 0xF7) || (v >= 0x400 && v <= 0x481) || (v >= 0x48A && v <= 0x52F)
                        || (v >= 0x1E00 && v <= 0x1EFF) || scalar.properties.isAlphabetic {
                        f.letter(v)
                    } else {
                        f.finish()
                    }
                } else {
                    let count = Int(e >> 48)
                    if count >= 1 { f.letter(UInt32(e & 0xFFFFFF)) }
                    if count >= 2 { f.letter(UInt32((e >> 24) & 0xFFFFFF)) }
                }
                continue
            }
            if Self.isCompact(v) {
                f.finish()
                // Katakana reads as hiragana (`モウシニタイ`, half-width `ﾓｳｼﾆﾀｲ` after NFKC, is
                // `もうしにたい`): Japanese writes the same word in either, for stress or style.
                f.compact.append(v >= 0x30A1 && v <= 0x30F6 ? v - 0x60 : v)
                f.compactClause.append(f.clause)
                f.clauseHasContent = true
                continue
            }
            if scalar.properties.isAlphabetic && !(v >= 0x3000 && v <= 0x303F) {
                f.letter(v)
            } else {
                f.finish()
            }
        }
        f.endClause()
        clauseCount = f.clause
    }

    /// Joins runs of three or more one-letter tokens (`k i l l`) in `tokens[from...]`. A lone
    /// digit that stands for a letter (`m 0 r i r e`, `у б 1 т ь`) counts as one inside a run of
    /// at least two letters that outnumber its digits; it is read as that letter. Digits alone
    /// (`3 4 5`) are never joined.
    private static func joinSingleLetters(_ tokens: inout [Token], _ scalars: inout [UInt32], from first: Int) {
        // Most clauses have no three one-letter words in a row: nothing to copy.
        var run = 0, longest = 0
        for k in first..<tokens.count {
            run = tokens[k].end - tokens[k].start == 1 ? run + 1 : 0
            longest = max(longest, run)
        }
        if longest < 3 { return }
        var i = first
        var out: [Token] = []
        var changed = false
        func isLetter(_ t: Token) -> Bool { t.script == .latin || t.script == .cyrillic }
        func isLeetDigit(_ t: Token) -> Bool {
            t.script == .digits && SafetyText.latinLeet(scalars[Int(t.start)]) != scalars[Int(t.start)]
        }
        /// `tokens[a..<b]` as one token, when it starts and ends with a letter, has at least
        /// `minimum` tokens and at least two letters that outnumber its digits (read as letters).
        func joined(_ a: Int, _ b: Int, minimum: Int) -> Token? {
            guard b - a >= minimum, isLetter(tokens[a]), isLetter(tokens[b - 1]) else { return nil }
            var letters = 0, latin = 0
            for k in a..<b where isLetter(tokens[k]) {
                letters += 1
                if tokens[k].script == .latin { latin += 1 }
            }
            guard letters >= 2, letters * 2 > b - a else { return nil }
            var t = tokens[a]
            t.end = tokens[b - 1].end
            t.joined = true
            if letters < b - a {
                let cyrillic = latin * 2 < letters
                t.script = cyrillic ? .cyrillic : .latin
                t.leet = true
                for k in Int(t.start)..<Int(t.end) where scalars[k] < 0x80 {
                    scalars[k] = cyrillic ? SafetyText.cyrillicLeet(scalars[k]) : SafetyText.latinLeet(scalars[k])
                }
            }
            return t
        }
        while i < tokens.count {
            // A run starts and ends with a letter (`7 a b` is a number and two letters).
            if !isLetter(tokens[i]) {
                out.append(tokens[i])
                i += 1
                continue
            }
            var j = i
            while j < tokens.count, tokens[j].end - tokens[j].start == 1, isLetter(tokens[j]) || isLeetDigit(tokens[j]),
                  j == i || tokens[j].start == tokens[j - 1].end {
                j += 1
            }
            // Nor trailing digits (`d i e 2`): the run ends at its last letter.
            while j > i, !isLetter(tokens[j - 1]) { j -= 1 }
            // Wider gaps inside the run are word breaks (`n o   q u i e r o`): each word is
            // joined on its own, two letters already a word.
            var narrowest = UInt8.max
            if j - i >= 2 { for k in (i + 1)..<j { narrowest = min(narrowest, tokens[k].gap) } }
            let words = j - i >= 3 && ((i + 1)..<j).contains { tokens[$0].gap > narrowest }
            if words {
                var a = i
                while a < j {
                    var b = a + 1
                    while b < j, tokens[b].gap == narrowest { b += 1 }
                    if var t = joined(a, b, minimum: 2) {
                        // A word already: read as one. The first may have taken in a one-letter
                        // word before it (`I W A N T`), so it is also split into known words.
                        t.joined = a == i && b - a >= 3
                        t.wordOfSpacedLetters = true
                        out.append(t)
                    } else {
                        out.append(contentsOf: tokens[a..<b])
                    }
                    a = b
                }
                changed = true
                i = j
            } else if let t = joined(i, j, minimum: 3) {
                out.append(t)
                changed = true
                i = j
            } else {
                out.append(tokens[i])
                i += 1
            }
        }
        if changed { tokens.replaceSubrange(first..., with: out) }
    }

    @inline(__always) static func latinLeet(_ v: UInt32) -> UInt32 {
        switch v {
        case 0x30: return 0x6F  // 0 o
        case 0x31: return 0x69  // 1 i
        case 0x33: return 0x65  // 3 e
        case 0x34: return 0x61  // 4 a
        case 0x35: return 0x73  // 5 s
        case 0x37: return 0x74  // 7 t
        case 0x38: return 0x62  // 8 b
        case 0x39: return 0x67  // 9 g
        default: return v
        }
    }

    @inline(__always) static func cyrillicLeet(_ v: UInt32) -> UInt32 {
        switch v {
        case 0x30: return 0x43E  // 0 о
        case 0x33: return 0x437  // 3 з
        case 0x34: return 0x447  // 4 ч
        case 0x36: return 0x431  // 6 б
        case 0x31: return 0x438  // 1 и
        default: return v
        }
    }
}

/// The case and accent folds for U+0080…U+1FFF, read from the lexicon file (`F` lines).
struct FoldTable {
    static let unchanged: UInt64 = .max
    /// `entries[v - 0x80]`: `unchanged`, or count << 48 | second << 24 | first.
    var entries = [UInt64](repeating: FoldTable.unchanged, count: 0x2000 - 0x80)

    mutating func set(_ v: UInt32, count: UInt32, _ first: UInt32, _ second: UInt32) {
        guard v >= 0x80, v < 0x2000, count <= 2 else { return }
        entries[Int(v) - 0x80] = UInt64(count) << 48 | (count >= 2 ? UInt64(second) << 24 : 0) | (count >= 1 ? UInt64(first) : 0)
    }

    mutating func set(_ v: UInt32, _ replacement: [UInt32]) {
        guard v >= 0x80, v < 0x2000, replacement.count <= 2 else { return }
        var e = UInt64(replacement.count) << 48
        if replacement.count >= 1 { e |= UInt64(replacement[0]) }
        if replacement.count >= 2 { e |= UInt64(replacement[1]) << 24 }
        entries[Int(v) - 0x80] = e
    }
}
