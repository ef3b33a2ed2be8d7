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

extension Key {
    /// Decodes a character read in raw mode with `nonl` (`get_wch` returning `OK`): CR is
    /// Enter, LF is Ctrl-J, 8 and 127 are Backspace, 27 is Esc, other C0 bytes are Ctrl
    /// plus a letter (Ctrl-C is 3); everything else is a printable character.
    ///
    /// - Returns: `nil` for NUL, the C0 bytes 28–31, C1 controls and invalid scalars.
    public static func decode(character value: UInt32) -> Key? {
        switch value {
        case 13: return .enter
        case 10: return .ctrl("j")
        case 9: return .tab
        case 8, 127: return .backspace
        case 27: return .escape
        case 1...26: return .ctrl(Character(Unicode.Scalar(UInt8(value) + 96)))
        case 0, 28...31, 0x80...0x9F: return nil
        default:
            guard let s = Unicode.Scalar(value) else { return nil }
            return .character(Character(s))
        }
    }
}

/// What a backend reports: a key, a bracketed paste (one event for the whole paste), or a new size.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case paste(String)
    case resize(width: Int, height: Int)
}
