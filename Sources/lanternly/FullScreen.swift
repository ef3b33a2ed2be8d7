// The full-screen app's run loop: wires LanternlyApp (state, reduce, render) to the ncurses
// backend. main.swift calls `fullScreenUnavailableReason` and then `runFullScreen`.
import Foundation
import LanternlyApp
import LanternlyCore
import NcursesBackend
import TerminalUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The exit code of `runFullScreen` when curses could not start (fall back to `chat --plain`).
let fullScreenUnavailableExitCode: Int32 = 3

/// Why the full-screen app cannot start here, as one localized line, or `nil` when it can.
///
/// Checks (without starting curses) that stdin and stdout are terminals and that `TERM` is
/// set, not `dumb`, and known to terminfo. Main prints the line and opens the plain line mode.
func fullScreenUnavailableReason(environment: [String: String], language: AppLanguage,
                                 catalog: StringCatalog) -> String? {
    guard let reason = NcursesTerminal.check(environment: environment) else { return nil }
    return describe(reason, language: language, catalog: catalog)
}

private func describe(_ reason: FullScreenUnavailable, language: AppLanguage, catalog: StringCatalog) -> String {
    switch reason {
    case .notATerminal: return catalog.string("ui.fallback.notATerminal", language)
    case .termUnset: return catalog.string("ui.fallback.termUnset", language)
    case .termDumb: return catalog.string("ui.fallback.termDumb", language)
    case .termUnknown(let term): return catalog.format("ui.fallback.termUnknown", language, term)
    case .startFailed: return catalog.string("ui.fallback.startFailed", language)
    }
}

/// Set by the signal handlers; the loop reads it (a handler does nothing else).
nonisolated(unsafe) private var receivedSignal: sig_atomic_t = 0
/// Set by SIGTSTP (or the loop on Ctrl-Z): stop the process once the terminal is restored.
nonisolated(unsafe) private var stopRequested: sig_atomic_t = 0
/// Set by SIGCONT: the process ran again after a stop; re-enter curses and redraw.
nonisolated(unsafe) private var continued: sig_atomic_t = 0

private let quitSignals = [SIGINT, SIGTERM, SIGHUP]
private let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

/// The terminal modes before curses started, for the crash handler.
nonisolated(unsafe) private var savedTermios = termios()
nonisolated(unsafe) private var haveSavedTermios: sig_atomic_t = 0
/// Bracketed paste off, main screen back, cursor shown, attributes reset.
nonisolated(unsafe) private var terminalResetBytes: [UInt8] = Array("\u{1B}[?2004l\u{1B}[?1049l\u{1B}[?25h\u{1B}[0m\r\n".utf8)

private func installSignalHandlers() {
    // Installed before newterm, so ncurses leaves SIGINT/SIGTERM to us (it only takes SIG_DFL ones).
    for sig in quitSignals {
        signal(sig) { receivedSignal = $0 }
    }
    // Job control (also before newterm, so ncurses does not install its own SIGTSTP handler).
    installStopHandler()
    signal(SIGCONT) { _ in continued = 1 }
    // A crash (a Swift trap is SIGILL/SIGTRAP) still leaves a usable terminal: restore the
    // saved modes with async-signal-safe calls only (tcsetattr, write), then die as before.
    if tcgetattr(0, &savedTermios) == 0 { haveSavedTermios = 1 }
    _ = terminalResetBytes.count  // initialized before any handler can run
    for sig in crashSignals {
        signal(sig) { sig in
            if haveSavedTermios == 1 { tcsetattr(0, TCSANOW, &savedTermios) }
            terminalResetBytes.withUnsafeBufferPointer { _ = write(1, $0.baseAddress, $0.count) }
            signal(sig, SIG_DFL)
            raise(sig)
        }
    }
}

private func installStopHandler() {
    signal(SIGTSTP) { _ in stopRequested = 1 }
}

private func restoreSignalHandlers() {
    for sig in quitSignals + crashSignals + [SIGTSTP, SIGCONT] { signal(sig, SIG_DFL) }
}

/// Ctrl-Z or SIGTSTP: hands the terminal back to the shell (bracketed paste off, `endwin`),
/// stops with SIGSTOP (which cannot be caught), and once continued (`fg`, SIGCONT)
/// re-enters curses and repaints the whole screen at its current size.
private func stopForJobControl(_ terminal: NcursesTerminal, _ runtime: AppRuntime) {
    stopRequested = 0
    terminal.suspend()
    kill(getpid(), SIGSTOP)
    continued = 0
    redrawAfterContinue(terminal, runtime)
}

/// After a stop (ours or anyone's SIGSTOP): raw mode and bracketed paste back, every cell repainted.
private func redrawAfterContinue(_ terminal: NcursesTerminal, _ runtime: AppRuntime) {
    terminal.resume()
    let (w, h) = terminal.size
    if w != runtime.state.width || h != runtime.state.height { runtime.send(.resized(width: w, height: h)) }
    terminal.paint(runtime.frame())
}

