import Foundation
import JournalStore
import LanternlyCore

/// Living with a journal (issue 12): edit, show, delete, trash, restore, tags, on-this-day,
/// calendar. Entries are named by their short id (``ShortID``), shown by `lanternly list`.
enum EntryCommands {
    static let all: [Command] = [edit, show, delete, trash, restore, tags, onThisDay, calendarCommand]

    // MARK: edit

    static let edit = Command(name: "edit", takesDates: true, run: runEdit)

    static func runEdit(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let last = args.flag("--last")
        let undo = args.flag("--undo")
        let dateText = try args.option("--date")
        var words = try args.positionals()
        let journal = try context.openJournal()
        let entry: JournalEntry
        if last {
            guard let newest = try context.journalCall({ try journal.latest(1).first }) else {
                throw CLIError.runtime(context.text("cli.list.empty"))
            }
            entry = newest
        } else {
            guard !words.isEmpty else { throw CLIError.usage(context.text("cli.edit.needsID")) }
            entry = try context.entry(words.removeFirst(), in: journal)
        }
        let now = context.now()
        if undo {
            guard words.isEmpty, dateText == nil else { throw CLIError.usage(context.text("cli.edit.undoAlone")) }
            guard let back = try context.journalCall({ try journal.undoEdit(shortID: entry.shortID, at: now) }) else {
                Output.error(context.text("cli.edit.noRevision", entry.shortID))
                return 1
            }
            Output.error(context.text("cli.edit.undone", back.shortID, back.localDay.description))
            return 0
        }

        var change = EntryEdit()
        if let dateText {
            let keepTime = !EntryCommands.hasTime(dateText)
            var date = try context.dateTime(dateText)
            if keepTime {
                // A day alone keeps the entry's own time of day.
                let clock = entry.localClock
                let day = LocalDay(date, in: context.calendar.timeZone)
                date = LocalClock.instant(day: day, hour: clock.hour, minute: clock.minute, in: context.calendar.timeZone)
            }
            change.createdAt = date
            change.timeZoneIdentifier = context.calendar.timeZone.identifier
        }
        if !words.isEmpty {
            change.body = words.joined(separator: " ")
        } else if dateText == nil {
            let hand = try context.journalCall { try journal.handTags(id: entry.id) }
            let draft = EntryCommands.editorText(entry.body, handTags: hand, context)
            if isatty(STDIN_FILENO) == 0 {
                change.body = try Output.readStandardInput(limit: InputLimits.entryBytes, context: context)
            } else {
                guard let edited = try ExternalEditor.edit(initial: draft, environment: context.environment, paths: context.paths,
                                                           say: context.say) else {
                    Output.error(context.text("cli.edit.emptyKept", entry.shortID, entry.shortID))
                    return 1
                }
                let parsed = EntryCommands.parseEditorText(edited)
                change.body = parsed.body
                change.handTags = parsed.handTags
            }
        }
        if let body = change.body, body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            Output.error(context.text("cli.edit.emptyKept", entry.shortID, entry.shortID))
            return 1
        }
        // The crisis check first, on the whole new text: the help line never depends on storage.
        let crisis = change.body.flatMap { context.crisisFirst($0) }
        let saved: JournalEntry
        do {
            saved = try context.journalCall { try journal.edit(shortID: entry.shortID, change, at: now) }
        } catch {
            if let crisis { Output.line(crisis.text) }
            throw error
        }
        if saved == entry {
            Output.error(context.text("cli.edit.unchanged", entry.shortID))
            return 0
        }
        Output.error(context.text("cli.edit.saved", saved.shortID, saved.localDay.description, saved.localTime, saved.shortID))
        if let crisis {
            // The person's own words are saved; Luna answers with the crisis reply, no model.
            Output.line(crisis.text)
        }
        return 0
    }

    /// Whether `text` ends in a time of day (`HH:MM`).
    static func hasTime(_ text: String) -> Bool {
        guard let last = text.split(separator: " ").last else { return false }
        return last.contains(":")
    }

    /// The text handed to the editor: the entry, a blank line, then the hand-added tags on a
    /// line of their own (`Tags: @a @b`; `Теги:` in Russian).
    static func editorText(_ body: String, handTags: [String], _ context: Context) -> String {
        let trimmed = body.hasSuffix("\n") ? String(body.dropLast()) : body
        let tags = handTags.map { "@" + $0 }.joined(separator: " ")
        return trimmed + "\n\n" + context.text("cli.edit.tagsLine") + (tags.isEmpty ? "" : " " + tags) + "\n"
    }

    /// Splits what came back from the editor into the text and the hand-added tags: the last
    /// non-empty line, when it starts with `Tags:` or `Теги:`, holds the tags (an empty one
    /// clears them); without such a line the tags stay as they were (`nil`).
    static func parseEditorText(_ text: String) -> (body: String, handTags: [String]?) {
        var lines = text.components(separatedBy: "\n")
        while let l = lines.last, l.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        guard let last = lines.last else { return (text, nil) }
        let t = last.trimmingCharacters(in: .whitespaces)
        for prefix in ["Tags:", "Теги:", "tags:", "теги:"] where t.hasPrefix(prefix) {
            lines.removeLast()
            while let l = lines.last, l.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
            let tags = t.dropFirst(prefix.count).split(whereSeparator: { $0 == " " || $0 == "," })
                .map { $0.hasPrefix("@") ? String($0.dropFirst()) : String($0) }
                .compactMap(JournalEntry.normalizeTag)
            return (lines.joined(separator: "\n"), tags)
        }
        return (lines.joined(separator: "\n"), nil)
    }

    // MARK: show

    static let show = Command(
        name: "show",
        run: { args, context in
            let revisions = args.flag("--revisions")
            let json = args.flag("--json")
            let words = try args.positionals()
            guard words.count == 1 else { throw CLIError.usage(context.text("cli.show.needsID")) }
            let journal = try context.openJournal(readOnly: true)
            let entry = try context.entry(words[0], in: journal)
            let history = revisions ? try context.journalCall { try journal.revisions(shortID: entry.shortID) } : []
            if json {
                struct Revision: Encodable { let number: Int; let date: String; let time: String; let replacedAt: String; let text: String; let tags: [String] }
                struct Shown: Encodable {
                    let id: String; let date: String; let time: String; let timeZone: String; let starred: Bool
                    let tags: [String]; let text: String; let revisions: [Revision]?
                }
                let iso = ISO8601DateFormatter()
                try Output.json(Shown(
                    id: entry.shortID, date: entry.localDay.description, time: entry.localTime,
                    timeZone: entry.timeZoneIdentifier, starred: entry.starred, tags: entry.tags.map { "@" + $0 }, text: entry.body,
                    revisions: revisions ? history.map {
                        let clock = LocalClock($0.createdAt, in: JournalEntry.zone($0.timeZoneIdentifier))
                        return Revision(number: $0.number, date: clock.day.description, time: clock.time,
                                        replacedAt: iso.string(from: $0.replacedAt), text: $0.body,
                                        tags: $0.handTags.map { "@" + $0 })
                    } : nil))
                return 0
            }
            Output.line(EntryCommands.header(entry))
            Output.line(Self.shown(entry.body))
            if revisions {
                if history.isEmpty { Output.error(context.text("cli.show.noRevisions", entry.shortID)) }
                for r in history.reversed() {
                    let replaced = LocalClock(r.replacedAt, in: context.calendar.timeZone)
                    Output.line("")
                    let dated = LocalClock(r.createdAt, in: JournalEntry.zone(r.timeZoneIdentifier))
                    Output.line(context.text("cli.show.revision", String(r.number), "\(dated.day) \(dated.time)",
                                             "\(replaced.day) \(replaced.time)"))
                    Output.line(Self.shown(r.body))
                }
                if !history.isEmpty { Output.error(context.text("cli.show.undoHint", entry.shortID)) }
            }
            return 0
        })

    /// A body as `show` prints it: sanitized, without the line breaks it ends with (text piped
    /// into `write` or `edit` keeps its final newline, which would print as an empty line).
    static func shown(_ body: String) -> String {
        var text = Sanitize.text(body)
        while text.last?.isNewline == true { text.removeLast() }
        return text
    }

    /// `k3f9q  2026-11-28 21:04 ★  @tags`.
    static func header(_ e: JournalEntry) -> String {
        let tags = e.tags.isEmpty ? "" : "  " + e.tags.map { "@" + $0 }.joined(separator: " ")
        return "\(e.shortID)  \(e.localDay) \(e.localTime)\(e.starred ? " ★" : "")\(Sanitize.line(tags))"
    }

    /// One line for lists: `k3f9q  2026-11-28 21:04 ★  Title  @extra`.
    static func line(_ e: JournalEntry) -> String {
        let title = Sanitize.line(e.title)
        let folded = e.tags.isEmpty ? "" : title.lowercased()
        let extra = e.tags.map { "@" + $0 }.filter { !folded.contains($0.lowercased()) }
        let tags = extra.isEmpty ? "" : "  " + Sanitize.line(extra.joined(separator: " "))
        return "\(e.shortID)  \(e.localDay) \(e.localTime)\(e.starred ? " ★" : "")  \(title)\(tags)"
    }

    // MARK: delete / trash / restore

    static let delete = Command(
        name: "delete",
        run: { args, context in
            let yes = args.flag("--yes", "-y")
            let words = try args.positionals()
            guard !words.isEmpty else { throw CLIError.usage(context.text("cli.delete.needsID")) }
            let journal = try context.openJournal()
            var entries: [JournalEntry] = []
            for w in words {
                let e = try context.entry(w, in: journal)
                if !entries.contains(where: { $0.shortID == e.shortID }) { entries.append(e) }
            }
            if !yes {
                let question = entries.count == 1
                    ? context.text("cli.delete.confirmOne", EntryCommands.quotedTitle(entries[0]), entries[0].localDay.description)
                    : context.text("cli.delete.confirmMany", String(entries.count),
                                   entries.map { "\(EntryCommands.quotedTitle($0)) (\($0.localDay))" }.joined(separator: ", "))
                guard try Ask.yes(question, context: context) else {
                    Output.line(context.text("cli.delete.kept"))
                    return 1
                }
            }
            let now = context.now()
            let moved = try context.journalCall { try journal.moveToTrash(shortIDs: entries.map(\.shortID), at: now) }
            for t in moved {
                Output.line(context.text("cli.delete.done", EntryCommands.quotedTitle(t.entry), t.entry.localDay.description,
                                         String(Trash.retentionDays), t.entry.shortID))
            }
            return 0
        })

    static func quotedTitle(_ e: JournalEntry) -> String {
        var t = Sanitize.line(e.title)
        if t.count > 40 { t = String(t.prefix(39)) + "…" }
        return "'" + t + "'"
    }

    static let trash = Command(
        name: "trash",
        run: { args, context in
            let empty = args.flag("--empty")
            let yes = args.flag("--yes", "-y")
            let json = args.flag("--json")
            try args.finish()
            let journal = try context.openJournal()
            let items = try context.journalCall { try journal.trashedEntries() }
            if empty {
                guard !items.isEmpty else {
                    Output.error(context.text("cli.trash.none"))
                    return 0
                }
                if !yes {
                    guard try Ask.yes(context.text("cli.trash.confirmEmpty", String(items.count)), context: context) else {
                        Output.line(context.text("cli.delete.kept"))
                        return 1
                    }
                }
                let n = try context.journalCall { try journal.purgeTrash(deletedBefore: nil) }
                Output.line(context.text("cli.trash.emptied", String(n)))
                return 0
            }
            if json {
                struct Item: Encodable { let id: String; let date: String; let time: String; let title: String; let tags: [String]; let deletedAt: String; let purgeAfter: String }
                let iso = ISO8601DateFormatter()
                try Output.json(items.map {
                    Item(id: $0.entry.shortID, date: $0.entry.localDay.description, time: $0.entry.localTime,
                         title: $0.entry.title, tags: $0.entry.tags.map { "@" + $0 },
                         deletedAt: iso.string(from: $0.deletedAt), purgeAfter: iso.string(from: $0.purgeAfter))
                })
                return 0
            }
            if items.isEmpty { Output.error(context.text("cli.trash.none")) }
            for t in items {
                let until = LocalDay(t.purgeAfter, in: context.calendar.timeZone)
                Output.line("\(EntryCommands.line(t.entry))  " + context.text("cli.trash.until", until.description))
            }
            if let first = items.first { Output.error(context.text("cli.trash.hint", first.entry.shortID)) }
            return 0
        })

    static let restore = Command(
        name: "restore",
        run: { args, context in
            let words = try args.positionals()
            guard !words.isEmpty else { throw CLIError.usage(context.text("cli.restore.needsID")) }
            let journal = try context.openJournal()
            for w in words {
                guard let sid = ShortID.normalize(w) else { throw CLIError.usage(context.text("cli.entry.badID", Sanitize.line(w))) }
                do {
                    let e = try journal.restore(shortID: sid)
                    Output.line(context.text("cli.restore.done", EntryCommands.quotedTitle(e), e.localDay.description, e.shortID))
                } catch JournalError.noEntry {
                    throw CLIError.runtime(context.text("cli.restore.notInTrash", sid))
                } catch {
                    throw CLIError.runtime(context.describeJournalError(error))
                }
            }
            return 0
        })

    // MARK: tags

    static let tags = Command(
        name: "tags",
        run: { args, context in
            let json = args.flag("--json")
            try args.finish()
            let journal = try context.openJournal(readOnly: true)
            let counts = try context.journalCall { try journal.tagCounts() }
            if json {
                struct Tag: Encodable { let tag: String; let count: Int }
                try Output.json(counts.map { Tag(tag: "@" + $0.tag, count: $0.count) })
                return 0
            }
            if counts.isEmpty { Output.error(context.text("cli.tags.none")) }
            let width = counts.map { String($0.count).count }.max() ?? 1
            for c in counts {
                let n = String(c.count)
                Output.line(String(repeating: " ", count: width - n.count) + n + "  @" + Sanitize.line(c.tag))
            }
            return 0
        })

    // MARK: on-this-day

    static let onThisDay = Command(
        name: "on-this-day", takesDates: true,
        run: { args, context in
            let json = args.flag("--json")
            let dateText = try args.option("--date")
            try args.finish()
            let day = try dateText.map { try context.day($0) } ?? context.today
            let journal = try context.openJournal(readOnly: true)
            let entries = try context.journalCall { try journal.onThisDay(day) }
            if json {
                Output.write(JournalExport.render(entries, format: .json, ids: true))
                Output.line("")
                return 0
            }
            if entries.isEmpty { Output.error(context.text("cli.onThisDay.none", day.description)) }
            var year: Int?
            for e in entries {
                if e.localDay.year != year {
                    year = e.localDay.year
                    let ago = day.year - e.localDay.year
                    Output.line(ago == 1 ? context.text("cli.onThisDay.yearAgo", String(e.localDay.year))
                                : context.text("cli.onThisDay.yearsAgo", String(ago), String(e.localDay.year)))
                }
                Output.line("  " + EntryCommands.line(e))
            }
            return 0
        })
}

