import LanternlyCore
import TerminalUI

/// The one place state changes: applies `action` to `state` and returns the work to do.
///
/// Pure: no I/O, no clock; dependencies are reached only through the returned ``Effect``s.
public func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
    switch action {
    case .started:
        // The journal is read when its screen opens: the first frame waits for nothing of it.
        return [.loadSettings, .loadDeviceNames, .pollStatus, .pickDailyQuestion, .loadHistory, .recoverDraft]
    case .keyPressed(let key):
        return handleKey(key, &state)
    case .pasted(let text):
        let clean = TerminalText.sanitize(text.replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "\r", with: "\n"))
        let context = state.keyContext
        if let limit = context.inputLimitBytes {
            let current = context == .chat ? state.input.utf8Count : state.journal.draft.utf8Count
            let total = current + clean.utf8.count
            // The whole paste or none of it: the person still has it to paste in parts.
            if total > limit { state.notice = .inputTooLong(bytes: total, limit: limit); return [] }
        }
        switch context {
        case .chat: state.input.insert(clean); state.recallIndex = nil
        case .journalWrite: state.journal.draft.insert(clean)
        case .tagInput:
            state.journal.tagInput?.insert(clean.replacingOccurrences(of: "\n", with: " "))
        default: break
        }
        return []
    case .resized(let w, let h):
        state.width = max(0, w); state.height = max(0, h)
        state.scrollOffset = min(state.scrollOffset, maxTranscriptScroll(state))
        return []
    case .statusPolled(let s):
        // The profile file changes only when a shipped profile was copied on a change.
        if !state.status.profilePath.isEmpty, !s.profilePath.isEmpty, s.profilePath != state.status.profilePath {
            state.notice = .profileCopied(path: s.profilePath)
        }
        state.status = s
        return []
    case .settingsLoaded(let s):
        // The language stays as main resolved it (`--lang`, then config, then the environment).
        state.settings = s
        return []
    case .deviceNamesLoaded(let names):
        state.deviceNames = names
        return []
    case .dailyQuestionPicked(let q):
        state.dailyQuestion = q
        state.questionAnswered = false
        return q.map { [.checkQuestionAnswered(question: $0)] } ?? []
    case .calendarLoaded(let month):
        state.journal.calendar = month
        return []
    case .onThisDayLoaded(let entries):
        state.journal.onThisDay = entries
        return []
    case .questionAnsweredChecked(let answered):
        state.questionAnswered = answered
        return []
    case .answerSaved(_, let answer):
        state.questionAnswered = true
        state.notice = .answerSaved
        // Luna reflects on the answer as on any entry (the crisis rule sees the whole of it).
        let stripped = strippingTags(from: answer)
        let words = stripped.isEmpty ? answer : stripped
        let id = state.nextRequestID
        state.nextRequestID += 1
        state.pendingReplies.append(PendingReply(requestID: id, message: words, isReflection: true, cancelled: false))
        return [.reflectOnEntry(requestID: id, body: words)]
    case .historyLoaded(let lines):
        state.transcript = lines + state.transcript
        return []
    case .replyReceived(let id, let reply):
        let pending = state.pendingReplies.first { $0.requestID == id }
        state.pendingReplies.removeAll { $0.requestID == id }
        var context: String? = nil
        if let p = pending, p.isReflection {
            context = firstLine(of: p.message, limit: 60)
        }
        var line = ChatLine(role: .luna, text: reply.text, source: reply.source, context: context)
        line.ending = reply.ending
        state.transcript.append(line)
        state.scrollOffset = 0
        if state.pendingReplies.isEmpty, state.notice == .stillAnswering || state.notice == .stoppedWaiting {
            state.notice = nil
        }
        var effects: [Effect] = [.pollStatus]
        if let p = pending, !p.isReflection, !reply.source.isCrisisPath, state.settings.keepChatHistory {
            effects.insert(.appendChat(message: p.message, reply: reply), at: 0)
        }
        return effects
    case .replyProgressed(let id, let progress):
        guard let i = state.pendingReplies.firstIndex(where: { $0.requestID == id }) else { return [] }
        switch progress {
        case .waking: state.pendingReplies[i].waking = true
        case .text(let text):
            state.pendingReplies[i].partial = text
            state.pendingReplies[i].waking = false
            state.scrollOffset = 0
        }
        return []
    case .journalListed(let entries):
        if state.journal.search != nil { return [] }
        return journalPageListed(.newest, limit: state.journal.limit, entries, &state)
    case .journalPageListed(let page, let limit, let rows):
        // While a search shows its hits, the list underneath stays as it was (Esc reloads it).
        if state.journal.search != nil { return [] }
        return journalPageListed(page, limit: limit, rows, &state)
    case .journalSearched(let query, let hits):
        return journalSearched(query, hits, &state)
    case .entryTrashed(let id, let shortID):
        state.journal.entries.removeAll { $0.id == id }
        state.journal.search?.savedEntries.removeAll { $0.id == id }
        if state.journal.open?.id == id { state.journal.open = nil; state.journal.mode = .list }
        state.journal.selected = max(0, min(state.journal.selected, state.journal.entries.count - 1))
        state.journal.total = state.journal.total.map { max(0, $0 - 1) }
        state.notice = .entryTrashed(shortID: shortID)
        return state.journal.search == nil ? [.loadJournal] : []
    case .entryEdited(let entry):
        state.notice = .entryEdited
        if state.journal.open?.id == entry.id { state.journal.open = entry }
        if let i = state.journal.entries.firstIndex(where: { $0.id == entry.id }) {
            state.journal.entries[i].title = String(entry.body.split(separator: "\n", maxSplits: 1).first ?? "")
            state.journal.entries[i].tags = entry.tags
        }
        return []
    case .journalCounted(let n):
        state.journal.total = max(0, n)
        return []
    case .entryLoaded(let entry):
        if let entry {
            state.journal.open = entry
            state.journal.mode = .reading
            state.journal.readScroll = 0
            return []
        }
        return [.loadJournal]
    case .entrySaved(let entryID, let body):
        state.journal.draft = TextEditor()
        state.journal.mode = .list
        state.journal.selected = 0
        state.journal.windowStart = 0
        state.notice = .entrySaved
        // Luna reflects on the words, not the @tags (she would quote them back as if written),
        // but the crisis check sees the whole entry first: the effect carries all of it.
        state.journal.suggestion = nil
        let words = reflectionWords(body)
        guard !words.isEmpty else { return [.loadJournal] }
        let id = state.nextRequestID
        state.nextRequestID += 1
        state.pendingReplies.append(PendingReply(requestID: id, message: words, isReflection: true, cancelled: false))
        // Luna's tags for it come in the background (none with the gate closed: nothing shows).
        return [.loadJournal, .reflectOnEntry(requestID: id, body: body), .suggestTags(entryID: entryID, body: body)]
    case .externalEditFinished(let text) where state.journal.editingID != nil:
        // `e` in the reading view: the entry's new text (the old one becomes a revision).
        let id = state.journal.editingID!
        state.journal.editingID = nil
        let body = (text ?? "").trimmingWhitespace()
        guard !body.isEmpty, body != state.journal.open?.body.trimmingWhitespace() else {
            state.notice = .entryUnchanged
            return []
        }
        return [.saveEdit(id: id, body: body)]
    case .externalEditFinished(let text):
        let body = (text ?? "").trimmingWhitespace()
        if state.screen == .journal && state.journal.mode == .writing {
            if let text { state.journal.draft.set(text) }
            return []
        }
        if body.isEmpty { state.notice = .entryEmpty; return [] }
        return [.saveEntry(body: body, tags: tagsMentioned(in: body))]
    case .reportWritten(let path):
        state.notice = .reportWritten(path: path)
        return []
    case .chatCountedForErase(let count):
        if count == 0 { state.notice = .nothingErased } else { state.confirmation = .eraseChat(count: count) }
        return []
    case .chatErased:
        state.transcript = []
        state.scrollOffset = 0
        state.notice = .chatErased
        return []
    case .draftRecovered(let text):
        guard !text.trimmingWhitespace().isEmpty else { return [] }
        if state.journal.draft.isEmpty {
            state.journal.draft.set(text)
        } else {
            state.journal.draft.set(state.journal.draft.text + "\n\n" + text)
        }
        state.notice = .draftRecovered
        return []
    case .appEnding:
        state.notice = nil
        let draft = state.journal.draft.text
        return draft.trimmingWhitespace().isEmpty ? [] : [.keepDraft(draft)]
    case .memoriesLoaded(let items):
        state.memories.items = items
        state.memories.selected = max(0, min(state.memories.selected, items.count - 1))
        return []
    case .memoryForgotten(let id, let found):
        let words = state.memories.items?.first { $0.id == id }?.words
        state.memories.items?.removeAll { $0.id == id }
        state.memories.selected = max(0, min(state.memories.selected, (state.memories.items?.count ?? 0) - 1))
        state.notice = found ? .memoryForgotten(words ?? "") : .nothingForgotten
        return []
    case .memoriesCleared(let count):
        state.memories.items = []
        state.memories.selected = 0
        state.notice = count > 0 ? .memoriesCleared(count) : .nothingForgotten
        return []
    case .monthLoaded(let page):
        // A month the person has already moved past is dropped.
        if let wanted = state.month.loading, wanted != page.month { return [] }
        if state.month.page?.month != page.month { state.month.scroll = 0 }
        state.month.page = page
        state.month.loading = nil
        state.month.loadingCurrent = false
        return []
    case .tagsSuggested(let id, let tags):
        guard !tags.isEmpty else { return [] }
        state.journal.suggestion = TagSuggestion(entryID: id, tags: tags)
        return []
    case .tagsAdded(let id, let added, let tags):
        if let i = state.journal.entries.firstIndex(where: { $0.id == id }) { state.journal.entries[i].tags = tags }
        if state.journal.open?.id == id { state.journal.open!.tags = tags }
        state.notice = .tagsAdded(added)
        return []
    case .operationFailed(let message):
        state.notice = .failed(message)
        return []
    }
}

