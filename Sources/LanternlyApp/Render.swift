import LanternlyCore
import TerminalUI

/// The smallest terminal the app draws into; below it a "terminal too small" notice is shown.
public let minimumTerminalWidth = 20
public let minimumTerminalHeight = 5

/// Draws the state into a fresh buffer of `state.width` × `state.height` cells.
///
/// Pure. Text that came from a model, a file or the person's paste is passed through
/// ``TerminalText/sanitize(_:)`` before it is drawn. The buffer's cursor is set where the
/// person is typing, or `nil`.
public func render(_ state: AppState, catalog: StringCatalog) -> ScreenBuffer {
    var buf = ScreenBuffer(width: state.width, height: state.height)
    let t = UIStrings(catalog: catalog, language: state.language)
    guard state.width >= minimumTerminalWidth, state.height >= minimumTerminalHeight else {
        drawTooSmall(&buf, t)
        return buf
    }
    var painter = Painter(buf: buf, state: state, t: t)
    switch state.screen {
    case .chat: painter.chat()
    case .settings: painter.settings()
    case .diagnostics: painter.diagnostics()
    case .journal: painter.journal()
    case .help: painter.help()
    case .memories: painter.memories()
    case .month: painter.month()
    }
    return painter.buf
}

private func drawTooSmall(_ buf: inout ScreenBuffer, _ t: UIStrings) {
    guard buf.width > 0, buf.height > 0 else { return }
    let lines = TerminalText.wrap(t("ui.tooSmall"), width: buf.width)
    let top = max(0, (buf.height - lines.count) / 2)
    for (i, line) in lines.prefix(buf.height).enumerated() {
        let x = max(0, (buf.width - DisplayWidth.of(line)) / 2)
        buf.write(line, x: x, y: top + i, style: .bold)
    }
}

/// A row of styled segments.
struct Row {
    var segments: [(String, CellStyle)]
    var indent = 0
    init(_ text: String, _ style: CellStyle = .plain, indent: Int = 0) {
        segments = [(text, style)]; self.indent = indent
    }
    init(segments: [(String, CellStyle)], indent: Int = 0) { self.segments = segments; self.indent = indent }
}

let accent = CellStyle(bold: true, color: .accent)
let muted = CellStyle(dim: true, color: .muted)
let bannerStyle = CellStyle(bold: true, reverse: true, color: .warning)
let helpStyle = CellStyle(reverse: true)

/// Wraps each transcript line into rows (shared by render and the reducer's scroll clamp).
func transcriptRows(_ line: ChatLine, width: Int, t: UIStrings?) -> [Row] {
    var rows: [Row] = []
    let textWidth = max(1, width - 2)
    switch line.role {
    case .person:
        rows.append(Row(t?("ui.chat.you") ?? "You", accent))
        if let ctx = line.context {
            for l in TerminalText.wrap("“" + TerminalText.sanitize(ctx) + "”", width: textWidth) { rows.append(Row(l, muted, indent: 2)) }
        }
    case .luna:
        var header: [(String, CellStyle)] = [(t?("ui.chat.luna") ?? "Luna", accent)]
        if let s = line.source, let t { header.append(("  · " + t.source(s), muted)) }
        rows.append(Row(segments: header))
        if let ctx = line.context {
            for l in TerminalText.wrap("↳ " + TerminalText.sanitize(ctx), width: textWidth) { rows.append(Row(l, muted, indent: 2)) }
        }
    }
    let style: CellStyle = line.source?.isCrisisPath == true ? CellStyle(bold: true, color: .crisis) : .plain
    for l in TerminalText.wrap(TerminalText.sanitize(line.text), width: textWidth) { rows.append(Row(l, style, indent: 2)) }
    if let ending = line.ending {
        let word = ending == .cutOff ? (t?("ui.chat.cutOff") ?? "cut off") : (t?("ui.chat.stopped") ?? "stopped")
        rows.append(Row("… " + word, muted, indent: 2))
    }
    return rows
}

/// How far the transcript can scroll up, in rows (approximate page: the reducer has no catalog).
func maxTranscriptScroll(_ state: AppState) -> Int {
    var total = 0
    for line in state.transcript { total += transcriptRows(line, width: state.width, t: nil).count + 1 }
    return max(0, total - max(1, state.height - 7))
}

/// The download percentage the banner appends, or `nil` for none: only while the model is
/// not ready and the progress is known; never when the banner sentence already gives a
/// percentage, and never 100 (or more) while the model is still not ready.
func bannerProgressPercent(_ s: AppStatus) -> Int? {
    guard case .unavailable(.modelNotReady) = s.availability, let p = s.downloadProgress, p.isFinite else { return nil }
    if let banner = s.banner, banner.contains("%") { return nil }
    let percent = Int((max(0, p) * 100).rounded())
    return percent < 100 ? percent : nil
}

/// A list title without the `@tag` words at its end that the row shows anyway in its tag
/// column (`"A calm day @calm"` with tags `["calm"]` → `"A calm day"`); a title made only of
/// tags is kept as it is.
func titleWithoutTrailingTags(_ title: String, tags: [String]) -> String {
    var words = title.split(separator: " ", omittingEmptySubsequences: false)
    while let last = words.last, last.hasPrefix("@"), words.count > 1,
          tags.contains(String(last.dropFirst()).trimmingCharacters(in: .punctuationCharacters)) || last.isEmpty {
        words.removeLast()
    }
    let trimmed = words.joined(separator: " ").trimmingWhitespace()
    return trimmed.isEmpty ? title : trimmed
}

