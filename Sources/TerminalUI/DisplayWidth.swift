#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C library's `wcwidth` (man 3 wcwidth). Glibc's module map hides it behind
/// `_XOPEN_SOURCE`, so it is declared here by its C name; `wchar_t` is `Int32` on Linux.
@_silgen_name("wcwidth")
private func c_wcwidth(_ c: Int32) -> Int32

/// Display width of text in terminal cells (not `Character`s, not bytes).
///
/// A grapheme cluster (`Character`) is measured as a whole:
/// - an emoji presentation sequence (an emoji scalar with default emoji presentation, a
///   keycap, or an emoji followed by VS16 U+FE0F), a ZWJ sequence, or a flag (two regional
///   indicators) is 2 cells;
/// - a cluster that starts with a combining mark, a zero-width joiner or a variation selector
///   (a lone one) is 0 cells;
/// - otherwise the width of its first scalar from the C library's `wcwidth` (which needs a
///   UTF-8 `LC_CTYPE`: call `setlocale(LC_ALL, "")` first), with a built-in East Asian Wide
///   table when `wcwidth` does not know the scalar (C locale).
/// Control characters measure 0; draw only sanitized text (``TerminalText/sanitize(_:)``).
/// The corresponding C function is `wcwidth` (man 3 wcwidth).
public enum DisplayWidth {
    /// Width of one grapheme cluster, in cells: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        if let a = character.asciiValue { return a >= 0x20 && a < 0x7F ? 1 : 0 }
        // Most text is single scalars of the Basic Multilingual Plane (Cyrillic, kana, Han…):
        // their widths are remembered, since the Unicode property look-ups are the cost of a frame.
        let utf8 = character.utf8
        if utf8.count <= 3, let only = character.unicodeScalars.first, only.value < 0x10000,
           only.utf8.count == utf8.count {
            return bmpWidth(only)
        }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let v = first.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        if v < 0x7F { return scalars.count == 1 ? 1 : (isKeycap(scalars) ? 2 : 1) }
        if scalars.count > 1 {
            if isKeycap(scalars) { return 2 }
            var sawEmoji = false, sawZWJ = false, sawVS16 = false, regional = 0
            for s in scalars {
                if s.properties.isEmoji { sawEmoji = true }
                if s.value == 0x200D { sawZWJ = true }
                if s.value == 0xFE0F { sawVS16 = true }
                if (0x1F1E6...0x1F1FF).contains(s.value) { regional += 1 }
            }
            if regional >= 2 { return 2 }
            if sawEmoji && (sawZWJ || sawVS16) && first.properties.isEmoji { return 2 }
            // An emoji with a skin-tone modifier (✌🏿) or a tag sequence (🏴 subdivision flag)
            // is shown in emoji presentation, 2 cells (UTS #51 §2.4, §2.8, ED-13, ED-14a).
            if first.properties.isEmoji, scalars.contains(where: { isModifier($0.value) || isTag($0.value) }) { return 2 }
        }
        return scalarWidth(first)
    }

    /// Width of a string in cells: the sum of its grapheme clusters' widths.
    public static func of(_ text: String) -> Int {
        var total = 0
        for c in text { total += of(c) }
        return total
    }

    /// Widths of BMP scalars seen so far, -1 where not yet known. Written only with the value
    /// ``scalarWidth(_:)`` gives, so two threads filling the same slot agree.
    private static let bmpWidths: UnsafeMutablePointer<Int8> = {
        let p = UnsafeMutablePointer<Int8>.allocate(capacity: 0x10000)
        p.initialize(repeating: -1, count: 0x10000)
        return p
    }()

    private static func bmpWidth(_ scalar: Unicode.Scalar) -> Int {
        let v = Int(scalar.value)
        let known = bmpWidths[v]
        if known >= 0 { return Int(known) }
        let w = v < 0x20 || (v >= 0x7F && v < 0xA0) ? 0 : scalarWidth(scalar)
        bmpWidths[v] = Int8(w)
        return w
    }

    /// Width of a single scalar in cells (0, 1 or 2).
    public static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v == 0x200D || v == 0x200B || v == 0x200C || v == 0x2060 || v == 0xFEFF { return 0 }
        if (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if scalar.properties.isEmojiPresentation { return 2 }
        let w = Int(c_wcwidth(Int32(bitPattern: v)))
        if w >= 0 { return min(w, 2) }
        return isEastAsianWide(v) ? 2 : 1
    }

    /// Emoji modifiers (skin tones, U+1F3FB…U+1F3FF; UTS #51 §2.4).
    static func isModifier(_ v: UInt32) -> Bool { (0x1F3FB...0x1F3FF).contains(v) }
    /// Tag characters (U+E0020…U+E007F; UTS #51 §2.8, emoji tag sequences).
    static func isTag(_ v: UInt32) -> Bool { (0xE0020...0xE007F).contains(v) }

    private static func isKeycap(_ scalars: Character.UnicodeScalarView) -> Bool {
        scalars.contains { $0.value == 0x20E3 }
    }

    /// East Asian Wide / Fullwidth blocks (Unicode UAX #11), used when `wcwidth` answers -1.
    static func isEastAsianWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
             0x4E00...0x9FFF, 0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
             0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

extension DisplayWidth {
    /// Whether a grapheme is drawn from several glyphs that one curses cell cannot hold: a ZWJ
    /// sequence (👨‍👩‍👧), a flag (two regional indicators, 🇯🇵), an emoji with a skin-tone
    /// modifier — anything with a ZWJ or more than one scalar of non-zero width. curses keeps
    /// only a spacing character plus zero-width marks per cell (X/Open `cchar_t`).
    public static func isMultiGlyphCluster(_ c: Character) -> Bool {
        var spacing = 0
        for s in c.unicodeScalars {
            if s.value == 0x200D { return true }
            if scalarWidth(s) > 0 { spacing += 1 }
            if spacing > 1 { return true }
        }
        return false
    }
}

extension DisplayWidth {
    /// Whether a 2-cell cluster is an emoji sequence that one curses cell cannot draw right:
    /// a ZWJ sequence (👨‍👩‍👧), a flag (🇯🇵), a modifier sequence (👍🏽, 👩🏿‍💻), a keycap
    /// (1️⃣), a tag sequence (🏴 with tags, a subdivision flag) or a VS16 presentation
    /// sequence (❤️) — UTS #51 §1.4 (emoji sequences). curses keeps a spacing glyph plus at
    /// most four zero-width ones per cell and measures the first scalar only (a keycap's `1`,
    /// ❤'s U+2764 are 1 cell there), so such a cluster is written whole after curses has
    /// placed its cells (``ClusterOverlay``).
    public static func isEmojiSequence(_ c: Character) -> Bool {
        let scalars = c.unicodeScalars
        guard scalars.count > 1, of(c) == 2 else { return false }
        var regional = 0
        for s in scalars {
            let v = s.value
            if v == 0x200D || v == 0xFE0F || v == 0x20E3 || isModifier(v) || isTag(v) { return true }
            if (0x1F1E6...0x1F1FF).contains(v) { regional += 1 }
        }
        return regional >= 2
    }

    /// How many cells a terminal that does not join the cluster moves the cursor by: the
    /// sum of its scalars' widths (tmux 3.3 moves 4 for 👍🏽, 3 for ✌🏿). Cells past
    /// ``of(_:)`` up to this many are repainted after the cluster is written whole.
    public static func unjoinedWidth(_ c: Character) -> Int {
        var total = 0
        for s in c.unicodeScalars { total += scalarWidth(s) }
        return max(total, of(c))
    }
}

