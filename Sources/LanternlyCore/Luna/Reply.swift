import Foundation

/// A language Lanternly ships (UI, bank, crisis text). Raw value: the BCP 47 code.
public enum AppLanguage: String, CaseIterable, Codable, Hashable, Sendable {
    case english = "en"
    case russian = "ru"

    /// Parses `en`, `ru`, `en_US.UTF-8`, `ru-RU`…; `nil` for a language we do not ship.
    public init?(code: String) {
        let lowered = code.lowercased()
        let base = lowered.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "." || $0 == "@" }).first.map(String.init) ?? lowered
        self.init(rawValue: base)
    }
}

extension AppLanguage {
    /// `d` with at most one decimal, in this language's way (Foundation's `NumberFormatter`:
    /// `3.5` in English, `3,5` in Russian; no grouping, so `7000` stays `7000`).
    public func formatNumber(_ d: Double) -> String {
        let f = NumberFormatter()
        f.locale = Locale(identifier: self == .russian ? "ru_RU" : "en_US")
        f.numberStyle = .decimal
        f.usesGroupingSeparator = false
        f.maximumFractionDigits = 1
        return f.string(from: NSNumber(value: d)) ?? String(d)
    }
}

/// Where a reply came from (DESIGN.md §3).
public enum ReplySource: String, CaseIterable, Codable, Hashable, Sendable {
    /// The fixed crisis reply; no model was involved.
    case crisis
    /// The on-device model, in the message's own language.
    case onDevice
    /// The on-device model through translation (e.g. Russian → English → Russian).
    case pivot
    /// The curated bank.
    case bank
    /// The fixed reply for someone worried about another person at risk (how to support
    /// them, with the help line); no model was involved. Same rules as ``crisis``.
    case concern

    /// The crisis path (``crisis`` or ``concern``): no model, nothing stored or logged but
    /// the source.
    public var isCrisisPath: Bool { self == .crisis || self == .concern }
}

/// One answer from Luna: its text, where it came from, and its language.
public struct Reply: Hashable, Sendable, Codable {
    public var text: String
    public var source: ReplySource
    public var language: AppLanguage
    /// `nil` for a whole reply; ``ReplyEnding/cutOff`` or ``ReplyEnding/stopped`` when the
    /// text is only part of what the model was writing.
    public var ending: ReplyEnding?

    public init(text: String, source: ReplySource, language: AppLanguage, ending: ReplyEnding? = nil) {
        self.text = text
        self.source = source
        self.language = language
        self.ending = ending
    }
}
