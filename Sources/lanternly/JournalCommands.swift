import Foundation
import JournalStore
import LanternlyCore
import TerminalUI

/// The journal commands: write, list, search, export, import, history.
enum JournalCommands {
    static let all: [Command] = [write, list, search, export, importCommand, history]

    // MARK: write

    static let write = Command(
        name: "write", takesDates: true,
        run: runWrite)

    static func runWrite(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let quiet = args.flag("--quiet", "-q")
        let star = args.flag("--star")
        let recover = args.flag("--recover")
        let listOnly = args.flag("--list")
        let suggestTags = args.flag("--suggest-tags")
        let dateText = try args.option("--date")
        let words = try args.positionals()
        if recover { return try runRecover(context, listOnly: listOnly) }

        let zone = context.calendar.timeZone
        var createdAt = context.now()
        if let dateText { createdAt = try context.dateTime(dateText) }

        let text: String
        if !words.isEmpty {
            text = words.joined(separator: " ")
        } else if isatty(STDIN_FILENO) == 0 {
            text = try Output.readStandardInput(limit: InputLimits.entryBytes, context: context)
        } else {
            if ExternalEditor.resolve(context.environment) == nil {
                // No editor at all: read the entry from the terminal until Ctrl-D, as jrnl does.
                Output.error(context.text("cli.write.typeUntilCtrlD"))
                text = try Output.readStandardInput(limit: InputLimits.entryBytes, context: context)
            } else {
                guard let edited = try ExternalEditor.edit(initial: "", environment: context.environment, paths: context.paths,
                                                           noEditor: context.text("ui.editor.none")) else {
                    Output.error(context.text("cli.write.nothing"))
                    return 0
                }
                text = edited
            }
        }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            Output.error(context.text("cli.write.nothing"))
            return 0
        }
        do {
            try InputLimits.checkEntry(text)
        } catch let l as LimitExceeded {
            throw CLIError.runtime(context.text("journal.error.overLimit", l.message(context.catalog, context.language)))
        }

