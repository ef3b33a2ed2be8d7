import Foundation

extension SafetyLanguage {
    /// The language `text` is written in, among all 18, so that a crisis or concern reply
    /// comes in the **message's** language (a person with an English UI who writes in
    /// Japanese gets the Japanese reply).
    ///
    /// By script first — Hangul → Korean; kana → Japanese; Han characters → Chinese, simplified
    /// or traditional by which forms of common characters appear; Cyrillic → Ukrainian when
    /// `і ї є ґ` or Ukrainian words appear, else Russian — then, for Latin letters, by letters
    /// only some languages use (`ğ ş ı` Turkish, `ơ ư đ` Vietnamese, `ß` German, `ñ` Spanish,
    /// `ã õ` Portuguese, `æ ø` Danish/Norwegian, `å ä ö` Swedish…) and common words of each
    /// language, including Russian and Ukrainian typed in Latin letters.
    ///
    /// - Returns: `fallback` when the text gives no sign (digits, emoji, empty).
    public static func detect(_ text: String, fallback: SafetyLanguage) -> SafetyLanguage {
        detectWithConfidence(text, fallback: fallback).language
    }

    /// ``detect(_:fallback:)`` and whether the guess is sure: by script (Cyrillic, CJK,
    /// Hangul), or for Latin letters by at least two signs and a clear lead over the runner-up.
    /// Letters spaced out (`w a n t i n g  t o  d i e`) are read joined first: one-letter words
    /// are common words in several languages (`a`, `e`, `o`, `i`, `y`) and would decide alone.
    /// `mapped`: `text` already went through ``SafetyText/compatibilityMapped(_:)``.
    static func detectWithConfidence(_ text: String, fallback: SafetyLanguage, mapped: Bool = false) -> (language: SafetyLanguage, sure: Bool) {
        var text = mapped ? text : SafetyText.compatibilityMapped(text)
        if let joined = spacedLettersJoined(text) { text = joined }
        var hangul = 0, kana = 0, han = 0, cyrillic = 0, latin = 0, ukrainianLetters = 0
        var simplified = 0, traditional = 0
        var marks = false
        for s in text.unicodeScalars {
            let v = s.value
            switch v {
            case 0xAC00...0xD7AF, 0x1100...0x11FF, 0x3130...0x318F: hangul += 1
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: kana += 1
            case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0xF900...0xFAFF:
                han += 1
                if Self.simplifiedOnly.contains(v) { simplified += 1 }
                if Self.traditionalOnly.contains(v) { traditional += 1 }
            case 0x400...0x4FF:
                cyrillic += 1
                if v == 0x456 || v == 0x457 || v == 0x454 || v == 0x491 || v == 0x406 || v == 0x407 || v == 0x404 || v == 0x490 {
                    ukrainianLetters += 1
                }
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0xFF21...0xFF3A, 0xFF41...0xFF5A: latin += 1
            case 0x300...0x36F: marks = true
            default: break
            }
        }
        let cjk = hangul + kana + han
        if cjk > 0, cjk * 2 >= latin + cyrillic {
            if hangul >= kana && hangul >= han { return (.korean, true) }
            if kana > 0 { return (.japanese, true) }
            return (traditional > simplified ? .chineseTraditional : .chineseSimplified, true)
        }
        // Words compare as canonically equivalent strings: compose accents typed apart first.
        if marks { text = text.precomposedStringWithCanonicalMapping }
        if cyrillic > 0, cyrillic >= latin {
            if ukrainianLetters > 0 { return (.ukrainian, true) }
            var uk = 0, ru = 0
            scan(text, scalar: { _ in }, word: { h in
                guard let m = Self.wordIndex.find(h).map(UInt32.init) else { return }
                if m & Self.ukrainianBit != 0 { uk += 1 }
                if m & Self.russianBit != 0 { ru += 1 }
            })
            return (uk > ru ? .ukrainian : .russian, true)
        }
        if latin == 0 { return (fallback, false) }
        return latinLanguage(text)
    }

