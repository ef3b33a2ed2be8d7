import Foundation

/// The crisis help lines and emergency number of one region (FACTS.md, "Crisis help lines",
/// checked against public sources 2024–2026).
///
/// Numbers are stored as they are dialled and shown (`116 123`, `8-800-2000-122`); line names
/// are catalog keys (`crisis.line.*`) so they read naturally in each language.
public struct HelpLine: Hashable, Sendable {
    /// One line to call.
    public struct Line: Hashable, Sendable {
        /// The catalog key of the line's name, e.g. `crisis.line.us`.
        public let nameKey: String
        /// The numbers, any of which reaches the line (e.g. Germany has two).
        public let numbers: [String]
        /// The number to dial from a mobile phone when it differs (Moscow's `051`).
        public let fromMobile: String?

        public init(nameKey: String, numbers: [String], fromMobile: String? = nil) {
            self.nameKey = nameKey
            self.numbers = numbers
            self.fromMobile = fromMobile
        }
    }

    /// ISO 3166-1 alpha-2 code (`US`, `RU`…); `nil` for the worldwide fallback.
    public let region: String?
    /// The lines to name, most relevant first; empty for the fallback.
    public let lines: [Line]
    /// Emergency numbers; empty means "the local emergency number (112 from most mobiles)".
    public let emergency: [String]
    /// Whether the reply also points to the directory (``directory``).
    public let showsDirectory: Bool

    public init(region: String?, lines: [Line], emergency: [String], showsDirectory: Bool = false) {
        self.region = region
        self.lines = lines
        self.emergency = emergency
        self.showsDirectory = showsDirectory
    }

    /// The worldwide directory of free, confidential help lines (FACTS.md, "anywhere else").
    public static let directory = "findahelpline.com"

    /// Anywhere else: the directory and the local emergency number.
    public static let fallback = HelpLine(region: nil, lines: [], emergency: [], showsDirectory: true)

    /// Every region FACTS.md lists, in its order.
    public static let all: [HelpLine] = [
        HelpLine(region: "US", lines: [Line(nameKey: "crisis.line.us", numbers: ["988"])], emergency: ["911"]),
        HelpLine(region: "CA", lines: [Line(nameKey: "crisis.line.ca", numbers: ["988"])], emergency: ["911"]),
        HelpLine(region: "GB", lines: [Line(nameKey: "crisis.line.gb", numbers: ["116 123"])], emergency: ["999", "112"]),
        HelpLine(region: "IE", lines: [Line(nameKey: "crisis.line.gb", numbers: ["116 123"])], emergency: ["999", "112"]),
        // Russia has no national adult crisis line: show 112 and the directory too (FACTS.md).
        HelpLine(region: "RU",
                 lines: [Line(nameKey: "crisis.line.ru.children", numbers: ["8-800-2000-122"]),
                         Line(nameKey: "crisis.line.ru.moscow", numbers: ["051"], fromMobile: "+7 495 051")],
                 emergency: ["112"], showsDirectory: true),
        HelpLine(region: "UA", lines: [Line(nameKey: "crisis.line.ua", numbers: ["7333"])], emergency: ["112"]),
        HelpLine(region: "DE", lines: [Line(nameKey: "crisis.line.de", numbers: ["0800 111 0 111", "0800 111 0 222"])],
                 emergency: ["112"]),
        HelpLine(region: "FR", lines: [Line(nameKey: "crisis.line.fr", numbers: ["3114"])], emergency: ["112", "15"]),
        HelpLine(region: "ES", lines: [Line(nameKey: "crisis.line.es", numbers: ["024"])], emergency: ["112"]),
        HelpLine(region: "JP", lines: [Line(nameKey: "crisis.line.jp", numbers: ["0120-279-338"])], emergency: ["119"]),
        HelpLine(region: "KR", lines: [Line(nameKey: "crisis.line.kr", numbers: ["109"])], emergency: ["119"]),
        HelpLine(region: "CN", lines: [Line(nameKey: "crisis.line.cn", numbers: ["12356"])], emergency: ["120"]),
        HelpLine(region: "TW", lines: [Line(nameKey: "crisis.line.tw", numbers: ["1925"])], emergency: ["119"]),
        HelpLine(region: "HK", lines: [Line(nameKey: "crisis.line.hk", numbers: ["18111"])], emergency: ["999"]),
        HelpLine(region: "AU", lines: [Line(nameKey: "crisis.line.au", numbers: ["13 11 14"])], emergency: ["000"]),
        HelpLine(region: "IN", lines: [Line(nameKey: "crisis.line.in", numbers: ["14416"])], emergency: ["112"]),
        HelpLine(region: "BR", lines: [Line(nameKey: "crisis.line.br", numbers: ["188"])], emergency: ["192"]),
    ]

    private static let byRegion: [String: HelpLine] = {
        var table: [String: HelpLine] = [:]
        for line in all { if let r = line.region { table[r] = line } }
        return table
    }()

    /// The help line for `region`.
    ///
    /// - Parameter region: ISO 3166-1 alpha-2 code in any case, surrounding spaces ignored;
    ///   `UK` is read as `GB`; a locale such as `ru_RU` or `en-GB` is read by its region part.
    /// - Returns: the region's entry, or ``fallback`` for `nil`, empty or unknown regions.
    public static func forRegion(_ region: String?) -> HelpLine {
        guard var code = region?.trimmingCharacters(in: .whitespacesAndNewlines), !code.isEmpty else {
            return fallback
        }
        if let sep = code.firstIndex(where: { $0 == "_" || $0 == "-" }) {
            code = String(code[code.index(after: sep)...].prefix(while: { $0.isLetter }))
        }
        code = code.uppercased()
        if code == "UK" { code = "GB" }
        return byRegion[code] ?? fallback
    }
}
