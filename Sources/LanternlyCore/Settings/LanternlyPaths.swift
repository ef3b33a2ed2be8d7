import Foundation

/// The folders Lanternly writes to (DESIGN.md §7).
///
/// With an override (`--home DIR` or `LANTERNLY_HOME`) everything lives under it:
/// `DIR/config`, `DIR/data`, `DIR/state`. Otherwise the XDG base directories:
/// `$XDG_CONFIG_HOME/lanternly` (default `~/.config/lanternly`), `$XDG_DATA_HOME/lanternly`
/// (default `~/.local/share/lanternly`), `$XDG_STATE_HOME/lanternly`
/// (default `~/.local/state/lanternly`). Folders are created 0700 on demand.
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

    /// Resolves the folders: an explicit home first, then `LANTERNLY_HOME`, then XDG.
    public static func resolve(home: String?, environment: [String: String]) -> LanternlyPaths {
        if let home, !home.isEmpty { return LanternlyPaths(home: URL(fileURLWithPath: home)) }
        if let home = environment["LANTERNLY_HOME"], !home.isEmpty {
            return LanternlyPaths(home: URL(fileURLWithPath: home))
        }
        let user = environment["HOME"].map { URL(fileURLWithPath: $0) }
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

    /// Creates `url` (and parents) with mode 0700 if missing, and tightens it to 0700.
    ///
    /// - Throws: the file system's error, e.g. for a read-only parent.
    public static func ensureDirectory(_ url: URL) throws {
        let fm = FileManager.default
        if !fm.fileExists(atPath: url.path) {
            try fm.createDirectory(at: url, withIntermediateDirectories: true,
                                   attributes: [.posixPermissions: 0o700])
        }
        try? fm.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
    }
}
