/// A run of changed cells on one row: what a backend must repaint.
public struct ScreenChange: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var cells: [Cell]
}

extension ScreenBuffer {
    /// The runs that differ from `previous` (everything when `previous` is `nil` or of another size).
    ///
    /// A run starting on a continuation cell is widened to include its wide glyph, so a
    /// backend never paints half a glyph.
    public func changes(since previous: ScreenBuffer?) -> [ScreenChange] {
        let full = previous == nil || previous!.width != width || previous!.height != height
        var out: [ScreenChange] = []
        for y in 0..<height {
            var x = 0
            while x < width {
                if !full && self[x, y] == previous![x, y] { x += 1; continue }
                var start = x
                if self[start, y].isContinuation && start > 0 { start -= 1 }
                var end = x
                while end < width && (full || self[end, y] != previous![end, y]
                                      || self[end, y].isContinuation) {
                    end += 1
                }
                if end < width, end > 0, DisplayWidth.of(self[end - 1, y].grapheme) == 2,
                   !self[end - 1, y].isContinuation {
                    end += 1
                }
                out.append(ScreenChange(x: start, y: y, cells: Array(cells[(y * width + start)..<(y * width + min(end, width))])))
                x = end
            }
        }
        return out
    }
}
