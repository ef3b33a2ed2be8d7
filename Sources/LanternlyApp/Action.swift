import LanternlyCore
import TerminalUI

/// What happened, named after the event (the Composable Architecture habit).
public enum Action: Equatable, Sendable {
    /// The app opened: load history, journal, question, status.
    case started
    case keyPressed(Key)
    /// A bracketed paste: one event, however long.
    case pasted(String)
    case resized(width: Int, height: Int)
    case statusPolled(AppStatus)
    case settingsLoaded(UserSettings)
    case deviceNamesLoaded([String])
    case dailyQuestionPicked(String?)
    case historyLoaded([ChatLine])
    case replyReceived(requestID: Int, Reply)
    /// Part of a reply arrived (the text so far), or the model is still waking up.
    case replyProgressed(requestID: Int, ReplyProgress)
    case journalListed([JournalEntrySummary])
    /// A page of the journal came back (`limit` was asked for; fewer means its end).
    case journalPageListed(JournalPage, limit: Int, [JournalEntrySummary])
    /// How many entries the journal holds in all.
    case journalCounted(Int)
    case entryLoaded(JournalEntryDetail?)
    /// The journal's search for `query` came back.
    case journalSearched(query: String, [JournalEntrySummary])
    /// The entry went to the trash.
    case entryTrashed(id: Int64, shortID: String)
    /// An edited entry was saved.
    case entryEdited(JournalEntryDetail)
    /// The answer to the daily question was saved as an entry (`body`: the question, then the answer).
    case answerSaved(body: String, answer: String)
    /// Whether today's question already has its answer in the journal.
    case questionAnsweredChecked(Bool)
    /// Entries of this calendar day in earlier years.
    case onThisDayLoaded([JournalEntrySummary])
    /// A month of writing for the calendar (`c`).
    case calendarLoaded(WritingMonth)
    case entrySaved(id: Int64, body: String)
    case externalEditFinished(String?)
    case reportWritten(path: String)
    case chatErased
    /// The chat history holds `count` turns: ask before erasing them.
    case chatCountedForErase(Int)
    /// A journal draft from an earlier session came back.
    case draftRecovered(String)
    /// The app is about to end (quit key or signal): keep what is unsaved.
    case appEnding
    /// What Luna remembers came back (oldest first).
    case memoriesLoaded([MemoryItem])
    /// One memory was forgotten (`found`: it was still there).
    case memoryForgotten(id: Int64, found: Bool)
    /// Every memory was forgotten (`count` of them).
    case memoriesCleared(count: Int)
    /// A month's observation came back.
    case monthLoaded(MonthPage)
    /// Luna suggested tags for a saved entry (never empty: no suggestion sends no action).
    case tagsSuggested(entryID: Int64, tags: [String])
    /// The suggested tags were added to the entry (its tags as stored now).
    case tagsAdded(entryID: Int64, added: [String], tags: [String])
    /// A dependency threw; the description reaches the person as a notice.
    case operationFailed(String)
}

/// Work the runtime does for the reducer; results come back as actions.
public enum Effect: Equatable, Sendable {
    case loadSettings, loadDeviceNames, loadHistory, pollStatus
    case pickDailyQuestion
    /// List the newest `state.journal.limit` entries (and count them all, when the count is wired).
    case loadJournal
    /// List one page of the journal (the list's window moves by pages).
    case loadJournalPage(JournalPage, limit: Int)
    case loadEntry(id: Int64)
    case searchJournal(query: String)
    case trashEntry(id: Int64)
    case saveEdit(id: Int64, body: String)
    /// Save the answer to the daily question as an entry titled with the question.
    case saveAnswer(question: String, answer: String)
    case checkQuestionAnswered(question: String)
    case loadOnThisDay
    case loadCalendar(year: Int, month: Int)
    case sendToLuna(requestID: Int, message: String)
    case reflectOnEntry(requestID: Int, body: String)
    case cancelReply(requestID: Int)
    case appendChat(message: String, reply: Reply)
    case eraseChat
    /// Count the chat history, then ask before erasing it.
    case countChatForErase
    case setProfile(key: String, value: String)
    case saveSettings(UserSettings)
    case saveEntry(body: String, tags: [String])
    case setStarred(id: Int64, starred: Bool)
    case setTags(id: Int64, tags: [String])
    case editExternally(initial: String)
    case writeReport
    case recoverDraft
    case keepDraft(String)
    case loadMemories
    case forgetMemory(id: Int64)
    case forgetAllMemories
    /// The observation of `year`-`month` (0, 0: the current month), in the background.
    case loadMonth(year: Int, month: Int)
    /// Ask Luna for tags for the entry just saved, in the background (the whole body: the
    /// crisis check reads it first).
    case suggestTags(entryID: Int64, body: String)
    /// Add tags to an entry, keeping its own (one transaction).
    case addTags(entryID: Int64, tags: [String])
}