    /// `text` with its spaced-out letters joined, when most of its words are single letters
    /// (at least four words, three in five of them one letter long); `nil` otherwise. Letters a
    /// single space apart join; two or more spaces or tabs, or any other separator, end a word
    /// (`m u o n   c h e t` → `muon chet`).
    static func spacedLettersJoined(_ text: String) -> String? {
        // Counted scalar by scalar without building the words (this runs on every message).
        var words = 0, single = 0
        var length = 0, letter = false
        for s in text.unicodeScalars {
            let v = s.value
            if v == 0x20 || v == 0x09 {
                if length > 0 { words += 1; if length == 1 && letter { single += 1 } }
                length = 0
            } else {
                if length == 0 {
                    letter = v < 0x80 ? (v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A : s.properties.isAlphabetic
                }
                // A combining mark stays with its letter (`é` typed as e + U+0301).
                if !(v >= 0x300 && v <= 0x36F) { length += 1 }
            }
        }
        if length > 0 { words += 1; if length == 1 && letter { single += 1 } }
        guard words >= 4, single * 5 >= words * 3 else { return nil }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var gap = 0
        var lastWasSingle = false
        for w in text.split(separator: " ", omittingEmptySubsequences: false).flatMap({ $0.split(separator: "\t", omittingEmptySubsequences: false) }) {
            if w.isEmpty { gap += 1; continue }
            let isSingle = w.count == 1 && w.first!.isLetter
            if !out.isEmpty && !(isSingle && lastWasSingle && gap == 0) { out.append(" ") }
            out.append(contentsOf: w)
            lastWasSingle = isSingle
            gap = 0
        }
        return out
    }

    /// Reads `text` lower-cased as `String.lowercased()` does (scalar by scalar) without
    /// building it: `scalar` gets every lower-cased scalar, `word` the FNV-1a hash
    /// (``CrisisLexicon/hash(_:)-swift.type.method``) of every word — a run of letters, `'` and `’`,
    /// split where `Character.isLetter` would split the lower-cased text (a combining mark
    /// stays with the letter before it).
    @inline(__always)
    private static func scan(_ text: String, scalar: (UInt32) -> Void, word: (UInt64) -> Void) {
        var h = CrisisLexicon.fnvOffset
        var inWord = false
        @inline(__always) func take(_ u: UInt32) {
            scalar(u)
            let extend: Bool
            let letter: Bool
            if u < 0x80 {
                extend = false
                letter = (u >= 0x61 && u <= 0x7A) || u == 0x27
            } else if (u >= 0xC0 && u <= 0x24F && u != 0xD7 && u != 0xF7) || (u >= 0x400 && u <= 0x481)
                        || (u >= 0x48A && u <= 0x52F) || (u >= 0x1E00 && u <= 0x1EFF) || u == 0x2019 {
                extend = false
                letter = true
            } else if u >= 0x300 && u <= 0x36F {
                extend = true
                letter = false
            } else if u < 0xC0 {
                extend = false
                letter = u == 0xAA || u == 0xB5 || u == 0xBA
            } else {
                let p = Unicode.Scalar(u)!.properties
                extend = p.isGraphemeExtend || u == 0x200D
                letter = !extend && p.isAlphabetic
            }
            if extend {
                // Part of the character before it: in its word, if that was a letter.
                if inWord { h = (h ^ UInt64(u)) &* CrisisLexicon.fnvPrime }
            } else if letter {
                if !inWord { h = CrisisLexicon.fnvOffset; inWord = true }
                h = (h ^ UInt64(u)) &* CrisisLexicon.fnvPrime
            } else if inWord {
                word(h)
                inWord = false
            }
        }
        for s in text.unicodeScalars {
            let v = s.value
            if v < 0x80 {
                take(v >= 0x41 && v <= 0x5A ? v + 0x20 : v)
            } else if (v >= 0xC0 && v <= 0xDE && v != 0xD7) || (v >= 0x410 && v <= 0x42F) {
                take(v + 0x20)
            } else if v >= 0x400 && v <= 0x40F {
                take(v + 0x50)
            } else if (v >= 0xDF && v <= 0xFF) || (v >= 0x430 && v <= 0x45F) || !s.properties.changesWhenLowercased {
                take(v)
            } else {
                for u in s.properties.lowercaseMapping.unicodeScalars { take(u.value) }
            }
        }
        if inWord { word(h) }
    }

    /// The old reading (`String.lowercased()`, split into `Character`s): tests check
    /// ``scan(_:scalar:word:)`` against it.
    static func referenceWords(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && $0 != "'" && $0 != "’" }.map(String.init)
    }