private func handleKey(_ key: Key, _ state: inout AppState) -> [Effect] {
    if let asked = state.confirmation {
        // y (or the Russian д) confirms; every other key keeps everything.
        state.confirmation = nil
        guard case .character(let c) = key, ["y", "Y", "д", "Д"].contains(c) else {
            switch asked {
            case .deleteEntry: state.notice = .nothingDeleted
            case .forgetMemory, .forgetAllMemories: state.notice = .nothingForgotten
            case .eraseChat: state.notice = .nothingErased
            }
            return []
        }
        switch asked {
        case .eraseChat: return [.eraseChat]
        case .deleteEntry(let id, _, _): return [.trashEntry(id: id)]
        case .forgetMemory(let id, _): return [.forgetMemory(id: id)]
        case .forgetAllMemories: return [.forgetAllMemories]
        }
    }
    let context = state.keyContext
    let inputEmpty = state.input.isEmpty
    if context == .tagSuggestion, KeyCommand.command(for: key, in: context) == nil {
        // Any other key lets the offer go and does what it does in the list.
        state.journal.suggestion = nil
        return handleKey(key, &state)
    }
    guard let command = KeyCommand.command(for: key, in: context, inputIsEmpty: inputEmpty) else {
        switch context {
        case .chat:
            if refusedAtLimit(key, state.input, context, &state) { break }
            if edit(&state.input, key) { state.recallIndex = nil }
        case .journalWrite:
            if refusedAtLimit(key, state.journal.draft, context, &state) { break }
            if key == .enter || key == .ctrl("j") { state.journal.draft.insert("\n") } else { _ = edit(&state.journal.draft, key) }
        case .tagInput:
            if case .character(let c) = key, c == "\n" { break }
            if var t = state.journal.tagInput { _ = edit(&t, key); state.journal.tagInput = t }
        case .searchInput:
            if case .character(let c) = key, c == "\n" { break }
            guard var t = state.journal.searchInput, edit(&t, key) else { break }
            state.journal.searchInput = t
            // Results come as the person types (the same engine as `lanternly search`).
            let query = t.text.trimmingWhitespace()
            if query.isEmpty { return clearSearch(&state) }
            return [.searchJournal(query: query)]
        case .help:
            if key == .up { state.helpScroll = max(0, state.helpScroll - 1) }
            if key == .down { state.helpScroll += 1 }
        case .journalRead:
            if key == .up { state.journal.readScroll = max(0, state.journal.readScroll - 1) }
            if key == .down { state.journal.readScroll += 1 }
        case .diagnostics:
            if key == .up { state.diagnosticsScroll = max(0, state.diagnosticsScroll - 1) }
            if key == .down { state.diagnosticsScroll += 1 }
        case .month:
            if key == .up || key == .character("k") { state.month.scroll = max(0, state.month.scroll - 1) }
            if key == .down || key == .character("j") { state.month.scroll += 1 }
        case .journalList where key == .home:
            state.journal.selected = 0
            if state.journal.windowStart > 0 {
                // The newest page, read by keyset; the window moves there.
                state.journal.selectFirstWhenListed = true
                return [.loadJournalPage(.newest, limit: JournalState.pageSize)]
            }
        case .journalList where key == .end:
            state.journal.selected = max(0, state.journal.entries.count - 1)
            if state.journal.hasMore {
                // The oldest page, read by keyset (not the whole journal); select its last entry.
                state.journal.selectLastWhenListed = true
                return [.loadJournalPage(.oldest, limit: JournalState.pageSize)]
            }
        default: break
        }
        clampScrolls(&state)
        return []
    }
    state.notice = nil
    switch command {
    case .quit:
        state.shouldQuit = true
        return state.pendingReplies.map { .cancelReply(requestID: $0.requestID) }
    case .showHelp where context != .help:
        state.screenBeforeHelp = state.screen
        state.screen = .help
        state.helpScroll = 0
        return []
    case .showHelp, .back:
        return goBack(&state)
    case .openSettings:
        state.screen = .settings
        return [.pollStatus, .loadDeviceNames]
    case .dismissBanner:
        // Only the "switch Apple Intelligence on" banner can be hidden; remembered in settings
        // under its cause, so it comes back when the reason changes.
        guard let key = state.status.bannerDismissalKey, state.status.profileError == nil,
              state.settings.dismissedBanner != key else { return [] }
        state.settings.dismissedBanner = key
        return [.saveSettings(state.settings)]
    case .openDiagnostics:
        state.screen = .diagnostics
        state.diagnosticsScroll = 0
        return [.pollStatus]
    case .openJournal:
        state.screen = .journal
        state.journal.mode = .list
        state.journal.tagInput = nil
        return [.loadJournal, .loadOnThisDay]
    case .openMemories:
        state.screen = .memories
        // The gate and the memory switch are said on the screen: read them fresh.
        return [.loadMemories, .loadSettings, .pollStatus]
    case .openMonth:
        state.screen = .month
        state.month.scroll = 0
        // This month first; the person moves from there.
        state.month.loading = nil
        state.month.loadingCurrent = true
        return [.loadMonth(year: 0, month: 0)]
    case .forgetMemory:
        guard let items = state.memories.items, items.indices.contains(state.memories.selected) else { return [] }
        let m = items[state.memories.selected]
        state.confirmation = .forgetMemory(id: m.id, words: m.words)
    case .forgetAllMemories:
        guard let items = state.memories.items, !items.isEmpty else { return [] }
        state.confirmation = .forgetAllMemories(count: items.count)
    case .acceptTags:
        guard let s = state.journal.suggestion else { return [] }
        state.journal.suggestion = nil
        return [.addTags(entryID: s.entryID, tags: s.tags)]
    case .dismissTags:
        state.journal.suggestion = nil
    case .send:
        return send(&state)
    case .newline:
        if !refusedAtLimit(.ctrl("j"), state.input, .chat, &state) { state.input.insert("\n") }
    case .recallEarlier:
        if !state.input.cursorOnFirstLine { state.input.moveVertically(by: -1); return [] }
        guard !state.sentMessages.isEmpty else { return [] }
        let i: Int
        if let r = state.recallIndex { i = max(0, r - 1) } else {
            state.draftBeforeRecall = state.input.text
            i = state.sentMessages.count - 1
        }
        state.recallIndex = i
        state.input.set(state.sentMessages[i])
    case .recallLater:
        if !state.input.cursorOnLastLine { state.input.moveVertically(by: 1); return [] }
        guard let r = state.recallIndex else { return [] }
        if r + 1 < state.sentMessages.count {
            state.recallIndex = r + 1
            state.input.set(state.sentMessages[r + 1])
        } else {
            state.recallIndex = nil
            state.input.set(state.draftBeforeRecall)
        }
    case .scrollUp, .scrollDown:
        let page = max(1, state.height - 7)
        let step = command == .scrollUp ? page : -page
        switch context {
        case .journalRead: state.journal.readScroll = max(0, state.journal.readScroll - step)
        case .help: state.helpScroll = max(0, state.helpScroll - step)
        case .diagnostics: state.diagnosticsScroll = max(0, state.diagnosticsScroll - step)
        case .month: state.month.scroll = max(0, state.month.scroll - step)
        case .journalList:
            state.journal.selected = max(0, min(state.journal.entries.count - 1, state.journal.selected - step))
            return pageInJournal(&state)
        default:
            state.scrollOffset = max(0, min(state.scrollOffset + step, maxTranscriptScroll(state)))
        }
    case .stopWaiting:
        let waiting = state.pendingReplies.filter { !$0.cancelled }
        if !waiting.isEmpty {
            for i in state.pendingReplies.indices { state.pendingReplies[i].cancelled = true }
            state.notice = .stoppedWaiting
            return waiting.map { .cancelReply(requestID: $0.requestID) }
        }
        state.answering = nil
    case .answerQuestion:
        if let q = state.dailyQuestion { state.answering = q }
    case .moveUp, .moveDown:
        let delta = command == .moveUp ? -1 : 1
        if context == .settings {
            let n = SettingsRow.allCases.count
            state.settingsCursor = max(0, min(n - 1, state.settingsCursor + delta))
        } else if context == .memories {
            let n = state.memories.items?.count ?? 0
            state.memories.selected = max(0, min(n - 1, state.memories.selected + delta))
        } else {
            state.journal.selected = max(0, min(state.journal.entries.count - 1, state.journal.selected + delta))
            return pageInJournal(&state)
        }
    case .changeNext, .changePrevious:
        let row = SettingsRow.allCases[state.settingsCursor]
        return changeSetting(row, by: command == .changeNext ? 1 : -1, in: &state)
    case .writeReport:
        return [.writeReport]
    case .openEntry:
        guard let entry = selectedEntry(state) else { return [] }
        return [.loadEntry(id: entry.id)]
    case .newEntry:
        state.journal.mode = .writing
    case .newEntryInEditor:
        return [.editExternally(initial: state.journal.draft.text)]
    case .toggleStar:
        guard let id = state.journal.mode == .reading ? state.journal.open?.id : selectedEntry(state)?.id else { return [] }
        var starred = false
        if let i = state.journal.entries.firstIndex(where: { $0.id == id }) {
            state.journal.entries[i].starred.toggle(); starred = state.journal.entries[i].starred
        }
        if state.journal.open?.id == id {
            state.journal.open!.starred.toggle(); starred = state.journal.open!.starred
        }
        return [.setStarred(id: id, starred: starred)]
    case .editTags:
        let tags = state.journal.mode == .reading ? state.journal.open?.tags : selectedEntry(state)?.tags
        guard let tags else { return [] }
        state.journal.tagInput = TextEditor(tags.joined(separator: " "))
    case .applyTags:
        guard let text = state.journal.tagInput?.text else { return [] }
        state.journal.tagInput = nil
        guard let id = state.journal.mode == .reading ? state.journal.open?.id : selectedEntry(state)?.id else { return [] }
        let tags = parseTags(text)
        if let i = state.journal.entries.firstIndex(where: { $0.id == id }) { state.journal.entries[i].tags = tags }
        if state.journal.open?.id == id { state.journal.open!.tags = tags }
        return [.setTags(id: id, tags: tags)]
    case .saveEntry:
        let body = state.journal.draft.text.trimmingWhitespace()
        if body.isEmpty { state.notice = .entryEmpty; return [] }
        return [.saveEntry(body: body, tags: tagsMentioned(in: body))]
    case .editInEditor:
        return [.editExternally(initial: state.journal.draft.text)]
    case .search:
        state.journal.mode = .list
        state.journal.open = nil
        // A fresh query each time; the old one is not typed onto.
        state.journal.searchInput = TextEditor()
    case .runSearch:
        let query = state.journal.searchInput?.text.trimmingWhitespace() ?? ""
        state.journal.searchInput = nil
        if query.isEmpty { return clearSearch(&state) }
        return [.searchJournal(query: query)]
    case .showCalendar:
        return [.loadCalendar(year: 0, month: 0)]  // 0: this month, on the runtime's clock
    case .previousMonth where context == .month, .nextMonth where context == .month:
        // From the month asked for last, so quick presses move on without waiting.
        guard let shown = state.month.page else { return [] }
        let from = state.month.loading ?? shown.month
        if command == .nextMonth, from >= shown.current { state.notice = .noLaterMonth; return [] }
        let target = command == .nextMonth ? from.next : from.previous
        state.month.loading = target
        return [.loadMonth(year: target.year, month: target.month)]
    case .previousMonth, .nextMonth:
        guard let m = state.journal.calendar else { return [] }
        var year = m.year, month = m.month + (command == .nextMonth ? 1 : -1)
        if month == 0 { year -= 1; month = 12 }
        if month == 13 { year += 1; month = 1 }
        return [.loadCalendar(year: year, month: month)]
    case .starredOnly:
        // `*` again (or Esc) brings the whole journal back.
        if state.journal.search?.query == "*" { return clearSearch(&state) }
        state.journal.searchInput = nil
        return [.searchJournal(query: "*")]
    case .nextHit, .previousHit:
        let n = state.journal.entries.count
        guard n > 0 else { return [] }
        let step = command == .nextHit ? 1 : n - 1
        state.journal.selected = (state.journal.selected + step) % n
    case .deleteEntry:
        let reading = state.journal.mode == .reading
        guard let id = reading ? state.journal.open?.id : selectedEntry(state)?.id else { return [] }
        let summary = state.journal.entries.first { $0.id == id }
        let title = reading ? String(state.journal.open!.body.split(separator: "\n", maxSplits: 1).first ?? "") : summary?.title ?? ""
        let day = reading ? state.journal.open!.day : summary?.day ?? ""
        state.confirmation = .deleteEntry(id: id, title: title, day: day)
    case .editEntry:
        guard let open = state.journal.open else { return [] }
        state.journal.editingID = open.id
        return [.editExternally(initial: open.body)]
    }
    clampScrolls(&state)
    return []
}

