import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one seam through which Lanternly creates files that may hold the person's words
/// (exports, editor files, settings, drafts): never readable by anyone else, not for an instant.
///
/// - A new file is made with `open(O_CREAT|O_EXCL|O_NOFOLLOW, 0600)` under a random name, so
///   nobody can pre-create it, plant a symbolic link in its place, or open it before it is
///   private (Foundation's `createFile(atPath:contents:attributes:)` opens 0666 minus the
///   umask and chmods afterwards). Source: open(2), "O_EXCL … If pathname already exists,
///   then open() fails"; "O_NOFOLLOW … If the trailing component … is a symbolic link, then
///   the open fails".
/// - A finished file replaces its target with `rename(2)`, and the result is checked: the
///   target must then be the very file written (same device and inode), so a file swapped in
///   by someone else is never taken for ours.
/// - While such a file exists it is listed in ``TemporaryFiles``, so SIGTERM or SIGHUP
///   removes it before the process ends.
public enum PrivateFile {
    /// A failed system call: the C function's name and `errno`.
    public struct SystemError: Error, Equatable, CustomStringConvertible {
        public let function: String
        public let code: Int32
        /// The system's sentence for ``code`` (`strerror`).
        public var reason: String { String(cString: strerror(code)) }
        public var description: String { reason }
    }

    /// A new file, open for writing.
    public struct Created {
        /// The open descriptor (`O_WRONLY|O_CLOEXEC`); ``commit(_:to:)`` or ``discard(_:)`` closes it.
        public let fd: Int32
        /// Where the file is.
        public let url: URL
        let token: TemporaryFiles.Token
    }

    /// Creates an empty file `DIR/PREFIX<16 random hex digits>SUFFIX`, mode 0600 whatever the
    /// umask, refusing to follow or reuse anything already at that name.
    ///
    /// - Parameters:
    ///   - dir: the folder (it must exist).
    ///   - prefix: e.g. `.export.json.`; `suffix`: e.g. `.tmp` or `.md` (editors pick a
    ///     syntax from it).
    ///   - random: the source of the name's 64 random bits (the system's; fixed in tests).
    /// - Returns: the open file, registered with ``TemporaryFiles``.
    /// - Throws: ``SystemError`` from `open` (`EACCES`, `ENOSPC`, `EROFS`, …). The
    ///   corresponding C function is `open`.
    public static func create(in dir: URL, prefix: String, suffix: String = "",
                              random: () -> UInt64 = { UInt64.random(in: 0...UInt64.max) }) throws -> Created {
        var code: Int32 = EEXIST
        for _ in 0..<64 {
            let name = prefix + String(format: "%016llx", random()) + suffix
            let url = dir.appendingPathComponent(name)
            // Registered first, so a signal between open and registration still removes it.
            let token = TemporaryFiles.register(url.path)
            let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd >= 0 {
                // The umask can only take bits away; 0600 exactly, whatever it was.
                _ = fchmod(fd, 0o600)
                return Created(fd: fd, url: url, token: token)
            }
            code = errno
            TemporaryFiles.unregister(token)
            if code != EEXIST && code != ELOOP { break }
        }
        throw SystemError(function: "open", code: code)
    }

    /// Writes all of `data` to `file` (Foundation's `FileHandle` retries short writes and `EINTR`).
    ///
    /// - Throws: Foundation's error from `write` (`ENOSPC`, `EIO`, …).
    public static func write(_ data: Data, to file: Created) throws {
        try FileHandle(fileDescriptor: file.fd, closeOnDealloc: false).write(contentsOf: data)
    }

