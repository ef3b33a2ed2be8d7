import Foundation
import LanternlyCore
import ModelServer

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
                struct Shown: Encodable {
                    let gender, region, path, language, history, answers: String
                    let resolved: [String: String]
                }
                let v = s.shown
                let autoRegion = CrisisRegion.resolve(setting: s.region, environment: context.environment,
                                                      profileRegion: { (try? context.liveProfile())?.profile.region })
                try Output.json(Shown(gender: v["gender"]!, region: v["region"]!, path: v["path"]!,
                                      language: v["language"]!, history: v["history"]!, answers: v["answers"]!,
                                      resolved: ["region": autoRegion ?? "none", "language": context.language.rawValue]))
            } else {
                Output.line("gender    \(s.gender.rawValue)")
                // `auto` shows what it resolves to now (CrisisRegion: locale, then profile).
                let auto = CrisisRegion.resolve(setting: nil, environment: context.environment,
                                                profileRegion: { (try? context.liveProfile())?.profile.region })
                Output.line("region    \(s.region ?? "auto (\(auto ?? "none"))")")
                Output.line("path      \(s.lifePath.rawValue)")
                Output.line("language  \(s.language?.rawValue ?? "auto")")
                Output.line("history   \(s.keepChatHistory ? "on" : "off")")
                // The model server, with the environment's overrides as they apply now.
                let m = s.model.overridden(by: context.environment)
                Output.line("model.server       \(m.server ?? "none (no network)")")
                Output.line("model.name         \(m.name ?? "none")")
                Output.line("model.languages    \(m.languages?.joined(separator: ",") ?? "auto (\(AppLanguage.allCases.map(\.rawValue).joined(separator: ",")))")")
                Output.line("model.allowRemote  \(m.allowRemote ? "true" : "false")")
                Output.line("answers   \(s.answersToJournal ? "journal" : "chat")")
            }
            return 0
        case "set"?:
            guard words.count == 3 else {
                throw CLIError.usage("settings set needs KEY and VALUE, e.g. 'lanternly settings set gender feminine'.")
            }
            var s = context.settings
            try apply(key: words[1], value: words[2], to: &s)
            try context.saveSettings(s)
            Output.line("\(words[1]) = \(words[2])")
            return 0
        case let other?:
            throw CLIError.usage("settings: unknown action '\(other)'. Use 'show' or 'set KEY VALUE'.")
        }
    }

    /// Applies one `KEY VALUE` pair.
    ///
    /// - Throws: ``CLIError/usage(_:)`` naming the key and the values it takes.
    static func apply(key: String, value: String, to s: inout UserSettings) throws {
        switch key {
        case "gender":
            guard let g = GrammaticalGender(rawValue: value.lowercased()) else {
                throw CLIError.usage("settings: gender takes feminine, masculine or neutral, not '\(value)'.")
            }
            s.gender = g
        case "region":
            if value.lowercased() == "auto" { s.region = nil; return }
            guard let code = UserSettings.regionCode(value) else {
                throw CLIError.usage("settings: region takes auto or a country code (ISO 3166-1), such as US, GB, RU, DE or JP — '\(value)' is not one.")
            }
            s.region = code
        case "path":
            guard let p = LifePath(rawValue: value.lowercased()) else {
                throw CLIError.usage("settings: path takes calm, growth or connection, not '\(value)'.")
            }
            s.lifePath = p
        case "language", "lang":
            if value.lowercased() == "auto" { s.language = nil; return }
            guard let l = AppLanguage(rawValue: value.lowercased()) else {
                throw CLIError.usage("settings: language takes en, ru or auto, not '\(value)'.")
            }
            s.language = l
        case "history":
            switch value.lowercased() {
            case "on", "true": s.keepChatHistory = true
            case "off", "false": s.keepChatHistory = false
            default: throw CLIError.usage("settings: history takes on or off (true or false), not '\(value)'.")
            }
        case "model.server":
            if ["none", "off", ""].contains(value.lowercased()) { s.model.server = nil; return }
            do {
                _ = try ModelServerConfiguration.parse(value)
            } catch {
                throw CLIError.usage(Context.describeServerURLError(error, url: value, source: "settings: model.server"))
            }
            s.model.server = value
        case "model.name":
            let name = value.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else {
                throw CLIError.usage("settings: model.name takes the model's name on the server, e.g. llama3.2, not '\(value)'.")
            }
            s.model.name = name
        case "model.languages":
            if value.lowercased() == "auto" { s.model.languages = nil; return }
            let codes = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let known = codes.compactMap { AppLanguage(code: $0)?.rawValue }
            guard !codes.isEmpty, known.count == codes.count else {
                throw CLIError.usage("settings: model.languages takes comma-separated codes of \(AppLanguage.allCases.map(\.rawValue).joined(separator: ", ")) (e.g. en,ru), or 'auto', not '\(value)'.")
            }
            s.model.languages = known
        case "model.allowRemote":
            switch value.lowercased() {
            case "true", "on", "yes": s.model.allowRemote = true
            case "false", "off", "no": s.model.allowRemote = false
            default: throw CLIError.usage("settings: model.allowRemote takes true or false, not '\(value)'.")
            }
        case "answers":
            switch value.lowercased() {
            case "journal", "on", "true", "yes": s.answersToJournal = true
            case "chat", "off", "false", "no": s.answersToJournal = false
            default: throw CLIError.usage("settings: answers takes journal (the daily question's answers become entries) or chat, not '\(value)'.")
            }
        default:
            throw CLIError.usage("settings: unknown key '\(key)'. Keys: gender, region, path, language, history, model.server, model.name, model.languages, model.allowRemote, answers.")
        }
    }
}
