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
        let folded = text.uppercased().lowercased()
        return mayChangeUnderNFC(folded) ? folded.precomposedStringWithCanonicalMapping : folded
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

    /// The distinct one- and two-character pieces of the CJK runs in `text` (folded), joined
    /// by spaces: what the short-query index holds for an entry; empty when it has none.
    public static func cjkGrams(_ text: String) -> String {
        // Every CJK scalar is 3 or 4 bytes in UTF-8 with a lead byte ≥ 0xE3.
        guard text.utf8.contains(where: { $0 >= 0xE3 }) else { return "" }
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