struct Painter {
    var buf: ScreenBuffer
    let state: AppState
    let t: UIStrings
    var w: Int { buf.width }
    var h: Int { buf.height }

    // MARK: shared pieces

    /// Draws the banner from row `y`; returns the next free row.
    mutating func banner(at y: Int) -> Int {
        let s = state.status
        guard let text = s.profileError ?? s.banner else { return y }
        // Dismissed for this very reason: hidden until the reason changes.
        if s.profileError == nil, let key = s.bannerDismissalKey, state.settings.dismissedBanner == key { return y }
        var line = TerminalText.sanitize(text)
        if s.profileError == nil, let percent = bannerProgressPercent(s) {
            line += " " + t.format("ui.banner.progress", String(percent) + "%")
        }
        let maxRows = h >= 12 ? 3 : 1
        // Settings are offered everywhere but on the settings screen itself.
        if s.bannerOffersSettings && s.profileError == nil && state.screen != .settings {
            let key = "[" + KeyCommand.openSettings.label(short: true) + "]"
            var offer = line + "  " + key + " " + t("ui.banner.openSettings")
            if s.bannerDismissalKey != nil, state.screen == .chat || state.screen == .diagnostics || state.screen == .journal {
                offer += "  [" + KeyCommand.dismissBanner.label(short: true) + "] " + t("ui.banner.hide")
            }
            // When the offer would be cut, the key goes first, so it always shows.
            let fits = maxRows > 1 && TerminalText.wrap(offer, width: w - 2).count <= maxRows
            line = fits ? offer : key + " " + line
        }
        var lines = maxRows == 1 ? [TerminalText.truncate(line, width: w - 2)] : TerminalText.wrap(line, width: w - 2)
        if lines.count > maxRows {
            lines = Array(lines.prefix(maxRows))
            lines[maxRows - 1] = TerminalText.truncate(lines[maxRows - 1] + " …", width: w - 2)
        }
        for (i, l) in lines.enumerated() {
            buf.fill(y: y + i, style: bannerStyle)
            buf.write(l, x: 1, y: y + i, style: bannerStyle, maxWidth: w - 2)
        }
        return y + lines.count
    }

    mutating func title(_ text: String, at y: Int) -> Int {
        buf.write(TerminalText.truncate(text, width: w - 2), x: 1, y: y, style: accent)
        return y + 1
    }

    /// The help line (bottom row): the current context's keys from the key table, as many
    /// whole hints as fit, most useful first (``KeyCommand/listed(in:)``); when some must go,
    /// the help key stays, since the help screen lists the rest.
    mutating func helpLine() {
        let context = state.keyContext
        let hints = KeyCommand.listed(in: context).filter(\.inHelpLine).map {
            (command: $0, text: $0.label(in: context, short: true) + " " + t($0.helpKey))
        }
        buf.fill(y: h - 1, style: helpStyle)
        buf.write(" " + fittingHints(hints, width: w - 1).joined(separator: "  "), x: 0, y: h - 1, style: helpStyle)
    }

    /// The hints to show in `width` cells, two spaces apart, without cutting one: all when
    /// they fit; else the help hint plus the longest run of the others, in priority order,
    /// that fits (the rest are dropped from the end). A lone hint wider than the row gets `…`.
    func fittingHints(_ hints: [(command: KeyCommand, text: String)], width: Int) -> [String] {
        func size(_ texts: [String]) -> Int { texts.map(DisplayWidth.of).reduce(0, +) + 2 * max(0, texts.count - 1) }
        func shown(_ keep: Set<Int>) -> [String] { keep.sorted().map { hints[$0].text } }
        if size(hints.map(\.text)) <= width { return hints.map(\.text) }
        var keep = Set(hints.indices.filter { hints[$0].command == .showHelp })
        if size(shown(keep)) > width { keep = [] }
        for i in hints.indices where !keep.contains(i) {
            guard size(shown(keep.union([i]))) <= width else { break }
            keep.insert(i)
        }
        if keep.isEmpty, let first = hints.first { return [TerminalText.truncate(first.text, width: width)] }
        return shown(keep)
    }

    /// The notice (row above the help line) when there is one; returns the rows it took.
    mutating func noticeLine() -> Int {
        // The whole question shows; when it cannot, the short form (keys kept) does.
        if case .eraseChat(let count)? = state.confirmation {
            let n = state.language.formatNumber(Double(count))
            let full = t.format("ui.confirm.eraseChat", n)
            return question(fitsAsQuestion(full) ? full : t.format("ui.confirm.eraseChatShort", n))
        }
        if case .deleteEntry(_, let title, let day)? = state.confirmation {
            // The title gives way first, then the trash note.
            let oneLine = TerminalText.sanitize(title).replacingOccurrences(of: "\n", with: " ")
            let day = TerminalText.sanitize(day)
            for key in ["ui.confirm.deleteEntry", "ui.confirm.deleteEntryShort"] {
                for titleWidth in [40, 20, 10, 4] {
                    let text = t.format(key, TerminalText.truncate(oneLine, width: titleWidth), day)
                    if fitsAsQuestion(text) { return question(text) }
                }
            }
            return question(t.format("ui.confirm.deleteEntryShort", TerminalText.truncate(oneLine, width: 4), day))
        }
        if case .forgetMemory(_, let words)? = state.confirmation {
            let oneLine = TerminalText.sanitize(words).replacingOccurrences(of: "\n", with: " ")
            for width in [60, 30, 12, 4] {
                let text = t.format("ui.confirm.forgetMemory", TerminalText.truncate(oneLine, width: width))
                if fitsAsQuestion(text) { return question(text) }
            }
            return question(t.format("ui.confirm.forgetMemory", TerminalText.truncate(oneLine, width: 4)))
        }
        if case .forgetAllMemories(let count)? = state.confirmation {
            let n = state.language.formatNumber(Double(count))
            let full = t.format("ui.confirm.forgetAllMemories", n)
            return question(fitsAsQuestion(full) ? full : t.format("ui.confirm.forgetAllMemoriesShort", n))
        }
        guard let n = state.notice else { return 0 }
        let text = TerminalText.sanitize(t.notice(n))
        let style = { if case .failed = n { return CellStyle(bold: true, color: .warning) }; return muted }()
        buf.write(TerminalText.truncate(text, width: w - 2), x: 1, y: h - 2, style: style)
        return 1
    }

