/// How a cell is drawn. Colours are a small palette; the backend drops them under `NO_COLOR`.
public struct CellStyle: Hashable, Sendable {
    public var bold: Bool
    public var reverse: Bool
    public var dim: Bool
    public var underline: Bool
    public var color: Color?

    /// The palette (mapped to curses colour pairs by the backend).
    public enum Color: Int, Hashable, Sendable, CaseIterable {
        case accent = 1, warning, muted, crisis
    }

    public init(bold: Bool = false, reverse: Bool = false, dim: Bool = false,
                underline: Bool = false, color: Color? = nil) {
        self.bold = bold; self.reverse = reverse; self.dim = dim
        self.underline = underline; self.color = color
    }

    public static let plain = CellStyle()
    public static let bold = CellStyle(bold: true)
    public static let reverse = CellStyle(reverse: true)
    public static let dim = CellStyle(dim: true)
}

/// One terminal cell: a grapheme cluster (or a space), its style, and whether it is the
/// right half of a wide glyph drawn in the cell to its left.
public struct Cell: Hashable, Sendable {
    /// The grapheme drawn here; `" "` for blank; ignored when ``isContinuation``.
    public var grapheme: Character
    public var style: CellStyle
    /// True for the second cell of a 2-cell glyph: the backend draws nothing here.
    public var isContinuation: Bool

    public init(_ grapheme: Character = " ", style: CellStyle = .plain, isContinuation: Bool = false) {
        self.grapheme = grapheme; self.style = style; self.isContinuation = isContinuation
    }

    public static let blank = Cell()

    /// Byte-wise equality: two cells are equal when they would send the same bytes (a
    /// canonically equivalent but differently encoded grapheme counts as a change).
    public static func == (a: Cell, b: Cell) -> Bool {
        guard a.isContinuation == b.isContinuation, a.style == b.style else { return false }
        if let x = a.grapheme.asciiValue, let y = b.grapheme.asciiValue { return x == y }
        return a.grapheme.utf8.elementsEqual(b.grapheme.utf8)
    }

    public func hash(into h: inout Hasher) {
        h.combine(isContinuation)
        h.combine(style)
        for byte in grapheme.utf8 { h.combine(byte) }
    }
}
