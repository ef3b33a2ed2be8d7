import Foundation
import JournalStore
import LanternlyCore

/// Set by SIGTERM/SIGHUP while the editor runs (the handler also passes the signal on to the
/// editor, so `waitpid` returns either way).
nonisolated(unsafe) private var editorStopSignal: sig_atomic_t = 0
nonisolated(unsafe) private var editorChild: pid_t = 0

/// Hands text to `$VISUAL` / `$EDITOR` and reads it back (like `git commit`, `jrnl`).
enum ExternalEditor {
    /// Writes `initial` to a new private `.md` file (``PrivateFile``: 0600, `O_EXCL|O_NOFOLLOW`)
    /// in the person's own 0700 folder `state/editor/` (``folder(_:)``), runs the editor on it
    /// through `/bin/sh -c`, and returns the edited text; the file is removed afterwards.
    ///
    /// While the editor runs, SIGINT and SIGQUIT are ignored here (the editor, in the same
    /// process group, gets them from the keyboard and decides), as git does
    /// (git `editor.c`, `sigchain_push(SIGINT, SIG_IGN)`). SIGTERM or SIGHUP is passed on to
    /// the editor; what the file holds then becomes a recovery draft, the file is removed,
    /// and the signal ends the process as it would have (or reaches the handler that was there).
    ///
    /// - Parameter say: a catalog key and its arguments in the person's language (the lines
    ///   printed here: no editor, stopped by a signal).
    /// - Returns: the text, or `nil` when the result is empty.
    /// - Throws: ``CLIError/runtime(_:)`` when no editor is set or the editor fails.
    static func edit(initial: String, environment: [String: String], paths: LanternlyPaths,
                     say: (_ key: String, _ arguments: [String]) -> String) throws -> String? {
        guard let editor = resolve(environment) else { throw CLIError.usage(say("ui.editor.none", [])) }
        let dir = try folder(paths)
        // A draft handed over ends with a newline, so what the editor adds starts on its own line.
        let handed = initial.isEmpty || initial.hasSuffix("\n") ? initial : initial + "\n"
        let file: PrivateFile.Created
        do {
            file = try PrivateFile.create(in: dir, prefix: "lanternly-", suffix: ".md")
        } catch {
            throw CLIError.runtime(key: "cli.editor.cannotCreate", dir.path, FileCause(error).key)
        }
        // Removed on every way out, with anything the editor left beside it (`FILE~`, nano's `FILE.save`).
        defer { removeLeftovers(of: file.url) }
        do {
            try PrivateFile.write(Data(handed.utf8), to: file)
            try PrivateFile.keep(file)
        } catch {
            PrivateFile.discard(file)
            throw CLIError.runtime(key: "cli.editor.cannotCreate", dir.path, FileCause(error).key)
        }
        let token = TemporaryFiles.register(file.url.path)
        defer { TemporaryFiles.unregister(token) }

        let outcome: (status: Int32, signal: Int32)
        do {
            outcome = try waitForEditor(["/bin/sh", "-c", "\(editor) \"$1\"", "lanternly-editor", file.url.path])
        } catch {
            throw CLIError.runtime(key: "cli.editor.cannotStart", editor, FileCause(error).key)
        }
        let left = (try? String(contentsOf: file.url, encoding: .utf8)) ?? ""
        if outcome.signal != 0 {
            // Stopped from outside (SIGTERM, SIGHUP): keep what exists, remove the file, then
            // let the signal do what it was going to do.
            if !left.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
               let draft = try? RecoveryDraft.save(left, paths: paths) {
                Output.error("lanternly: " + say("cli.editor.stoppedKept", [String(outcome.signal), draft.file.path]))
            }
            removeLeftovers(of: file.url)
            TemporaryFiles.unregister(token)
            _ = Output.finish()
            raise(outcome.signal)
            throw CLIError.runtime(key: "cli.editor.stopped", String(outcome.signal))
        }
        guard outcome.status == 0 else {
            // Nothing typed is lost: whatever the editor left in the file becomes a recovery draft.
            if !left.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
               let draft = try? RecoveryDraft.save(left, paths: paths) {
                throw CLIError.runtime(key: "cli.editor.failedKept", editor, String(outcome.status), draft.file.path)
            }
            throw CLIError.runtime(key: "cli.editor.failed", editor, String(outcome.status))
        }
        return left.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : left
    }