/// Moves the window when the selection nears one of its ends: the next older page when
/// older entries may exist, the next newer one when the window does not start at the newest.
/// The margin stays below half a page so one move never asks for the other at once.
private func pageInJournal(_ state: inout AppState) -> [Effect] {
    let j = state.journal
    let margin = min(max(50, 2 * state.height), JournalState.pageSize / 2 - 10)
    if j.hasMore, j.selected >= j.entries.count - margin, let last = j.entries.last {
        if state.journal.limit < j.entries.count + JournalState.pageSize { state.journal.limit = j.entries.count + JournalState.pageSize }
        return [.loadJournalPage(.olderThan(last.key), limit: JournalState.pageSize)]
    }
    if j.windowStart > 0, j.selected < margin, let first = j.entries.first {
        return [.loadJournalPage(.newerThan(first.key), limit: JournalState.pageSize)]
    }
    return []
}

/// Puts a page into the window (see ``JournalPage``) and keeps the highlight on its entry.
private func journalPageListed(_ page: JournalPage, limit: Int, _ rows: [JournalEntrySummary],
                               _ state: inout AppState) -> [Effect] {
    var j = state.journal
    let selectedID = j.entries.indices.contains(j.selected) ? j.entries[j.selected].id : nil
    let short = rows.count < limit
    switch page {
    case .newest, .startingAt:
        // The highlight stays on its entry when newer ones arrive above it (another writer);
        // at the top it stays at the top, on the newest.
        let keep = page == .newest && j.selected == 0 && j.windowStart == 0 ? nil : selectedID
        if page == .newest { j.windowStart = 0 }
        j.entries = rows
        j.olderExhausted = short
        if let id = keep, let i = rows.firstIndex(where: { $0.id == id }) { j.selected = i }
    case .oldest:
        j.entries = rows
        j.olderExhausted = true
        j.windowStart = short ? 0 : max(limit, (j.total ?? 0) - rows.count)
    case .olderThan:
        j.entries += rows
        j.olderExhausted = short
    case .newerThan:
        j.entries = rows + j.entries
        j.selected += rows.count
        j.windowStart = short ? 0 : max(0, j.windowStart - rows.count)
    }
    // Keep the window within its size: drop the far side from the selection.
    let excess = j.entries.count - JournalState.maxWindow
    if excess > 0 {
        if j.selected >= j.entries.count / 2 {
            j.entries.removeFirst(excess)
            j.selected -= excess
            j.windowStart += excess
        } else {
            j.entries.removeLast(excess)
            j.olderExhausted = false
        }
    }
    if j.selectLastWhenListed {
        j.selectLastWhenListed = false
        j.selected = j.entries.count - 1
    }
    if j.selectFirstWhenListed {
        j.selectFirstWhenListed = false
        j.selected = 0
    }
    j.selected = max(0, min(j.selected, j.entries.count - 1))
    state.journal = j
    if case .olderThan = page, short { return [] }
    if case .newerThan = page, short { return [] }
    return pageInJournal(&state)
}

