import Foundation

/// The form text takes for search, on both sides (what is indexed and what is asked):
/// canonically equal text and text equal under full case folding give the same string, in
/// every script ("café" typed as `e` + U+0301 or as `é`; "STRASSE" and "straße"; "Ёлка" and
/// "ёлка").
///
/// Sources: Unicode Standard Annex #15 (canonical equivalence, NFC) and Unicode §5.18 (case
/// folding). Full case folding is computed as lowercase-of-uppercase (`ß` → `SS` → `ss`,
/// `ς` → `Σ` → `σ`, `ﬁ` → `FI` → `fi`), which identifies the same pairs as CaseFolding.txt's
/// full mappings for the languages Lanternly speaks, and NFC is applied last (Foundation's
/// `precomposedStringWithCanonicalMapping`).
public enum SearchText {
    /// `text` case-folded and in NFC. ASCII text takes a fast path (ASCII lowercase).
    public static func fold(_ text: String) -> String {
        var ascii = true
        for b in text.utf8 where b >= 0x80 { ascii = false; break }
        if ascii { return text.lowercased() }
        var copy = text
        let fast: String? = copy.withUTF8 { input in
            String(unsafeUninitializedCapacity: input.count) { output in
                foldUTF8(input, into: output) ? input.count : 0
            }
        }
        if let fast, !fast.isEmpty { return fast }
        return foldScalars(text)
    }

    /// ``fold(_:)`` the long way, for any text: lowercase of uppercase, then NFC where needed.
    static func foldScalars(_ text: String) -> String {
        let folded = text.uppercased().lowercased()
        return mayChangeUnderNFC(folded) ? folded.precomposedStringWithCanonicalMapping : folded
    }

    /// ``fold(_:)`` on UTF-8 bytes for the text most journals hold, without making a
    /// `String`: it succeeds when every character is ASCII, Latin-1 (U+0080–U+00FF but `µ`
    /// and `ß`), basic Cyrillic (U+0400–U+045F),
    /// general punctuation (U+2010–U+2027), CJK punctuation, kana or a common Han ideograph
    /// (U+3000–U+3029, U+3040–U+3098, U+309B–U+30FF, U+4E00–U+9FFF). Those fold one character at a
    /// time to a character of the same UTF-8 length (`A`→`a`, `É`→`é`, `Я`→`я`, `Ё`→`ё`; the rest stay)
    /// and are never changed by NFC, so `output` gets exactly `input.count` bytes.
    ///
    /// - Parameter output: at least `input.count` bytes.
    /// - Returns: `false` (output unspecified) for anything else — other scripts, combining
    ///   marks (U+3099, U+302A…), malformed UTF-8: use ``fold(_:)`` then.
    public static func foldUTF8(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        precondition(output.count >= input.count)
        let n = input.count
        var i = 0
        while i < n {
            let b = input[i]
            if b < 0x80 {
                output[i] = b &- 0x41 < 26 ? b | 0x20 : b
                i += 1
            } else if b == 0xC2 || b == 0xC3 {
                // Latin-1: U+0080–U+00FF. `À`–`Þ` (not `×`) fold to `à`–`þ`; `µ` (to Greek `μ`)
                // and `ß` (to `ss`) take the general path.
                guard i + 1 < n else { return false }
                let c = input[i + 1]
                guard c & 0xC0 == 0x80 else { return false }
                let v = UInt32(b & 0x1F) << 6 | UInt32(c & 0x3F)
                if v == 0xB5 || v == 0xDF { return false }
                output[i] = b
                output[i + 1] = (0xC0...0xDE).contains(v) && v != 0xD7 ? c + 0x20 : c
                i += 2
            } else if b == 0xD0 || b == 0xD1 {
                // U+0400–U+047F; only U+0400–U+045F here.
                guard i + 1 < n else { return false }
                let c = input[i + 1]
                guard c & 0xC0 == 0x80 else { return false }
                let v = UInt32(b & 0x1F) << 6 | UInt32(c & 0x3F)
                let lower: UInt32
                switch v {
                case 0x400...0x40F: lower = v + 0x50
                case 0x410...0x42F: lower = v + 0x20
                case 0x430...0x45F: lower = v
                default: return false
                }
                output[i] = UInt8(0xC0 | lower >> 6)
                output[i + 1] = UInt8(0x80 | lower & 0x3F)
                i += 2
            } else if b & 0xF0 == 0xE0 {
                guard i + 2 < n else { return false }
                let c1 = input[i + 1], c2 = input[i + 2]
                guard c1 & 0xC0 == 0x80, c2 & 0xC0 == 0x80 else { return false }
                let v = UInt32(b & 0x0F) << 12 | UInt32(c1 & 0x3F) << 6 | UInt32(c2 & 0x3F)
                switch v {
                case 0x2010...0x2027, 0x3000...0x3029, 0x3040...0x3098, 0x309B...0x30FF, 0x4E00...0x9FFF: break
                default: return false
                }
                output[i] = b
                output[i + 1] = c1
                output[i + 2] = c2
                i += 3
            } else {
                return false
            }
        }
        return true
    }