    /// Rows a question may take: all above the help line but a title and one row of the screen.
    var questionRoom: Int { max(1, h - 3) }

    func fitsAsQuestion(_ text: String) -> Bool { TerminalText.wrap(text, width: w - 2).count <= questionRoom }

    /// A y/N question, wrapped over as many rows above the help line as it needs (up to
    /// ``questionRoom``; past that the last row ends with `…`); returns the rows it took.
    mutating func question(_ text: String) -> Int {
        var lines = TerminalText.wrap(text, width: w - 2).map { $0.trimmingCharacters(in: .whitespaces) }
        let room = questionRoom
        if lines.count > room {
            lines = Array(lines.prefix(room))
            lines[room - 1] = TerminalText.truncate(lines[room - 1] + " …", width: w - 2)
        }
        let top = h - 1 - lines.count
        for (i, l) in lines.enumerated() {
            buf.fill(y: top + i, style: .plain)
            buf.write(l, x: 1, y: top + i, style: CellStyle(bold: true, color: .warning))
        }
        return lines.count
    }

    mutating func draw(_ rows: [Row], from top: Int, height: Int, selected: Int? = nil) {
        for (i, row) in rows.prefix(max(0, height)).enumerated() {
            let y = top + i
            var x = row.indent
            let highlight = selected == i
            if highlight {
                buf.fill(y: y, style: .reverse)
                if row.indent > 0 { buf.write("›", x: 0, y: y, style: CellStyle(bold: true, reverse: true)) }
            }
            for (text, style) in row.segments {
                var s = style
                if highlight { s.reverse = true }
                // A segment that does not fit ends the row with `…`, never a bare cut.
                let room = max(0, w - x)
                let cut = DisplayWidth.of(text) > room
                x += buf.write(cut ? TerminalText.truncate(text, width: room) : text, x: x, y: y, style: s, maxWidth: room)
                if cut { break }
            }
        }
    }

    // MARK: chat

    mutating func chat() {
        var y = banner(at: 0)
        // A remote model server: say plainly that journal text leaves the machine.
        if let notice = state.status.privacyNotice, h >= 6 {
            buf.write(TerminalText.truncate(TerminalText.sanitize(notice), width: w - 2), x: 1, y: y,
                      style: CellStyle(bold: true, color: .warning))
            y += 1
        }
        if h >= 8, let q = state.dailyQuestion {
            var text = t.format("ui.chat.question", TerminalText.sanitize(q))
            if state.questionAnswered { text = t("ui.chat.questionAnswered") + " " + text }
            buf.write(TerminalText.truncate(text, width: w - 2), x: 1, y: y, style: muted)
            y += 1
        }
        helpLine()
        // Input area, bottom up.
        let layout = state.input.layout(width: w - 2)
        let inputHeight = min(layout.lines.count, max(1, (h - y) / 3))
        let firstInputLine = max(0, min(layout.cursorRow - inputHeight + 1, layout.lines.count - inputHeight))
        let inputTop = h - 1 - inputHeight
        for i in 0..<inputHeight {
            let lineIndex = firstInputLine + i
            let prefix = lineIndex == 0 ? "› " : "  "
            buf.write(prefix, x: 0, y: inputTop + i, style: accent)
            buf.write(layout.lines[lineIndex], x: 2, y: inputTop + i)
        }
        buf.cursor = (2 + layout.cursorColumn, inputTop + layout.cursorRow - firstInputLine)
        var bottom = inputTop
        if let q = state.answering, bottom - y > 2 {
            bottom -= 1
            buf.write(TerminalText.truncate("↳ " + TerminalText.sanitize(q), width: w - 2), x: 1, y: bottom, style: muted)
        }
        if let status = statusText(), bottom - y > 2 {
            bottom -= 1
            buf.write(TerminalText.truncate(status.0, width: w - 2), x: 1, y: bottom, style: status.1)
        }
        transcript(top: y, height: bottom - y)
    }

    func statusText() -> (String, CellStyle)? {
        if let n = state.notice { return (TerminalText.sanitize(t.notice(n)), muted) }
        if let p = state.pendingReplies.first {
            if !p.cancelled && p.waking { return (t("ui.chat.waking"), muted) }
            return (p.cancelled ? t("ui.notice.stoppedWaiting") : t("ui.chat.answering"), muted)
        }
        return nil
    }