/// Keeps the page scrolls within their content, so Up after a long Down responds at once.
private func clampScrolls(_ state: inout AppState) {
    let helpRows = KeyCommand.helpRowCount
    state.helpScroll = min(state.helpScroll, max(0, helpRows - (state.height - 2)))
    state.diagnosticsScroll = min(state.diagnosticsScroll, 24)
    if let page = state.month.page {
        state.month.scroll = min(state.month.scroll, max(0, monthRowCount(page, width: state.width) - max(1, state.height - 4)))
    }
    if let body = state.journal.open?.body {
        let lines = TerminalText.wrap(TerminalText.sanitize(body), width: max(1, state.width - 2)).count
        state.journal.readScroll = min(state.journal.readScroll, max(0, lines - (state.height - 4)))
    }
}

private func goBack(_ state: inout AppState) -> [Effect] {
    switch state.keyContext {
    case .help: state.screen = state.screenBeforeHelp
    case .tagInput: state.journal.tagInput = nil
    case .searchInput:
        // Esc in the prompt ends the search: the whole list comes back.
        state.journal.searchInput = nil
        return clearSearch(&state)
    case .journalFound: return clearSearch(&state)
    case .journalCalendar: state.journal.calendar = nil
    case .journalRead: state.journal.mode = .list; state.journal.open = nil
    case .journalWrite: state.journal.mode = .list  // the draft is kept
    default: state.screen = .chat
    }
    return []
}

