/// A grid of cells, `width` × `height`, row-major; what a view renders into and a backend paints.
///
/// Coordinates are cells: `x` from the left (0…width-1), `y` from the top (0…height-1).
/// Writes outside the grid are clipped; a wide glyph that would not fit at the right edge is
/// replaced by a space, so a glyph is never split.
public struct ScreenBuffer: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Where the terminal cursor should be shown, or `nil` to hide it.
    public var cursor: (x: Int, y: Int)? {
        get { cursorX.map { ($0, cursorY) } }
        set { cursorX = newValue?.x; cursorY = newValue?.y ?? 0 }
    }
    private var cursorX: Int?
    private var cursorY: Int = 0

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Writes `text` (one line: newlines and controls are skipped) at (`x`, `y`).
    ///
    /// - Parameters:
    ///   - maxWidth: cells available from `x`; defaults to the rest of the row.
    /// - Returns: the number of cells written.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: CellStyle = .plain,
                               maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        let limit = min(width, x + (maxWidth ?? width))
        var col = x
        for ch in text {
            let w = DisplayWidth.of(ch)
            if w == 0 { continue }
            if col + w > limit {
                if w == 2 && col < limit && col >= 0 { self[col, y] = Cell(" ", style: style) ; col += 1 }
                break
            }
            if col >= 0 {
                clearWide(at: col, y: y)
                self[col, y] = Cell(ch, style: style)
                if w == 2 {
                    clearWide(at: col + 1, y: y)
                    self[col + 1, y] = Cell(" ", style: style, isContinuation: true)
                }
            }
            col += w
        }
        return col - x
    }

    /// Fills a row segment with spaces in `style`.
    public mutating func fill(y: Int, from x: Int = 0, width w: Int? = nil, style: CellStyle) {
        guard y >= 0, y < height else { return }
        let end = min(width, x + (w ?? width))
        var col = max(0, x)
        while col < end { clearWide(at: col, y: y); self[col, y] = Cell(" ", style: style); col += 1 }
    }

    /// Overwriting half of a wide glyph blanks its other half.
    private mutating func clearWide(at x: Int, y: Int) {
        guard x >= 0, x < width else { return }
        let c = self[x, y]
        if c.isContinuation, x > 0 { self[x - 1, y] = Cell(" ", style: self[x - 1, y].style) }
        else if !c.isContinuation, DisplayWidth.of(c.grapheme) == 2, x + 1 < width {
            self[x + 1, y] = Cell(" ", style: c.style)
        }
    }

    /// The visible text of row `y` (continuation cells omitted), trailing spaces kept.
    public func rowText(_ y: Int) -> String {
        var s = ""
        for x in 0..<width where !self[x, y].isContinuation { s.append(self[x, y].grapheme) }
        return s
    }

    /// A readable dump for snapshot files: the grid inside a border, one row per line.
    ///
    /// Shape: `+--…--+` (width dashes), then `|row|` per row, then the bottom border.
    /// A wide glyph occupies its two cells, so every line has the same display width.
    public func textDump() -> String {
        let border = "+" + String(repeating: "-", count: width) + "+"
        var lines = [border]
        for y in 0..<height { lines.append("|" + rowText(y) + "|") }
        lines.append(border)
        return lines.joined(separator: "\n") + "\n"
    }

    public static func == (a: ScreenBuffer, b: ScreenBuffer) -> Bool {
        a.width == b.width && a.height == b.height && a.cells == b.cells
            && a.cursorX == b.cursorX && a.cursorY == b.cursorY
    }

    public func hash(into h: inout Hasher) { h.combine(width); h.combine(height); h.combine(cells) }
}
