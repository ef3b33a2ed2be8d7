import Foundation
import LanternlyCore

/// What the full-screen app needs from the rest of Lanternly: a struct of `@Sendable`
/// closures (the isowords habit). `live` is wired in `main.swift`; tests and ``preview`` use fakes.
///
/// Every closure is called on the run loop's thread except ``reply`` and ``reflect``, which
/// run in a detached task. Throwing closures report errors as a notice line, never a crash.
public struct AppDependencies: Sendable {
    /// Luna's answer to a chat message — only the person's own words (an answer to the daily
    /// question comes without the question); **always** returns (the chain's bank is the floor).
    /// When the calling task is cancelled (Esc), it should return promptly with the fallback.
    public var reply: @Sendable (_ message: String) async -> Reply
    /// As ``reply``, reporting the text as it streams in (the text so far) or that the model
    /// is waking; `nil`: replies arrive whole. Progress may come from any thread.
    public var streamReply: (@Sendable (_ message: String, _ progress: @escaping @Sendable (ReplyProgress) -> Void) async -> Reply)? = nil
    /// Luna's reflection on a saved journal entry: the entry's whole text, `@tags` included
    /// (the crisis check reads all of it first; only then are the tags stripped for the model
    /// with ``strippingTags(from:)``), never empty.
    public var reflect: @Sendable (_ entryBody: String) async -> Reply
    /// The crisis or concern reply for a text, or `nil` (no model; fast). The app calls it on
    /// an entry before saving, so the help line shows even when the journal cannot be saved.
    public var safetyReply: @Sendable (_ text: String) -> Reply?
    /// A cheap snapshot of the gate, diagnostics and profile, with the banner in `language`
    /// (the UI language, which can change while the app runs); polled about once a second.
    /// The live value re-reads the profile only when its modification time changes, and
    /// re-derives `.modelNotReady` on the core's 10–30 s rhythm.
    public var status: @Sendable (_ language: AppLanguage) -> AppStatus
    /// The person's settings (`settings.json`).
    public var loadSettings: @Sendable () -> UserSettings
    /// - Throws: when the config folder cannot be written.
    public var saveSettings: @Sendable (UserSettings) throws -> Void
    /// Writes one key of the hardware profile; keys and values as `lanternly profile set KEY VALUE`:
    /// `appleIntelligence` `true|false`, `device` a catalog name, `os` e.g. `iOS 26.1`,
    /// `freeStorageGB` a number, `modelLanguages` comma-separated codes (`en,ja`),
    /// `simulator` `true|false`.
    /// - Throws: an error whose description names the file and the fix.
    public var setProfile: @Sendable (_ key: String, _ value: String) throws -> Void
    /// Device names of the catalog (`Resources/devices.json`), in display order.
    public var deviceNames: @Sendable () -> [String]
    /// Today's in-app daily question (random, no repeats over recent days) for a life path
    /// in a language; `nil` when there is none to show.
    public var dailyQuestion: @Sendable (_ path: LifePath, _ language: AppLanguage) -> String?
    /// Writes the diagnostics report log (no user text).
    /// - Returns: where it was written.
    public var writeReport: @Sendable () throws -> URL
    /// The newest journal entries, newest first, at most `limit`.
    public var listEntries: @Sendable (_ limit: Int) throws -> [JournalEntrySummary]
    /// A page of the journal, newest first, at most `limit` entries (keyset paging: the list
    /// holds a window of the journal, never all of it). `nil`: the list uses ``listEntries``.
    public var listPage: (@Sendable (_ page: JournalPage, _ limit: Int) throws -> [JournalEntrySummary])?
    /// How many entries the journal holds in all (the list header shows it), or `nil` when
    /// not wired: the header then shows how many are listed (`500+` when more may exist).
    public var journalCount: (@Sendable () throws -> Int)?
    /// One entry by id, or `nil` when it no longer exists.
    public var loadEntry: @Sendable (_ id: Int64) throws -> JournalEntryDetail?
    /// The journal's search (the engine of `lanternly search`): the newest `limit` entries
    /// holding `query`, newest first. `nil`: `/` says search is not available.
    public var searchEntries: (@Sendable (_ query: String, _ limit: Int) throws -> [JournalEntrySummary])?
    /// Moves the entry to the trash (restorable for 30 days); `nil` when not wired.
    public var trashEntry: (@Sendable (_ id: Int64) throws -> Void)?
    /// Saves a new text for the entry (the old one kept as a revision) and returns it as stored.
    public var editEntry: (@Sendable (_ id: Int64, _ body: String) throws -> JournalEntryDetail)?
    /// The newest `limit` entries with `tag` (when given) and starred (when `starred`), newest
    /// first: the journal screen's filters (`/@tag`, `*`).
    public var filterEntries: (@Sendable (_ tag: String?, _ starred: Bool, _ limit: Int) throws -> [JournalEntrySummary])?
    /// Entries written on this calendar day in earlier years, newest first (the journal screen
    /// shows them when there are any).
    public var onThisDay: (@Sendable () throws -> [JournalEntrySummary])?
    /// The month `year`-`month` of writing (days written, streaks), for `c` (year 0: this
    /// month); `nil` when not wired.
    public var writingMonth: (@Sendable (_ year: Int, _ month: Int) throws -> WritingMonth?)?
    /// Whether today's journal holds an entry titled with `question`; `nil` when not wired.
    public var questionAnswered: (@Sendable (_ question: String) throws -> Bool)?
    /// Saves a new entry (tags without the `@`). - Returns: its id.
    public var saveEntry: @Sendable (_ body: String, _ tags: [String]) throws -> Int64
    public var setStarred: @Sendable (_ id: Int64, _ starred: Bool) throws -> Void
    /// Replaces the tags of an entry (without the `@`).
    public var setTags: @Sendable (_ id: Int64, _ tags: [String]) throws -> Void
    /// The stored chat history, oldest first.
    public var chatHistory: @Sendable () throws -> [ChatLine]
    /// Stores one chat turn. The app never calls it for a `.crisis` reply, nor when
    /// `keepChatHistory` is off; the live store should refuse crisis turns too.
    public var appendChat: @Sendable (ChatExchange) throws -> Void
    /// Erases the stored chat history.
    public var eraseChat: @Sendable () throws -> Void
    /// How many chat turns the history holds (for "Erase all N…?"); `nil`: the loaded transcript is counted.
    public var chatCount: (@Sendable () throws -> Int)?
    /// Opens `$VISUAL`/`$EDITOR` on `initial` and returns the edited text, or `nil` when the
    /// person left it empty. The run loop suspends curses around it.
    /// - Throws: when no editor is set or it fails (shown as a notice; the draft is kept).
    public var editExternally: @Sendable (_ initial: String) throws -> String?
    /// Keeps an unsaved journal draft (e.g. as a recovery draft file) when the app ends —
    /// quit, SIGTERM, SIGHUP — so nothing typed is lost. Default: does nothing.
    /// - Throws: when it cannot be kept (the run loop prints the error after the screen closes).
    public var keepDraft: @Sendable (_ text: String) throws -> Void
    /// A draft kept by an earlier session, offered back in the journal editor at start, or
    /// `nil`. Default: none.
    public var recoverDraft: @Sendable () -> String?
    /// What Luna remembers, oldest first (the journal's memories); `nil` when not wired.
    public var memories: (@Sendable () throws -> [MemoryItem])?
    /// Forgets one memory. - Returns: whether it was there.
    public var forgetMemory: (@Sendable (_ id: Int64) throws -> Bool)?
    /// Forgets every memory. - Returns: how many there were.
    public var forgetAllMemories: (@Sendable () throws -> Int)?
    /// The observation of `year`-`month` (0, 0: the current month) in `language`, as
    /// `lanternly month` makes it: Luna's with the gate open, else computed; a past month's
    /// kept once made. Runs off the run loop (the model may take a while).
    /// - Throws: when the journal cannot be read, or for a month still ahead.
    public var monthObservation: (@Sendable (_ year: Int, _ month: Int, _ language: AppLanguage) async throws -> MonthPage)?
    /// Luna's tags for a saved entry (the whole body, `@tags` included: the crisis check reads
    /// it first), the service of `write --suggest-tags`: `[]` with the gate closed, for a
    /// crisis entry, or when the model fails. Runs off the run loop.
    public var suggestTags: (@Sendable (_ entryID: Int64, _ body: String) async -> [String])?
    /// Adds tags to an entry in one transaction, keeping the ones it has.
    /// - Returns: the entry's tags as stored now.
    public var addTags: (@Sendable (_ entryID: Int64, _ tags: [String]) throws -> [String])?
    /// The clock.
    public var now: @Sendable () -> Date
    /// Strings (`ui.*` keys).
    public var catalog: StringCatalog

