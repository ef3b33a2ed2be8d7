import Foundation

/// Makes model output safe for a terminal: it is text, never commands.
public enum ModelOutput {
    /// `text` with every escape sequence (CSI, OSC, DCS, SOS, PM, APC and two-character
    /// `ESC x`), every C0 and C1 control character except line feed and tab, DEL, and every
    /// bidirectional embedding, override, isolate and mark (U+202A–U+202E, U+2066–U+2069,
    /// U+200E, U+200F, U+061C; Unicode UAX #9, "Explicit Directional Formatting
    /// Characters") removed. CR LF becomes LF. Sequences are removed whole, so a sequence cut
    /// by the end of `text` is dropped up to the end (call it on the whole text so far).
    public static func sanitize(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            i += 1
            switch s.value {
            case 0x0A, 0x09:
                out.append(s)
            case 0x1B:
                guard i < scalars.count else { break }
                let kind = scalars[i]
                i += 1
                switch kind {
                case "[": i = skipCSI(scalars, from: i)
                case "]", "P", "X", "^", "_": i = skipString(scalars, from: i)
                default: break  // ESC and one character, dropped together
                }
            case 0x9B: i = skipCSI(scalars, from: i)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: i = skipString(scalars, from: i)
            case 0x00...0x1F, 0x7F, 0x80...0x9F: continue
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: continue
            default: out.append(s)
            }
        }
        return String(out)
    }

    /// CSI: parameter and intermediate bytes up to a final byte 0x40–0x7E (ECMA-48 §5.4).
    /// - Returns: the index after the sequence.
    private static func skipCSI(_ s: [Unicode.Scalar], from start: Int) -> Int {
        var i = start
        while i < s.count {
            let v = s[i].value
            i += 1
            if (0x40...0x7E).contains(v) || v < 0x20 || v > 0x7E { return i }
        }
        return i
    }

    /// A control string, up to BEL, ST (`ESC \`) or U+009C. - Returns: the index after it.
    private static func skipString(_ s: [Unicode.Scalar], from start: Int) -> Int {
        var i = start
        while i < s.count {
            let v = s[i].value
            i += 1
            if v == 0x07 || v == 0x9C { return i }
            if v == 0x1B { return min(i + 1, s.count) }
        }
        return i
    }
}
