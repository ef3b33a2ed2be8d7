import Foundation
import JournalStore
import LanternlyApp
import LanternlyCore

/// The full-screen app's live dependencies: the profile file, the chain, diagnostics, the
/// settings file and the SQLite journal, wired from a ``Context``.
enum LiveDependencies {
    /// Builds the closures. The profile is re-read only when its file changes (mtime/size);
    /// while the model is not ready, availability is re-derived every
    /// ``AvailabilityGate/notReadyRecheckInterval`` seconds (DESIGN.md §2: 10–30 s).
    static func make(context: Context) throws -> AppDependencies {
        let live = try context.liveProfile()
        let devices = try context.devices()
        let diagnostics = try context.diagnostics()
        let chat = try context.chatService()
        let server = try context.modelServer()
        // The app never waits for the server: the first check runs in the background.
        server?.startChecking()
        let system = context.systemModel()
        let catalog = context.catalog
        let paths = context.paths
        let now = context.now
        let environment = context.environment
        let journalBox = JournalBox(paths: paths)
        let drafts = DraftBox()
        let gate = GateCache()
        // The daily question is picked off the run loop through `context` (its model and
        // diagnostics are resolved here, before the app runs; only the question uses its journal).
        let questionLock = NSLock()
        let calendar = context.calendar
        let extractor = try context.memoryExtractor()
        /// Learns from a chat message or a saved entry, off the run loop; failures to store
        /// are dropped (memory is a nicety, the message or the entry is already safe).
        let settingsBox = context.settingsBox
        @Sendable func learn(_ text: String, _ source: MemorySource) async {
            // Chats are learned from only while chat history is kept.
            if source == .chat, !settingsBox.value.keepChatHistory { return }
            let today = LocalDay(now(), in: calendar.timeZone).description
            let facts = await extractor.extract(from: text, today: today)
            if !facts.isEmpty { _ = try? journalBox.get().remember(facts, source: source, at: now()) }
        }

        @Sendable func status(_ language: AppLanguage) -> AppStatus {
            let fileChanged = live.refresh()
            let profile = live.profile
            let at = now()
            // The gate is re-derived on the core's rhythm while the model is not ready, and at
            // once when the profile file changes or the simulated download reports it finished
            // (an event, as the system would send, not a faster poll).
            let finished = AvailabilityGate.downloadStatus(profile: profile, now: at) == .complete
            let device = gate.availability(fileChanged: fileChanged, downloadFinished: finished, now: at) {
                AvailabilityGate.availability(profile: profile, catalog: devices, now: at)
            }
            // With a model server, it decides readiness on top of the device's gate (its own
            // 10–30 s rhythm, checked in the background after the first look).
            let availability = server?.availability ?? system?.availability ?? device
            let snapshot = diagnostics.snapshot(availability: availability, profile: profile,
                                                profilePath: live.url.path, language: language,
                                                server: server?.serverStatus,
                                                serverLanguages: server?.supportedLanguages.map(\.rawValue))
            var result = AppStatus(
                availability: availability,
                banner: snapshot.banner,
                bannerOffersSettings: snapshot.bannerOffersSettings,
                isSimulator: snapshot.isSimulator,
                downloadProgress: availability.isAvailable ? nil : snapshot.downloadProgress,
                supportedLanguages: snapshot.supportedLanguages,
                profilePath: live.url.path,
                lastSource: snapshot.lastSource,
                lastGenerationError: snapshot.lastGenerationError,
                profileError: live.loadError?.description,
                privacyNotice: snapshot.privacyNotice,
                profile: ProfileSettings(device: profile.device, os: profile.os,
                                         appleIntelligence: profile.appleIntelligence,
                                         freeStorageGB: profile.freeStorageGB,
                                         modelLanguages: profile.modelLanguages, simulator: profile.simulator,
                                         eligible: devices.device(named: profile.device)?.eligible,
                                         platform: devices.device(named: profile.device)?.platform))
            result.bannerDismissalKey = snapshot.bannerDismissalKey
            result.serverLines = diagnostics.serverLines(snapshot, language: language).map { LabelledValue($0.label, $0.value) }
            result.diagnosticsLines = diagnostics.lines(snapshot, profile: profile, language: language)
                .map { LabelledValue($0.label, $0.value) }
            result.serviceLines = snapshot.services.map {
                let line = diagnostics.serviceLine($0, language: language)
                return LabelledValue(line.label, line.value)
            }
            return result
        }

        var deps = AppDependencies(
            reply: { message in
                let reply = await chat.reply(to: message)
                if Context.ordinarySources.contains(reply.source) { await learn(message, .chat) }
                return reply
            },
            streamReply: { message, progress in
                let reply = await chat.reply(to: message, progress: progress)
                if Context.ordinarySources.contains(reply.source) { await learn(message, .chat) }
                return reply
            },
            // The crisis check sees the whole entry; the model sees at most one message's worth.
            // The crisis check sees the whole entry, @tags included, before anything is stripped
            // or cut; the model then sees the words without their tags, at most one message's worth.
            reflect: { body in
                if let safe = chat.safetyReply(to: body) { return safe }
                return await chat.reply(to: String(reflectionWords(body).prefix(LunaChatService.maxMessageBytes)))
            },
            safetyReply: { body in chat.safetyReply(to: body) },
            status: status,
            loadSettings: { (try? Context.loadSettings(paths.settingsFile)) ?? UserSettings() },
            saveSettings: { settings in
                try context.saveSettings(settings)
                if let language = settings.language { chat.uiLanguage = language }
            },
            setProfile: { key, value in
                // A shipped profile is never rewritten: the change goes to a copy in the config
                // folder, and the status's new profile path tells the screen so.
                try live.update(copyFolder: paths.config) { try $0.set(key: key, value: value, now: now(), catalog: devices) }
                gate.invalidate()
            },
            deviceNames: { devices.names },
            dailyQuestion: { path, language in
                // Runs off the run loop; one pick at a time, since each reads and writes the
                // question history file.
                let question = questionLock.withLock {
                    (try? context.todaysQuestion(path: path, language: language, date: now(), calendar: calendar))?.text
                }
                return question?.isEmpty == false ? question : nil
            },
            writeReport: {
                let profile = live.profile
                let availability = AvailabilityGate.availability(profile: profile, catalog: devices, now: now())
                return try diagnostics.writeReport(availability: availability, profile: profile,
                                                   profilePath: live.url.path, language: chat.uiLanguage)
            },
            listEntries: { limit in
                try journalBox.get().entries(EntryQuery(limit: limit)).map {
                    JournalEntrySummary(id: $0.id, day: $0.localDay.description, time: $0.localTime,
                                        title: $0.title, tags: $0.tags, starred: $0.starred, key: JournalKey($0))
                }
            },
            journalCount: { try journalBox.get().entryCount() },
            listPage: { page, limit in
                try journalBox.get().entries(page, limit: limit).map {
                    let clock = $0.localClock
                    return JournalEntrySummary(id: $0.id, day: clock.day.description, time: clock.time,
                                               title: $0.title, tags: $0.tags, starred: $0.starred, key: JournalKey($0))
                }
            },
            loadEntry: { id in
                try journalBox.get().entry(id: id).map {
                    JournalEntryDetail(id: $0.id, day: $0.localDay.description, time: $0.localTime,
                                       body: $0.body, tags: $0.tags, starred: $0.starred)
                }
            },
            saveEntry: { body, tags in
                let zone = calendar.timeZone
                do {
                    let id = try journalBox.get().add(NewEntry(text: body, createdAt: now(), timeZone: zone,
                                                               starred: false, extraTags: tags)).id
                    drafts.saved()
                    Task.detached { await learn(body, .entry(id)) }
                    return id
                } catch {
                    // Nothing typed is lost: keep a recovery draft, then report.
                    let draft = try? RecoveryDraft.save(body, createdAt: now(), timeZone: zone, paths: paths)
                    let message = CLIError.message(of: error, catalog, chat.uiLanguage)
                    throw DisplayedError(message + (draft.map { " — " + catalog.format("cli.write.drafted", chat.uiLanguage, $0.file.path) } ?? ""))
                }
            },
            setStarred: { id, starred in _ = try journalBox.get().update(id: id, EntryChange(starred: starred)) },
            setTags: { id, tags in _ = try journalBox.get().update(id: id, EntryChange(tags: tags)) },
            chatHistory: {
                try journalBox.get().chatHistory(limit: 500).flatMap { turn -> [ChatLine] in
                    [ChatLine(role: .person, text: turn.message, context: turn.question),
                     ChatLine(role: .luna, text: turn.reply, source: turn.source)]
                }
            },
            appendChat: { exchange in
                // The app skips these already; the wiring refuses them again: a crisis turn
                // (the store refuses it a third time), or any turn while history is off.
                guard !exchange.reply.source.isCrisisPath, context.settings.keepChatHistory else { return }
                try journalBox.get().appendChatTurn(message: exchange.message, reply: exchange.reply, at: exchange.date,
                                                    question: exchange.question)
            },
            eraseChat: { _ = try journalBox.get().eraseChatHistory() },
            chatCount: { try journalBox.get().chatHistory(limit: nil).count },
            editExternally: { initial in
                try ExternalEditor.edit(initial: initial, environment: environment, paths: paths,
                                        say: context.say)
            },
            keepDraft: { text in
                guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return }
                drafts.saved()
                try RecoveryDraft.save(text, createdAt: now(), timeZone: calendar.timeZone, paths: paths)
            },
            recoverDraft: { drafts.recover(paths: paths) },
            now: now,
            catalog: catalog)
        // Issue 12: `/` search, `d` delete (to the trash), `e` edit (revision kept).
        deps.searchEntries = { query, limit in
            try journalBox.get().search(query, limit: limit).map {
                let e = $0.entry
                let clock = e.localClock
                return JournalEntrySummary(id: e.id, day: clock.day.description, time: clock.time,
                                           title: e.title, tags: e.tags, starred: e.starred, key: JournalKey(e))
            }
        }
        deps.trashEntry = { id in
            let journal = try journalBox.get()
            guard let e = try journal.entry(id: id) else { throw JournalError.entryNotFound(id: id) }
            try journal.moveToTrash(shortIDs: [e.shortID], at: now())
        }
        deps.editEntry = { id, body in
            let journal = try journalBox.get()
            guard let e = try journal.entry(id: id) else { throw JournalError.entryNotFound(id: id) }
            let saved = try journal.edit(shortID: e.shortID, EntryEdit(body: body), at: now())
            return JournalEntryDetail(id: saved.id, day: saved.localDay.description, time: saved.localTime,
                                      body: saved.body, tags: saved.tags, starred: saved.starred)
        }
        @Sendable func summary(_ e: JournalEntry) -> JournalEntrySummary {
            let clock = e.localClock
            return JournalEntrySummary(id: e.id, day: clock.day.description, time: clock.time,
                                       title: e.title, tags: e.tags, starred: e.starred, key: JournalKey(e))
        }
        deps.filterEntries = { tag, starred, limit in
            try journalBox.get().entries(EntryQuery(limit: limit, tag: tag, starredOnly: starred)).map(summary)
        }
        deps.onThisDay = {
            try journalBox.get().onThisDay(LocalDay(now(), in: calendar.timeZone)).map(summary)
        }
        deps.writingMonth = { year, month in
            let journal = try journalBox.get()
            let today = LocalDay(now(), in: calendar.timeZone)
            let (y, m) = year == 0 ? (today.year, today.month) : (year, month)
            guard let first = LocalDay(year: y, month: m, day: 1) else { return nil }
            let last = (28...31).reversed().lazy.compactMap { LocalDay(year: y, month: m, day: $0) }.first!
            return WritingMonth(year: y, month: m, entriesPerDay: try journal.entriesPerDay(from: first, to: last),
                                allDays: try journal.daysWritten(), today: today)
        }
        // Issue 10: what Luna remembers, the month, Luna's tags for a saved entry.
        deps.memories = {
            try journalBox.get().memories().map {
                MemoryItem(id: $0.id, kind: $0.fact.kind, words: $0.fact.words, date: $0.fact.date, source: $0.source,
                           rememberedOn: LocalDay($0.createdAt, in: calendar.timeZone).description,
                           entryShortID: $0.entryShortID)
            }
        }
        deps.forgetMemory = { id in try journalBox.get().forgetMemory(id: id) }
        deps.forgetAllMemories = { try journalBox.get().forgetAllMemories() }
        let monthService = try context.monthService()
        deps.monthObservation = { year, month, language in
            let current = YearMonth(LocalDay(now(), in: calendar.timeZone))
            guard let target = year == 0 ? current : YearMonth(year: year, month: month) else {
                throw DisplayedError(catalog.format("month.badMonth", language, "\(year)-\(month)"))
            }
            guard target <= current else { throw DisplayedError(catalog.format("month.future", language, target.description)) }
            do {
                let o = try await Context.observeMonth(target, current: current, journal: journalBox.get(), service: monthService,
                                                       keepMemories: settingsBox.value.keepMemories, language: language, now: now())
                return MonthPage(month: target, source: o.source, text: o.text, stats: o.stats,
                                 title: monthService.monthTitle(target, language), current: current)
            } catch {
                throw DisplayedError(CLIError.message(of: error, catalog, language))
            }
        }
        let suggester = TagSuggester(model: try context.languageModel(), diagnostics: diagnostics)
        deps.suggestTags = { id, body in
            guard let journal = try? journalBox.get(), let entry = try? journal.entry(id: id) else { return [] }
            let existing = ((try? journal.tagCounts()) ?? []).sorted { $0.count > $1.count }.map(\.tag)
            return await suggester.suggest(for: body, existing: existing, current: entry.tags)
        }
        deps.addTags = { id, tags in try journalBox.get().addTags(id: id, tags).tags }
        deps.questionAnswered = { question in
            let today = LocalDay(now(), in: calendar.timeZone)
            return try journalBox.get().entries(EntryQuery(from: today, to: today)).contains { $0.title == question }
        }
        return deps
    }
}

