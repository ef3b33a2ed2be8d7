import Foundation

/// The fixed, safe crisis reply with the region's help line (FACTS.md, "Crisis help lines").
///
/// Built from catalog parts (`crisis.*`) in the order the safe-messaging points ask for
/// (988 Lifeline, Samaritans, WHO media guide, reportingonsuicide.org — FACTS.md):
/// 1. `crisis.opening` — thanks them for saying it; no arguing, no minimising, no lecture;
/// 2. `crisis.line` (+ `crisis.alsoLine`) — help exists, named with its number;
///    `crisis.directory` where FACTS.md says so (Russia, unknown regions);
/// 3. `crisis.danger` (`crisis.danger.local` without a known number) — if in danger now, call the emergency number and don't stay alone;
/// 4. `crisis.honest` — Lanternly is not a counsellor or an emergency service.
/// Never mentions methods or means. No model is involved.
public enum CrisisReply {
    /// The reply text for `language`, naming the help line and emergency number of `region`
    /// (ISO 3166-1 alpha-2, e.g. `US`, `RU`; `nil` or unknown: the directory and 112).
    public static func text(language: AppLanguage, region: String?) -> String {
        do {
            return text(language: language, helpLine: HelpLine.forRegion(region), catalog: try StringCatalog.shipped())
        } catch {
            // The shipped catalog is unreadable (a broken install). A person in crisis still
            // gets the numbers: this one line is deliberately not in the catalog.
            return emergencyFallback(HelpLine.forRegion(region))
        }
    }

    /// The reply for an explicit help line and catalog (tests, other catalogs).
    ///
    /// - Returns: 4–6 short sentences separated by single spaces.
    public static func text(language: AppLanguage, helpLine: HelpLine, catalog: StringCatalog) -> String {
        var parts = [catalog.string("crisis.opening", language)]
        for (i, line) in helpLine.lines.enumerated() {
            parts.append(catalog.format(i == 0 ? "crisis.line" : "crisis.alsoLine", language,
                                        catalog.string(line.nameKey, language),
                                        numbers(line, language, catalog)))
        }
        if helpLine.showsDirectory {
            parts.append(catalog.format("crisis.directory", language, HelpLine.directory))
        }
        if helpLine.emergency.isEmpty {
            parts.append(catalog.string("crisis.danger.local", language))
        } else {
            parts.append(catalog.format("crisis.danger", language, joinedWithOr(helpLine.emergency, language, catalog)))
        }
        parts.append(catalog.string("crisis.honest", language))
        return parts.joined(separator: " ")
    }

    private static func joinedWithOr(_ items: [String], _ language: AppLanguage, _ catalog: StringCatalog) -> String {
        guard var result = items.first else { return "" }
        for item in items.dropFirst() { result = catalog.format("crisis.or", language, result, item) }
        return result
    }

    private static func numbers(_ line: HelpLine.Line, _ language: AppLanguage, _ catalog: StringCatalog) -> String {
        let plain = joinedWithOr(line.numbers, language, catalog)
        guard let mobile = line.fromMobile else { return plain }
        return catalog.format("crisis.fromMobile", language, plain, mobile)
    }

    private static func emergencyFallback(_ helpLine: HelpLine) -> String {
        let lines = helpLine.lines.map { $0.numbers.joined(separator: " / ") }
        let emergency = helpLine.emergency.isEmpty ? "112" : helpLine.emergency.joined(separator: " / ")
        var text = "Thank you for telling me. Please reach out now"
        if !lines.isEmpty { text += ": " + lines.joined(separator: ", ") }
        text += " (more lines at \(HelpLine.directory)). If you are in danger, call \(emergency)."
        return text
    }
}