    mutating func transcript(top: Int, height: Int) {
        guard height > 0 else { return }
        if state.transcript.isEmpty && !state.pendingReplies.contains(where: { $0.partial != nil }) {
            for (i, l) in TerminalText.wrap(t("ui.chat.empty"), width: w - 2).prefix(height).enumerated() {
                buf.write(l, x: 1, y: top + i, style: muted)
            }
            return
        }
        // Only the rows that can show: walk from the newest line up. A reply still streaming
        // in shows as Luna's newest line.
        var rows: [Row] = []
        var reachedStart = true
        var lines = state.transcript
        if let p = state.pendingReplies.first(where: { $0.partial != nil && !$0.isReflection }), let text = p.partial {
            lines.append(ChatLine(role: .luna, text: text))
        }
        for (n, line) in lines.reversed().enumerated() {
            var block = transcriptRows(line, width: w, t: t)
            if n > 0 { block.append(Row("")) }
            rows.insert(contentsOf: block, at: 0)
            if rows.count >= state.scrollOffset + height, n < lines.count - 1 { reachedStart = false; break }
        }
        var offset = state.scrollOffset
        if reachedStart { offset = min(offset, max(0, rows.count - height)) }
        let end = rows.count - offset
        // Scrolled up: the last row says newer lines are below, instead of covering one.
        let shown = offset > 0 && height > 1 ? height - 1 : height
        let start = max(0, end - shown)
        draw(Array(rows[start..<end]), from: top, height: shown)
        if offset > 0 {
            let more = TerminalText.truncate("↓ " + t("ui.chat.more"), width: w - 2)
            buf.write(more, x: max(1, w - DisplayWidth.of(more) - 1), y: top + height - 1, style: muted)
        }
    }

    // MARK: settings

    func settingValue(_ row: SettingsRow) -> String {
        let p = state.status.profile
        let s = state.settings
        func onOff(_ b: Bool) -> String { t(b ? "ui.value.on" : "ui.value.off") }
        switch row {
        case .appleIntelligence: return p.map { onOff($0.appleIntelligence) } ?? "—"
        case .device: return p.map { TerminalText.sanitize($0.device) } ?? "—"
        case .os: return p.map { TerminalText.sanitize($0.os) } ?? "—"
        case .freeStorage:
            return p.map { t.format("ui.value.gigabytes", state.language.formatNumber($0.freeStorageGB)) } ?? "—"
        case .modelLanguages: return p.map { TerminalText.sanitize($0.modelLanguages.joined(separator: ", ")) } ?? "—"
        case .simulator: return p.map { onOff($0.simulator) } ?? "—"
        case .gender: return t("ui.gender.\(s.gender.rawValue)")
        case .lifePath: return t("ui.lifePath.\(s.lifePath.rawValue)")
        case .region: return s.region ?? t("ui.value.profileRegion")
        case .language: return t("ui.language.\(state.language.rawValue)")
        case .keepChatHistory: return onOff(s.keepChatHistory)
        case .keepMemories: return onOff(s.keepMemories)
        case .answersToJournal: return onOff(s.answersToJournal)
        case .eraseChat: return t("ui.value.pressEnter")
        }
    }

    mutating func settings() {
        var y = banner(at: 0)
        y = title(t("ui.settings.title"), at: y)
        helpLine()
        let bottom = h - 1 - noticeLine()
        let labels = SettingsRow.allCases.map { t($0.labelKey) }
        let labelWidth = min(labels.map(DisplayWidth.of).max() ?? 0, w / 2) + 2
        let visible = max(1, bottom - y)
        let count = SettingsRow.allCases.count
        var top = y, height = visible
        var first = max(0, min(state.settingsCursor - height + 1, count - height))
        var above = false, below = false
        // Cut: a row says there are more settings above or below, as on the help screen.
        if visible >= 3 && count > visible {
            height = visible - 1
            first = max(0, min(state.settingsCursor - height + 1, count - height))
            if first > 0 {
                height = visible - 2
                first = max(0, min(state.settingsCursor - height + 1, count - height))
            }
            above = first > 0
            below = first + height < count
            if above { top += 1 }
        }
        var rows: [Row] = []
        for (i, row) in SettingsRow.allCases.enumerated() {
            let label = TerminalText.truncate(labels[i], width: labelWidth - 2)
            let pad = String(repeating: " ", count: max(0, labelWidth - DisplayWidth.of(label)))
            rows.append(Row(segments: [(label + pad, .plain), (settingValue(row), .bold)], indent: 1))
        }
        // The model server, read-only here (it is set from the command line).
        var server = state.status.serverLines.map { ($0.label, $0.value) }
        if server.isEmpty { server = [(t("ui.settings.server"), t("ui.settings.server.none"))] }
        rows.append(Row(""))
        for (label, value) in server {
            let shown = TerminalText.truncate(label, width: labelWidth - 2)
            let pad = String(repeating: " ", count: max(0, labelWidth - DisplayWidth.of(shown)))
            rows.append(Row(segments: [(shown + pad, muted), (TerminalText.sanitize(value), .plain)], indent: 1))
        }
        rows.append(Row(t("ui.settings.server.hint"), muted, indent: 1))
        draw(Array(rows.dropFirst(first)), from: top, height: height, selected: state.settingsCursor - first)
        if above {
            let more = TerminalText.truncate(t("ui.list.moreAbove"), width: w - 2)
            buf.write(more, x: max(1, w - 1 - DisplayWidth.of(more)), y: y, style: muted)
        }
        if below {
            let more = TerminalText.truncate(t("ui.help.more"), width: w - 2)
            buf.write(more, x: max(1, w - 1 - DisplayWidth.of(more)), y: top + height, style: muted)
        }
    }

    // MARK: diagnostics

