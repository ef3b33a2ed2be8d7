import Foundation

/// The fixed, safe crisis and concern replies with the region's help line (FACTS.md,
/// "Crisis help lines").
///
/// Both are built from catalog parts in the order the safe-messaging points ask for
/// (988 Lifeline, Samaritans, WHO media guide, reportingonsuicide.org — FACTS.md), in the
/// **message's** language (``SafetyLanguage``; any part missing in a language falls back
/// to English).
///
/// The crisis reply (the person is at risk), `crisis.*`:
/// 1. `crisis.opening` — thanks them for saying it; no arguing, no minimising, no lecture;
/// 2. `crisis.line` (+ `crisis.alsoLine`) — help exists, named with its number;
///    `crisis.directory` where FACTS.md says so (Russia, unknown regions); with no national
///    line at all (Turkey, no region) `crisis.helpExists` says plainly that help exists first;
/// 3. `crisis.danger` (`crisis.danger.local` without a known number) — if in danger now,
///    call the emergency number and don't stay alone;
/// 4. `crisis.honest` — Lanternly is not a counsellor or an emergency service.
///
/// The concern reply (someone else is at risk), `concern.*`:
/// 1. `concern.opening` — thanks them; take it seriously;
/// 2. `concern.support` — stay with them or keep in touch, ask directly, listen, don't
///    promise secrecy;
/// 3. `concern.line` (+ `crisis.alsoLine`, `crisis.directory`) — help them reach the line;
///    with no national line at all `concern.helpExists` says plainly that help exists, for
///    them and for the writer, before the directory sentence;
/// 4. `concern.danger` (`concern.danger.local`) — if in danger now, call the emergency number;
/// 5. `concern.honest` — Lanternly is not a counsellor; look after yourself too.
///
/// Never mentions methods or means. No model is involved.
public enum CrisisReply {
    /// The crisis reply in `language`, naming the help line and emergency number of `region`.
    ///
    /// - Parameters:
    ///   - language: the message's language.
    ///   - region: ISO 3166-1 alpha-2 (`US`, `RU`; see ``HelpLine/forRegion(_:)``); `nil` or
    ///     unknown: the directory and 112.
    /// - Returns: 4–6 short sentences separated by single spaces.
    public static func text(language: SafetyLanguage, region: String?) -> String {
        let help = HelpLine.forRegion(region)
        guard let catalog = try? StringCatalog.shipped() else { return emergencyFallback(help) }
        return text(language: language, helpLine: help, catalog: catalog)
    }

    /// The concern reply in `language` (someone else is at risk): how to support them, with
    /// the help line and emergency number of `region`.
    ///
    /// - Parameters:
    ///   - language: the message's language.
    ///   - region: as in ``text(language:region:)-swift.type.method``.
    /// - Returns: 5–7 short sentences separated by single spaces.
    public static func concernText(language: SafetyLanguage, region: String?) -> String {
        let help = HelpLine.forRegion(region)
        guard let catalog = try? StringCatalog.shipped() else { return emergencyFallback(help) }
        return concernText(language: language, helpLine: help, catalog: catalog)
    }

    /// The crisis reply in a UI language (kept for callers that have no message language).
    /// Disfavoured so a bare `.english` picks the ``SafetyLanguage`` overload (same text).
    @_disfavoredOverload
    public static func text(language: AppLanguage, region: String?) -> String {
        text(language: SafetyLanguage(language), region: region)
    }

    /// The concern reply in a UI language.
    @_disfavoredOverload
    public static func concernText(language: AppLanguage, region: String?) -> String {
        concernText(language: SafetyLanguage(language), region: region)
    }

    /// The crisis reply for an explicit help line and catalog (tests, other catalogs).
    @_disfavoredOverload
    public static func text(language: AppLanguage, helpLine: HelpLine, catalog: StringCatalog) -> String {
        text(language: SafetyLanguage(language), helpLine: helpLine, catalog: catalog)
    }

