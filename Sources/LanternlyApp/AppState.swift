import LanternlyCore
import TerminalUI

/// The screens of the full-screen app.
public enum Screen: String, Hashable, Sendable {
    case chat, settings, diagnostics, journal, help
    /// "What Luna remembers": the memories, forgettable one by one or all at once.
    case memories
    /// The month's observation (as `lanternly month`), month by month.
    case month
}

/// A one-line message under the content (localized at render time, so it follows the UI language).
public enum Notice: Equatable, Sendable {
    case stillAnswering
    case stoppedWaiting
    case reportWritten(path: String)
    case entrySaved
    case entryEmpty
    case chatErased
    case profileSaved
    /// A journal draft from last time is back in the editor.
    case draftRecovered
    /// Typed or pasted text would pass the input's limit (`limit` UTF-8 bytes): nothing of it
    /// was added; `bytes` is how long the input would have been.
    case inputTooLong(bytes: Int, limit: Int)
    /// The machine has no UTF-8 locale: text is drawn with ASCII stand-ins (typed text is kept whole).
    case noUTF8Locale
    /// Nothing was erased: the person did not confirm, or there was nothing to erase.
    case nothingErased
    /// Nothing was deleted: the person did not confirm.
    case nothingDeleted
    /// The entry went to the trash (`lanternly restore ID` brings it back for 30 days).
    case entryTrashed(shortID: String)
    /// An entry's new text was saved; the old one is kept as a revision.
    case entryEdited
    /// The answer to the daily question was saved as a journal entry.
    case answerSaved
    /// The editor gave back the same (or no) text: the entry is as it was.
    case entryUnchanged
    /// A search found nothing.
    case noSearchHits
    /// The profile in use was a shipped one: the change went to the person's copy at `path`.
    case profileCopied(path: String)
    /// The device's chip cannot run Apple Intelligence, so it cannot be switched on.
    case deviceCannotRunAppleIntelligence(device: String)
    /// One memory was forgotten (its words shown).
    case memoryForgotten(String)
    /// Every memory was forgotten (`count` of them).
    case memoriesCleared(Int)
    /// Nothing was forgotten: the person did not confirm.
    case nothingForgotten
    /// Luna's suggested tags were added to the entry.
    case tagsAdded([String])
    /// There is no month after the current one to show.
    case noLaterMonth
    /// Something failed; the detail is the error's own description (sanitized when drawn).
    case failed(String)
}

/// A question asked before something is destroyed.
public enum Confirmation: Equatable, Sendable {
    /// Erase the whole chat history of `count` turns.
    case eraseChat(count: Int)
    /// Move one journal entry to the trash (its title and local day shown).
    case deleteEntry(id: Int64, title: String, day: String)
    /// Forget one memory (its words shown).
    case forgetMemory(id: Int64, words: String)
    /// Forget all `count` memories.
    case forgetAllMemories(count: Int)
}

/// One memory as the "What Luna remembers" screen shows it.
public struct MemoryItem: Equatable, Sendable {
    public var id: Int64
    public var kind: MemoryKind
    /// The fact in the person's words.
    public var words: String
    /// For a dated situation: its local day, `YYYY-MM-DD`.
    public var date: String?
    public var source: MemorySource
    /// The local day it was remembered, `YYYY-MM-DD`.
    public var rememberedOn: String
    /// The source entry's short id (`k3f9q`), the one the journal and `lanternly show` use.
    public var entryShortID: String?

    public init(id: Int64, kind: MemoryKind, words: String, date: String? = nil, source: MemorySource, rememberedOn: String,
                entryShortID: String? = nil) {
        self.id = id; self.kind = kind; self.words = words; self.date = date; self.source = source
        self.rememberedOn = rememberedOn; self.entryShortID = entryShortID
    }
}

/// The "What Luna remembers" screen's state.
public struct MemoriesState: Equatable, Sendable {
    /// The memories, oldest first; `nil` until they are read.
    public var items: [MemoryItem]?
    /// Index into ``items`` of the highlighted memory.
    public var selected = 0
    public init() {}
}