// MARK: - Asking

/// A yes/no question on the terminal (destructive actions ask first; DESIGN: nothing is
/// destroyed unasked). Only `y`, `yes`, `д`, `да` say yes; anything else keeps.
enum Ask {
    /// Prints `question` and reads one line.
    ///
    /// - Throws: ``CLIError/usage(_:)`` when standard input is not a terminal (use `--yes`).
    static func yes(_ question: String, context: Context) throws -> Bool {
        guard isatty(STDIN_FILENO) != 0 else { throw CLIError.usage(context.text("cli.ask.needsYes")) }
        Output.write(question + " ")
        _ = Output.finish()
        let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        return ["y", "yes", "д", "да"].contains(answer)
    }
}

// MARK: - Context helpers

extension Context {
    /// Today in the person's zone (``now``).
    var today: LocalDay { LocalDay(now(), in: calendar.timeZone) }

    /// The journal, with what has been in the trash longer than 30 days purged first; with
    /// `readOnly`, opened for reading only (a journal on read-only media reads) and nothing purged.
    func openJournal(readOnly: Bool = false) throws -> SQLiteJournal {
        do {
            if readOnly { return try journal(readOnly: true) }
            let j = try journal()
            try j.purgeExpiredTrash(now: now(), timeZone: calendar.timeZone)
            return j
        } catch {
            throw CLIError.runtime(describeJournalError(error))
        }
    }

