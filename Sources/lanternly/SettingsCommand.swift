import Foundation
import LanternlyCore
import ModelServer
import TerminalUI

/// `lanternly settings`: the person's own settings (not the simulated device's).
enum SettingsCommand {
    static let command = Command(
        name: "settings",
        run: run)

    static func run(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let json = args.flag("--json")
        let words = try args.positionals()
        switch words.first {
        case nil, "show"?:
            let s = context.settings
            if json {
                // The names and values `settings set` takes; `resolved` says what `auto` means now.
                // (the model server's as stored; `model.name` is null until one is set).
                struct Shown: Encodable {
                    let values: [String: String]
                    let modelName: String?
                    let resolved: [String: String]
                    struct Key: CodingKey {
                        var stringValue: String
                        var intValue: Int? { nil }
                        init(stringValue: String) { self.stringValue = stringValue }
                        init?(intValue: Int) { nil }
                    }
                    func encode(to encoder: Encoder) throws {
                        var c = encoder.container(keyedBy: Key.self)
                        for (k, v) in values { try c.encode(v, forKey: Key(stringValue: k)) }
                        try c.encode(modelName, forKey: Key(stringValue: "model.name"))
                        try c.encode(resolved, forKey: Key(stringValue: "resolved"))
                    }
                }
                var v = s.shown
                v["model.server"] = s.model.server ?? "none"
                v["model.languages"] = s.model.languages?.joined(separator: ",") ?? "auto"
                v["model.allowRemote"] = s.model.allowRemote ? "true" : "false"
                v["memory"] = s.keepMemories ? "on" : "off"
                let autoRegion = CrisisRegion.resolve(setting: s.region, environment: context.environment,
                                                      profileRegion: { (try? context.liveProfile())?.profile.region })
                try Output.json(Shown(values: v, modelName: s.model.name,
                                      resolved: ["region": autoRegion ?? "none", "language": context.language.rawValue]))
            } else {
                // The names and values `settings set` takes, then what each one is in the
                // person's language (`cli.settings.label.KEY`).
                let auto = CrisisRegion.resolve(setting: nil, environment: context.environment,
                                                profileRegion: { (try? context.liveProfile())?.profile.region })
                // The model server, with the environment's overrides as they apply now.
                let m = s.model.overridden(by: context.environment)
                let rows: [(String, String)] = [
                    ("gender", s.gender.rawValue),
                    // `auto` shows what it resolves to now (CrisisRegion: locale, then profile).
                    ("region", s.region ?? "auto (\(auto ?? "none"))"),
                    ("path", s.lifePath.rawValue),
                    ("language", s.language?.rawValue ?? "auto"),
                    ("history", s.keepChatHistory ? "on" : "off"),
                    ("memory", s.keepMemories ? "on" : "off"),
                    ("model.server", m.server ?? "none"),
                    ("model.name", m.name ?? "none"),
                    ("model.languages", m.languages?.joined(separator: ",") ?? "auto (\(AppLanguage.allCases.map(\.rawValue).joined(separator: ",")))"),
                    ("model.allowRemote", m.allowRemote ? "true" : "false"),
                    ("answers", s.answersToJournal ? "journal" : "chat"),
                ]
                let valueWidth = rows.map { DisplayWidth.of($0.1) }.max() ?? 0
                for (key, value) in rows {
                    let label = context.text("cli.settings.label." + key)
                    Output.line(key.padding(toLength: 19, withPad: " ", startingAt: 0) + value
                                + String(repeating: " ", count: valueWidth - DisplayWidth.of(value) + 2) + label)
                }
            }
            return 0
        case "set"?:
            guard words.count == 3 else {
                throw CLIError.usage(key: "cli.settings.setNeedsKey")
            }
            var s = context.settings
            try apply(key: words[1], value: words[2], to: &s, context: context)
            try context.saveSettings(s)
            Output.line("\(words[1]) = \(words[2])")
            // Say it plainly when journal text will leave the machine.
            let m = s.model.overridden(by: context.environment)
            if m.allowRemote, let url = m.server, let c = try? ModelServerConfiguration(settings: m), c.isRemote {
                Output.line(context.catalog.format("banner.server.remote", context.language, url))
            }
            return 0
        case let other?:
            throw CLIError.usage(key: "cli.settings.unknownAction", other)
        }
    }

