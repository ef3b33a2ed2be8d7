import LanternlyCore

/// Localized strings for one render: `ui.*` keys in the UI language.
struct UIStrings {
    let catalog: StringCatalog
    let language: AppLanguage

    func callAsFunction(_ key: String) -> String { catalog.string(key, language) }
    func format(_ key: String, _ args: String...) -> String {
        // StringCatalog.format is variadic; forward up to three arguments.
        switch args.count {
        case 0: return catalog.format(key, language)
        case 1: return catalog.format(key, language, args[0])
        case 2: return catalog.format(key, language, args[0], args[1])
        default: return catalog.format(key, language, args[0], args[1], args[2])
        }
    }

    func source(_ s: ReplySource) -> String { self("diagnostics.source.\(s.rawValue)") }  // one name per source, as in diagnostics

    func notice(_ n: Notice) -> String {
        switch n {
        case .stillAnswering: return self("ui.notice.stillAnswering")
        case .stoppedWaiting: return self("ui.notice.stoppedWaiting")
        case .reportWritten(let path): return format("ui.notice.reportWritten", path)
        case .entrySaved: return self("ui.notice.entrySaved")
        case .entryEmpty: return self("ui.notice.entryEmpty")
        case .chatErased: return self("ui.notice.chatErased")
        case .profileSaved: return self("ui.notice.profileSaved")
        case .draftRecovered: return self("ui.notice.draftRecovered")
        case .noUTF8Locale: return self("ui.notice.noUTF8Locale")
        case .nothingErased: return self("ui.notice.nothingErased")
        case .nothingDeleted: return self("ui.notice.nothingDeleted")
        case .entryTrashed: return self("ui.notice.entryTrashed")
        case .entryEdited: return self("ui.notice.entryEdited")
        case .answerSaved: return self("ui.notice.answerSaved")
        case .entryUnchanged: return self("ui.notice.entryUnchanged")
        case .noSearchHits: return self("ui.notice.noSearchHits")
        case .profileCopied(let path): return format("ui.notice.profileCopied", path)
        case .deviceCannotRunAppleIntelligence(let device): return format("ui.notice.deviceCannotRunAI", device)
        case .inputTooLong(let bytes, let limit): return format("ui.notice.inputTooLong", String(bytes), String(limit / 1024))
        case .memoryForgotten(let words): return format("ui.notice.memoryForgotten", words)
        case .memoriesCleared(let count): return format("ui.notice.memoriesCleared", language.formatNumber(Double(count)))
        case .nothingForgotten: return self("ui.notice.nothingForgotten")
        case .tagsAdded(let tags): return format("ui.notice.tagsAdded", tags.map { "@" + $0 }.joined(separator: " "))
        case .noLaterMonth: return self("ui.notice.noLaterMonth")
        case .failed(let detail): return format("ui.notice.failed", detail)
        }
    }
}
