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
        var hangul = 0, kana = 0, han = 0, cyrillic = 0, latin = 0, ukrainianLetters = 0
        var simplified = 0, traditional = 0
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
            default: break
            }
        }
        let cjk = hangul + kana + han
        if cjk > 0, cjk * 2 >= latin + cyrillic {
            if hangul >= kana && hangul >= han { return .korean }
            if kana > 0 { return .japanese }
            return traditional > simplified ? .chineseTraditional : .chineseSimplified
        }
        if cyrillic > 0, cyrillic >= latin {
            if ukrainianLetters > 0 { return .ukrainian }
            let words = Self.words(text)
            let uk = words.filter { Self.ukrainianWords.contains(String($0)) }.count
            let ru = words.filter { Self.russianWords.contains(String($0)) }.count
            return uk > ru ? .ukrainian : .russian
        }
        if latin == 0 { return fallback }
        return latinLanguage(text) ?? fallback
    }

    private static func words(_ text: String) -> [Substring] {
        text.lowercased().split { !$0.isLetter && $0 != "'" && $0 != "’" }
    }

    /// Latin-script languages by distinctive letters (3 points each) and common words (2 each).
    private static func latinLanguage(_ text: String) -> SafetyLanguage? {
        var score: [SafetyLanguage: Int] = [:]
        let lower = text.lowercased()
        for ch in lower.unicodeScalars {
            for (lang, letters) in Self.letterHints where letters.unicodeScalars.contains(ch) {
                score[lang, default: 0] += 3
            }
        }
        for w in lower.split(whereSeparator: { !$0.isLetter && $0 != "'" && $0 != "’" }) {
            let word = String(w)
            for (lang, set) in Self.commonWords where set.contains(word) {
                score[lang, default: 0] += 2
            }
        }
        guard let best = score.max(by: { ($0.value, $1.key.rawValue) < ($1.value, $0.key.rawValue) }), best.value > 0 else {
            return .english
        }
        return best.key
    }

    private static let letterHints: [(SafetyLanguage, String)] = [
        (.turkish, "ğşı"), (.vietnamese, "ơưđăạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ"),
        (.german, "ß"), (.spanish, "ñ¿¡"), (.portuguese, "ãõ"), (.danish, "æø"), (.norwegian, "æø"),
        (.swedish, "äö"), (.french, "œèùû"), (.italian, "ìò"),
    ]

    private static func set(_ s: String) -> Set<String> { Set(s.split(separator: " ").map(String.init)) }

    private static let commonWords: [(SafetyLanguage, Set<String>)] = [
        (.english, set("i the and to my me is it that was you of a in want don't dont not just can't im i'm am have be so this what never anymore")),
        (.german, set("ich und nicht mich mir das ist ein eine der die zu mehr will möchte kann auch mein meine bin habe es sich nur noch wie")),
        (.spanish, set("yo no me quiero el la que de y en mi es ya más mas morir vida estoy soy todo para por una un lo pero")),
        (.french, set("je ne pas me moi et le la les de que un une est suis veux plus mon ma mes mourir vie j'ai c'est tout pour")),
        (.italian, set("io non mi voglio il la che di e un una è sono più mio mia vivere morire vita ho anche per ma tutto")),
        (.portuguese, set("eu não nao me quero o a que de e um uma é sou mais meu minha viver morrer vida estou tudo para mas já")),
        (.danish, set("jeg ikke mig vil og det er en at på har mere min mit kan bare dø leve livet også hvad")),
        (.norwegian, set("jeg ikke meg vil og det er en at på har mer min mitt kan bare dø leve livet også hva")),
        (.swedish, set("jag inte mig vill och det är en att på har mer min mitt kan bara dö leva livet också vad")),
        (.dutch, set("ik niet mij me wil en het is een de dat van meer mijn kan gewoon dood leven ook wat zijn")),
        (.turkish, set("ben bir ve bu çok değil istiyorum artık ölmek yaşamak hayat hiç ne için ama beni bana")),
        (.vietnamese, set("tôi toi không khong muốn muon chết chet và là của có một nữa này mình minh sống song")),
        (.russian, set("ya ne hochu khochu mne menya eto chto kak zhit umeret uzhe bolshe vse vsyo segodnya ochen pokonchit soboi soboy sebya")),
        (.ukrainian, set("ya ne khochu hochu meni mene tse shcho yak zhyty pomerty vzhe bilshe vse sogodni duzhe sobi sebe")),
    ]

    static let russianWords: Set<String> = set("что это как я не мне меня хочу уже больше все всё сегодня очень жить умереть себя собой он она они был была")
    static let ukrainianWords: Set<String> = set("що це як я не мені мене хочу вже більше все сьогодні дуже жити померти себе собі він вона вони був була")

    /// Characters written differently in simplified and traditional Chinese (common ones).
    private static let simplifiedOnly: Set<UInt32> = Set("们这个说时会来对过还没么为学问题发现开关车长门见头经给让认话请谢进电书买卖爱写应该觉听杀结吗样离后体实现难气边钱绝望轻活让帮伤药".unicodeScalars.map(\.value))
    private static let traditionalOnly: Set<UInt32> = Set("們這個說時會來對過還沒麼為學問題發現開關車長門見頭經給讓認話請謝進電書買賣愛寫應該覺聽殺結嗎樣離後體實現難氣邊錢絕望輕活讓幫傷藥".unicodeScalars.map(\.value))
}