/// Runs the full-screen app until the person quits.
///
/// Sets the locale first (``TerminalLocale/activate()``: the environment's, else `C.UTF-8`;
/// without any UTF-8 locale the app draws ASCII and says so once). Returns 0 on quit (Ctrl-C, F10), 128+N after signal N
/// (SIGTERM, SIGHUP, SIGINT), and ``fullScreenUnavailableExitCode`` (3) when curses could not
/// start — then nothing was drawn and the terminal is untouched; print
/// ``fullScreenUnavailableReason(environment:language:catalog:)`` and open the plain mode.
/// The terminal is restored (`endwin`) on every path out.
///
/// Wiring in main.swift (a sketch):
/// ```swift
/// if let why = fullScreenUnavailableReason(environment: env, language: lang, catalog: catalog) {
///     print(why)            // one line, then the plain chat
///     exit(runPlainChat(...))
/// }
/// let code = runFullScreen(dependencies: .live(...), initialState: AppState(language: lang))
/// if code == fullScreenUnavailableExitCode { /* same fallback */ }
/// exit(code)
/// ```
func runFullScreen(dependencies: AppDependencies, initialState: AppState) -> Int32 {
    let utf8 = TerminalLocale.activate()
    let environment = ProcessInfo.processInfo.environment
    guard NcursesTerminal.check(environment: environment) == nil else { return fullScreenUnavailableExitCode }
    installSignalHandlers()
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    let terminal: NcursesTerminal
    do {
        terminal = try NcursesTerminal(environment: environment, colors: !noColor, utf8: utf8)
    } catch {
        restoreSignalHandlers()
        return fullScreenUnavailableExitCode
    }
    defer {
        terminal.close()
        restoreSignalHandlers()
    }

    var deps = dependencies
    let editor = dependencies.editExternally
    deps.editExternally = { [terminal] text in
        terminal.suspend()
        // While the editor has the terminal, Ctrl-Z stops it and us together (the default
        // action), so the shell gets the terminal back; `fg` continues both.
        signal(SIGTSTP, SIG_DFL)
        defer {
            installStopHandler()
            terminal.resume()
        }
        return try editor(text)
    }
    var state = initialState
    (state.width, state.height) = terminal.size
    if !utf8 { state.notice = .noUTF8Locale }
    let runtime = AppRuntime(state: state, dependencies: deps)
    // A reply streaming in wakes the loop at once (issue 13: first byte on screen ≤ 20 ms).
    let wake = InboxWake()
    runtime.onInboxChange = { wake.notify() }
    runtime.send(.started)
    terminal.paint(runtime.frame())

    var lastPoll = Date()
    var instantEmptyReads = 0  // a vanished terminal answers every read at once with nothing
    while !runtime.state.shouldQuit && receivedSignal == 0 {
        var changed = false
        let readStart = DispatchTime.now().uptimeNanoseconds
        // Sleep in poll until a key, the inbox or 100 ms; then read without waiting.
        let ready = wake.wait(timeoutMilliseconds: 100)
        let first = ready.input ? terminal.readEvent(timeoutMilliseconds: 0) : nil
        if ready.input && first == nil && DispatchTime.now().uptimeNanoseconds - readStart < 2_000_000 {
            instantEmptyReads += 1
            if instantEmptyReads > 200 { receivedSignal = SIGHUP; break }
        } else {
            instantEmptyReads = 0
        }
        if let event = first {
            dispatch(event, to: runtime)
            changed = true
            // Take what is already waiting (fast typing) before drawing once; a Ctrl-Z ends
            // the burst, so what is typed after it goes to the shell, not into the input.
            var burst = 0
            while burst < 256, !runtime.state.shouldQuit, stopRequested == 0,
                  let more = terminal.readEvent(timeoutMilliseconds: 0) {
                dispatch(more, to: runtime)
                burst += 1
            }
        }
        if stopRequested != 0 {
            if changed { terminal.paint(runtime.frame()) }
            stopForJobControl(terminal, runtime)
            changed = false
        } else if continued != 0 {
            continued = 0
            redrawAfterContinue(terminal, runtime)
        }
        if runtime.drainInbox() { changed = true }
        if Date().timeIntervalSince(lastPoll) >= 1 {
            lastPoll = Date()
            let before = runtime.state.status
            runtime.pollStatus()
            if runtime.state.status != before { changed = true }
        }
        if changed { terminal.paint(runtime.frame()) }
    }
    // Keep an unsaved journal draft (quit key or signal alike).
    runtime.send(.appEnding)
    if case .failed(let why)? = runtime.state.notice {
        terminal.close()
        FileHandle.standardError.write(Data("lanternly: the journal draft could not be kept: \(why)\n".utf8))
    }
    let sig = receivedSignal
    return sig == 0 ? 0 : 128 + Int32(sig)
}

private func dispatch(_ event: InputEvent, to runtime: AppRuntime) {
    switch event {
    case .key(.ctrl("z")): stopRequested = 1  // raw mode: the terminal sends no SIGTSTP itself
    case .key(let key): runtime.send(.keyPressed(key))
    case .paste(let text): runtime.send(.pasted(text))
    case .resize(let w, let h): runtime.send(.resized(width: w, height: h))
    }
}

/// Benchmark hook: `render` + paint of a 200×60 chat screen holding 1,000 messages in mixed
/// scripts, painted through ncurses in headless mode (`newterm` on `/dev/null` with
/// `TERM=xterm-256color`, sized by `resizeterm`). See ``UIBenchmark`` (LanternlyApp) for the
/// same loop callable from the bench target.
///
/// - Parameter fullRepaint: paint every cell (the diff base is reset: the worst case, as after
///   a resize) instead of only the changed cells (the usual keystroke).
/// - Returns: each iteration's duration in seconds, or `[]` when headless ncurses cannot start.
func benchmarkFullScreenFrame(iterations: Int, fullRepaint: Bool = true) -> [Double] {
    setlocale(LC_ALL, "")
    guard let terminal = try? NcursesTerminal(headlessWidth: 200, height: 60),
          let catalog = try? StringCatalog.shipped() else { return [] }
    defer { terminal.close() }
    return UIBenchmark.renderAndPaint(iterations: iterations, catalog: catalog) { frame in
        if fullRepaint { terminal.resetDiff() }
        terminal.paint(frame)
    }
}
