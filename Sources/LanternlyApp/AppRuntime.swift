import Foundation
import LanternlyCore
import TerminalUI

/// Holds the state, runs the reducer and performs its effects against ``AppDependencies``.
///
/// Call everything from one thread (the run loop's). Synchronous effects (settings, profile,
/// journal) run at once and feed their result back as an action; Luna's replies run in
/// detached tasks and come back through an inbox that ``drainInbox()`` empties.
public final class AppRuntime: @unchecked Sendable {
    public private(set) var state: AppState
    public let dependencies: AppDependencies
    /// Called (from any thread) when an action lands in the inbox, so a loop can wake up.
    public var onInboxChange: (@Sendable () -> Void)?

    private let lock = NSLock()
    private var inbox: [Action] = []
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var backgroundCount = 0
    /// Counts daily-question picks; a pick's answer is used only while it is the newest.
    private var questionGeneration = 0

    public init(state: AppState, dependencies: AppDependencies) {
        self.state = state
        self.dependencies = dependencies
    }

    /// Applies an action and performs the effects it returns (recursively for synchronous ones).
    public func send(_ action: Action) {
        let effects = reduce(&state, action)
        for effect in effects { perform(effect) }
    }

    /// Applies every action that arrived from background work. - Returns: whether any did.
    @discardableResult
    public func drainInbox() -> Bool {
        lock.lock()
        let actions = inbox
        inbox.removeAll()
        lock.unlock()
        for a in actions { send(a) }
        return !actions.isEmpty
    }

    /// Whether replies are still being worked on.
    public var hasBackgroundWork: Bool {
        lock.lock(); defer { lock.unlock() }
        return !tasks.isEmpty || !inbox.isEmpty
    }

    /// Waits until every background task has finished and its action is applied (tests, quitting).
    public func settle() async {
        while true {
            let running = locked { Array(tasks.values) }
            if running.isEmpty { break }
            for t in running { await t.value }
        }
        drainInbox()
    }

    /// Re-reads the status (the loop calls this about once a second).
    public func pollStatus() {
        send(.statusPolled(dependencies.status(state.language)))
    }