private func send(_ state: inout AppState) -> [Effect] {
    let typed = state.input.text
    guard !typed.trimmingWhitespace().isEmpty else { return [] }
    if state.pendingReplies.contains(where: { !$0.isReflection }) {
        state.notice = .stillAnswering
        return []
    }
    // Only the person's own words go to Luna and into the history; the question they answer
    // is shown above their line in this session's transcript, never stored as theirs.
    let message = typed
    if let question = state.answering, state.settings.answersToJournal {
        // The answer to the daily question becomes a journal entry titled with the question;
        // Luna's reply is her reflection on it (issue 12).
        state.transcript.append(ChatLine(role: .person, text: typed, context: question))
        state.sentMessages.append(typed)
        state.input = TextEditor()
        state.answering = nil
        state.recallIndex = nil
        state.scrollOffset = 0
        return [.saveAnswer(question: question, answer: typed.trimmingWhitespace())]
    }
    state.transcript.append(ChatLine(role: .person, text: typed, context: state.answering))
    state.sentMessages.append(typed)
    state.input = TextEditor()
    state.answering = nil
    state.recallIndex = nil
    state.scrollOffset = 0
    let id = state.nextRequestID
    state.nextRequestID += 1
    state.pendingReplies.append(PendingReply(requestID: id, message: message, isReflection: false, cancelled: false))
    return [.sendToLuna(requestID: id, message: message)]
}