/// A month's observation as the month screen shows it (the same as `lanternly month`).
public struct MonthPage: Equatable, Sendable {
    public var month: YearMonth
    /// `model` (Luna wrote it) or `computed` (from the journal itself).
    public var source: ServiceSource
    /// The sentences, in the UI language of the request.
    public var text: String
    /// The numbers the chart is drawn from.
    public var stats: MonthStats
    /// The month's name in the UI language ("November 2026").
    public var title: String
    /// The current month on the runtime's clock (there is no later one to move to).
    public var current: YearMonth
    /// Whether this is the current month.
    public var isCurrent: Bool { month >= current }

    public init(month: YearMonth, source: ServiceSource, text: String, stats: MonthStats, title: String, current: YearMonth) {
        self.month = month; self.source = source; self.text = text; self.stats = stats; self.title = title
        self.current = current
    }
}

/// The month screen's state.
public struct MonthScreenState: Equatable, Sendable {
    /// The month shown; `nil` until the first one comes.
    public var page: MonthPage?
    /// The month asked for and not yet shown (the screen says it is being read).
    public var loading: YearMonth?
    /// The first request (this month) is on its way.
    public var loadingCurrent = false
    /// Rows scrolled down.
    public var scroll = 0
    public init() {}
}

/// Luna's tag suggestion for a just-saved entry, waiting for one key (accept or dismiss).
public struct TagSuggestion: Equatable, Sendable {
    public var entryID: Int64
    /// Tags without the `@`.
    public var tags: [String]
    public init(entryID: Int64, tags: [String]) { self.entryID = entryID; self.tags = tags }
}

/// A search in the journal screen: the query, and the list as it was before, so Esc brings
/// it back.
public struct JournalSearch: Equatable, Sendable {
    public var query: String
    public var savedEntries: [JournalEntrySummary]
    public var savedSelected: Int
    public var savedWindowStart: Int
    public var savedOlderExhausted: Bool
    public var savedTotal: Int?
}

/// A reply Luna is working on.
public struct PendingReply: Equatable, Sendable {
    public var requestID: Int
    /// The message as sent (stored with the reply as one turn).
    public var message: String
    /// True for a reflection on a journal entry (not stored as a chat turn).
    public var isReflection: Bool
    /// The person pressed Esc: the task was cancelled; the fallback reply is on its way.
    public var cancelled: Bool
    /// The reply's text so far, while it streams in; `nil` before the first piece.
    public var partial: String? = nil
    /// No text yet after a while: the model server is loading the model.
    public var waking: Bool = false
    /// The daily question the message answers (stored with the turn; its reply is the
    /// question service's in the diagnostics), or `nil`.
    public var question: String? = nil
}

/// The journal screen's state.
public struct JournalState: Equatable, Sendable {
    public enum Mode: Equatable, Sendable { case list, reading, writing }
    /// How many entries the list asks for at a time.
    public static let pageSize = 200
    /// The most entries the list holds at once (a window of the journal; pages beyond it are
    /// dropped as new ones come in).
    public static let maxWindow = 800
    public var mode: Mode = .list
    /// The newest entries, newest first: the first ``limit`` of the journal (fewer when it is shorter).
    public var entries: [JournalEntrySummary] = []
    /// How many entries the list asks for (grows by ``pageSize`` as the person scrolls down).
    public var limit: Int = JournalState.pageSize
    /// Position of `entries[0]` in the whole newest-first journal (0: the window starts at the newest).
    public var windowStart = 0
    /// The last page asked for past the window's end came back short: nothing older exists.
    public var olderExhausted = false
    /// Home was pressed while the window was elsewhere: select the first entry once it comes.
    public var selectFirstWhenListed = false
    /// How many entries the journal holds in all, when known (the list header shows it).
    public var total: Int?
    /// End was pressed while older entries were still unlisted: select the last one once they come.
    public var selectLastWhenListed = false
    /// Whether older entries may exist beyond ``entries``: the last list came back full and
    /// the total (when known) is larger.
    public var hasMore: Bool {
        !olderExhausted && entries.count >= min(limit, JournalState.pageSize)
            && (total.map { windowStart + entries.count < $0 } ?? true)
    }
    /// Index into ``entries`` of the highlighted entry.
    public var selected: Int = 0
    public var open: JournalEntryDetail?
    public var readScroll: Int = 0
    /// The entry being written; kept when the person steps away, so nothing typed is lost.
    public var draft = TextEditor()
    /// The tag prompt, when open (space- or comma-separated, `@` optional).
    public var tagInput: TextEditor?
    /// The search prompt (`/`), when open; results come in as the person types.
    public var searchInput: TextEditor?
    /// The search whose hits the list shows, when there is one (Esc clears it).
    public var search: JournalSearch?
    /// The month calendar (`c`), when open: days written and streaks.
    public var calendar: WritingMonth?
    /// Entries of this calendar day in earlier years (shown above the list when there are any).
    public var onThisDay: [JournalEntrySummary] = []
    /// The entry handed to the external editor (`e` in the reading view), until it comes back.
    public var editingID: Int64?
    /// Luna's suggested tags for the entry just saved, offered for one-key acceptance.
    public var suggestion: TagSuggestion?
    public init() {}
}

