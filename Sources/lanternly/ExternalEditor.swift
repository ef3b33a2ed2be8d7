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
        guard FileManager.default.createFile(atPath: file.path, contents: Data(initial.utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw CLIError.runtime("Could not create a temporary file in \(dir.path) for the editor.")
        }
        defer { try? FileManager.default.removeItem(at: file) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "\(editor) \"$1\"", "lanternly-editor", file.path]
        do {
            try p.run()
            p.waitUntilExit()
        } catch {
            throw CLIError.runtime("Could not start the editor '\(editor)': \(error.localizedDescription).")
        }
        guard p.terminationStatus == 0 else {
            // Nothing typed is lost: whatever the editor left in the file becomes a recovery draft.
            let left = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            var kept = ""
            if !left.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
               let draft = try? RecoveryDraft.save(left, paths: paths) {
                kept = " Your text is kept in a recovery draft (\(draft.file.path)); 'lanternly write --recover' saves it."
            }
            throw CLIError.runtime("The editor '\(editor)' exited with status \(p.terminationStatus), so nothing was saved to the journal.\(kept)")
        }
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : text
    }
}
