import TerminalUI

/// Where keys are read: each screen, plus the journal's sub-modes.
public enum KeyContext: String, CaseIterable, Hashable, Sendable {
    case chat, settings, diagnostics, journalList, journalFound, journalRead, journalWrite, tagInput, searchInput, journalCalendar
    /// Luna's suggested tags for the entry just saved, waiting for a key.
    case tagSuggestion
    case memories, month, help

    /// The string key of the section title on the help screen.
    var titleKey: String { "ui.help.section.\(rawValue)" }

    /// Whether printable keys type text here (chat input, journal editor, tag prompt).
    public var isTextual: Bool { self == .chat || self == .journalWrite || self == .tagInput || self == .searchInput }

    /// The command that opens this context's screen (not offered while on it).
    var screenCommand: KeyCommand? {
        switch self {
        case .settings: return .openSettings
        case .diagnostics: return .openDiagnostics
        case .journalList, .journalFound, .journalRead, .journalWrite, .tagInput, .searchInput, .journalCalendar, .tagSuggestion:
            return .openJournal
        case .memories: return .openMemories
        case .month: return .openMonth
        case .chat, .help: return nil
        }
    }
}

/// Every request a key can make, with its keys and help text: the help line and the `?` help
/// screen are generated from this table (the tig habit), so they cannot drift from behaviour.
public enum KeyCommand: String, CaseIterable, Hashable, Sendable {
    // chat
    case send, newline, recallEarlier, recallLater, scrollUp, scrollDown, stopWaiting, answerQuestion
    // moving between screens
    case openSettings, openDiagnostics, openJournal, openMonth, openMemories, back, showHelp, quit
    // the banner
    case dismissBanner
    // settings
    case moveUp, moveDown, changeNext, changePrevious
    // diagnostics
    case writeReport
    // journal
    case openEntry, newEntry, newEntryInEditor, toggleStar, editTags, saveEntry, editInEditor
    case search, starredOnly, nextHit, previousHit, deleteEntry, editEntry
    // calendar (and the month screen)
    case showCalendar, previousMonth, nextMonth
    // what Luna remembers
    case forgetMemory, forgetAllMemories
    // Luna's tag suggestion
    case acceptTags, dismissTags
    // search input
    case runSearch
    // tag input
    case applyTags

    /// The keys that trigger it, in the order they are shown.
    public var keys: [Key] {
        switch self {
        case .send: return [.enter]
        case .newline: return [.ctrl("j")]
        case .recallEarlier: return [.up]
        case .recallLater: return [.down]
        case .scrollUp: return [.pageUp]
        case .scrollDown: return [.pageDown]
        case .stopWaiting: return [.escape]
        case .answerQuestion: return [.function(5), .ctrl("t")]
        case .openSettings: return [.function(2), .ctrl("o")]
        case .dismissBanner: return [.ctrl("x")]
        case .openDiagnostics: return [.function(3)]
        case .openJournal: return [.function(4)]
        case .openMonth: return [.function(6)]
        case .openMemories: return [.function(7)]
        case .forgetMemory: return [.character("d"), .delete]
        case .forgetAllMemories: return [.character("D")]
        case .acceptTags: return [.character("a"), .enter]
        case .dismissTags: return [.character("x"), .escape]
        case .back: return [.escape, .character("q")]
        case .showHelp: return [.function(1), .character("?")]
        case .quit: return [.ctrl("c"), .function(10)]
        case .moveUp: return [.up, .character("k")]
        case .moveDown: return [.down, .character("j")]
        case .changeNext: return [.enter, .right, .character(" ")]
        case .changePrevious: return [.left]
        case .writeReport: return [.character("r")]
        case .openEntry: return [.enter]
        case .newEntry: return [.character("n")]
        case .newEntryInEditor: return [.character("e")]
        case .toggleStar: return [.character("s")]
        case .editTags: return [.character("t")]
        case .saveEntry: return [.ctrl("s")]
        case .editInEditor: return [.ctrl("e")]
        case .applyTags: return [.enter]
        case .search: return [.character("/")]
        case .starredOnly: return [.character("*")]
        case .showCalendar: return [.character("c")]
        case .previousMonth: return [.left, .character("h")]
        case .nextMonth: return [.right, .character("l")]
        case .nextHit: return [.character("n")]
        case .previousHit: return [.character("N")]
        case .deleteEntry: return [.character("d")]
        case .editEntry: return [.character("e")]
        case .runSearch: return [.enter]
        }
    }