    public init(
        reply: @escaping @Sendable (String) async -> Reply,
        streamReply: (@Sendable (String, @escaping @Sendable (ReplyProgress) -> Void) async -> Reply)? = nil,
        reflect: @escaping @Sendable (String) async -> Reply,
        safetyReply: @escaping @Sendable (String) -> Reply? = { _ in nil },
        status: @escaping @Sendable (AppLanguage) -> AppStatus,
        loadSettings: @escaping @Sendable () -> UserSettings,
        saveSettings: @escaping @Sendable (UserSettings) throws -> Void,
        setProfile: @escaping @Sendable (String, String) throws -> Void,
        deviceNames: @escaping @Sendable () -> [String],
        dailyQuestion: @escaping @Sendable (LifePath, AppLanguage) -> String?,
        writeReport: @escaping @Sendable () throws -> URL,
        listEntries: @escaping @Sendable (Int) throws -> [JournalEntrySummary],
        journalCount: (@Sendable () throws -> Int)? = nil,
        listPage: (@Sendable (JournalPage, Int) throws -> [JournalEntrySummary])? = nil,
        loadEntry: @escaping @Sendable (Int64) throws -> JournalEntryDetail?,
        saveEntry: @escaping @Sendable (String, [String]) throws -> Int64,
        setStarred: @escaping @Sendable (Int64, Bool) throws -> Void,
        setTags: @escaping @Sendable (Int64, [String]) throws -> Void,
        chatHistory: @escaping @Sendable () throws -> [ChatLine],
        appendChat: @escaping @Sendable (ChatExchange) throws -> Void,
        eraseChat: @escaping @Sendable () throws -> Void,
        chatCount: (@Sendable () throws -> Int)? = nil,
        editExternally: @escaping @Sendable (String) throws -> String?,
        keepDraft: @escaping @Sendable (String) throws -> Void = { _ in },
        recoverDraft: @escaping @Sendable () -> String? = { nil },
        now: @escaping @Sendable () -> Date,
        catalog: StringCatalog
    ) {
        self.keepDraft = keepDraft; self.recoverDraft = recoverDraft
        self.reply = reply; self.streamReply = streamReply; self.reflect = reflect; self.safetyReply = safetyReply; self.status = status
        self.loadSettings = loadSettings; self.saveSettings = saveSettings
        self.setProfile = setProfile; self.deviceNames = deviceNames
        self.dailyQuestion = dailyQuestion; self.writeReport = writeReport
        self.listEntries = listEntries; self.journalCount = journalCount; self.listPage = listPage; self.loadEntry = loadEntry; self.saveEntry = saveEntry
        self.setStarred = setStarred; self.setTags = setTags
        self.chatHistory = chatHistory; self.appendChat = appendChat; self.eraseChat = eraseChat; self.chatCount = chatCount
        self.editExternally = editExternally; self.now = now; self.catalog = catalog
    }
}

