/// What the characters read after an ESC mean, as far as they have been read.
public enum EscapeDecoding: Equatable, Sendable {
    /// A sequence has started and is not complete: read another character (briefly; when
    /// none comes, an empty read means a lone Esc and a partial sequence is dropped).
    case incomplete
    /// A whole sequence that means this key.
    case key(Key)
    /// `ESC [ 200 ~`: a bracketed paste starts.
    case pasteStart
    /// A whole sequence with no meaning here (an unknown CSI, Alt plus a character): drop it all.
    case dropped
    /// The ESC was a lone Esc; the last character read starts something new: read it again.
    case escapeThenReplay
    /// A sequence broken by a character that cannot belong to it: drop what came before that
    /// character, then read the character again.
    case droppedThenReplay
}

/// Decodes the input sequences that follow an ESC: CSI (`ESC [`) and SS3 (`ESC O`), consumed
/// whole — parameter bytes 0x30–0x3F, then intermediate bytes 0x20–0x2F, then one final byte
/// 0x40–0x7E (ECMA-48 §5.4; xterm's "ctlseqs", PC-style function keys) — and Alt plus a
/// character (`ESC x`). A sequence either maps to a ``Key`` or is dropped, so no part of it
/// is ever typed as text.
///
/// Keys mapped: arrows `A`–`D` (any modifiers, e.g. Ctrl-Right `ESC [ 1 ; 5 C`, move as the plain
/// arrow), Home/End (`H`/`F`, `1~`/`7~`, `4~`/`8~`), Delete `3~`, Page Up/Down `5~`/`6~`,
/// Shift-Tab `Z`, F1–F4 (`P`–`S`), F1–F12 (`11~`…`24~`), keypad Enter (`ESC O M`) and keypad
/// digits (`ESC O p`…`y`).
public enum EscapeSequence {
    /// Longer sequences are dropped (a stream of junk never grows without bound).
    public static let maxLength = 32

    /// - Parameter chars: the Unicode scalar values read after the ESC, in order (not empty to
    ///   mean anything; empty gives ``EscapeDecoding/incomplete``).
    public static func decode(afterEscape chars: [UInt32]) -> EscapeDecoding {
        guard let first = chars.first else { return .incomplete }
        switch first {
        case 0x5B, 0x4F:  // "[" CSI, "O" SS3
            return decodeSequence(introducer: first, body: Array(chars.dropFirst()))
        case 0x20...0x7E, 0xA0...:
            return .dropped  // Alt plus a character
        default:
            return .escapeThenReplay  // ESC, Enter, DEL, another control: the Esc stands alone
        }
    }

    private static func decodeSequence(introducer: UInt32, body: [UInt32]) -> EscapeDecoding {
        var params: [UInt32] = []
        var sawIntermediate = false
        for (i, c) in body.enumerated() {
            switch c {
            case 0x30...0x3F where !sawIntermediate:
                params.append(c)
            case 0x20...0x2F:
                sawIntermediate = true
            case 0x40...0x7E:
                guard i == body.count - 1 else { return .droppedThenReplay }
                return finish(introducer: introducer, params: params, final: c)
            default:
                return .droppedThenReplay
            }
        }
        return body.count + 1 >= maxLength ? .dropped : .incomplete
    }

    private static func finish(introducer: UInt32, params raw: [UInt32], final: UInt32) -> EscapeDecoding {
        let text = String(String.UnicodeScalarView(raw.compactMap(Unicode.Scalar.init)))
        let fields = text.split(separator: ";", omittingEmptySubsequences: false)
        let firstNumber = fields.first.flatMap { Int($0) }
        let final = Character(Unicode.Scalar(UInt8(final)))
        switch final {
        case "A": return .key(.up)
        case "B": return .key(.down)
        case "C": return .key(.right)
        case "D": return .key(.left)
        case "H": return .key(.home)
        case "F": return .key(.end)
        case "Z" where introducer == 0x5B && text.isEmpty: return .key(.backTab)
        case "P", "Q", "R", "S":
            return .key(.function(Int(final.asciiValue! - Character("P").asciiValue!) + 1))
        case "M" where introducer == 0x4F: return .key(.enter)
        case "p"..."y" where introducer == 0x4F:
            return .key(.character(Character(Unicode.Scalar(final.asciiValue! - Character("p").asciiValue! + 0x30))))
        case "~" where introducer == 0x5B:
            guard let n = firstNumber, !text.hasPrefix("<"), !text.hasPrefix("?") else { return .dropped }
            switch n {
            case 1, 7: return .key(.home)
            case 4, 8: return .key(.end)
            case 3: return .key(.delete)
            case 5: return .key(.pageUp)
            case 6: return .key(.pageDown)
            case 11...15: return .key(.function(n - 10))
            case 17...21: return .key(.function(n - 11))
            case 23, 24: return .key(.function(n - 12))
            case 200: return .pasteStart
            default: return .dropped
            }
        default:
            return .dropped
        }
    }
}
