import Foundation

// How the simulated model writes a month's observation (``LunaPrompts/monthObservation(month:replyLanguage:)``):
// it reads the numbers and the entries of the prompt, finds the theme that came up most,
// what seemed to help and the feeling most often written, and says so in three or four
// sentences of its phrasebook — never quoting an entry.

enum MonthWriting {
    static func compose(_ prompt: String, language: AppLanguage, gender: GrammaticalGender) -> String {
        var days = "", people = ""
        var bodies: [String] = []
        var inEntries = false
        for line in prompt.split(separator: "\n") {
            if inEntries {
                if let colon = line.range(of: ": ") { bodies.append(String(line[colon.upperBound...])) }
                continue
            }
            if line.hasPrefix("Days written: ") { days = String(line.dropFirst("Days written: ".count)) }
            if line.hasPrefix("People: ") { people = String(line.dropFirst("People: ".count)) }
            if line == "Entries:" { inEntries = true }
        }
        guard !bodies.isEmpty else { return Phrasebook.monthQuiet.text(language, gender: gender) }
        var topics: [Topic: Int] = [:], feelings: [Feeling: Int] = [:], helped: [Activity: Int] = [:]
        for body in bodies {
            let r = Lexicon.read(body, language: SimulatedLanguageModel.language(of: body))
            if let t = r.topic { topics[t, default: 0] += 1 }
            if let f = r.feeling { feelings[f, default: 0] += 1 }
            for a in r.activities { helped[a, default: 0] += 1 }
        }
        func top<K: RawRepresentable>(_ d: [K: Int]) -> K? where K.RawValue == String {
            d.max { ($0.value, $1.key.rawValue) < ($1.value, $0.key.rawValue) }?.key
        }
        var parts: [Phrase] = [Phrasebook.monthDays]
        if let t = top(topics) { parts.append(Phrasebook.monthTopic(t)) }
        if let a = top(helped) { parts.append(Phrasebook.monthHelped(a)) }
        if !people.isEmpty { parts.append(Phrasebook.monthPeople) }
        parts.append(Phrasebook.monthFeeling(top(feelings)))
        return parts.map { p in
            let value = p == Phrasebook.monthPeople ? people : days
            return p.text(language, gender: gender).replacingOccurrences(of: "{name}", with: value)
        }.joined(separator: " ")
    }
}