/// The gate, diagnostics and profile as the UI shows them; produced by `status()`.
public struct AppStatus: Equatable, Sendable {
    public var availability: ModelAvailability
    /// The banner sentence in the UI language, or `nil` for no banner (available, simulator).
    public var banner: String?
    /// Whether the banner offers "open settings" (only `appleIntelligenceNotEnabled`).
    public var bannerOffersSettings: Bool
    public var isSimulator: Bool
    /// Model download progress 0…1 while `.modelNotReady`, when known.
    public var downloadProgress: Double?
    public var supportedLanguages: [String]
    public var profilePath: String
    public var lastSource: ReplySource?
    public var lastGenerationError: String?
    /// Why the profile could not be read (names the file and the fix), or `nil`.
    public var profileError: String?
    /// Set while a remote model server is in use: says that journal text leaves the machine.
    public var privacyNotice: String? = nil
    /// The banner can be hidden under this key (``LunaDiagnostics/bannerDismissalKey(for:profile:)``);
    /// it stays hidden while ``UserSettings/dismissedBanner`` holds the same key.
    public var bannerDismissalKey: String? = nil
    /// Each service's last source and error, as labelled lines in the UI language
    /// (``LunaDiagnostics/serviceLine(_:language:)``): `Chat` — `on-device; last error: none`.
    public var serviceLines: [LabelledValue] = []
    /// The model server's lines (URL, model, state, fix) when one is configured.
    public var serverLines: [LabelledValue] = []
    /// Every line of the diagnostics screen, labelled, from the core's one snapshot
    /// (`LunaDiagnostics.lines`): the same lines `lanternly diagnostics` prints. When empty
    /// (previews, tests), the screen builds its lines from the fields above.
    public var diagnosticsLines: [LabelledValue] = []
    /// The profile's values the settings screen edits; `nil` when it could not be read.
    public var profile: ProfileSettings?