    /// The contexts where it applies, in help-screen order.
    public var contexts: [KeyContext] {
        let screens: [KeyContext] = [.chat, .settings, .diagnostics, .journalList, .journalRead, .memories, .month]
        switch self {
        case .send, .newline, .recallEarlier, .recallLater, .stopWaiting, .answerQuestion: return [.chat]
        case .scrollUp, .scrollDown: return [.chat, .diagnostics, .journalList, .journalFound, .journalRead, .month, .help]
        case .openSettings, .openDiagnostics, .openJournal, .openMonth, .openMemories: return screens
        case .dismissBanner: return [.chat, .diagnostics, .journalList, .journalRead]
        case .back: return [.settings, .diagnostics, .journalList, .journalFound, .journalRead, .journalWrite, .tagInput, .searchInput, .journalCalendar,
                            .memories, .month, .help]
        case .showHelp: return [.chat, .settings, .diagnostics, .journalList, .journalFound, .journalRead, .journalCalendar, .tagSuggestion,
                                .memories, .month, .help]
        case .quit: return KeyContext.allCases
        case .moveUp, .moveDown: return [.settings, .journalList, .journalFound, .memories]
        case .changeNext, .changePrevious: return [.settings]
        case .writeReport: return [.diagnostics]
        case .openEntry: return [.journalList, .journalFound]
        case .newEntry, .newEntryInEditor: return [.journalList]
        case .toggleStar, .editTags: return [.journalList, .journalFound, .journalRead]
        case .search, .deleteEntry: return [.journalList, .journalFound, .journalRead]
        case .nextHit, .previousHit: return [.journalFound]
        case .starredOnly: return [.journalList, .journalFound]
        case .showCalendar: return [.journalList, .journalFound]
        case .previousMonth, .nextMonth: return [.journalCalendar, .month]
        case .forgetMemory, .forgetAllMemories: return [.memories]
        case .acceptTags, .dismissTags: return [.tagSuggestion]
        case .editEntry: return [.journalRead]
        case .runSearch: return [.searchInput]
        case .saveEntry, .editInEditor: return [.journalWrite]
        case .applyTags: return [.tagInput]
        }
    }

    /// Whether the bottom help line shows it (the help screen shows every command).
    public var inHelpLine: Bool {
        switch self {
        case .recallEarlier, .recallLater, .scrollUp, .scrollDown, .moveUp, .moveDown, .changePrevious,
             .stopWaiting, .dismissBanner:
            return false
        default: return true
        }
    }

    /// The string key of its help text (`ui.key.<name>`).
    public var helpKey: String { "ui.key.\(rawValue)" }

    /// The keys as shown: `Enter`, `Ctrl-J`, `F2`…; `short` shows the first key only.
    public func label(short: Bool = false) -> String {
        let shown = short ? Array(keys.prefix(1)) : keys
        return shown.map(KeyCommand.name(of:)).joined(separator: "/")
    }

    /// The keys that really trigger it in `context`: in a text context every printable key
    /// types itself (so `q` is not "back" while writing, and `?` starts a question; F1 is help).
    public func keys(in context: KeyContext) -> [Key] {
        guard context.isTextual else { return keys }
        return keys.filter { key in
            if case .character = key { return false }
            return true
        }
    }

    /// ``keys(in:)`` as shown, joined by `/`; `short` shows the first key only.
    public func label(in context: KeyContext, short: Bool = false) -> String {
        let shown = keys(in: context)
        return (short ? Array(shown.prefix(1)) : shown).map(KeyCommand.name(of:)).joined(separator: "/")
    }

    /// A key's printed name.
    public static func name(of key: Key) -> String {
        switch key {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .ctrl(let c): return "Ctrl-" + String(c).uppercased()
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .escape: return "Esc"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .function(let n): return "F\(n)"
        }
    }

    /// The command a key makes in a context, or `nil` (then a text context inserts it).
    ///
    /// In text contexts (chat, journal writing, tag input) printable characters are always
    /// text: a message may start with `?`. `inputIsEmpty` is kept for callers; it changes nothing.
    public static func command(for key: Key, in context: KeyContext, inputIsEmpty: Bool = true) -> KeyCommand? {
        if context.isTextual, case .character = key { return nil }
        return allCases.first { $0.contexts.contains(context) && $0.keys(in: context).contains(key) }
    }

    /// The commands of a context, in table order.
    public static func commands(in context: KeyContext) -> [KeyCommand] {
        allCases.filter { $0.contexts.contains(context) }
    }

    /// The general commands, in the order they are offered after a context's own ones.
    static let general: [KeyCommand] = [.showHelp, .back, .openJournal, .openMonth, .openMemories, .openSettings, .openDiagnostics, .quit]

    /// What the help line and the help screen list for a context, most useful first: the
    /// context's own commands (table order), then help and the ways out, then the other
    /// screens. The command that opens the screen one is already on is left out. Both views
    /// are drawn from this one list, so they always agree.
    public static func listed(in context: KeyContext) -> [KeyCommand] {
        let current: KeyCommand? = context.screenCommand
        let all = commands(in: context).filter { $0 != current && !$0.keys(in: context).isEmpty }
        return all.filter { !general.contains($0) } + general.filter { all.contains($0) }
    }

    /// The help screen's sections: each context with its ``listed(in:)`` commands.
    static var helpSections: [(context: KeyContext, commands: [KeyCommand])] {
        KeyContext.allCases.map { ($0, listed(in: $0)) }.filter { !$0.commands.isEmpty }
    }

    /// Rows the help screen's list takes: per section a title and its commands, a blank row between.
    static var helpRowCount: Int {
        let sections = helpSections
        return sections.reduce(0) { $0 + $1.commands.count + 1 } + max(0, sections.count - 1)
    }
}