/// Applies an editing key to a text input. - Returns: whether it was an editing key.
private func edit(_ editor: inout TextEditor, _ key: Key) -> Bool {
    switch key {
    case .character(let c): editor.insert(c)
    case .tab: editor.insert("\t")
    case .backspace: editor.backspace()
    case .delete: editor.deleteForward()
    case .left: editor.moveLeft()
    case .right: editor.moveRight()
    case .home, .ctrl("a"): editor.moveHome()
    case .end, .ctrl("e"): editor.moveEnd()
    case .up: editor.moveVertically(by: -1)
    case .down: editor.moveVertically(by: 1)
    case .ctrl("u"): editor.set("")
    case .ctrl("w"): editor.deleteWordBackward()
    default: return false
    }
    return true
}

/// A typed character that would take the input past its limit is refused with a notice
/// (not dropped without a word). - Returns: whether the key was refused.
private func refusedAtLimit(_ key: Key, _ editor: TextEditor, _ context: KeyContext, _ state: inout AppState) -> Bool {
    guard let limit = context.inputLimitBytes else { return false }
    let added: Int
    switch key {
    case .character(let c): added = c.utf8.count
    case .tab, .enter, .ctrl("j"): added = 1
    default: return false
    }
    if context == .chat && key == .enter { return false }
    guard editor.utf8Count + added > limit else { return false }
    state.notice = .inputTooLong(bytes: editor.utf8Count + added, limit: limit)
    return true
}