    /// The words ``scan(_:scalar:word:)`` finds, as hashes (tests).
    static func scannedWordHashes(_ text: String) -> [UInt64] {
        var out: [UInt64] = []
        scan(text, scalar: { _ in }, word: { out.append($0) })
        return out
    }

    /// Latin-script languages by distinctive letters (3 points each) and common words (2 each).
    private static func latinLanguage(_ text: String) -> (language: SafetyLanguage, sure: Bool) {
        var score = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &score) { raw in
            let score = raw.bindMemory(to: Int.self)
            scan(text, scalar: { u in
                // Letters some languages use (U+00A1…U+1EFF; `İ` lower-cases to `i` and U+0307).
                guard u >= 0xA1 && u <= 0x1EFF, let langs = Self.hintIndex[u] else { return }
                for l in langs { score[l] += 3 }
            }, word: { h in
                guard let m = Self.wordIndex.find(h).map(UInt32.init) else { return }
                var bits = m & Self.languageBits
                while bits != 0 {
                    score[bits.trailingZeroBitCount] += 2
                    bits &= bits - 1
                }
            })
        }
        var best = -1, bestScore = 0, second = 0
        withUnsafeBytes(of: &score) { raw in
            for (i, v) in raw.bindMemory(to: Int.self).enumerated() {
                if v > bestScore { second = bestScore; bestScore = v; best = i } else if v > second { second = v }
            }
        }
        guard best >= 0 else { return (.english, false) }
        return (SafetyLanguage.allCases[best], bestScore >= 4 && bestScore >= second + 2)
    }

    /// Letter → languages (indices into `allCases`) that use it.
    private static let hintIndex: [UInt32: [Int]] = {
        var index: [UInt32: [Int]] = [:]
        for (lang, letters) in letterHints {
            let i = SafetyLanguage.allCases.firstIndex(of: lang)!
            for s in letters.lowercased().unicodeScalars { index[s.value, default: []].append(i) }
        }
        return index
    }()

    /// Common word (FNV-1a hash of its scalars) → bit `i` for `allCases[i]` among the Latin-script
    /// common words, plus ``russianBit`` and ``ukrainianBit`` for the Cyrillic ones.
    private static let wordIndex: HashTable = {
        var index: [UInt64: Int32] = [:]
        for (lang, words) in commonWords {
            let i = SafetyLanguage.allCases.firstIndex(of: lang)!
            for w in words { index[CrisisLexicon.hash(w.unicodeScalars), default: 0] |= 1 << Int32(i) }
        }
        for w in russianWords { index[CrisisLexicon.hash(w.unicodeScalars), default: 0] |= Int32(russianBit) }
        for w in ukrainianWords { index[CrisisLexicon.hash(w.unicodeScalars), default: 0] |= Int32(ukrainianBit) }
        return HashTable(index, in: wordIndexMemory)
    }()
    private static let wordIndexMemory = HashTable.Memory()
    private static let russianBit: UInt32 = 1 << 29
    private static let ukrainianBit: UInt32 = 1 << 30
    private static let languageBits: UInt32 = (1 << 29) - 1

    private static let letterHints: [(SafetyLanguage, String)] = [
        (.turkish, "ğşıçİü"), (.vietnamese, "ơưđăạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ"),
        (.german, "ßä"), (.spanish, "ñ¿¡"), (.portuguese, "ãõ"), (.danish, "æø"), (.norwegian, "æø"),
        (.swedish, "ä"), (.french, "œèùûëç"), (.italian, "ìò"),
    ]

    private static func set(_ s: String) -> Set<String> { Set(s.split(separator: " ").map(String.init)) }

    private static let commonWords: [(SafetyLanguage, Set<String>)] = [
        (.english, set("i a an off the and to my me is it that was you of in want don't dont not just can't im i'm am have be so this what never anymore with for at he she they we all been would feel like today")),
        (.german, set("ich und nicht mich mir das ist ein eine der die zu mehr will möchte kann auch mein meine bin habe es sich nur noch wie den dem mit auf für aber heute hab wenn dass war wäre keine einfach schon")),
        (.spanish, set("yo no me quiero el la que de y en mi es ya más mas estoy soy todo para por una un lo pero los las con se hoy nada muy tengo esta está porque del al")),
        (.french, set("je ne pas me moi et le la les de que un une est suis veux plus mon ma mes j'ai c'est tout pour des du au avec sur aujourd'hui rien très qui ça il elle on")),
        (.italian, set("io non mi voglio il la che di e un una è sono più mio mia ho anche per ma tutto lo gli con del della oggi niente molto questo perché sempre")),
        (.portuguese, set("eu não nao me quero o a que de e um uma é sou mais meu minha estou tudo para mas já com do da no na os hoje nada muito isso porque tô tá")),
        (.danish, set("jeg mig dig sig nu mere blev hvad ikke og det er en at på har min mit kan bare også meget noget hjem efter kæreste")),
        (.norwegian, set("jeg meg deg seg nå mer ble hva ikke og det er en at på har min mitt kan bare også mye noe hjem etter kjæreste ikkje")),
        (.swedish, set("jag mig dig sig inte och det är en att på har mer min mitt kan bara också mycket något hem efter vad nu blev")),
        (.dutch, set("ik niet mij me wil en het is een de dat van meer mijn kan gewoon ook wat zijn je naar met voor maar nog er heb ben vandaag niks")),
        (.turkish, set("ben bir ve bu çok değil istiyorum artık hiç ne için ama beni bana sen o biz yok var bile kadar şey bugün gibi daha sonra mi mı da de")),
        // Vietnamese is often typed without its marks, and in chat shorthand (`ko`, `dc`, `mik`):
        // only forms no other language here uses as a common word (not `buon`, `met`, `oi`, `con`).
        (.vietnamese, set("tôi toi không khong muốn muon và là của có một nữa này mình minh được đã rồi quá duoc dc đc nguoi người ngày ngay hôm hom nay buồn mệt những nhung cũng cung nhiều nhieu vậy vay nhé nhe ơi biết biet giờ gio lại lai đang dang chưa chua sống chết chet làm lam thấy thay như nhu vào vao nhà nha ngủ ngu học hoc ko mik ntn cx hok roi qua")),
        (.russian, set("ya ne hochu khochu mne menya eto chto kak zhit umeret uzhe bolshe vse vsyo segodnya ochen pokonchit soboi soboy sebya")),
        (.ukrainian, set("ya ne khochu meni mene tse shcho yak zhyty pomerty vzhe bilshe sogodni duzhe sobi")),
    ]

    static let russianWords: Set<String> = set("что это как я не мне меня хочу уже больше все всё сегодня очень жить умереть себя собой он она они был была")
    static let ukrainianWords: Set<String> = set("що це як я не мені мене хочу вже більше все сьогодні дуже жити померти себе собі він вона вони був була")

    /// Characters written differently in simplified and traditional Chinese (common ones).
    private static let simplifiedOnly: Set<UInt32> = Set("们说这么还没时会来对过为个后让觉样点里开关见东长问间学实现经头车钱吗爱发话谁给难边妈帮伤药杀结绝轻离体气电书买卖写应该听请谢进认梦脑医愿续总岁亲乐无从与将带当论办变饭楼桥".unicodeScalars.map(\.value))
    private static let traditionalOnly: Set<UInt32> = Set("們說這麼還沒時會來對過為個後讓覺樣點裡開關見東長問間學實現經頭車錢嗎愛發話誰給難邊媽幫傷藥殺結絕輕離體氣電書買賣寫應該聽請謝進認夢腦醫願續總歲親樂無從與將帶當論辦變飯樓橋".unicodeScalars.map(\.value))
}
