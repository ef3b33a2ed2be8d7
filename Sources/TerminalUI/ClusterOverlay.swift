/// What a backend writes to the terminal after curses has placed a frame's cells, so that
/// emoji sequences (``DisplayWidth/isEmojiSequence(_:)``) are drawn whole.
///
/// curses holds only the first glyph of such a cluster. For each one this writes a cursor
/// move (CUP, ECMA-48 §8.3.21), the cell's style, the whole cluster, and then repaints the
/// cells a terminal that does not join the cluster would have drawn it over (up to
/// ``DisplayWidth/unjoinedWidth(_:)``): a terminal that joins it draws one glyph in its two
/// cells and the repaint changes nothing; one that does not (tmux 3.3 draws 👍🏽 over four
/// cells) gets what follows back, so the row never shifts and nothing is left half drawn.
/// A cluster whose unjoined width would reach past the row's end keeps curses' stand-in
/// (its first glyph, same width), so the terminal never wraps.
public enum ClusterOverlay {
    /// The bytes to write, as a string; empty when `positions` is empty.
    ///
    /// - Parameters:
    ///   - frame: the frame curses was given.
    ///   - positions: cells (x, y) of `frame` holding emoji sequences painted in this frame.
    ///   - sgr: the SGR sequence that sets a style (empty for plain).
    public static func sequence(_ frame: ScreenBuffer, positions: [(x: Int, y: Int)],
                                sgr: (CellStyle) -> String) -> String {
        var out = ""
        var queue = positions.filter { $0.y >= 0 && $0.y < frame.height && $0.x >= 0 && $0.x < frame.width }
        var done = Set<Int>()
        var i = 0
        while i < queue.count {
            let (x, y) = queue[i]
            i += 1
            guard done.insert(y * frame.width + x).inserted else { continue }
            let cell = frame[x, y]
            guard !cell.isContinuation, DisplayWidth.isEmojiSequence(cell.grapheme) else { continue }
            let width = DisplayWidth.of(cell.grapheme)
            let unjoined = DisplayWidth.unjoinedWidth(cell.grapheme)
            guard x + max(width, unjoined) <= frame.width else { continue }
            out += cup(x, y) + sgr(cell.style) + String(cell.grapheme) + "\u{1B}[0m"
            // The cells an unjoined drawing covers, written again from the frame (each after
            // a cursor move: the terminal's cursor is wherever its drawing left it).
            var col = x + width
            while col < x + unjoined {
                let next = frame[col, y]
                if next.isContinuation { col += 1; continue }
                let w = max(DisplayWidth.of(next.grapheme), 1)
                if DisplayWidth.isEmojiSequence(next.grapheme) {
                    // Its first glyph now (as curses holds it), then written whole in its turn.
                    out += cup(col, y) + sgr(next.style) + standIn(next.grapheme) + "\u{1B}[0m"
                    done.remove(y * frame.width + col)
                    queue.append((col, y))
                } else {
                    out += cup(col, y) + sgr(next.style) + String(next.grapheme) + "\u{1B}[0m"
                }
                col += w
            }
        }
        return out
    }

    /// CUP to the 0-based cell (`x`, `y`).
    private static func cup(_ x: Int, _ y: Int) -> String { "\u{1B}[\(y + 1);\(x + 1)H" }

    /// The same-width stand-in curses draws for an emoji sequence: its first scalar, padded
    /// with a space when that is narrower than the cluster.
    public static func standIn(_ c: Character) -> String {
        guard let first = c.unicodeScalars.first else { return " " }
        let w = DisplayWidth.scalarWidth(first)
        let cells = DisplayWidth.of(c)
        if w <= 0 { return String(repeating: " ", count: cells) }
        return String(Character(first)) + String(repeating: " ", count: max(0, cells - w))
    }
}