    /// Makes `file` durable (`fsync`), renames it over `target`, checks that `target` is now
    /// that very file, and syncs the folder. On any failure the file is removed.
    ///
    /// - Throws: ``SystemError`` from `fsync`, `close`, `rename` or, when the target is not
    ///   the file written after the rename, `EEXIST` from `rename`.
    public static func commit(_ file: Created, to target: URL) throws {
        var ok = false
        defer {
            if !ok { unlink(file.url.path) }
            TemporaryFiles.unregister(file.token)
        }
        var mine = stat()
        guard fsync(file.fd) == 0 else { let e = errno; close(file.fd); throw SystemError(function: "fsync", code: e) }
        guard fstat(file.fd, &mine) == 0 else { let e = errno; close(file.fd); throw SystemError(function: "fstat", code: e) }
        guard close(file.fd) == 0 else { throw SystemError(function: "close", code: errno) }
        guard rename(file.url.path, target.path) == 0 else { throw SystemError(function: "rename", code: errno) }
        var there = stat()
        guard lstat(target.path, &there) == 0, there.st_dev == mine.st_dev, there.st_ino == mine.st_ino else {
            // Someone replaced the file between our write and the rename: theirs is not ours.
            ok = true  // our name is gone already
            throw SystemError(function: "rename", code: EEXIST)
        }
        ok = true
        // The rename itself survives a power cut once the folder is synced too.
        let dirFD = open(target.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dirFD >= 0 {
            _ = fsync(dirFD)
            close(dirFD)
        }
    }

    /// Closes the file and keeps it where it is (it is no longer removed on a signal).
    ///
    /// - Throws: ``SystemError`` from `close`.
    public static func keep(_ file: Created) throws {
        TemporaryFiles.unregister(file.token)
        guard close(file.fd) == 0 else { throw SystemError(function: "close", code: errno) }
    }

    /// Closes and removes an unfinished file.
    public static func discard(_ file: Created) {
        close(file.fd)
        unlink(file.url.path)
        TemporaryFiles.unregister(file.token)
    }
}

/// Files to remove when SIGTERM or SIGHUP ends the process (`kill`, a closed terminal), so an
/// interrupted export or edit leaves no copy of the journal behind.
///
/// While at least one file is listed, SIGTERM and SIGHUP run a handler that unlinks every
/// listed file (`unlink` is async-signal-safe, signal-safety(7)), puts back the action that
/// was there before, and raises the signal again, so the process ends as it would have.
public enum TemporaryFiles {
    /// A listed file; pass it back to ``unregister(_:)``.
    public struct Token: Hashable, Sendable { let slot: Int }

    /// Slots for paths (C strings owned here); the handler reads only these.
    static let capacity = 64
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let p = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        p.initialize(repeating: nil, count: capacity)
        return p
    }()
    nonisolated(unsafe) private static var listed = 0
    /// The actions found before ``install()``, one per entry of ``signals``.
    nonisolated(unsafe) private static let previous: UnsafeMutablePointer<sigaction> = {
        let p = UnsafeMutablePointer<sigaction>.allocate(capacity: 2)
        p.initialize(repeating: sigaction(), count: 2)
        return p
    }()
    static let signals: [Int32] = [SIGTERM, SIGHUP]

    /// Lists `path`. With signals blocked, so the handler never sees a half-made list.
    ///
    /// - Returns: the token, or a token for no slot when all ``capacity`` slots are taken
    ///   (then the file is not removed on a signal; never the case with one export at a time).
    public static func register(_ path: String) -> Token {
        withSignalsBlocked {
            _ = slots  // made before any handler can run
            _ = previous
            guard let free = (0..<capacity).first(where: { slots[$0] == nil }) else { return Token(slot: -1) }
            slots[free] = strdup(path)
            listed += 1
            if listed == 1 { install() }
            return Token(slot: free)
        }
    }

    /// Takes the file off the list (it was committed or removed).
    public static func unregister(_ token: Token) {
        guard token.slot >= 0 else { return }
        withSignalsBlocked {
            guard let p = slots[token.slot] else { return }
            slots[token.slot] = nil
            free(p)
            listed -= 1
            if listed == 0 { restore() }
        }
    }

    /// The paths listed now (for tests).
    public static var paths: [String] {
        withSignalsBlocked { (0..<capacity).compactMap { slots[$0].map { String(cString: $0) } } }
    }

    private static func install() {
        for (i, sig) in signals.enumerated() {
            var action = sigaction()
            #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
            #else
            action.__sigaction_u.__sa_handler = handler
            #endif
            sigemptyset(&action.sa_mask)
            sigaction(sig, &action, previous + i)
        }
    }

    /// Puts back the actions found by ``install()`` (async-signal-safe: `sigaction` only).
    private static func restore() {
        sigaction(SIGTERM, previous, nil)
        sigaction(SIGHUP, previous + 1, nil)
    }

    /// Removes every listed file, puts the old action back and raises the signal again.
    private static let handler: @convention(c) (Int32) -> Void = { sig in
        for i in 0..<TemporaryFiles.capacity {
            if let p = TemporaryFiles.slots[i] { unlink(p) }
        }
        TemporaryFiles.restore()
        raise(sig)
    }

    private static func withSignalsBlocked<T>(_ body: () -> T) -> T {
        var block = sigset_t(), old = sigset_t()
        sigemptyset(&block)
        for sig in signals { sigaddset(&block, sig) }
        pthread_sigmask(SIG_BLOCK, &block, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        return body()
    }
}
