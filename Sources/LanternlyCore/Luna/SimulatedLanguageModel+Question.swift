import Foundation

// How the simulated model writes the day's question (``LunaPrompts/dailyQuestion(path:day:replyLanguage:)``):
// about someone it remembers, else about what the recent entries dwell on, else from the
// life path; never one of the questions listed as asked before; picked by the day, so it is
// the same all day.

enum DayQuestionWriting {
    static func compose(_ prompt: String, instructions: String, language: AppLanguage, gender: GrammaticalGender) -> String {
        var section = ""
        var memories: [String] = [], asked = Set<String>(), entries: [String] = []
        for line in prompt.split(separator: "\n") {
            if line.hasSuffix(":") && !line.hasPrefix("- ") { section = String(line); continue }
            guard line.hasPrefix("- ") else { continue }
            let item = String(line.dropFirst(2))
            switch section {
            case "Memories:": memories.append(item)
            case "Do not ask again:": asked.insert(item)
            default: entries.append(item)
            }
        }
        let path = LifePath.allCases.first { instructions.contains("path is \($0.rawValue)") } ?? .calm
        let day = instructions.range(of: "Today is ").map { String(instructions[$0.upperBound...].prefix(10)) } ?? ""
        var candidates: [String] = []
        let names = ConversationMemory(Conversation(turns: [], memories: memories), language: language).names
        for name in names {
            candidates += Phrasebook.dayNameQuestions.map { $0.text(language, gender: gender).replacingOccurrences(of: "{name}", with: name) }
        }
        var topics: [Topic: Int] = [:]
        for e in entries { if let t = Lexicon.read(e, language: SimulatedLanguageModel.language(of: e)).topic { topics[t, default: 0] += 1 } }
        for (t, _) in topics.sorted(by: { $0.value != $1.value ? $0.value > $1.value : $0.key.rawValue < $1.key.rawValue }) {
            candidates += Phrasebook.questions(t).map { $0.text(language, gender: gender) }
        }
        let own = Phrasebook.dayQuestions(path).map { $0.text(language, gender: gender) }
        let generic = Phrasebook.genericQuestions.map { $0.text(language, gender: gender) }
        // Someone remembered or the week's theme first, then the path, then anything fresh.
        var pool = Array(candidates.filter { !asked.contains($0) }.prefix(3))
        if pool.isEmpty { pool = own.filter { !asked.contains($0) } }
        if pool.isEmpty { pool = generic.filter { !asked.contains($0) } }
        guard !pool.isEmpty else { return own[Int(LiveReply.fnv1a(day) % UInt64(own.count))] }
        return pool[Int(LiveReply.fnv1a(day) % UInt64(pool.count))]
    }
}
