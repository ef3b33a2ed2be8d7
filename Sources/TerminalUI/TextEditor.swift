/// The state of a multi-line text input: its text and a cursor, both by grapheme cluster.
///
/// Editing moves by `Character` (a grapheme cluster), so Backspace removes a whole emoji ZWJ
/// sequence or a letter with its combining marks. ``layout(width:)`` places the cursor by
/// display cells.
public struct TextEditor: Hashable, Sendable {
    /// The text; lines are separated by `\n`.
    public private(set) var characters: [Character]
    /// Cursor position: an index into ``characters`` (0…count).
    public private(set) var cursor: Int
    /// The text's length in UTF-8 bytes, kept as it changes (limits are checked per key
    /// without re-encoding the whole text).
    public private(set) var utf8Count: Int

    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
        utf8Count = text.utf8.count
    }

    public var text: String { String(characters) }
    public var isEmpty: Bool { characters.isEmpty }

    /// Inserts text at the cursor (a paste may hold many lines); `\r\n` and `\r` become `\n`.
    public mutating func insert(_ text: String) {
        let cleaned = text.replacingNewlines()
        guard !cleaned.isEmpty else { return }
        // Re-segment at the seams so marks at either end join their neighbours.
        let before = String(characters[..<cursor]) + cleaned
        let head = Array(before)
        characters = head + Array(String(characters[cursor...]))
        let whole = Array(String(characters))
        characters = whole
        cursor = min(head.count, whole.count)
        utf8Count += cleaned.utf8.count
    }

    /// Inserts one typed character. A combining mark, variation selector or ZWJ continuation
    /// that arrives on its own joins the grapheme before the cursor, as it would in a `String`.
    public mutating func insert(_ c: Character) {
        let c: Character = c == "\r\n" || c == "\r" ? "\n" : c
        if cursor > 0 {
            let merged = String(characters[cursor - 1]) + String(c)
            if merged.count == 1 {
                characters[cursor - 1] = Character(merged)
                utf8Count += c.utf8.count
                return
            }
        }
        characters.insert(c, at: cursor)
        cursor += 1
        utf8Count += c.utf8.count
    }

    /// Deletes the grapheme before the cursor.
    public mutating func backspace() {
        guard cursor > 0 else { return }
        utf8Count -= characters.remove(at: cursor - 1).utf8.count
        cursor -= 1
    }

    /// Deletes the grapheme under the cursor.
    public mutating func deleteForward() {
        guard cursor < characters.count else { return }
        utf8Count -= characters.remove(at: cursor).utf8.count
    }

    /// Deletes the word before the cursor, as Ctrl-W does in a shell (readline's
    /// `unix-word-rubout`): the spaces just before the cursor, then everything back to the
    /// previous space or line start. Stays on the current line: at a line's start it deletes
    /// the line break only.
    public mutating func deleteWordBackward() {
        guard cursor > 0 else { return }
        var start = cursor
        if characters[start - 1] == "\n" {
            start -= 1
        } else {
            while start > 0, characters[start - 1] != "\n", characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        }
        utf8Count -= characters[start..<cursor].reduce(0) { $0 + $1.utf8.count }
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    public mutating func moveLeft() { cursor = max(0, cursor - 1) }
    public mutating func moveRight() { cursor = min(characters.count, cursor + 1) }

    /// To the start of the current line.
    public mutating func moveHome() {
        while cursor > 0 && characters[cursor - 1] != "\n" { cursor -= 1 }
    }

    /// To the end of the current line.
    public mutating func moveEnd() {
        while cursor < characters.count && characters[cursor] != "\n" { cursor += 1 }
    }

    /// Replaces everything, cursor at the end.
    public mutating func set(_ text: String) { self = TextEditor(text) }

    /// Whether the cursor is on the first / last logical line (Up/Down recall history there).
    public var cursorOnFirstLine: Bool { !characters[..<cursor].contains("\n") }
    public var cursorOnLastLine: Bool { !characters[cursor...].contains("\n") }

    /// Moves up or down one logical line, keeping the display column where it can.
    public mutating func moveVertically(by delta: Int) {
        var lineStart = cursor
        while lineStart > 0 && characters[lineStart - 1] != "\n" { lineStart -= 1 }
        let column = DisplayWidth.of(String(characters[lineStart..<cursor]))
        var target: Int
        if delta < 0 {
            guard lineStart > 0 else { return }
            target = lineStart - 1
            while target > 0 && characters[target - 1] != "\n" { target -= 1 }
        } else {
            var end = cursor
            while end < characters.count && characters[end] != "\n" { end += 1 }
            guard end < characters.count else { return }
            target = end + 1
        }
        var used = 0
        while target < characters.count && characters[target] != "\n" {
            let w = DisplayWidth.of(characters[target])
            if used + w > column { break }
            used += w; target += 1
        }
        cursor = target
    }

    /// The text wrapped to `width` cells as ``TerminalText/wrap(_:width:)`` wraps sent text
    /// (on spaces; a word longer than the row is cut between grapheme clusters), and the
    /// cursor's (row, column) in cells. A cursor past the end of a full row moves to the start
    /// of the next one (before a line break it stays on the row's last cell).
    public func layout(width: Int) -> (lines: [String], cursorRow: Int, cursorColumn: Int) {
        let width = max(1, width)
        var (lines, places) = TerminalText.wrapPlacing(characters, width: width)
        var (row, col) = places[cursor]
        if col >= width {
            // At the very end the cursor starts a new row; before a line break it stays on its row.
            if row == lines.count - 1 { lines.append(""); row += 1; col = 0 } else { col = width - 1 }
        }
        return (lines, row, col)
    }
}

extension String {
    func replacingNewlines() -> String {
        guard contains("\r") || contains("\r\n") else { return self }
        var out = ""
        for c in self { out.append(c == "\r\n" || c == "\r" ? "\n" : c) }
        return out
    }
}
