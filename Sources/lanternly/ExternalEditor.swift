import Foundation
import JournalStore
import LanternlyCore

/// Hands text to `$VISUAL` / `$EDITOR` and reads it back (like `git commit`, `jrnl`).
enum ExternalEditor {
    /// Writes `initial` to a private temporary `.md` file (0600), runs the editor on it through
    /// `/bin/sh -c`, and returns the edited text; the file is removed afterwards.
    ///
    /// - Returns: the text, or `nil` when the result is empty.
    /// - Throws: ``CLIError/runtime(_:)`` when no editor is set or the editor fails.
    static func edit(initial: String, environment: [String: String], paths: LanternlyPaths) throws -> String? {
        guard let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap({ $0 }).first(where: { !$0.isEmpty }) else {
            throw CLIError.usage("write: give the text as arguments or on standard input, or set $EDITOR (e.g. export EDITOR=nano).")
        }
        let dir = FileManager.default.temporaryDirectory
        let file = dir.appendingPathComponent("lanternly-\(getpid())-\(UUID().uuidString.prefix(8)).md")
        // A draft handed over ends with a newline, so what the editor adds starts on its own line.
        let handed = initial.isEmpty || initial.hasSuffix("\n") ? initial : initial + "\n"
        guard FileManager.default.createFile(atPath: file.path, contents: Data(handed.utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw CLIError.runtime("Could not create a temporary file in \(dir.path) for the editor.")
        }
        defer { try? FileManager.default.removeItem(at: file) }
        // posix_spawn, not Foundation's Process: Process puts the child in a new process group,
        // and an editor outside the terminal's foreground group cannot read the keyboard.
        let status: Int32
        do {
            status = try runInForeground(["/bin/sh", "-c", "\(editor) \"$1\"", "lanternly-editor", file.path])
        } catch {
            throw CLIError.runtime("Could not start the editor '\(editor)': \(error). Check $VISUAL / $EDITOR.")
        }
        guard status == 0 else {
            // Nothing typed is lost: whatever the editor left in the file becomes a recovery draft.
            let left = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            var kept = ""
            if !left.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
               let draft = try? RecoveryDraft.save(left, paths: paths) {
                kept = " Your text is kept in a recovery draft (\(draft.file.path)); 'lanternly write --recover' saves it."
            }
            throw CLIError.runtime("The editor '\(editor)' exited with status \(status), so nothing was saved to the journal.\(kept)")
        }
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text
    }

    /// Runs `argv` in this process's group (so it owns the terminal as we do) and waits.
    ///
    /// - Returns: the exit status (128+N when killed by signal N).
    /// - Throws: the `posix_spawn` error. The corresponding C functions are `posix_spawn` and
    ///   `waitpid`.
    static func runInForeground(_ argv: [String]) throws -> Int32 {
        var pid = pid_t()
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        let spawned = posix_spawn(&pid, argv[0], nil, nil, &cArgs, environ)
        guard spawned == 0 else { throw CLIError.runtime(String(cString: strerror(spawned))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { throw CLIError.runtime(String(cString: strerror(errno))) }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