        // The crisis check comes first, on the whole text, before anything is saved: the help
        // line never depends on storage (a corrupt database or a full disk still shows it).
        let crisis = context.crisisFirst(text)
        let entry: JournalEntry
        do {
            let journal = try context.journal()
            entry = try journal.add(NewEntry(text: text, createdAt: createdAt, timeZone: zone, starred: star))
        } catch {
            if let crisis { Output.line(crisis.text) }
            // Nothing typed is lost: keep it in a recovery draft and say where.
            let reason = context.describeJournalError(error)
            do {
                let draft = try RecoveryDraft.save(text, createdAt: createdAt, timeZone: zone, paths: context.paths)
                throw CLIError.runtime(reason + "\n" + context.text("cli.write.drafted", draft.file.path))
            } catch let e as CLIError {
                throw e
            } catch {
                throw CLIError.runtime(reason + "\n" + context.text("cli.write.draftFailed"))
            }
        }
        // What has been in the trash longer than 30 days goes now (one indexed read when nothing has).
        _ = try? context.journal().purgeExpiredTrash(now: context.now(), timeZone: zone)
        // --quiet prints nothing on success (a crisis reply and a problem still show).
        if !quiet { Output.error(context.text("cli.write.saved", entry.localDay.description, entry.localTime)) }
        let waiting = RecoveryDraft.pending(in: context.paths).count
        if waiting > 0, !quiet { Output.error(context.text("cli.write.draftsWaiting", String(waiting))) }
        if let crisis {
            // The entry is the person's own text and is saved; Luna answers it with the crisis
            // (or concern) reply, checked on the whole text, and it never reaches a model.
            Output.line(crisis.text)
        } else if let problem = context.settingsProblem {
            Output.error("lanternly: \(problem.message(context.catalog, context.language))")
        } else {
            if !quiet {
                let reply = try context.reply(to: String(text.prefix(LunaChatService.maxMessageBytes)), remember: false)
                Output.line(reply.text)
            }
            context.learn(from: text, source: .entry(entry.id))
            if suggestTags { try offerTags(for: entry, context) }
        }
        return 0
    }

    /// `write --suggest-tags`: Luna's tag suggestions for the saved entry (none with the gate
    /// closed: nothing is printed). In a terminal she asks whether to add them.
    static func offerTags(for entry: JournalEntry, _ context: Context) throws {
        let journal = try context.journal()
        let existing = ((try? journal.tagCounts()) ?? []).sorted { $0.count > $1.count }.map(\.tag)
        let suggester = TagSuggester(model: try context.languageModel(), diagnostics: try context.diagnostics())
        let body = entry.body
        let tags = try runBlocking { await suggester.suggest(for: body, existing: existing, current: entry.tags) }
        guard !tags.isEmpty else { return }
        let shown = tags.map { "@" + $0 }.joined(separator: " ")
        Output.line(context.text("cli.write.suggested", Sanitize.text(shown)))
        guard isatty(STDIN_FILENO) != 0 else { return }
        Output.write(context.text("cli.write.addSuggested"))
        fflush(stdout)
        let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard ["y", "yes", "д", "да"].contains(answer) else { return }
        do {
            _ = try journal.addTags(id: entry.id, tags)
            Output.line(context.text("cli.write.tagsAdded", shown))
        } catch {
            throw CLIError.runtime(context.describeJournalError(error))
        }
    }

    static func runRecover(_ context: Context, listOnly: Bool) throws -> Int32 {
        let drafts = RecoveryDraft.pending(in: context.paths)
        if drafts.isEmpty {
            Output.error(context.text("cli.write.noDrafts"))
            return 0
        }
        if listOnly {
            for d in drafts {
                Output.line("# \(d.file.path)")
                Output.line(d.text)
            }
            return 0
        }
        let journal = try context.journal()
        var recovered = 0
        for d in drafts {
            do {
                _ = try journal.add(d.newEntry)
                try d.discard()
                recovered += 1
            } catch JournalError.overLimit(let limit) {
                // Too large to be one entry: it stays where it is, for the person to split.
                Output.error("lanternly: \(d.file.path): \(limit.message(context.catalog, context.language))")
            } catch {
                throw CLIError.runtime(context.describeJournalError(error))
            }
        }
        Output.error(context.text("cli.write.recovered", String(recovered)))
        return 0
    }

    // MARK: list

    static let list = Command(
        name: "list", takesDates: true,
        run: { args, context in
            let json = args.flag("--json")
            let starred = args.flag("--starred")
            let n = try args.option("-n", "--number")
            let from = try args.option("--from")
            let to = try args.option("--to")
            let on = try args.option("--on")
            let tag = try args.option("--tag")
            try args.finish()
            var query = EntryQuery(limit: 10)
            if let n {
                guard let count = Int(n), count > 0 else {
                    throw CLIError.usage(context.text("cli.error.countNotANumber", "list", n))
                }
                query.limit = count
            }
            if let from { query.from = try context.day(from) }
            if let to { query.to = try context.day(to) }
            if let on {
                let d = try context.day(on)
                query.from = d
                query.to = d
            }
            if let tag { query.tag = tag.hasPrefix("@") ? String(tag.dropFirst()) : tag }
            query.starredOnly = starred
            let entries: [JournalEntry]
            do { entries = try context.journal(readOnly: true).entries(query) } catch { throw CLIError.runtime(context.describeJournalError(error)) }
            if json {
                Output.write(JournalExport.render(entries.reversed(), format: .json, ids: true))
                Output.line("")
            } else {
                if entries.isEmpty {
                    let filtered = query.from != nil || query.to != nil || query.tag != nil || query.starredOnly
                    Output.error(context.text(filtered ? "cli.list.noMatch" : "cli.list.empty"))
                }
                for e in entries { Output.line(EntryCommands.line(e)) }
            }
            return 0
        })

    // MARK: search

    static let search = Command(
        name: "search",
        run: { args, context in
            let json = args.flag("--json")
            let n = try args.option("-n", "--number")
            let words = try args.positionals()
            let query = words.joined(separator: " ")
            guard !query.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw CLIError.usage(key: "cli.search.needsQuery")
            }
            var limit = 50
            if let n {
                guard let count = Int(n), count > 0 else {
                    throw CLIError.usage(context.text("cli.error.countNotANumber", "search", n))
                }
                limit = count
            }
            // Up to `countCap` matches past the shown ones are counted, so the note can say how
            // many were left out without building a snippet for every match of a common word.
            let countCap = 500
            let all: [SearchHit]
            do { all = try context.journal(readOnly: true).search(query, limit: limit + countCap) } catch { throw CLIError.runtime(context.describeJournalError(error)) }
            let hits = Array(all.prefix(limit))
            if json {
                struct Hit: Encodable { let id: String; let date: String; let time: String; let title: String; let snippet: String; let match: String }
                try Output.json(hits.map { Hit(id: $0.entry.shortID, date: $0.entry.localDay.description, time: $0.entry.localTime,
                                               title: $0.entry.title, snippet: $0.snippet.text, match: $0.snippet.match) })
            } else {
                if hits.isEmpty { Output.error(context.text("cli.search.none", query)) }
                let tty = isatty(STDOUT_FILENO) != 0 && context.environment["NO_COLOR"] == nil
                for h in hits {
                    let snippet = Sanitize.line(h.snippet.before) + (tty ? "\u{1B}[1m" : "[") + Sanitize.line(h.snippet.match)
                        + (tty ? "\u{1B}[0m" : "]") + Sanitize.line(h.snippet.after)
                    Output.line("\(h.entry.shortID)  \(h.entry.localDay) \(h.entry.localTime)  \(snippet)")
                }
            }
            if all.count == limit + countCap {
                Output.error(context.text("cli.search.moreThan", String(all.count)))
            } else if all.count > hits.count {
                Output.error(context.text("cli.search.more", String(all.count - hits.count), String(all.count)))
            }
            return 0
        })

    // MARK: export / import

    static let export = Command(
        name: "export",
        run: { args, context in
            let formatName = try args.option("--format", "-f") ?? ""
            let output = try args.option("--output", "-o")
            let force = args.flag("--force")
            try args.finish()
            guard let format = ExportFormat(rawValue: formatName == "md" ? "markdown" : formatName) else {
                throw CLIError.usage(key: "cli.export.badFormat")
            }
            // Decided before the journal is opened or anything written (ExportDestination).
            let destination = try output.map { try ExportDestination.resolve($0, force: force, context: context) }
                ?? .standardOutput
            do {
                let journal = try context.journal(readOnly: true)
                switch destination {
                case .standardOutput:
                    try JournalExport.write(journal, format: format) { Output.write($0) }
                case .stream(let path):
                    try ExportDestination.writeStream(path: path, context: context) { sink in
                        try JournalExport.write(journal, format: format, to: sink)
                    }
                case .file(let url):
                    try JournalExport.write(journal, format: format, toFile: url)
                    Output.error(context.text("cli.export.done", url.path))
                }
            } catch let e as CLIError {
                throw e
            } catch {
                throw CLIError.runtime(context.describeJournalError(error))
            }
            return 0
        })

    static let importCommand = Command(
        name: "import",
        run: { args, context in
            let from = try args.option("--from") ?? "jrnl"
            let files = try args.positionals()
            guard from == "jrnl" else { throw CLIError.usage(key: "cli.import.onlyJrnl") }
            guard files.count == 1 else { throw CLIError.usage(key: "cli.import.needsFile") }
            do {
                let result = try JrnlImport.importFile(URL(fileURLWithPath: files[0]), into: context.journal(),
                                                       timeZone: context.calendar.timeZone)
                Output.line(context.text("cli.import.done", String(result.added), String(result.skipped)))
                if result.repeated > 0 { Output.line(context.text("cli.import.repeated", String(result.repeated))) }
            } catch {
                throw CLIError.runtime(context.describeJournalError(error))
            }
            return 0
        })

    // MARK: history

    static let history = Command(
        name: "history", takesDates: true,
        run: { args, context in
            let json = args.flag("--json")
            let yes = args.flag("--yes", "-y")
            let n = try args.option("-n")
            let fromText = try args.option("--from")
            let toText = try args.option("--to")
            let onText = try args.option("--on")
            let words = try args.positionals()
            var limit: Int?
            if let n {
                guard let count = Int(n), count > 0 else { throw CLIError.usage(context.text("cli.error.countNotANumber", "history", n)) }
                limit = count
            }
            do {
                if words == ["erase"] {
                    // Asks first, with what will go; --yes for scripts (DESIGN: nothing is destroyed unasked).
                    let held = try context.journal().chatHistory(limit: nil).count
                    if held > 0 && !yes {
                        guard isatty(STDIN_FILENO) != 0 else {
                            throw CLIError.usage(context.text("cli.history.needsYes", String(held)))
                        }
                        Output.write(context.text("cli.history.confirmErase", String(held)))
                        _ = Output.finish()
                        let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
                        guard answer == "y" || answer == "yes" || answer == "д" || answer == "да" else {
                            Output.line(context.text("cli.history.kept"))
                            return 1
                        }
                    }
                    let count = try context.journal().eraseChatHistory()
                    Output.line(context.text("cli.history.erased", String(count)))
                    return 0
                }
                guard words.isEmpty else { throw CLIError.usage(key: "cli.history.unknownAction", words[0]) }
                let zone = context.calendar.timeZone
                var from = try fromText.map { try context.day($0).start(in: zone) }
                var to = try toText.map { try context.day($0).end(in: zone) }
                if let onText {
                    let d = try context.day(onText)
                    from = d.start(in: zone)
                    to = d.end(in: zone)
                }
                let turns = try context.journal(readOnly: true).chatTurns(from: from, before: to, limit: limit)
                if json {
                    try Output.json(turns.map { HistoryTurn($0, zone: zone, label: context.sourceLabel($0.source)) })
                } else {
                    if turns.isEmpty && (fromText != nil || toText != nil || onText != nil) {
                        Output.error(context.text("cli.history.none"))
                    }
                    var day: LocalDay?
                    for t in turns {
                        let clock = LocalClock(t.createdAt, in: zone)
                        if clock.day != day {
                            if day != nil { Output.line("") }
                            Output.line("— \(clock.day) —")
                            day = clock.day
                        }
                        Output.line("\(clock.time) > \(Sanitize.text(t.message))")
                        Output.line("\(clock.time) \(context.text("ui.chat.luna")) (\(context.sourceLabel(t.source))): \(Sanitize.text(t.reply))")
                    }
                }
            } catch let e as CLIError {
                throw e
            } catch {
                throw CLIError.runtime(context.describeJournalError(error))
            }
            return 0
        })
}

/// One chat turn as `history --json` prints it: everything stored, the instant in ISO 8601
/// and the local date and time in the person's zone.
struct HistoryTurn: Encodable {
    let id: Int64
    let createdAt: String
    let date: String
    let time: String
    let timeZone: String
    let message: String
    let reply: String
    let source: String
    let sourceLabel: String
    let language: String

    init(_ t: ChatTurn, zone: TimeZone, label: String) {
        let clock = LocalClock(t.createdAt, in: zone)
        id = t.id
        createdAt = ISO8601DateFormatter().string(from: t.createdAt)
        date = clock.day.description
        time = clock.time
        timeZone = zone.identifier
        message = t.message
        reply = t.reply
        source = t.source.rawValue
        sourceLabel = label
        language = t.language.rawValue
    }
}

/// Text from the journal or a model, made safe for a terminal (TerminalUI's sanitizer).
enum Sanitize {
    /// Control and escape sequences removed; newline and tab kept.
    static func text(_ s: String) -> String { TerminalText.sanitize(s) }

    /// ``text(_:)`` on one line: newlines and tabs become spaces.
    static func line(_ s: String) -> String {
        text(s).replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
    }
}