    mutating func diagnostics() {
        var y = banner(at: 0)
        y = title(t("ui.diagnostics.title"), at: y)
        helpLine()
        let bottom = h - 1 - noticeLine()
        let s = state.status
        var pairs: [(String, String)] = []
        if !s.diagnosticsLines.isEmpty {
            // The core's lines, as `lanternly diagnostics` prints them; a profile that cannot
            // be read is said right after them.
            pairs = s.diagnosticsLines.map { ($0.label, $0.value) }
            if let e = s.profileError { pairs.insert((t("ui.diagnostics.profileError"), e), at: min(3, pairs.count)) }
        } else {
        switch s.availability {
        case .available: pairs.append((t("ui.diagnostics.availability"), t("ui.diagnostics.available")))
        case .unavailable(let reason):
            pairs.append((t("ui.diagnostics.availability"), t.format("ui.diagnostics.unavailable", reason.name)))
        }
        if let b = s.banner { pairs.append((t("ui.diagnostics.reason"), b)) }
        pairs.append((t("ui.diagnostics.profile"), s.profilePath))
        if let e = s.profileError { pairs.append((t("ui.diagnostics.profileError"), e)) }
        pairs.append((t("ui.diagnostics.languages"), s.supportedLanguages.joined(separator: ", ")))
        pairs.append((t("ui.diagnostics.simulator"), t(s.isSimulator ? "ui.value.yes" : "ui.value.no")))
        pairs.append((t("ui.diagnostics.lastSource"), s.lastSource.map(t.source) ?? t("ui.value.none")))
        pairs.append((t("ui.diagnostics.lastError"), s.lastGenerationError ?? t("ui.value.none")))
        pairs.append((t("ui.diagnostics.download"), s.downloadProgress.map { String(Int(($0 * 100).rounded())) + "%" } ?? "—"))
        pairs += s.serviceLines.map { ($0.label, $0.value) }
        pairs += s.serverLines.map { ($0.label, $0.value) }
        }
        let labelWidth = min(pairs.map { DisplayWidth.of($0.0) }.max() ?? 0, w / 2) + 2
        var rows: [Row] = []
        if labelWidth > w / 3 {
            // Narrow: each label on its own row, the value under it.
            for (label, value) in pairs {
                rows.append(Row(label, muted, indent: 1))
                for l in TerminalText.wrap(TerminalText.sanitize(value), width: max(1, w - 4)) { rows.append(Row(l, .plain, indent: 3)) }
            }
            scrolled(rows, from: y, height: bottom - y)
            return
        }
        for (label, value) in pairs {
            let shown = TerminalText.truncate(label, width: labelWidth - 2)
            let pad = String(repeating: " ", count: max(0, labelWidth - DisplayWidth.of(shown)))
            let wrapped = TerminalText.wrap(TerminalText.sanitize(value), width: max(1, w - 1 - labelWidth))
            rows.append(Row(segments: [(shown + pad, muted), (wrapped[0], .plain)], indent: 1))
            for extra in wrapped.dropFirst() { rows.append(Row(extra, .plain, indent: 1 + labelWidth)) }
        }
        scrolled(rows, from: y, height: bottom - y)
    }

    /// Draws rows from ``AppState/diagnosticsScroll``, with a "more below" mark when cut.
    mutating func scrolled(_ rows: [Row], from top: Int, height: Int) {
        guard height > 0 else { return }
        let first = min(state.diagnosticsScroll, max(0, rows.count - height))
        pagedRows(Array(rows.dropFirst(first)), from: top, height: height)
    }

    /// Draws rows into `height` rows; when they do not all fit, the last row says there is
    /// more below (localized) instead of covering or cutting content.
    mutating func pagedRows(_ rows: [Row], from top: Int, height: Int, selected: Int? = nil) {
        guard height > 0 else { return }
        guard rows.count > height else { draw(rows, from: top, height: height, selected: selected); return }
        draw(rows, from: top, height: height - 1, selected: selected)
        let more = TerminalText.truncate(t("ui.help.more"), width: w - 2)
        buf.write(more, x: max(1, w - 1 - DisplayWidth.of(more)), y: top + height - 1, style: muted)
    }

    // MARK: help

    mutating func help() {
        let y = title(t("ui.help.title"), at: 0)
        helpLine()
        var rows: [Row] = []
        for (context, commands) in KeyCommand.helpSections {
            if !rows.isEmpty { rows.append(Row("")) }
            rows.append(Row(t(context.titleKey), .bold, indent: 1))
            let labels = commands.map { $0.label(in: context) }
            let labelWidth = min(labels.map(DisplayWidth.of).max() ?? 0, w / 2) + 2
            for (c, label) in zip(commands, labels) {
                let shown = TerminalText.truncate(label, width: labelWidth - 1)
                let pad = String(repeating: " ", count: max(0, labelWidth - DisplayWidth.of(shown)))
                rows.append(Row(segments: [(shown + pad, accent), (t(c.helpKey), .plain)], indent: 2))
            }
        }
        let height = h - 1 - y
        guard height > 0 else { return }
        let first = min(state.helpScroll, max(0, rows.count - height))
        pagedRows(Array(rows.dropFirst(first)), from: y, height: height)
    }

    // MARK: journal

