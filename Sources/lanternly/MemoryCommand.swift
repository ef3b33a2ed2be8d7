import Foundation
import JournalStore
import LanternlyCore

/// `lanternly memory list|forget ID|clear`: what Luna remembers, visible and forgettable.
enum MemoryCommand {
    static let command = Command(
        name: "memory",
        run: run)

    static func run(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        try context.requireSettings()
        let json = args.flag("--json")
        let yes = args.flag("--yes", "-y")
        let words = try args.positionals()
        let journal: SQLiteJournal
        do { journal = try context.journal() } catch { throw CLIError.runtime(context.describeJournalError(error)) }
        switch words.first {
        case nil, "list"?:
            guard words.count <= 1 else { throw CLIError.usage(key: "cli.memory.listNoArguments") }
            let all = try storing(context) { try journal.memories() }
            if json {
                try Output.json(all.map(Row.init))
                return 0
            }
            if !context.settings.keepMemories { Output.error(context.text("memory.off")) }
            if all.isEmpty { Output.line(context.text("memory.empty")); return 0 }
            let idWidth = all.map { String($0.id).count }.max() ?? 1
            let kinds = all.map { context.text("memory.kind.\($0.fact.kind.rawValue)") }
            let kindWidth = kinds.map(\.count).max() ?? 0
            for (m, kind) in zip(all, kinds) {
                let id = String(m.id).padding(toLength: idWidth, withPad: " ", startingAt: 0)
                var line = "\(id)  \(kind.padding(toLength: kindWidth, withPad: " ", startingAt: 0))  \(Sanitize.text(m.fact.words))"
                if let day = m.fact.date { line += " (\(day))" }
                line += " — " + sourceLabel(m.source, entry: m.entryShortID, context)
                Output.line(line)
            }
            return 0
        case "forget"?:
            guard words.count == 2, let id = Int64(words[1]) else {
                throw CLIError.usage(key: "cli.memory.forgetNeedsNumber")
            }
            let memory = try storing(context) { try journal.memories().first { $0.id == id } }
            guard let memory, try storing(context, { try journal.forgetMemory(id: id) }) else {
                throw CLIError.runtime(context.text("memory.notFound", words[1]))
            }
            Output.line(context.text("memory.forgotten", Sanitize.text(memory.fact.words)))
            return 0
        case "clear"?:
            guard words.count == 1 else { throw CLIError.usage(key: "cli.memory.clearNoArguments") }
            let count = try storing(context) { try journal.memories().count }
            if count == 0 { Output.line(context.text("memory.empty")); return 0 }
            if !yes {
                guard isatty(STDIN_FILENO) != 0 else { throw CLIError.usage(context.text("memory.clear.needsYes")) }
                Output.write(context.text("memory.clear.ask", String(count)))
                fflush(stdout)
                let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
                guard ["y", "yes", "д", "да"].contains(answer) else {
                    Output.line(context.text("memory.kept"))
                    return 0
                }
            }
            let n = try storing(context) { try journal.forgetAllMemories() }
            Output.line(context.text("memory.cleared", String(n)))
            return 0
        case let other?:
            throw CLIError.usage(key: "cli.memory.unknownAction", other)
        }
    }

    /// `from entry k3f9q`: the entry's short id, as `lanternly list` and `show` name it (the
    /// row id only when the entry is gone).
    static func sourceLabel(_ source: MemorySource, entry shortID: String?, _ context: Context) -> String {
        switch source {
        case .chat: return context.text("memory.source.chat")
        case .entry(let id): return context.text("memory.source.entry", shortID.map(Sanitize.line) ?? String(id))
        }
    }

    private static func storing<T>(_ context: Context, _ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw CLIError.runtime(context.describeJournalError(error)) }
    }

    /// One memory in `--json`: `{"id": 3, "kind": "pet", "words": "Miso", "date": null, "source": "chat", "createdAt": "…"}`;
    /// a memory from an entry adds `"entry": "k3f9q"`, the entry's short id.
    struct Row: Encodable {
        let id: Int64
        let kind: String
        let words: String
        let date: String?
        let source: String
        let createdAt: String
        let entry: String?

        init(_ m: Memory) {
            id = m.id; kind = m.fact.kind.rawValue; words = m.fact.words; date = m.fact.date
            source = m.source.name; createdAt = ISO8601DateFormatter().string(from: m.createdAt)
            entry = m.entryShortID
        }

        func encode(to encoder: Encoder) throws {
            enum K: String, CodingKey { case id, kind, words, date, source, createdAt, entry }
            var c = encoder.container(keyedBy: K.self)
            try c.encode(id, forKey: .id); try c.encode(kind, forKey: .kind); try c.encode(words, forKey: .words)
            try c.encode(date, forKey: .date); try c.encode(source, forKey: .source); try c.encode(createdAt, forKey: .createdAt)
            try c.encodeIfPresent(entry, forKey: .entry)
        }
    }
}