/// An error whose description is already the sentence to show.
struct DisplayedError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Opens the journal on first use, so a broken database shows as a notice in the app
/// instead of stopping it.
final class JournalBox: @unchecked Sendable {
    private let paths: LanternlyPaths
    private let lock = NSLock()
    private var journal: SQLiteJournal?

    init(paths: LanternlyPaths) { self.paths = paths }

    func get() throws -> SQLiteJournal {
        try lock.withLock {
            if let journal { return journal }
            let j = try SQLiteJournal(paths: paths)
            // What has been in the trash longer than 30 days goes when the app opens the journal.
            _ = try? j.purgeExpiredTrash(now: Date(), timeZone: TimeZone.current)
            journal = j
            return j
        }
    }
}

/// Remembers the last derived availability so that, while the model is not ready, the gate
/// is re-derived on the core's rhythm (``AvailabilityGate/notReadyRecheckInterval``, DESIGN.md
/// §2: 10–30 s), not on every poll; a changed profile file or a finished download re-derives
/// at once. The download's progress itself is shown live.
final class GateCache: @unchecked Sendable {
    private let lock = NSLock()
    private var last: (availability: ModelAvailability, at: Date)?

    func invalidate() { lock.withLock { last = nil } }

    func availability(fileChanged: Bool, downloadFinished: Bool, now: Date,
                      derive: () -> ModelAvailability) -> ModelAvailability {
        lock.withLock {
            if let last, !fileChanged, !downloadFinished,
               last.availability == .unavailable(.modelNotReady),
               now.timeIntervalSince(last.at) < AvailabilityGate.notReadyRecheckInterval {
                return last.availability
            }
            let fresh = derive()
            last = (fresh, now)
            return fresh
        }
    }
}

/// The recovery draft offered back in the journal editor: it stays on disk until the entry
/// is saved (or kept again as a new draft), so a crash in between loses nothing.
final class DraftBox: @unchecked Sendable {
    private let lock = NSLock()
    private var offered: RecoveryDraft?

    func recover(paths: LanternlyPaths) -> String? {
        lock.withLock {
            guard let oldest = RecoveryDraft.pending(in: paths).first else { return nil }
            offered = oldest
            return oldest.text
        }
    }

    /// The offered draft's text is now in the journal or in a newer draft: forget the file.
    func saved() {
        lock.withLock {
            if let offered { try? offered.discard() }
            offered = nil
        }
    }
}
