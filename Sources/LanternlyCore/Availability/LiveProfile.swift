import Foundation

/// The hardware profile file as the running app sees it: the last good profile, the file's
/// current problem if it broke, and cheap change detection (DESIGN.md §2: the profile can be
/// edited while the app runs; the app notices within a couple of seconds).
///
/// Call ``refresh()`` every ``AvailabilityGate/profilePollInterval`` seconds: it compares the
/// file's modification time and size and re-reads only when they changed. ``provider`` hands
/// the current profile to ``SimulatedLanguageModel``. Thread-safe.
public final class LiveProfile: @unchecked Sendable {
    /// The profile file (a shipped profile's personal copy once a change was saved there).
    public var url: URL { lock.withLock { _url } }
    private var _url: URL
    private let devices: DeviceCatalog
    private let lock = NSLock()
    private var _profile: HardwareProfile
    private var _error: ProfileError?
    private var stamp: FileStamp?

    private struct FileStamp: Equatable {
        var modified: Date?
        var size: Int?
    }

    /// Loads `url`.
    ///
    /// - Throws: ``ProfileError`` when the file is missing or broken at start (report it
    ///   before any full-screen UI starts).
    ///
    /// - Parameter clock: when given, a profile that says `downloading` but has no
    ///   `downloadStartedAt` (a snapshot such as the shipped `iphone-16-downloading.json`)
    ///   starts its simulated download at load time, in memory only — the file is not
    ///   changed — so the running app sees it progress and finish.
    public init(url: URL, devices: DeviceCatalog, clock: (@Sendable () -> Date)? = nil) throws {
        self._url = url
        self.devices = devices
        self.clock = clock
        stamp = Self.stamp(of: url)
        _profile = try HardwareProfile.load(from: url, catalog: devices)
        if let clock {
            _ = _profile.startDownloadClockIfFrozen(now: clock())
            _ = _profile.startDownloadIfDue(now: clock(), catalog: devices)
        }
    }

    private let clock: (@Sendable () -> Date)?

    /// The last profile that loaded.
    public var profile: HardwareProfile { lock.withLock { _profile } }

    /// Why the file cannot be read now (the app keeps the last good profile), or `nil`.
    public var loadError: ProfileError? { lock.withLock { _error } }

    /// A closure for ``SimulatedLanguageModel/init(profile:devices:strings:gender:now:)``.
    public var provider: @Sendable () -> HardwareProfile { { [self] in self.profile } }

    /// Re-reads the file if its modification time or size changed.
    ///
    /// - Returns: `true` when the profile or the load error changed.
    @discardableResult
    public func refresh() -> Bool {
        let url = self.url
        let now = Self.stamp(of: url)
        return lock.withLock {
            guard now != stamp else { return false }
            stamp = now
            do {
                var fresh = try HardwareProfile.load(from: url, catalog: devices)
                if let clock {
                    _ = fresh.startDownloadClockIfFrozen(now: clock())
                    _ = fresh.startDownloadIfDue(now: clock(), catalog: devices)
                }
                let changed = fresh != _profile || _error != nil
                _profile = fresh
                _error = nil
                return changed
            } catch let e as ProfileError {
                let changed = e != _error
                _error = e
                return changed
            } catch {
                return false
            }
        }
    }

    /// Changes the profile and writes it to the file (atomically, 0600), as the settings
    /// screen does. A shipped profile (``HardwareProfile/shippedName(of:)``) is never
    /// rewritten: the change goes to `copyFolder`'s personal copy
    /// (``HardwareProfile/personalCopy(of:in:)``), which is the profile from then on.
    ///
    /// - Parameter copyFolder: the person's config folder; `nil` writes in place whatever the file.
    /// - Returns: the copy written instead of a shipped profile, or `nil` when written in place.
    /// - Throws: the error `change` throws (e.g. ``ProfileError`` from
    ///   ``HardwareProfile/set(key:value:now:catalog:)``), or ``ProfileError`` of kind
    ///   `unwritable`. Nothing is written then.
    @discardableResult
    public func update(copyFolder: URL? = nil, _ change: (inout HardwareProfile) throws -> Void) throws -> URL? {
        try lock.withLock {
            var p = _profile
            try change(&p)
            var target = _url
            var copied: URL?
            if let copyFolder, let name = HardwareProfile.shippedName(of: _url) {
                target = HardwareProfile.personalCopy(of: name, in: copyFolder)
                try LanternlyPaths.ensureDirectory(target.deletingLastPathComponent())
                copied = target
            }
            try p.save(to: target)
            _url = target
            _profile = p
            _error = nil
            stamp = Self.stamp(of: target)
            return copied
        }
    }

    private static func stamp(of url: URL) -> FileStamp? {
        guard let attrs = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
        return FileStamp(modified: attrs[.modificationDate] as? Date, size: (attrs[.size] as? NSNumber)?.intValue)
    }
}