    mutating func journal() {
        var y = banner(at: 0)
        helpLine()
        var bottom = h - 1 - noticeLine()
        if let query = state.journal.searchInput {
            bottom = h - 2
            prompt(t("ui.journal.searchPrompt"), query, at: bottom)
        }
        if let tags = state.journal.tagInput {
            bottom = h - 2
            buf.fill(y: bottom, style: .plain)
            let prompt = t("ui.journal.tagsPrompt") + " "
            let x = buf.write(prompt, x: 1, y: bottom, style: accent)
            let layout = tags.layout(width: 10_000)
            let text = layout.lines.first ?? ""
            let room = max(1, w - 2 - x)
            // Keep the cursor in view on a long tag line.
            let skip = max(0, layout.cursorColumn - room + 1)
            var shown = "", used = 0
            for ch in text {
                let cw = DisplayWidth.of(ch)
                if used >= skip { shown.append(ch) }
                used += cw
            }
            buf.write(shown, x: 1 + x, y: bottom, maxWidth: room)
            buf.cursor = (1 + x + layout.cursorColumn - skip, bottom)
        }
        if let offer = state.journal.suggestion, state.journal.mode == .list, state.journal.tagInput == nil,
           state.journal.searchInput == nil, bottom - y > 3 {
            // Luna's tags for the entry just saved, with the keys that take or leave them.
            let tags = offer.tags.map { "@" + TerminalText.sanitize($0) }.joined(separator: " ")
            let text = t.format("ui.journal.suggestedTags", tags, KeyCommand.acceptTags.label(short: true),
                                KeyCommand.dismissTags.label(short: true))
            var lines = TerminalText.wrap(text, width: w - 2)
            if lines.count > 2 { lines = [lines[0], TerminalText.truncate(lines[1] + " …", width: w - 2)] }
            bottom -= lines.count
            for (i, l) in lines.enumerated() {
                buf.fill(y: bottom + i, style: .plain)
                buf.write(l, x: 1, y: bottom + i, style: CellStyle(bold: true, color: .accent))
            }
        }
        if let month = state.journal.calendar, state.journal.mode == .list {
            calendar(month, top: y, bottom: bottom)
            return
        }
        switch state.journal.mode {
        case .list:
            let j = state.journal
            let listed = j.windowStart + j.entries.count
            let count = j.total.map(String.init) ?? (j.hasMore ? "\(listed)+" : String(listed))
            if let search = j.search {
                let heading = search.query == "*" ? t.format("ui.journal.starredTitle", String(j.entries.count))
                    : t.format("ui.journal.searchTitle", TerminalText.sanitize(search.query), String(j.entries.count))
                y = title(heading, at: y)
            } else {
                y = title(t.format("ui.journal.title", count), at: y)
                if !j.onThisDay.isEmpty, bottom - y > 4 {
                    // On this day in earlier years: one line, newest first.
                    let items = j.onThisDay.prefix(3).map { TerminalText.sanitize(String($0.day.prefix(4)) + " " + $0.title) }
                    let more = j.onThisDay.count > 3 ? " …" : ""
                    let line = t.format("ui.journal.onThisDay", items.joined(separator: " · ") + more)
                    buf.write(TerminalText.truncate(line.replacingOccurrences(of: "\n", with: " "), width: w - 2), x: 1, y: y, style: muted)
                    y += 1
                }
            }
            journalList(top: y, height: bottom - y)
        case .reading:
            journalEntry(top: y, height: bottom - y)
        case .writing:
            y = title(t("ui.journal.newEntry"), at: y)
            let height = bottom - y
            guard height > 0 else { return }
            let layout = state.journal.draft.layout(width: w - 2)
            let first = max(0, min(layout.cursorRow - height + 1, layout.lines.count - height))
            for i in 0..<min(height, layout.lines.count - first) {
                buf.write(layout.lines[first + i], x: 1, y: y + i)
            }
            if state.journal.tagInput == nil {
                buf.cursor = (1 + layout.cursorColumn, y + layout.cursorRow - first)
            }
        }
    }