/// The whole state of the full-screen app. Pure data: ``reduce(_:_:)`` changes it,
/// ``render(_:catalog:)`` draws it.
public struct AppState: Equatable, Sendable {
    public var screen: Screen = .chat
    /// Where `Esc` returns from the help screen.
    public var screenBeforeHelp: Screen = .chat
    /// Terminal size in cells.
    public var width: Int
    public var height: Int
    /// The UI language (settings' language, else the environment's).
    public var language: AppLanguage
    public var status: AppStatus
    public var settings: UserSettings
    public var deviceNames: [String] = []
    public var dailyQuestion: String?
    /// Today's question has been answered (its answer is a journal entry titled with it).
    public var questionAnswered = false
    /// The transcript, oldest first.
    public var transcript: [ChatLine] = []
    /// Transcript rows scrolled up from the bottom (0 = newest visible).
    public var scrollOffset: Int = 0
    public var input = TextEditor()
    /// The question being answered: shown above the input, then as the `context` of the
    /// person's line. Never sent to Luna nor stored: only the answer is the person's words.
    public var answering: String?
    /// Messages sent this session, oldest first (Up/Down recall).
    public var sentMessages: [String] = []
    public var recallIndex: Int?
    public var draftBeforeRecall: String = ""
    /// Replies Luna is working on (at most one chat reply; reflections may overlap it).
    public var pendingReplies: [PendingReply] = []
    public var nextRequestID: Int = 1
    public var notice: Notice?
    /// A destructive action waiting for `y` (any other key keeps everything), shown with
    /// what will go.
    public var confirmation: Confirmation?
    public var settingsCursor: Int = 0
    public var helpScroll: Int = 0
    /// Rows scrolled down on the diagnostics screen.
    public var diagnosticsScroll: Int = 0
    public var journal = JournalState()
    /// "What Luna remembers".
    public var memories = MemoriesState()
    /// The month screen.
    public var month = MonthScreenState()
    public var shouldQuit = false

    public init(width: Int = 80, height: Int = 24, language: AppLanguage = .english,
                status: AppStatus = AppStatus(availability: .available),
                settings: UserSettings = UserSettings()) {
        self.width = width; self.height = height; self.language = language
        self.status = status; self.settings = settings
    }

    /// The key context the state is in now.
    public var keyContext: KeyContext {
        switch screen {
        case .chat: return .chat
        case .settings: return .settings
        case .diagnostics: return .diagnostics
        case .help: return .help
        case .memories: return .memories
        case .month: return .month
        case .journal:
            if journal.tagInput != nil { return .tagInput }
            if journal.searchInput != nil { return .searchInput }
            if journal.calendar != nil { return .journalCalendar }
            if journal.suggestion != nil, journal.mode == .list { return .tagSuggestion }
            switch journal.mode {
            case .list: return journal.search == nil ? .journalList : .journalFound
            case .reading: return .journalRead
            case .writing: return .journalWrite
            }
        }
    }
}