    /// Runs a journal call, turning its errors into the person-facing message.
    func journalCall<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let e as CLIError { throw e } catch { throw CLIError.runtime(describeJournalError(error)) }
    }

    /// The entry named by `text` (a short id).
    ///
    /// - Throws: usage error for text that cannot be an id; runtime error when there is no such entry.
    func entry(_ text: String, in journal: SQLiteJournal) throws -> JournalEntry {
        guard let sid = ShortID.normalize(text) else { throw CLIError.usage(self.text("cli.entry.badID", Sanitize.line(text))) }
        guard let e = try journalCall({ try journal.entry(shortID: sid) }) else {
            let trashed = (try? journal.trashedEntries().contains { $0.entry.shortID == sid }) ?? false
            throw CLIError.runtime(self.text(trashed ? "cli.entry.inTrash" : "cli.entry.none", sid, sid))
        }
        return e
    }

    /// The day `text` names (``DateExpression``), counted from ``today``.
    ///
    /// - Throws: ``CLIError/usage(_:)`` saying why and what is understood.
    func day(_ text: String) throws -> LocalDay {
        do {
            return try DateExpression.day(text, today: today)
        } catch let f as DateExpression.Failure {
            let shown = Sanitize.line(text)
            switch f {
            case .notUnderstood: throw CLIError.usage(self.text("cli.date.notUnderstood", shown))
            case .doesNotExist(_, let days?): throw CLIError.usage(self.text("cli.date.noSuchDay", shown, String(days)))
            case .doesNotExist(_, nil): throw CLIError.usage(self.text("cli.date.noSuchMonth", shown))
            case .outOfRange: throw CLIError.usage(self.text("cli.date.outOfRange", shown))
            }
        }
    }

    /// A date with an optional time of day: `D` or `D HH:MM` (24-hour), D in the grammar of
    /// ``day(_:)``. Without a time: 12:00 for a date, the time now for `today`.
    func dateTime(_ text: String) throws -> Date {
        var parts = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var hour = 12, minute = 0
        if let last = parts.last, last.contains(":") {
            let hm = last.split(separator: ":")
            guard hm.count == 2, let h = Int(hm[0]), let m = Int(hm[1]), (0..<24).contains(h), (0..<60).contains(m) else {
                throw CLIError.usage(self.text("cli.date.badTime", Sanitize.line(last)))
            }
            hour = h; minute = m
            parts.removeLast()
        } else if parts.count == 1, ["today", "сегодня"].contains(parts[0].lowercased()) {
            return now()
        }
        let day = try self.day(parts.joined(separator: " "))
        return LocalClock.instant(day: day, hour: hour, minute: minute, in: calendar.timeZone)
    }
}