    /// The current frame.
    public func frame() -> ScreenBuffer { render(state, catalog: dependencies.catalog) }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        return try body()
    }

    private func post(_ action: Action) {
        lock.lock()
        inbox.append(action)
        lock.unlock()
        onInboxChange?()
    }

    private func attempt(_ body: () throws -> Action?) {
        do {
            if let next = try body() { send(next) }
        } catch {
            send(.operationFailed(String(describing: error)))
        }
    }

    private func perform(_ effect: Effect) {
        let deps = dependencies
        switch effect {
        case .loadSettings: send(.settingsLoaded(deps.loadSettings()))
        case .loadDeviceNames: send(.deviceNamesLoaded(deps.deviceNames()))
        case .pollStatus: pollStatus()
        case .pickDailyQuestion:
            // Off the run loop: with a model server Luna writes the question, and a slow or
            // hanging server must not hold back the first frame or a key. Only the newest pick
            // lands (a change of path or language while one was running supersedes it).
            let path = state.settings.lifePath, language = state.language
            let generation = locked { questionGeneration += 1; return questionGeneration }
            background { [weak self] in
                let question = deps.dailyQuestion(path, language)
                guard let self, self.locked({ self.questionGeneration == generation }) else { return nil }
                return .dailyQuestionPicked(question)
            }
        case .loadHistory: attempt { .historyLoaded(try deps.chatHistory()) }
        case .loadJournal:
            // The count first, so the list's paging sees the real total.
            if let count = deps.journalCount { attempt { .journalCounted(try count()) } }
            if let listPage = deps.listPage {
                // The window is read again where it is (the top, or its first entry).
                let j = state.journal
                let page: JournalPage = j.windowStart == 0 || j.entries.isEmpty ? .newest : .startingAt(j.entries[0].key)
                let limit = max(JournalState.pageSize, j.entries.count)
                attempt { .journalPageListed(page, limit: limit, try listPage(page, limit)) }
            } else {
                attempt { .journalListed(try deps.listEntries(state.journal.limit)) }
            }
        case .loadJournalPage(let page, let limit):
            if let listPage = deps.listPage {
                attempt { .journalPageListed(page, limit: limit, try listPage(page, limit)) }
            } else {
                // Not wired: the newest `state.journal.limit` entries, read again (it grew).
                perform(.loadJournal)
            }
        case .loadEntry(let id): attempt { .entryLoaded(try deps.loadEntry(id)) }
        case .searchJournal(let query):
            // `*`: the starred entries; `@tag` alone: the entries with that tag; else the text.
            let words = query.split(separator: " ")
            if query == "*" || (words.count == 1 && query.hasPrefix("@") && query.count > 1) {
                guard let filter = deps.filterEntries else { return }
                let tag = query == "*" ? nil : String(query.dropFirst())
                attempt { .journalSearched(query: query, try filter(tag, query == "*", 200)) }
                return
            }
            guard let search = deps.searchEntries else { return }
            attempt { .journalSearched(query: query, try search(query, 200)) }
        case .loadCalendar(let year, let month):
            guard let load = deps.writingMonth else { return }
            attempt { try load(year, month).map { .calendarLoaded($0) } }
        case .loadOnThisDay:
            guard let load = deps.onThisDay else { return }
            attempt { .onThisDayLoaded(try load()) }
        case .trashEntry(let id):
            guard let trash = deps.trashEntry else { return }
            attempt { try trash(id); return .entryTrashed(id: id, shortID: "") }
        case .saveAnswer(let question, let answer):
            let body = question + "\n\n" + answer
            attempt { _ = try deps.saveEntry(body, []); return .answerSaved(body: body, answer: answer) }
        case .checkQuestionAnswered(let question):
            guard let check = deps.questionAnswered else { return }
            attempt { .questionAnsweredChecked(try check(question)) }
        case .saveEdit(let id, let body):
            // As a new entry: the crisis check on the whole text first, whatever the save does.
            if let safe = deps.safetyReply(body) { send(.replyReceived(requestID: -1, safe)) }
            guard let save = deps.editEntry else { return }
            attempt { .entryEdited(try save(id, body)) }
        case .sendToLuna(let id, let message):
            // A reply to an answer to the daily question is the question service's (diagnostics).
            let service = service(of: id)
            if let stream = deps.streamReply {
                // The runtime is held weakly by the progress callback too (no cycle through the task).
                let post: @Sendable (ReplyProgress) -> Void = { [weak self] progress in self?.postProgress(id, progress) }
                startTask(id) { await LunaDiagnostics.$service.withValue(service) { await stream(message, post) } }
            } else {
                startTask(id) { await LunaDiagnostics.$service.withValue(service) { await deps.reply(message) } }
            }
        case .reflectOnEntry(let id, let body):
            let service = service(of: id)
            startTask(id) { await LunaDiagnostics.$service.withValue(service) { await deps.reflect(body) } }
        case .cancelReply(let id):
            lock.lock()
            let task = tasks[id]
            lock.unlock()
            task?.cancel()
        case .appendChat(let message, let reply, let question):
            attempt { try deps.appendChat(ChatExchange(message: message, reply: reply, date: deps.now(), question: question)); return nil }
        case .eraseChat: attempt { try deps.eraseChat(); return .chatErased }
        case .countChatForErase:
            let loaded = state.transcript.filter { $0.role == .person }.count
            attempt { .chatCountedForErase(try deps.chatCount?() ?? loaded) }
        case .setProfile(let key, let value): attempt { try deps.setProfile(key, value); return nil }
        case .saveSettings(let s): attempt { try deps.saveSettings(s); return nil }
        case .saveEntry(let body, let tags):
            // The crisis check comes first, on the whole text: the help line never depends on
            // storage. When it answers, the saved entry gets no second reflection (empty body).
            let safe = deps.safetyReply(body)
            if let safe { send(.replyReceived(requestID: -1, safe)) }
            attempt { .entrySaved(id: try deps.saveEntry(body, tags), body: safe == nil ? body : "") }
        case .setStarred(let id, let starred): attempt { try deps.setStarred(id, starred); return nil }
        case .setTags(let id, let tags): attempt { try deps.setTags(id, tags); return nil }
        case .editExternally(let initial): attempt { .externalEditFinished(try deps.editExternally(initial)) }
        case .writeReport: attempt { .reportWritten(path: try deps.writeReport().path) }
        case .recoverDraft: if let text = deps.recoverDraft() { send(.draftRecovered(text)) }
        case .keepDraft(let text): attempt { try deps.keepDraft(text); return nil }
        case .loadMemories:
            guard let load = deps.memories else { send(.memoriesLoaded([])); return }
            attempt { .memoriesLoaded(try load()) }
        case .forgetMemory(let id):
            guard let forget = deps.forgetMemory else { return }
            attempt { .memoryForgotten(id: id, found: try forget(id)) }
        case .forgetAllMemories:
            guard let forget = deps.forgetAllMemories else { return }
            attempt { .memoriesCleared(count: try forget()) }
        case .loadMonth(let year, let month):
            guard let load = deps.monthObservation else { return }
            let language = state.language
            background {
                do { return .monthLoaded(try await load(year, month, language)) } catch { return .operationFailed(String(describing: error)) }
            }
        case .suggestTags(let id, let body):
            guard let suggest = deps.suggestTags else { return }
            background {
                let tags = await suggest(id, body)
                return tags.isEmpty ? nil : .tagsSuggested(entryID: id, tags: tags)
            }
        case .addTags(let id, let tags):
            guard let add = deps.addTags else { return }
            attempt { .tagsAdded(entryID: id, added: tags, tags: try add(id, tags)) }
        }
    }

    /// Runs `work` off the run loop; its action (if any) comes back through the inbox.
    /// ``settle()`` waits for it as for a reply.
    private func background(_ work: @escaping @Sendable () async -> Action?) {
        lock.lock()
        defer { lock.unlock() }
        backgroundCount += 1
        let id = -backgroundCount - 1  // never a request id (those are positive; -1 is the safety reply)
        tasks[id] = Task.detached { [weak self] in
            let action = await work()
            guard let self else { return }
            self.locked {
                self.tasks[id] = nil
                if let action { self.inbox.append(action) }
            }
            self.onInboxChange?()
        }
    }

    /// Posts a reply's progress, replacing one of the same reply still waiting in the inbox,
    /// so a fast stream never piles up work: the loop draws the newest text once.
    private func postProgress(_ id: Int, _ progress: ReplyProgress) {
        lock.lock()
        let waiting = inbox.firstIndex {
            if case .replyProgressed(let other, _) = $0 { return other == id }
            return false
        }
        if let i = waiting {
            inbox[i] = .replyProgressed(requestID: id, progress)
            lock.unlock()
            return
        }
        inbox.append(.replyProgressed(requestID: id, progress))
        lock.unlock()
        onInboxChange?()
    }

    /// The service a pending reply is for: the daily question's when it answers it, else the chat.
    private func service(of requestID: Int) -> LunaService {
        state.pendingReplies.first(where: { $0.requestID == requestID })?.question == nil ? .chat : .question
    }

    private func startTask(_ id: Int, _ work: @escaping @Sendable () async -> Reply) {
        lock.lock()
        defer { lock.unlock() }
        tasks[id] = Task.detached { [weak self] in
            let reply = await work()
            guard let self else { return }
            self.locked {
                self.tasks[id] = nil
                self.inbox.append(.replyReceived(requestID: id, reply))
            }
            self.onInboxChange?()
        }
    }
}
