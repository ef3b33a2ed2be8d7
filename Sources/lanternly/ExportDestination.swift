import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `lanternly export --output PATH` may write, decided before anything is written.
///
/// The rules, in order: `-` is standard output; a character device or a pipe (`/dev/stdout`,
/// `/dev/null`, a FIFO, `>(…)`) is written as a stream, never replaced; the journal's own
/// files (anything in its config, data or state folder, and the profile in use — by path,
/// through symbolic links, or as a hard link to one of them) are refused always; a folder is
/// refused; an existing file is refused unless `--force`; anything else is a new file.
enum ExportDestination: Equatable {
    case standardOutput
    case stream(path: String)
    case file(URL)

    /// - Throws: ``CLIError/runtime(_:)`` naming the file and what to do instead.
    static func resolve(_ output: String, force: Bool, context: Context) throws -> ExportDestination {
        if output == "-" { return .standardOutput }
        let url = URL(fileURLWithPath: output)
        var st = stat()
        let exists = stat(url.path, &st) == 0  // follows symbolic links
        if exists {
            let type = st.st_mode & S_IFMT
            if type == S_IFCHR || type == S_IFIFO || type == S_IFSOCK { return .stream(path: url.path) }
        }
        if isJournalsOwn(url, stat: exists ? st : nil, context: context) {
            throw CLIError.runtime(context.text("cli.export.ownFile", url.path))
        }
        var link = stat()
        if lstat(url.path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, link.st_uid != geteuid() {
            // A link someone else planted: the writer (JournalExport) refuses it, saying so.
            return .file(url)
        }
        if exists {
            if st.st_mode & S_IFMT == S_IFDIR { throw CLIError.runtime(context.text("cli.export.isFolder", url.path)) }
            if !force { throw CLIError.runtime(context.text("cli.export.exists", url.path)) }
        }
        return .file(url)
    }

    /// Whether `url` is, or lies in, one of the journal's own files or folders.
    private static func isJournalsOwn(_ url: URL, stat target: stat?, context: Context) -> Bool {
        let p = context.paths
        let folders = [p.config, p.data, p.state].map(resolved)
        let path = resolved(url)
        for folder in folders where path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") {
            return true
        }
        let files = [p.database.path, p.database.path + "-wal", p.database.path + "-shm",
                     p.database.path + "-journal", p.settingsFile.path, context.profileURL.path]
        if files.map({ resolved(URL(fileURLWithPath: $0)) }).contains(path) { return true }
        // A hard link to one of them is the same file under another name.
        if let target {
            for f in files {
                var s = stat()
                if stat(f, &s) == 0, s.st_dev == target.st_dev, s.st_ino == target.st_ino { return true }
            }
        }
        return false
    }

    /// The absolute path with symbolic links resolved as far as the file system has them
    /// (a file that does not exist yet: its folder resolved, its name appended).
    private static func resolved(_ url: URL) -> String {
        let abs = url.standardizedFileURL
        if let r = realpath(abs.path, nil) { defer { free(r) }; return String(cString: r) }
        let parent = abs.deletingLastPathComponent()
        if let r = realpath(parent.path, nil) {
            defer { free(r) }
            return URL(fileURLWithPath: String(cString: r)).appendingPathComponent(abs.lastPathComponent).path
        }
        return abs.path
    }

    /// Writes to a device or pipe as it is: opened for writing (never created, truncated or
    /// renamed), each chunk written whole.
    /// - Throws: ``CLIError/runtime(_:)`` naming the path and the system's reason.
    static func writeStream(path: String, context: Context, _ body: ((String) throws -> Void) throws -> Void) throws {
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw CLIError.runtime(context.text("cli.export.cannotWrite", path, String(cString: strerror(errno)))) }
        defer { close(fd) }
        try body { chunk in
            var bytes = Array(chunk.utf8)[...]
            while !bytes.isEmpty {
                let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw CLIError.runtime(context.text("cli.export.cannotWrite", path, String(cString: strerror(errno))))
                }
                bytes = bytes.dropFirst(n)
            }
        }
    }
}