extension KeyContext {
    /// The most text the context's input takes, in UTF-8 bytes, as the command line takes it:
    /// a chat message as `lanternly reply`, an entry as `lanternly write`; `nil`: no text input.
    var inputLimitBytes: Int? {
        switch self {
        case .chat: return LunaChatService.maxMessageBytes
        case .journalWrite: return JournalEntry.maxBodyBytes
        default: return nil
        }
    }
}

/// Shows the hits of `query` in the list (the list as it was is kept for Esc). A result for a
/// query the person has typed past is dropped.
private func journalSearched(_ query: String, _ hits: [JournalEntrySummary], _ state: inout AppState) -> [Effect] {
    if let typing = state.journal.searchInput?.text.trimmingWhitespace(), typing != query { return [] }
    var j = state.journal
    if j.search == nil {
        j.search = JournalSearch(query: query, savedEntries: j.entries, savedSelected: j.selected,
                                 savedWindowStart: j.windowStart, savedOlderExhausted: j.olderExhausted, savedTotal: j.total)
    }
    j.search!.query = query
    j.entries = hits
    j.selected = 0
    j.windowStart = 0
    j.olderExhausted = true
    j.total = hits.count
    state.journal = j
    state.notice = hits.isEmpty ? .noSearchHits : nil
    return []
}