    /// The editor to run, chosen as git chooses (git `editor.c`, Debian's default `editor`):
    /// `$VISUAL` (unless `TERM=dumb`), `$EDITOR`, then the first of `editor`,
    /// `sensible-editor` and `vi` found on `$PATH`. - Returns: `nil` when there is none.
    static func resolve(_ environment: [String: String]) -> String? {
        let term = environment["TERM"] ?? ""
        var set: [String?] = [environment["EDITOR"]]
        if term != "dumb" { set.insert(environment["VISUAL"], at: 0) }
        if let chosen = set.compactMap({ $0 }).first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            return chosen
        }
        let path = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["editor", "sensible-editor", "vi"] {
            for dir in path where !dir.isEmpty {
                let candidate = dir + "/" + name
                if access(candidate, X_OK) == 0 { return candidate }
            }
        }
        return nil
    }

    /// `state/editor`, created 0700 when missing; it must be a folder (not a link) of our own
    /// that nobody else can open. When the state folder cannot be written, the fallback is
    /// `$TMPDIR/lanternly-editor-UID` under the same rules.
    ///
    /// - Throws: ``CLIError/runtime(_:)`` naming the folder when neither can be used.
    static func folder(_ paths: LanternlyPaths) throws -> URL {
        let primary = paths.state.appendingPathComponent("editor")
        let tmp = environmentTemporaryFolder()
        let fallback = URL(fileURLWithPath: tmp).appendingPathComponent("lanternly-editor-\(geteuid())")
        var reason = ""
        for dir in [primary, fallback] {
            do {
                try LanternlyPaths.ensurePrivateDirectory(dir)
                return dir
            } catch {
                if reason.isEmpty { reason = FileCause(error).key }
            }
        }
        throw CLIError.runtime(key: "cli.editor.noFolder", primary.path, reason)
    }

    private static func environmentTemporaryFolder() -> String {
        ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// Removes `url` and the files an editor may leave beside it (`NAME~`, `NAME.save`, `.NAME.swp`).
    static func removeLeftovers(of url: URL) {
        let dir = url.deletingLastPathComponent()
        let name = url.lastPathComponent
        unlink(url.path)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return }
        for other in names where other.hasPrefix(name) || other.hasPrefix("." + name) {
            unlink(dir.appendingPathComponent(other).path)
        }
    }

    /// Runs `argv` in this process's group (so it owns the terminal as we do) and waits, with
    /// SIGINT/SIGQUIT ignored here and SIGTERM/SIGHUP passed on to it (see ``edit(initial:environment:paths:)``).
    /// The editor starts with every signal at its default action.
    ///
    /// - Returns: the exit status (128+N when killed by signal N), and the signal that asked
    ///   us to stop (0 when none).
    /// - Throws: the `posix_spawn` error. The corresponding C functions are `posix_spawn`,
    ///   `sigaction` and `waitpid`.
    static func waitForEditor(_ argv: [String]) throws -> (status: Int32, signal: Int32) {
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        var stop = sigaction()
        // No SA_RESTART: waitpid returns EINTR, and the loop looks at the flag.
        stop.__sigaction_handler.sa_handler = { sig in
            editorStopSignal = sig
            if editorChild > 0 { kill(editorChild, sig) }
        }
        sigemptyset(&stop.sa_mask)
        let empty = sigaction()
        var saved = Array(repeating: empty, count: 4)
        let watched: [Int32] = [SIGINT, SIGQUIT, SIGTERM, SIGHUP]
        editorStopSignal = 0
        editorChild = 0
        for (i, sig) in watched.enumerated() {
            if sig == SIGINT || sig == SIGQUIT {
                sigaction(sig, &ignore, &saved[i])
            } else {
                sigaction(sig, &stop, &saved[i])
            }
        }
        defer {
            for (i, sig) in watched.enumerated() { sigaction(sig, &saved[i], nil) }
            editorChild = 0
        }
        let status = try runInForeground(argv) { editorChild = $0 }
        return (status, editorStopSignal)
    }

    /// Runs `argv` in this process's group (so it owns the terminal as we do) and waits.
    ///
    /// - Parameter started: called with the child's pid as soon as it exists.
    /// - Returns: the exit status (128+N when killed by signal N).
    /// - Throws: the `posix_spawn` error. The corresponding C functions are `posix_spawn` and
    ///   `waitpid`.
    static func runInForeground(_ argv: [String], started: (pid_t) -> Void = { _ in }) throws -> Int32 {
        var pid = pid_t()
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        // The child starts with the default action for the signals we ignore or catch.
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for sig in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, sig) }
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGDEF))
        let spawned = posix_spawn(&pid, argv[0], nil, &attr, &cArgs, environ)
        guard spawned == 0 else { throw CLIError.runtime(String(cString: strerror(spawned))) }
        started(pid)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { throw CLIError.runtime(String(cString: strerror(errno))) }
            // Asked to stop, and the editor does not end on the signal passed on: do not wait for it.
            if editorStopSignal != 0 { return 128 + editorStopSignal }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
