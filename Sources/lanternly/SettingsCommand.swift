import Foundation
import LanternlyCore

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
                try Output.json(s)
            } else {
                Output.line("gender    \(s.gender.rawValue)")
                // `auto` shows what it resolves to now (CrisisRegion: locale, then profile).
                let auto = CrisisRegion.resolve(setting: nil, environment: context.environment,
                                                profileRegion: { (try? context.liveProfile())?.profile.region })
                Output.line("region    \(s.region ?? "auto (\(auto ?? "none"))")")
                Output.line("path      \(s.lifePath.rawValue)")
                Output.line("language  \(s.language?.rawValue ?? "auto")")
                Output.line("history   \(s.keepChatHistory ? "on" : "off")")
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
            guard let g = GrammaticalGender(rawValue: value) else {
                throw CLIError.usage("settings: gender takes feminine, masculine or neutral, not '\(value)'.")
            }
            s.gender = g
        case "region":
            if value.lowercased() == "auto" { s.region = nil; return }
            guard let code = UserSettings.regionCode(value) else {
                throw CLIError.usage("settings: region takes a two-letter code such as US, GB or RU, or 'auto', not '\(value)'.")
            }
            s.region = code
        case "path":
            guard let p = LifePath(rawValue: value) else {
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
            case "on", "true", "yes": s.keepChatHistory = true
            case "off", "false", "no": s.keepChatHistory = false
            default: throw CLIError.usage("settings: history takes on or off, not '\(value)'.")
            }
        case "answers":
            switch value.lowercased() {
            case "journal", "on", "true", "yes": s.answersToJournal = true
            case "chat", "off", "false", "no": s.answersToJournal = false
            default: throw CLIError.usage("settings: answers takes journal (the daily question's answers become entries) or chat, not '\(value)'.")
            }
        default:
            throw CLIError.usage("settings: unknown key '\(key)'. Keys: gender, region, path, language, history, answers.")
        }
    }
}