/// Ends the search: the list as it was comes back (and is read again).
private func clearSearch(_ state: inout AppState) -> [Effect] {
    state.journal.searchInput = nil
    guard let s = state.journal.search else { return [] }
    state.journal.search = nil
    state.journal.entries = s.savedEntries
    state.journal.selected = max(0, min(s.savedSelected, s.savedEntries.count - 1))
    state.journal.windowStart = s.savedWindowStart
    state.journal.olderExhausted = s.savedOlderExhausted
    state.journal.total = s.savedTotal
    state.notice = nil
    return [.loadJournal]
}

private func selectedEntry(_ state: AppState) -> JournalEntrySummary? {
    let j = state.journal
    return j.entries.indices.contains(j.selected) ? j.entries[j.selected] : nil
}

/// `@tag` words of an entry body, in order, without duplicates (`@` dropped).
public func tagsMentioned(in body: String) -> [String] {
    var tags: [String] = []
    for word in body.split(whereSeparator: { $0.isWhitespace }) where word.hasPrefix("@") {
        let tag = String(word.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
        if !tag.isEmpty && !tags.contains(tag) { tags.append(tag) }
    }
    return tags
}

/// What Luna reflects on in an entry, after the crisis check has read the whole of it: the
/// words without their `@tags` (she would quote them back as if written); an entry of tags
/// alone as its tag words.
public func reflectionWords(_ body: String) -> String {
    let stripped = strippingTags(from: body)
    return stripped.isEmpty ? tagsMentioned(in: body).joined(separator: " ") : stripped
}

/// The entry body without its `@tag` words (as ``tagsMentioned(in:)`` finds them): line breaks
/// and the other words are kept; punctuation right after a tag stays on the word before it
/// (`"a calm morning @calm."` → `"a calm morning."`); each line is trimmed, and spaces collapse.
public func strippingTags(from body: String) -> String {
    func isTagCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "-" }
    let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
        var words: [String] = []
        for word in line.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            guard word.hasPrefix("@"), let second = word.dropFirst().first, isTagCharacter(second) else {
                words.append(String(word)); continue
            }
            let rest = String(word.dropFirst().drop(while: isTagCharacter))
            if rest.isEmpty { continue }
            if let last = words.popLast() { words.append(last + rest) }
            else if rest.contains(where: { $0.isLetter || $0.isNumber }) { words.append(rest) }
        }
        return words.joined(separator: " ")
    }
    return lines.joined(separator: "\n").trimmingWhitespace()
}

/// Tags typed at the tag prompt: separated by spaces or commas; a leading `@` or `#` is dropped.
public func parseTags(_ text: String) -> [String] {
    var tags: [String] = []
    for word in text.split(whereSeparator: { $0.isWhitespace || $0 == "," }) {
        var w = Substring(word)
        while let f = w.first, f == "@" || f == "#" { w = w.dropFirst() }
        let tag = String(w)
        if !tag.isEmpty && !tags.contains(tag) { tags.append(tag) }
    }
    return tags
}

func firstLine(of text: String, limit: Int) -> String {
    let line = text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
    return TerminalText.truncate(line, width: limit)
}

extension String {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
