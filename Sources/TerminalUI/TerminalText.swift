/// Cleaning and measuring text before it is drawn.
public enum TerminalText {
    /// Removes control and escape sequences; only newline and tab survive.
    ///
    /// Strips: ESC-introduced sequences (CSI `ESC [ … final`, OSC `ESC ] … BEL|ST`, DCS/SOS/PM/APC
    /// `ESC P|X|^|_ … ST`, and two-byte `ESC x`), the 8-bit C1 forms (U+0080–U+009F, including
    /// U+009B CSI and U+009D OSC with their parameters), every other C0 control and DEL, and a
    /// carriage return (a lone `\r` becomes nothing; `\r\n` becomes `\n`), and the format
    /// characters of ``isLayoutChanging(_:)``.
    /// Use it on everything that came from a model or a file before drawing it.
    public static func sanitize(_ text: String) -> String {
        // Fast path: nothing to strip.
        if !text.unicodeScalars.contains(where: { (isControl($0) && $0 != "\n" && $0 != "\t") || isLayoutChanging($0) }) {
            return text
        }
        var out = String.UnicodeScalarView()
        var it = Array(text.unicodeScalars)[...]
        while let s = it.popFirst() {
            let v = s.value
            if s == "\n" || s == "\t" { out.append(s); continue }
            if v == 0x1B || v == 0x9B || v == 0x9D || v == 0x90 || v == 0x98 || v == 0x9E || v == 0x9F {
                var kind: UInt32 = v
                if v == 0x1B {
                    guard let next = it.popFirst() else { break }
                    switch next {
                    case "[": kind = 0x9B
                    case "]": kind = 0x9D
                    case "P", "X", "^", "_": kind = 0x90
                    default: continue  // two-character escape: drop both
                    }
                }
                if kind == 0x9B {
                    // CSI: parameters and intermediates up to a final byte 0x40–0x7E.
                    while let c = it.popFirst() {
                        if (0x40...0x7E).contains(c.value) { break }
                        if c.value < 0x20 && c.value != 0x1B { break }
                    }
                } else {
                    // String sequence: up to BEL, ST (ESC \) or U+009C.
                    while let c = it.popFirst() {
                        if c.value == 0x07 || c.value == 0x9C { break }
                        if c.value == 0x1B { if it.first == "\\" { _ = it.popFirst() }; break }
                    }
                }
                continue
            }
            if isControl(s) { continue }
            if isLayoutChanging(s) {
                if s.value == 0x2028 || s.value == 0x2029 { out.append("\n") }
                continue
            }
            out.append(s)
        }
        return String(out)
    }

    /// Format characters that change how a terminal draws the text after them: the bidi
    /// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069; an unclosed U+202E
    /// reverses the rest of the line, prompt included), the interlinear annotation marks
    /// (U+FFF9–U+FFFB, which hide text) and the line and paragraph separators U+2028/U+2029
    /// (drawn by some terminals as a line break the layout did not count; they become `\n`).
    /// Unicode Standard Annex #9, "Explicit Directional Formatting Characters".
    static func isLayoutChanging(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0xFFF9...0xFFFB, 0x2028, 0x2029: return true
        default: return false
        }
    }

    static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0)
    }

    /// Cuts `text` to at most `width` cells, never splitting a grapheme; appends `…` when cut.
    public static func truncate(_ text: String, width: Int, ellipsis: Bool = true) -> String {
        guard width > 0 else { return "" }
        if DisplayWidth.of(text) <= width { return text }
        let budget = ellipsis ? width - 1 : width
        var out = "", used = 0
        for c in text {
            let w = DisplayWidth.of(c)
            if used + w > budget { break }
            out.append(c); used += w
        }
        return ellipsis ? out + "…" : out
    }

    /// Wraps text into lines of at most `width` cells.
    ///
    /// Breaks at `\n`; prefers to break after a space; a word longer than the line is cut
    /// between grapheme clusters (a wide glyph is never split). Tabs become spaces up to the
    /// next multiple of 4 cells. Returns at least one (possibly empty) line.
    public static func wrap(_ text: String, width: Int) -> [String] {
        wrapPlacing(Array(text), width: width).lines
    }

    /// ``wrap(_:width:)`` that also says where each character went: `places[i]` is the
    /// (row, column in cells) of `characters[i]`, and `places[characters.count]` is the end of
    /// the text. A space dropped at a break is placed at the start of the next row.
    public static func wrapPlacing(_ characters: [Character], width: Int)
        -> (lines: [String], places: [(row: Int, column: Int)]) {
        let width = max(1, width)
        var lines: [String] = []
        var places = [(row: Int, column: Int)](repeating: (0, 0), count: characters.count + 1)
        var line = "", used = 0
        var lastSpaceEnd: String.Index? = nil  // index in `line` after the last space
        var widthAtSpace = 0
        var onLine: [(index: Int, column: Int)] = []  // characters placed on the row being built
        for (i, c) in characters.enumerated() {
            if c == "\n" {
                places[i] = (lines.count, used)
                lines.append(line); line = ""; used = 0; lastSpaceEnd = nil; onLine = []
                continue
            }
            let cells: [Character] = c == "\t" ? Array(repeating: " ", count: 4 - used % 4) : [c]
            for (k, ch) in cells.enumerated() {
                let w = DisplayWidth.of(ch)
                if used + w > width {
                    if ch == " " {
                        lines.append(line); line = ""; used = 0; lastSpaceEnd = nil; onLine = []
                        if k == 0 { places[i] = (lines.count, 0) }
                        continue
                    }
                    if let cut = lastSpaceEnd, cut < line.endIndex {
                        lines.append(String(line[..<cut]))
                        line = String(line[cut...]); used -= widthAtSpace
                        onLine = onLine.filter { $0.column >= widthAtSpace }.map { ($0.index, $0.column - widthAtSpace) }
                        for m in onLine { places[m.index] = (lines.count, m.column) }
                    } else {
                        lines.append(line); line = ""; used = 0; onLine = []
                    }
                    lastSpaceEnd = nil
                    if used + w > width { lines.append(line); line = ""; used = 0; onLine = [] }
                }
                if k == 0 { places[i] = (lines.count, used); onLine.append((i, used)) }
                line.append(ch); used += w
                if ch == " " { lastSpaceEnd = line.endIndex; widthAtSpace = used }
            }
        }
        places[characters.count] = (lines.count, used)
        lines.append(line)
        return (lines, places)
    }
}
