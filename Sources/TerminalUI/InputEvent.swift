/// A key as the person pressed it, decoded by a backend.
public enum Key: Hashable, Sendable {
    /// A printable grapheme.
    case character(Character)
    /// Ctrl plus a letter, lower-cased (`ctrl("c")` is byte 3). Enter, Tab and Backspace have their own cases.
    case ctrl(Character)
    case enter, tab, backTab, backspace, delete, escape
    case up, down, left, right, home, end, pageUp, pageDown
    /// F1…F12.
    case function(Int)
}

/// What a backend reports: a key, a bracketed paste (one event for the whole paste), or a new size.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case paste(String)
    case resize(width: Int, height: Int)
}
