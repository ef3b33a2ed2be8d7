/// What the full-screen app does when the terminal's locale is not UTF-8 and no UTF-8 locale
/// can be set (`setlocale(3)` found neither the person's locale nor `C.UTF-8`): curses then
/// reads and writes single bytes, so typed UTF-8 is assembled here and drawn as ASCII.
public enum ASCIIFallback {
    /// An ASCII stand-in for a grapheme, exactly as wide in cells as ``DisplayWidth`` says the
    /// grapheme is: the app's own symbols by their usual ASCII forms (`›` as `>`, `·` as `-`,
    /// `…` as `.`, arrows as `<` `>` `^` `v`), Latin letters with marks by their base letter,
    /// anything else by `?` per cell. Zero-width graphemes give `""`.
    public static func standIn(for grapheme: Character) -> String {
        let width = DisplayWidth.of(grapheme)
        guard width > 0 else { return "" }
        if let a = grapheme.asciiValue, a >= 0x20, a < 0x7F { return String(grapheme) }
        if let first = grapheme.unicodeScalars.first {
            if let mapped = symbols[first.value], width == 1 { return mapped }
            // A letter with combining marks (é as e + U+0301): its base letter.
            if first.isASCII, first.value >= 0x20, first.value < 0x7F, width == 1 { return String(first) }
            if let base = latinBase(first), width == 1 { return base }
        }
        return String(repeating: "?", count: width)
    }

    private static let symbols: [UInt32: String] = [
        0x203A: ">", 0x2039: "<", 0x00B7: "-", 0x2022: "*", 0x2026: ".", 0x2014: "-", 0x2013: "-",
        0x2191: "^", 0x2193: "v", 0x2190: "<", 0x2192: ">", 0x2605: "*", 0x2606: "*",
        0x201C: "\"", 0x201D: "\"", 0x00AB: "\"", 0x00BB: "\"", 0x2018: "'", 0x2019: "'",
        0x00A0: " ", 0x2500: "-", 0x2502: "|", 0x25B8: ">", 0x25B2: "^", 0x25BC: "v",
    ]

    /// The base letter of a precomposed Latin-1 letter (é → e), or `nil`.
    private static func latinBase(_ s: Unicode.Scalar) -> String? {
        let table: [(ClosedRange<UInt32>, String)] = [
            (0xC0...0xC5, "A"), (0xC7...0xC7, "C"), (0xC8...0xCB, "E"), (0xCC...0xCF, "I"),
            (0xD1...0xD1, "N"), (0xD2...0xD6, "O"), (0xD9...0xDC, "U"), (0xDD...0xDD, "Y"),
            (0xE0...0xE5, "a"), (0xE7...0xE7, "c"), (0xE8...0xEB, "e"), (0xEC...0xEF, "i"),
            (0xF1...0xF1, "n"), (0xF2...0xF6, "o"), (0xF9...0xFC, "u"), (0xFD...0xFD, "y"), (0xFF...0xFF, "y"),
        ]
        return table.first { $0.0.contains(s.value) }?.1
    }

    /// Assembles UTF-8 from bytes read one at a time (as curses returns them in a non-UTF-8
    /// locale), so what the person typed is kept whole.
    public struct UTF8Assembler: Sendable {
        private var bytes: [UInt8] = []
        private var expected = 0

        public init() {}

        /// Feeds one byte. - Returns: the scalars completed by it: none while more bytes are
        /// due, U+FFFD for a malformed sequence (never silently nothing), and after a sequence
        /// that broke off, U+FFFD followed by what the new byte starts.
        public mutating func feed(_ byte: UInt8) -> [Unicode.Scalar] {
            if expected == 0 {
                switch byte {
                case 0x00...0x7F: return [Unicode.Scalar(byte)]
                case 0xC2...0xDF: expected = 2
                case 0xE0...0xEF: expected = 3
                case 0xF0...0xF4: expected = 4
                default: return ["\u{FFFD}"]
                }
                bytes = [byte]
                return []
            }
            guard byte & 0xC0 == 0x80 else {
                expected = 0; bytes = []
                return ["\u{FFFD}"] + feed(byte)
            }
            bytes.append(byte)
            guard bytes.count == expected else { return [] }
            defer { expected = 0; bytes = [] }
            let s = String(decoding: bytes, as: UTF8.self).unicodeScalars
            return s.count == 1 ? [s.first!] : ["\u{FFFD}"]
        }

        /// Whether a sequence is partly read.
        public var isPending: Bool { expected != 0 }
    }
}