    /// Whether NFC could change `text`: it holds a combining mark, a Hangul jamo, or a
    /// character with a singleton decomposition (CJK compatibility ideographs, Ohm, Ångström
    /// signs). Everything else is already in NFC (UAX #15, "Stable code points").
    static func mayChangeUnderNFC(_ text: String) -> Bool {
        for s in text.unicodeScalars where s.value >= 0x300 {
            let v = s.value
            if s.properties.canonicalCombiningClass != .notReordered { return true }
            if (0x1100...0x11FF).contains(v) || (0x0340...0x0344).contains(v) || v == 0x2126 || v == 0x212A || v == 0x212B
                || (0xF900...0xFAFF).contains(v) || (0x2F800...0x2FA1F).contains(v) || (0x0958...0x095F).contains(v)
                || (0x0300...0x036F).contains(v) || s.properties.isGraphemeExtend {
                return true
            }
        }
        return false
    }

    /// Han, kana and Hangul: scripts written without spaces, where one or two characters
    /// are a whole word (猫, 雨, 灯籠).
    public static func isCJK(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
             0xAC00...0xD7AF, 0xFF66...0xFF9F, 0x20000...0x3134F:
            return true
        default:
            return false
        }
    }

    /// Whether UTF-8 `bytes` may hold a CJK character (``isCJK(_:)``): every CJK scalar is 3 or
    /// 4 bytes in UTF-8 with a lead byte ≥ 0xE3, so text without such a byte has none.
    @inlinable
    public static func mayHaveCJK<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        bytes.contains(where: { $0 >= 0xE3 })
    }

    /// The distinct one- and two-character pieces of the CJK runs in `text` (folded), joined
    /// by spaces: what the short-query index holds for an entry; empty when it has none.
    public static func cjkGrams(_ text: String) -> String {
        guard mayHaveCJK(text.utf8) else { return "" }
        var copy = text
        if let fast = copy.withUTF8(cjkGramsUTF8) { return fast }
        return cjkGramsScalars(text)
    }

    /// ``cjkGrams(_:)`` on bytes, for text ``foldUTF8(_:into:)`` folds (the CJK characters
    /// it takes fold to themselves); `nil` for other text.
    static func cjkGramsUTF8(_ input: UnsafeBufferPointer<UInt8>) -> String? {
        var folded = [UInt8](repeating: 0, count: input.count)
        guard folded.withUnsafeMutableBufferPointer({ foldUTF8(input, into: $0) }) else { return nil }
        var seen = Set<UInt64>()
        var out: [UInt8] = []
        var previous: (value: UInt32, start: Int)?
        var i = 0
        let n = folded.count
        while i < n {
            let b = folded[i]
            // foldUTF8 succeeded: well-formed, and every CJK scalar it takes is 3 bytes.
            let width = b < 0x80 ? 1 : (b < 0xE0 ? 2 : 3)
            guard width == 3 else { previous = nil; i += width; continue }
            let v = UInt32(b & 0x0F) << 12 | UInt32(folded[i + 1] & 0x3F) << 6 | UInt32(folded[i + 2] & 0x3F)
            guard let scalar = Unicode.Scalar(v), isCJK(scalar) else { previous = nil; i += 3; continue }
            if seen.insert(UInt64(v)).inserted {
                if !out.isEmpty { out.append(0x20) }
                out.append(contentsOf: folded[i..<(i + 3)])
            }
            if let p = previous, seen.insert(UInt64(p.value) << 32 | UInt64(v)).inserted {
                out.append(0x20)
                out.append(contentsOf: folded[p.start..<(i + 3)])
            }
            previous = (v, i)
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// ``cjkGrams(_:)`` for any text, one scalar at a time.
    static func cjkGramsScalars(_ text: String) -> String {
        var seen = Set<String>()
        var out = ""
        var previous: Unicode.Scalar?
        func add(_ g: String) {
            if seen.insert(g).inserted {
                if !out.isEmpty { out += " " }
                out += g
            }
        }
        for s in fold(text).unicodeScalars {
            guard isCJK(s) else { previous = nil; continue }
            add(String(Character(s)))
            if let p = previous {
                var pair = String.UnicodeScalarView()
                pair.append(p)
                pair.append(s)
                add(String(pair))
            }
            previous = s
        }
        return out
    }

    /// The range of the first match of `query` in `text` under folding (see ``fold(_:)``),
    /// in `text`'s own indices; `nil` when there is none.
    public static func range(of query: String, in text: String) -> Range<String.Index>? {
        let q = fold(query)
        guard !q.isEmpty else { return nil }
        if let r = text.range(of: query, options: [.caseInsensitive]) { return r }
        // Character by character: fold a window starting at each character until it holds
        // the query (a folded character may grow, `ß` → `ss`, so the window grows to fit).
        let qCount = q.count
        var start = text.startIndex
        while start < text.endIndex {
            var end = start
            var window = ""
            while end < text.endIndex, window.count < qCount + 2 {
                end = text.index(after: end)
                window = fold(String(text[start..<end]))
                if window.hasPrefix(q) { return start..<end }
                if !q.hasPrefix(window) { break }
            }
            start = text.index(after: start)
        }
        return nil
    }
}
