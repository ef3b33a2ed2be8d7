import LanternlyCore

/// The rows of the settings screen, in order. Profile rows write the hardware profile
/// (``AppDependencies/setProfile``); the others write `settings.json`.
public enum SettingsRow: String, CaseIterable, Hashable, Sendable {
    case appleIntelligence, device, os, freeStorage, modelLanguages, simulator
    case gender, lifePath, region, language, keepChatHistory, keepMemories, answersToJournal, eraseChat

    /// The string key of its label (`ui.settings.<name>`).
    public var labelKey: String { "ui.settings.\(rawValue)" }

    /// OS versions offered (26 is where the Foundation Models framework begins, DESIGN.md §2).
    /// Only those of the device's own system are offered (an iPhone: iOS).
    public static let osChoices = ["iOS 18.4", "iOS 26.0", "iOS 26.1", "iPadOS 18.4", "iPadOS 26.1",
                                   "macOS 15.5", "macOS 26.1", "visionOS 2.4", "visionOS 26.1"]
    /// Free storage in GB; the model needs about 7 GB (FACTS.md, "Apple Intelligence eligibility").
    public static let storageChoices: [Double] = [2, 5, 8, 16, 64, 256]
    /// Model language sets (FACTS.md: Russian is on no list; `en,ru` lets you pretend).
    public static let languageChoices: [[String]] = [
        ["en"], ["en", "ja"], ["en", "fr", "de", "it", "es", "pt", "ja", "ko", "zh"], ["en", "ru"],
    ]
    /// Every region of the help-line table (``HelpLine/all``); `""` means `auto`: the
    /// locale's territory, then the profile's region (``CrisisRegion``).
    public static let regionChoices = [""] + HelpLine.all.compactMap(\.region)
}

func cycle<T: Equatable>(_ choices: [T], from current: T?, by step: Int) -> T {
    guard !choices.isEmpty else { fatalError("empty choice list") }
    guard let current, let i = choices.firstIndex(of: current) else {
        return step >= 0 ? choices[0] : choices[choices.count - 1]
    }
    let n = choices.count
    return choices[((i + step) % n + n) % n]
}

/// Applies a change on a settings row: updates `state` and returns the effects that write it.
func changeSetting(_ row: SettingsRow, by step: Int, in state: inout AppState) -> [Effect] {
    func profileChange(_ body: (ProfileSettings) -> (String, String)?) -> [Effect] {
        guard let profile = state.status.profile else {
            state.notice = .failed(state.status.profileError ?? "profile")
            return []
        }
        guard let (key, value) = body(profile) else { return [] }
        return [.setProfile(key: key, value: value), .pollStatus]
    }
    var settings = state.settings
    switch row {
    case .appleIntelligence:
        // A device that cannot run it has no such switch (it can only be turned off).
        if let p = state.status.profile, !p.appleIntelligence, p.eligible == false {
            state.notice = .deviceCannotRunAppleIntelligence(device: p.device)
            return []
        }
        return profileChange { ("appleIntelligence", $0.appleIntelligence ? "false" : "true") }
    case .device:
        return profileChange { p in
            state.deviceNames.isEmpty ? nil : ("device", cycle(state.deviceNames, from: p.device, by: step))
        }
    case .os:
        return profileChange { p in
            // Only the systems the device runs: an iPhone is offered iOS versions alone.
            let family = p.platform ?? String(p.os.split(separator: " ").first ?? "")
            let choices = SettingsRow.osChoices.filter { $0.split(separator: " ").first.map(String.init) == family }
            return choices.isEmpty ? nil : ("os", cycle(choices, from: p.os, by: step))
        }
    case .freeStorage:
        return profileChange { p in
            let v = cycle(SettingsRow.storageChoices, from: p.freeStorageGB, by: step)
            return ("freeStorageGB", v == v.rounded() ? String(Int(v)) : String(v))
        }
    case .modelLanguages:
        return profileChange { ("modelLanguages", cycle(SettingsRow.languageChoices, from: $0.modelLanguages, by: step).joined(separator: ",")) }
    case .simulator:
        return profileChange { ("simulator", $0.simulator ? "false" : "true") }
    case .gender:
        settings.gender = cycle(GrammaticalGender.allCases, from: settings.gender, by: step)
    case .lifePath:
        settings.lifePath = cycle(LifePath.allCases, from: settings.lifePath, by: step)
    case .region:
        let r = cycle(SettingsRow.regionChoices, from: settings.region ?? "", by: step)
        settings.region = r.isEmpty ? nil : r
    case .language:
        let l = cycle(AppLanguage.allCases, from: state.language, by: step)
        settings.language = l
        state.language = l
    case .keepChatHistory:
        settings.keepChatHistory.toggle()
    case .keepMemories:
        // The same switch as `lanternly settings set memory on|off`.
        settings.keepMemories.toggle()
    case .answersToJournal:
        settings.answersToJournal.toggle()
    case .eraseChat:
        return [.countChatForErase]  // asks first (Confirmation), with the count
    }
    state.settings = settings
    var effects: [Effect] = [.saveSettings(settings)]
    if row == .lifePath || row == .language { effects.append(.pickDailyQuestion) }
    if row == .language { effects.append(.pollStatus) }  // the banner in the new language
    return effects
}