    /// Every key `settings set` takes (each is in `cli.help.settings`).
    static let keys = ["gender", "region", "path", "language", "history", "model.server", "model.name",
                       "model.languages", "model.allowRemote", "answers", "memory"]

    /// The values shell completion offers for `settings set KEY` (each one `apply` takes;
    /// `model.name` and `model.server` take any name or URL: a usual one is offered).
    static func completionValues(_ key: String) -> [String] {
        switch key {
        case "gender": return GrammaticalGender.allCases.map(\.rawValue)
        case "region": return ["auto"] + UserSettings.isoRegionCodes.sorted()
        case "path": return LifePath.allCases.map(\.rawValue)
        case "language": return AppLanguage.allCases.map(\.rawValue) + ["auto"]
        case "history", "memory": return ["on", "off"]
        case "model.server": return ["none", "http://127.0.0.1:11434/v1"]
        case "model.languages": return ["auto"] + AppLanguage.allCases.map(\.rawValue)
        case "model.allowRemote": return ["true", "false"]
        case "answers": return ["journal", "chat"]
        default: return []
        }
    }

    /// Applies one `KEY VALUE` pair.
    ///
    /// - Throws: ``CLIError/usage(_:)`` naming the key and the values it takes.
    static func apply(key: String, value: String, to s: inout UserSettings, context: Context) throws {
        /// "KEY takes ALLOWED, not 'VALUE'." in the UI language.
        func refused(_ allowed: String) -> CLIError {
            CLIError.usage(context.text("cli.settings.badValue", key, allowed, value))
        }
        switch key {
        case "gender":
            guard let g = GrammaticalGender(rawValue: value.lowercased()) else {
                throw refused("feminine, masculine, neutral")
            }
            s.gender = g
        case "region":
            if value.lowercased() == "auto" { s.region = nil; return }
            guard let code = UserSettings.regionCode(value) else {
                throw refused(context.text("cli.settings.regionValues"))
            }
            s.region = code
        case "path":
            guard let p = LifePath(rawValue: value.lowercased()) else {
                throw refused("calm, growth, connection")
            }
            s.lifePath = p
        case "language", "lang":
            if value.lowercased() == "auto" { s.language = nil; return }
            guard let l = AppLanguage(rawValue: value.lowercased()) else {
                throw refused((AppLanguage.allCases.map(\.rawValue) + ["auto"]).joined(separator: ", "))
            }
            s.language = l
        case "history":
            switch value.lowercased() {
            case "on", "true": s.keepChatHistory = true
            case "off", "false": s.keepChatHistory = false
            default: throw refused("on, off (true, false)")
            }
        case "model.server":
            if ["none", "off", ""].contains(value.lowercased()) { s.model.server = nil; return }
            do {
                _ = try ModelServerConfiguration.parse(value)
            } catch {
                throw CLIError.usage(context.describeServerURLError(error, url: value, source: "settings: model.server"))
            }
            s.model.server = value
        case "model.name":
            let name = value.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else {
                throw CLIError.usage(key: "cli.settings.badModelName", value)
            }
            s.model.name = name
        case "model.languages":
            if value.lowercased() == "auto" { s.model.languages = nil; return }
            let codes = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let known = codes.compactMap { AppLanguage(code: $0)?.rawValue }
            guard !codes.isEmpty, known.count == codes.count else {
                throw CLIError.usage(key: "cli.settings.badModelLanguages", AppLanguage.allCases.map(\.rawValue).joined(separator: ", "), value)
            }
            s.model.languages = known
        case "model.allowRemote":
            switch value.lowercased() {
            case "true", "on": s.model.allowRemote = true
            case "false", "off": s.model.allowRemote = false
            default: throw refused("true, false (on, off)")
            }
        case "memory":
            switch value.lowercased() {
            case "on", "true", "yes": s.keepMemories = true
            case "off", "false", "no": s.keepMemories = false
            default: throw refused("on, off")
            }
        case "answers":
            switch value.lowercased() {
            case "journal", "on", "true": s.answersToJournal = true
            case "chat", "off", "false": s.answersToJournal = false
            default: throw refused("journal, chat (on, off)")
            }
        default:
            throw CLIError.usage(context.text("cli.settings.unknownKey", key, keys.joined(separator: ", ")))
        }
    }
}