    public init(availability: ModelAvailability, banner: String? = nil, bannerOffersSettings: Bool = false,
                isSimulator: Bool = false, downloadProgress: Double? = nil, supportedLanguages: [String] = ["en"],
                profilePath: String = "", lastSource: ReplySource? = nil, lastGenerationError: String? = nil,
                profileError: String? = nil, privacyNotice: String? = nil, profile: ProfileSettings? = nil) {
        self.privacyNotice = privacyNotice
        self.availability = availability; self.banner = banner
        self.bannerOffersSettings = bannerOffersSettings; self.isSimulator = isSimulator
        self.downloadProgress = downloadProgress; self.supportedLanguages = supportedLanguages
        self.profilePath = profilePath; self.lastSource = lastSource
        self.lastGenerationError = lastGenerationError; self.profileError = profileError
        self.profile = profile
    }
}

/// A label and its value, both already in the UI language.
public struct LabelledValue: Equatable, Sendable {
    public var label: String
    public var value: String
    public init(_ label: String, _ value: String) { self.label = label; self.value = value }
}

/// The hardware-profile values shown on the settings screen.
public struct ProfileSettings: Equatable, Sendable {
    public var device: String
    public var os: String
    public var appleIntelligence: Bool
    public var freeStorageGB: Double
    public var modelLanguages: [String]
    public var simulator: Bool
    /// Whether the device's chip can run Apple Intelligence (the device catalog); `nil`: unknown.
    public var eligible: Bool?
    /// The system family the device runs (`iOS`, `iPadOS`, `macOS`, `visionOS`); `nil`: unknown.
    public var platform: String?

    public init(device: String, os: String, appleIntelligence: Bool, freeStorageGB: Double,
                modelLanguages: [String], simulator: Bool, eligible: Bool? = nil, platform: String? = nil) {
        self.device = device; self.os = os; self.appleIntelligence = appleIntelligence
        self.freeStorageGB = freeStorageGB; self.modelLanguages = modelLanguages; self.simulator = simulator
        self.eligible = eligible; self.platform = platform
    }
}

/// One line of the chat transcript.
public struct ChatLine: Equatable, Sendable {
    public enum Role: String, Equatable, Sendable { case person, luna }
    public var role: Role
    public var text: String
    /// Where Luna's reply came from; `nil` for the person's lines.
    public var source: ReplySource?
    /// A quoted line shown above the text (the daily question being answered, or the
    /// first line of a journal entry Luna reflects on).
    public var context: String?
    /// For Luna's lines: the reply was cut off by the model's length limit, or stopped with Esc.
    public var ending: ReplyEnding? = nil

    public init(role: Role, text: String, source: ReplySource? = nil, context: String? = nil) {
        self.role = role; self.text = text; self.source = source; self.context = context
    }
}

/// One exchange to store: the person's message and Luna's reply.
public struct ChatExchange: Equatable, Sendable {
    public var message: String
    public var reply: Reply
    public var date: Date
    public init(message: String, reply: Reply, date: Date) {
        self.message = message; self.reply = reply; self.date = date
    }
}

/// A journal entry in the list (the store maps its rows into this).
public struct JournalEntrySummary: Equatable, Sendable {
    public var id: Int64
    /// Local day of the entry in its own time zone, `YYYY-MM-DD`; the list groups by it.
    public var day: String
    /// Local time, `HH:mm`.
    public var time: String
    /// The first line of the body (the store may shorten it).
    public var title: String
    public var tags: [String]
    public var starred: Bool
    /// Its place in the newest-first order (the list pages by it).
    public var key: JournalKey

    public init(id: Int64, day: String, time: String, title: String, tags: [String] = [], starred: Bool = false,
                key: JournalKey? = nil) {
        self.id = id; self.day = day; self.time = time; self.title = title; self.tags = tags; self.starred = starred
        self.key = key ?? JournalKey(milliseconds: 0, id: id)
    }
}

/// A whole journal entry, for reading.
public struct JournalEntryDetail: Equatable, Sendable {
    public var id: Int64
    public var day: String
    public var time: String
    public var body: String
    public var tags: [String]
    public var starred: Bool

    public init(id: Int64, day: String, time: String, body: String, tags: [String] = [], starred: Bool = false) {
        self.id = id; self.day = day; self.time = time; self.body = body; self.tags = tags; self.starred = starred
    }
}