    mutating func journalList(top: Int, height: Int) {
        guard height > 0 else { return }
        let entries = state.journal.entries
        if entries.isEmpty {
            // A search with no hits says so with its query, not that the journal is empty.
            var empty = t("ui.journal.empty")
            if let query = state.journal.search?.query {
                empty = query == "*" ? t("ui.notice.noSearchHits") : t.format("ui.journal.noMatches", TerminalText.sanitize(query))
            }
            for (i, l) in TerminalText.wrap(empty, width: w - 2).prefix(height).enumerated() {
                buf.write(l, x: 1, y: top + i, style: muted)
            }
            return
        }
        var rows: [Row] = []
        var selectedRow = 0
        // Only the entries that can show (a screen above and below the selection): a long
        // journal costs no more per frame than a short one, and the rows drawn are the same.
        let selected = max(0, min(state.journal.selected, entries.count - 1))
        let start = max(0, selected - height)
        let end = min(entries.count, selected + height + 1)
        var lastDay: String? = start > 0 ? entries[start - 1].day : nil
        for i in start..<end {
            let e = entries[i]
            if e.day != lastDay {
                rows.append(Row(TerminalText.sanitize(e.day), .bold, indent: 1))
                lastDay = e.day
            }
            if i == state.journal.selected { selectedRow = rows.count }
            var segments: [(String, CellStyle)] = [((e.starred ? "★ " : "  ") + TerminalText.sanitize(e.time) + "  ", muted)]
            let title = titleWithoutTrailingTags(TerminalText.sanitize(e.title), tags: e.tags)
            segments += highlighted(title.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " "),
                                    state.journal.search.map(\.query).flatMap { $0 == "*" ? nil : $0 })
            if !e.tags.isEmpty {
                segments.append(("  " + e.tags.map { "@" + TerminalText.sanitize($0) }.joined(separator: " "), muted))
            }
            rows.append(Row(segments: segments, indent: 2))
        }
        let first = max(0, min(selectedRow - height + 1, rows.count - height))
        draw(Array(rows.dropFirst(first)), from: top, height: height, selected: selectedRow - first)
    }

    mutating func journalEntry(top: Int, height: Int) {
        guard height > 0, let e = state.journal.open else { return }
        var header = (e.starred ? "★ " : "") + TerminalText.sanitize(e.day + " " + e.time)
        if !e.tags.isEmpty { header += "  " + e.tags.map { "@" + TerminalText.sanitize($0) }.joined(separator: " ") }
        buf.write(TerminalText.truncate(header, width: w - 2), x: 1, y: top, style: accent)
        let lines = TerminalText.wrap(TerminalText.sanitize(e.body), width: w - 2)
        let bodyHeight = height - 1
        let first = min(state.journal.readScroll, max(0, lines.count - bodyHeight))
        let query = state.journal.search.map(\.query).flatMap { $0 == "*" ? nil : $0 }
        draw(lines.dropFirst(first).map { Row(segments: highlighted($0, query), indent: 1) }, from: top + 1, height: bodyHeight)
    }

    /// The month (`c`): four cells a day, a day written in reverse video and marked `*` (so it
    /// reads without colour), today marked `>`; weeks from Sunday in English, Monday in
    /// Russian; then days written and the streaks.
    mutating func calendar(_ m: WritingMonth, top: Int, bottom: Int) {
        var y = title(t("ui.journal.calendar") + " · " + m.title(state.language), at: top)
        let weekStart = WritingMonth.weekStart(state.language)
        let symbols = WritingMonth.weekdaySymbols(state.language)
        guard bottom - y >= 2 else { return }
        var x = 1
        for i in 0..<7 {
            buf.write(" " + symbols[(weekStart - 1 + i) % 7], x: x, y: y, style: muted)
            x += 4
        }
        y += 1
        var column = (m.firstWeekday - weekStart + 7) % 7
        for day in m.days where y < bottom {
            let n = String(day.day)
            let written = m.entriesPerDay[day] != nil
            let cell = (day == m.today ? ">" : " ") + (n.count == 1 ? " " + n : n) + (written ? "*" : " ")
            let style = written ? CellStyle(bold: true, reverse: true) : (day == m.today ? accent : .plain)
            buf.write(cell, x: 1 + column * 4, y: y, style: style)
            column += 1
            if column == 7 { column = 0; y += 1 }
        }
        if column != 0 { y += 1 }
        y += 1
        let lines = [t.format("ui.journal.calendarDays", String(m.daysWritten), String(m.days.count)),
                     t.format("ui.journal.calendarStreaks", String(m.currentStreak), String(m.longestStreak))]
        for line in lines where y < bottom {
            buf.write(TerminalText.truncate(line, width: w - 2), x: 1, y: y)
            y += 1
        }
    }

    /// `text` in pieces, the matches of `query` (any case) in bold and underlined: the search's
    /// highlight, readable without colour.
    func highlighted(_ text: String, _ query: String?) -> [(String, CellStyle)] {
        guard let query, !query.isEmpty else { return [(text, .plain)] }
        var out: [(String, CellStyle)] = []
        var rest = text[...]
        while let r = rest.range(of: query, options: [.caseInsensitive]) {
            if r.lowerBound > rest.startIndex { out.append((String(rest[..<r.lowerBound]), .plain)) }
            out.append((String(rest[r]), CellStyle(bold: true, underline: true, color: .accent)))
            rest = rest[r.upperBound...]
        }
        if !rest.isEmpty || out.isEmpty { out.append((String(rest), .plain)) }
        return out
    }

    /// A one-line prompt (`label` then the text being typed) at row `y`, cursor in view.
    mutating func prompt(_ label: String, _ input: TextEditor, at y: Int) {
        buf.fill(y: y, style: .plain)
        let x = buf.write(label + " ", x: 1, y: y, style: accent)
        let layout = input.layout(width: 10_000)
        let text = layout.lines.first ?? ""
        let room = max(1, w - 2 - x)
        let skip = max(0, layout.cursorColumn - room + 1)
        var shown = "", used = 0
        for ch in text {
            if used >= skip { shown.append(ch) }
            used += DisplayWidth.of(ch)
        }
        buf.write(shown, x: 1 + x, y: y, maxWidth: room)
        buf.cursor = (1 + x + layout.cursorColumn - skip, y)
    }
}

/// The month screen's rows below its title (the reducer clamps the scroll with it): the
/// observation's sentences wrapped to the width, a blank row, then the chart (each chart
/// line one row, cut at the width, never wrapped: it is drawn in cells).
func monthRows(_ page: MonthPage, width: Int, catalog: StringCatalog?, language: AppLanguage) -> [Row] {
    var rows: [Row] = []
    var lines = TerminalText.sanitize(page.text).split(separator: "\n", omittingEmptySubsequences: false)
    // The computed text opens with the month's name, which the screen's title already gives.
    if let first = lines.first, first.trimmingCharacters(in: .whitespaces) == page.title { lines.removeFirst() }
    for line in lines {
        for l in TerminalText.wrap(String(line), width: max(1, width - 2)) { rows.append(Row(l, .plain, indent: 1)) }
    }
    rows.append(Row(""))
    let chart: [String]
    if let catalog {
        chart = MonthObservationService.chart(page.stats, catalog: catalog, language: language, barWidth: monthBarWidth(width))
    } else {
        // Only the count matters here: weekdays, the weeks, the legend, a blank and the tags.
        let firstColumn = ((page.stats.month.firstDay.civilDays + 3) % 7 + 7) % 7
        let weeks = (firstColumn + page.stats.dayCount + 6) / 7
        let tags = page.stats.topTags.isEmpty ? 0 : page.stats.topTags.count + 1
        chart = Array(repeating: "", count: 2 + weeks + tags)
    }
    for line in chart { rows.append(Row(line, .plain, indent: 1)) }
    return rows
}

