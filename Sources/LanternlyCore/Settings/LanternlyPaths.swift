import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folders Lanternly writes to (DESIGN.md §7).
///
/// With an override (`--home DIR` or `LANTERNLY_HOME`) everything lives under it:
/// `DIR/config`, `DIR/data`, `DIR/state`. Otherwise the XDG base directories:
/// `$XDG_CONFIG_HOME/lanternly` (default `~/.config/lanternly`), `$XDG_DATA_HOME/lanternly`
/// (default `~/.local/share/lanternly`), `$XDG_STATE_HOME/lanternly`
/// (default `~/.local/state/lanternly`). Folders are created 0700 on demand; a folder that
/// already exists keeps its mode (``ensureDirectory(_:)``).
public struct LanternlyPaths: Hashable, Sendable {
    public var config: URL
    public var data: URL
    public var state: URL

    public init(config: URL, data: URL, state: URL) {
        self.config = config
        self.data = data
        self.state = state
    }

    /// All three folders under one home (`--home` / `LANTERNLY_HOME`).
    public init(home: URL) {
        self.init(config: home.appendingPathComponent("config"),
                  data: home.appendingPathComponent("data"),
                  state: home.appendingPathComponent("state"))
    }

    /// A home that cannot be used: `LANTERNLY_HOME` set to a relative path.
    public struct ResolveError: Error, Equatable, CustomStringConvertible {
        public let value: String
        public var description: String {
            "LANTERNLY_HOME must be an absolute path, not '\(value)' (a relative one would give a different journal in each folder). Set it to a full path, e.g. export LANTERNLY_HOME=\"$HOME/journal\"."
        }
    }

    /// Resolves the folders once: an explicit home first (`--home`; a relative one is taken
    /// from `currentDirectory` and made absolute), then `LANTERNLY_HOME` (which must be
    /// absolute), then XDG, where a relative `XDG_*_HOME` is ignored as the XDG Base
    /// Directory Specification says ("If an implementation encounters a relative path in any
    /// of these variables it should consider the path invalid and ignore it").
    ///
    /// - Throws: ``ResolveError`` for a relative `LANTERNLY_HOME`.
    public static func resolve(home: String?, environment: [String: String],
                               currentDirectory: String = FileManager.default.currentDirectoryPath) throws -> LanternlyPaths {
        if let home, !home.isEmpty {
            let url = home.hasPrefix("/") ? URL(fileURLWithPath: home)
                : URL(fileURLWithPath: currentDirectory).appendingPathComponent(home)
            return LanternlyPaths(home: url.standardizedFileURL)
        }
        if let home = environment["LANTERNLY_HOME"], !home.isEmpty {
            guard home.hasPrefix("/") else { throw ResolveError(value: home) }
            return LanternlyPaths(home: URL(fileURLWithPath: home))
        }
        let user = environment["HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? FileManager.default.homeDirectoryForCurrentUser
        func xdg(_ key: String, _ fallback: String) -> URL {
            if let v = environment[key], v.hasPrefix("/") { return URL(fileURLWithPath: v) }
            return user.appendingPathComponent(fallback)
        }
        return LanternlyPaths(
            config: xdg("XDG_CONFIG_HOME", ".config").appendingPathComponent("lanternly"),
            data: xdg("XDG_DATA_HOME", ".local/share").appendingPathComponent("lanternly"),
            state: xdg("XDG_STATE_HOME", ".local/state").appendingPathComponent("lanternly"))
    }

    /// The hardware profile used when none is named: `config/profile.json`.
    public var defaultProfile: URL { config.appendingPathComponent("profile.json") }
    /// The person's settings: `config/settings.json`.
    public var settingsFile: URL { config.appendingPathComponent("settings.json") }
    /// Diagnostics that persist across runs (no user text): `state/diagnostics.json`.
    public var diagnosticsFile: URL { state.appendingPathComponent("diagnostics.json") }
    /// The report log (no user text): `state/report.log`.
    public var reportLog: URL { state.appendingPathComponent("report.log") }
    /// The journal database: `data/journal.sqlite3`.
    public var database: URL { data.appendingPathComponent("journal.sqlite3") }

    /// Creates `url` and any missing parents with mode 0700. A folder that already exists
    /// keeps its mode: Lanternly never changes a folder it did not create (`--home ~` must not
    /// lock the person's own `~/data`); ``exposedFolders()`` names the ones others can read.
    ///
    /// - Returns: whether `url` itself was created.
    /// - Throws: the file system's error, e.g. for a read-only parent or a file in the way.
    @discardableResult
    public static func ensureDirectory(_ url: URL) throws -> Bool {
        let path = url.standardizedFileURL.path
        var st = stat()
        if stat(path, &st) == 0 {
            if (st.st_mode & S_IFMT) == S_IFDIR { return false }
            throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: path,
                NSLocalizedDescriptionKey: "\(path) is a file, not a folder"])
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try ensureDirectory(URL(fileURLWithPath: parent)) }
        if mkdir(path, 0o700) != 0 {
            if errno == EEXIST { return false }
            let code = errno
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path,
                NSLocalizedDescriptionKey: "\(path): \(String(cString: strerror(code)))",
                NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(code))])
        }
        // Ours: exactly 0700, whatever the umask.
        _ = chmod(path, 0o700)
        return true
    }

    /// A folder of our own for files that hold the person's text for a moment (the editor's
    /// file): created 0700 when missing; when it exists it must be a real folder (not a
    /// symbolic link), owned by us, that no one else can open.
    ///
    /// - Throws: ``ensureDirectory(_:)``'s errors, or a sentence naming the folder when it is
    ///   someone else's, a link, or open to others.
    public static func ensurePrivateDirectory(_ url: URL) throws {
        try ensureDirectory(url)
        var st = stat()
        guard lstat(url.path, &st) == 0 else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "\(url.path): \(String(cString: strerror(errno)))"])
        }
        guard (st.st_mode & S_IFMT) == S_IFDIR, st.st_uid == geteuid(), st.st_mode & 0o077 == 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSLocalizedDescriptionKey:
                "\(url.path) is not a private folder of yours (it must be a folder, yours, mode 0700)"])
        }
    }

    /// The existing folders among ``config``, ``data`` and ``state`` that other people can
    /// list or read (any group or other permission bit), for a warning: they are left as they are.
    public func exposedFolders() -> [URL] {
        [config, data, state].filter { url in
            var st = stat()
            return stat(url.path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR && st.st_mode & 0o077 != 0
        }
    }
}