    /// The crisis reply for an explicit help line and catalog (tests, other catalogs).
    ///
    /// - Returns: 4–6 short sentences separated by single spaces.
    public static func text(language: SafetyLanguage, helpLine: HelpLine, catalog: StringCatalog) -> String {
        let code = language.rawValue
        var parts = [catalog.string("crisis.opening", code: code)]
        // No national line (Turkey, an unknown region): still say plainly that help exists
        // and they need not carry it alone, before the directory sentence (safe-messaging
        // points, FACTS.md).
        if helpLine.lines.isEmpty { parts.append(catalog.string("crisis.helpExists", code: code)) }
        parts += lines(helpLine, first: "crisis.line", code, catalog)
        if helpLine.emergency.isEmpty {
            parts.append(catalog.string("crisis.danger.local", code: code))
        } else {
            parts.append(catalog.format("crisis.danger", code: code,
                                        arguments: [joinedWithOr(helpLine.emergency, code, catalog)]))
        }
        parts.append(catalog.string("crisis.honest", code: code))
        return parts.joined(separator: separator(language))
    }

    /// The concern reply for an explicit help line and catalog (tests, other catalogs).
    ///
    /// - Returns: 5–7 short sentences separated by single spaces.
    public static func concernText(language: SafetyLanguage, helpLine: HelpLine, catalog: StringCatalog) -> String {
        let code = language.rawValue
        var parts = [catalog.string("concern.opening", code: code), catalog.string("concern.support", code: code)]
        // No national line: help exists for them and for the writer, said before the directory.
        if helpLine.lines.isEmpty { parts.append(catalog.string("concern.helpExists", code: code)) }
        parts += lines(helpLine, first: "concern.line", code, catalog)
        if helpLine.emergency.isEmpty {
            parts.append(catalog.string("concern.danger.local", code: code))
        } else {
            parts.append(catalog.format("concern.danger", code: code,
                                        arguments: [joinedWithOr(helpLine.emergency, code, catalog)]))
        }
        parts.append(catalog.string("concern.honest", code: code))
        return parts.joined(separator: separator(language))
    }

    /// Chinese and Japanese sentences end with a full-width stop and take no space after it.
    private static func separator(_ language: SafetyLanguage) -> String {
        switch language {
        case .japanese, .chineseSimplified, .chineseTraditional: return ""
        default: return " "
        }
    }

    /// The line sentences: `first` for the first line, `crisis.alsoLine` for the others, and
    /// `crisis.directory` when the region shows it.
    private static func lines(_ helpLine: HelpLine, first: String, _ code: String, _ catalog: StringCatalog) -> [String] {
        var parts: [String] = []
        for (i, line) in helpLine.lines.enumerated() {
            parts.append(catalog.format(i == 0 ? first : "crisis.alsoLine", code: code,
                                        arguments: [name(line, code, catalog), numbers(line, code, catalog)]))
        }
        if helpLine.showsDirectory {
            parts.append(catalog.format("crisis.directory", code: code, arguments: [HelpLine.directory]))
        }
        return parts
    }

    /// The line's name with what is known of its hours (`crisis.note.*`).
    private static func name(_ line: HelpLine.Line, _ code: String, _ catalog: StringCatalog) -> String {
        let name = catalog.string(line.nameKey, code: code)
        let note: String
        switch line.hours {
        case .unstated: return name
        case .allDay: note = "crisis.note.allDay"
        case .allDayCallOrText: note = "crisis.note.allDayText"
        case .limited: note = "crisis.note.limited"
        }
        return catalog.format(note, code: code, arguments: [name])
    }

    private static func joinedWithOr(_ items: [String], _ code: String, _ catalog: StringCatalog) -> String {
        guard var result = items.first else { return "" }
        for item in items.dropFirst() { result = catalog.format("crisis.or", code: code, arguments: [result, item]) }
        return result
    }

    private static func numbers(_ line: HelpLine.Line, _ code: String, _ catalog: StringCatalog) -> String {
        let plain = joinedWithOr(line.numbers, code, catalog)
        guard let mobile = line.fromMobile else { return plain }
        return catalog.format("crisis.fromMobile", code: code, arguments: [plain, mobile])
    }

    /// The shipped catalog is unreadable (a broken install). A person in crisis still gets the
    /// numbers: this one line is deliberately not in the catalog.
    private static func emergencyFallback(_ helpLine: HelpLine) -> String {
        let lines = helpLine.lines.map { $0.numbers.joined(separator: " / ") }
        let emergency = helpLine.emergency.isEmpty ? "112" : helpLine.emergency.joined(separator: " / ")
        var text = "Thank you for telling me. Please reach out now"
        if !lines.isEmpty { text += ": " + lines.joined(separator: ", ") }
        text += " (more lines at \(HelpLine.directory)). If you are in danger, call \(emergency)."
        return text
    }
}