/// How many rows ``monthRows(_:width:catalog:language:)`` gives.
func monthRowCount(_ page: MonthPage, width: Int) -> Int {
    monthRows(page, width: width, catalog: nil, language: .english).count
}

/// Bar length of the month chart's tag bars at a width: the label (up to 17 cells), the bar,
/// and the count fit in the row.
func monthBarWidth(_ width: Int) -> Int { max(3, min(20, width - 28)) }

extension Painter {
    // MARK: what Luna remembers

    /// "What Luna remembers": each memory on its own rows (kind and words; where it came from
    /// and when), the highlighted one in reverse video; a plain line when memory is off or the
    /// model cannot be asked (nothing new is learned).
    mutating func memories() {
        var y = banner(at: 0)
        let items = state.memories.items
        let heading = items.map { t.format("ui.memories.titleCount", state.language.formatNumber(Double($0.count))) }
            ?? t("ui.memories.title")
        y = title(heading, at: y)
        helpLine()
        let bottom = h - 1 - noticeLine()
        var why: String?
        if !state.settings.keepMemories {
            why = t.format("ui.memories.off", KeyCommand.openSettings.label(short: true))
        } else if !state.status.availability.isAvailable {
            why = t("ui.memories.gateClosed")
        }
        if let why, bottom - y > 2 {
            let lines = TerminalText.wrap(why, width: w - 2)
            let room = bottom - y > 6 ? 3 : 1
            for (i, l) in lines.prefix(room).enumerated() {
                let shown = i == room - 1 && lines.count > room ? TerminalText.truncate(l + " …", width: w - 2) : l
                buf.write(shown, x: 1, y: y, style: CellStyle(bold: true, color: .warning))
                y += 1
            }
        }
        let height = bottom - y
        guard height > 0 else { return }
        guard let items else {
            buf.write(TerminalText.truncate(t("ui.memories.reading"), width: w - 2), x: 1, y: y, style: muted)
            return
        }
        if items.isEmpty {
            for (i, l) in TerminalText.wrap(t("ui.memories.empty"), width: w - 2).prefix(height).enumerated() {
                buf.write(l, x: 1, y: y + i, style: muted)
            }
            return
        }
        var rows: [Row] = []
        var selectedRow = 0
        let kinds = items.map { t("memory.kind.\($0.kind.rawValue)") }
        // Wide: the kind in a column of its own; narrow: the kind on a row above the words.
        let column = (kinds.map(DisplayWidth.of).max() ?? 0) + 2
        let kindWidth = column <= w / 4 ? column : 2
        for (i, m) in items.enumerated() {
            if i == state.memories.selected { selectedRow = rows.count }
            var words = TerminalText.sanitize(m.words).replacingOccurrences(of: "\n", with: " ")
            if let day = m.date { words += " (" + TerminalText.sanitize(day) + ")" }
            let wrapped = TerminalText.wrap(words, width: max(1, w - 2 - kindWidth))
            if kindWidth == 2 {
                rows.append(Row(kinds[i], muted, indent: 1))
                for l in wrapped { rows.append(Row(l, .bold, indent: 1 + kindWidth)) }
            } else {
                let pad = String(repeating: " ", count: max(0, kindWidth - DisplayWidth.of(kinds[i])))
                rows.append(Row(segments: [(kinds[i] + pad, muted), (wrapped.first ?? "", .bold)], indent: 1))
                for extra in wrapped.dropFirst() { rows.append(Row(extra, .bold, indent: 1 + kindWidth)) }
            }
            let from: String
            switch m.source {
            case .chat: from = t("memory.source.chat")
            case .entry(let id): from = t.format("memory.source.entry", m.entryShortID.map(TerminalText.sanitize) ?? String(id))
            }
            let when = t.format("ui.memories.remembered", from, TerminalText.sanitize(m.rememberedOn))
            for l in TerminalText.wrap(when, width: max(1, w - 2 - kindWidth)) { rows.append(Row(l, muted, indent: 1 + kindWidth)) }
        }
        // Keep the highlighted memory in view, with the rows under it that belong to it.
        let first = max(0, min(selectedRow - height / 2, rows.count - height))
        pagedRows(Array(rows.dropFirst(first)), from: y, height: height, selected: selectedRow - first)
    }

    // MARK: month

    /// The month's observation, as `lanternly month` prints it: Luna's sentences or the
    /// computed ones, then the calendar heat map and the tag bars, drawn in plain characters
    /// (readable without colour).
    mutating func month() {
        var y = banner(at: 0)
        let page = state.month.page
        var heading = t("ui.month.title")
        if let page { heading += " · " + TerminalText.sanitize(page.title) }
        y = title(heading, at: y)
        helpLine()
        let bottom = h - 1 - noticeLine()
        guard let page else {
            if bottom > y { buf.write(TerminalText.truncate(t("ui.month.reading"), width: w - 2), x: 1, y: y, style: muted) }
            return
        }
        if bottom - y > 3 {
            var note = t(page.source == .model ? "ui.month.byLuna" : "ui.month.computed")
            if let loading = state.month.loading, loading != page.month { note = t("ui.month.reading") }
            buf.write(TerminalText.truncate(note, width: w - 2), x: 1, y: y, style: muted)
            y += 1
        }
        let height = bottom - y
        guard height > 0 else { return }
        let rows = monthRows(page, width: w, catalog: t.catalog, language: state.language)
        let first = min(state.month.scroll, max(0, rows.count - height))
        pagedRows(Array(rows.dropFirst(first)), from: y, height: height)
    }
}
