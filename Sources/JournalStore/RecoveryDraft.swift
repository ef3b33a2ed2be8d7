import Foundation
import LanternlyCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text that could not be saved to the journal (full disk, read-only folder, damaged file),
/// kept in a file of its own so the next start can offer it back.
///
/// Drafts live in `state/recovery/` (0700, files 0600), or — when the state folder cannot be
/// written either — in `$TMPDIR/lanternly-recovery-UID/` (0700, ours alone). Each draft is a
/// small JSON file `{"text", "createdAt" (milliseconds since 1970, UTC), "timeZone", "journal"}`,
/// written to a temporary name, fsynced and renamed, so a draft file is either whole or absent.
/// `journal` is the database the text was meant for: the shared fallback folder offers a draft
/// only to that home (one home's text never shows up in another).
public struct RecoveryDraft: Hashable, Sendable {
    /// The unsaved text, exactly as typed.
    public var text: String
    /// When it was written (the instant the entry would have had).
    public var createdAt: Date
    public var timeZoneIdentifier: String
    /// The draft's file.
    public var file: URL

    /// The entry this draft would have been: save it with ``Journal/add(_:)``, then ``discard()``.
    public var newEntry: NewEntry {
        NewEntry(text: text, createdAt: createdAt, timeZoneIdentifier: timeZoneIdentifier)
    }

    /// Saves `text` as a draft.
    ///
    /// - Parameters:
    ///   - paths: the draft goes to `paths.state/recovery` first.
    ///   - fallback: the folder tried when the state folder is not writable; default
    ///     ``defaultFallbackFolder``.
    /// - Returns: the saved draft.
    /// - Throws: ``JournalError/cannotWrite(path:reason:)`` naming the state folder when
    ///   neither place can be written.
    @discardableResult
    public static func save(_ text: String, createdAt: Date = Date(), timeZone: TimeZone = .current,
                            paths: LanternlyPaths, fallback: URL = defaultFallbackFolder) throws -> RecoveryDraft {
        let primary = folder(in: paths)
        var firstReason = ""
        for dir in [primary, fallback] {
            do {
                return try write(text, createdAt: createdAt, timeZone: timeZone, journal: paths.database.path, in: dir)
            } catch let e as JournalError {
                if case .cannotWrite(_, let reason) = e, firstReason.isEmpty { firstReason = reason }
            }
        }
        throw JournalError.cannotWrite(path: primary.path, reason: firstReason)
    }

    /// Every draft waiting in either place, oldest first. A draft file that does not decode is
    /// still offered, with its raw bytes as text (nothing typed is thrown away).
    public static func pending(in paths: LanternlyPaths, fallback: URL = defaultFallbackFolder) -> [RecoveryDraft] {
        var out: [RecoveryDraft] = []
        let own = folder(in: paths)
        for dir in [own, fallback] {
            let shared = dir != own
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { continue }
            for name in names where name.hasPrefix("draft-") && name.hasSuffix(".json") {
                let url = dir.appendingPathComponent(name)
                guard let data = FileManager.default.contents(atPath: url.path) else { continue }
                if let stored = try? JSONDecoder.drafts.decode(Stored.self, from: data) {
                    // In the shared folder, only this home's drafts (one from before drafts
                    // named their journal is offered, so nothing is lost).
                    if shared, let journal = stored.journal, journal != paths.database.path { continue }
                    out.append(RecoveryDraft(text: stored.text, createdAt: stored.createdAt,
                                             timeZoneIdentifier: stored.timeZone, file: url))
                } else {
                    if shared { continue }  // unreadable and of unknown home: left where it is
                    let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
                    let date = attributes?[.modificationDate] as? Date ?? Date()
                    out.append(RecoveryDraft(text: String(decoding: data, as: UTF8.self), createdAt: date,
                                             timeZoneIdentifier: TimeZone.current.identifier, file: url))
                }
            }
        }
        return out.sorted { ($0.createdAt, $0.file.path) < ($1.createdAt, $1.file.path) }
    }

    /// Deletes the draft's file (after its text was saved, or the person let it go).
    ///
    /// - Throws: the file system's error; a draft already gone is not an error.
    public func discard() throws {
        if unlink(file.path) != 0 && errno != ENOENT {
            throw JournalError.cannotWrite(path: file.path, reason: (FileCause(errno: errno) ?? .other).key)
        }
    }

    /// `state/recovery` under `paths`.
    public static func folder(in paths: LanternlyPaths) -> URL {
        paths.state.appendingPathComponent("recovery")
    }

    /// `$TMPDIR/lanternly-recovery-UID` (`/tmp` when `TMPDIR` is unset).
    public static var defaultFallbackFolder: URL {
        let tmp = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return URL(fileURLWithPath: tmp).appendingPathComponent("lanternly-recovery-\(getuid())")
    }

    // MARK: Private

    private struct Stored: Codable {
        var text: String
        var createdAt: Date
        var timeZone: String
        /// The database the text was meant for (`nil` in drafts from older versions).
        var journal: String?
    }

    private static func write(_ text: String, createdAt: Date, timeZone: TimeZone, journal: String, in dir: URL) throws -> RecoveryDraft {
        func fail(_ path: String) -> JournalError {
            .cannotWrite(path: path, reason: (FileCause(errno: errno) ?? .other).key)
        }
        // Create the folder 0700; refuse one that is a symlink or someone else's (shared /tmp).
        if mkdir(dir.path, 0o700) != 0 && errno != EEXIST {
            do {
                try LanternlyPaths.ensureDirectory(dir)
            } catch {
                throw JournalError.cannotWrite(path: dir.path, reason: FileCause(error).key)
            }
        }
        var st = stat()
        guard lstat(dir.path, &st) == 0 else { throw fail(dir.path) }
        guard (st.st_mode & S_IFMT) == S_IFDIR, st.st_uid == getuid() else {
            throw JournalError.cannotWrite(path: dir.path, reason: "cause.notPrivateFolder")
        }
        _ = chmod(dir.path, 0o700)

        let stored = Stored(text: text, createdAt: createdAt, timeZone: timeZone.identifier, journal: journal)
        let data: Data
        do {
            data = try JSONEncoder.drafts.encode(stored)
        } catch {
            throw JournalError.cannotWrite(path: dir.path, reason: FileCause(error).key)
        }
        let stamp = createdAt.milliseconds
        let name = "draft-\(stamp)-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json"
        let final = dir.appendingPathComponent(name)
        let file: PrivateFile.Created
        do {
            file = try PrivateFile.create(in: dir, prefix: "." + name + ".", suffix: ".tmp")
        } catch {
            throw JournalError.cannotWrite(path: dir.path, reason: FileCause(error).key)
        }
        do {
            try PrivateFile.write(data, to: file)
        } catch {
            PrivateFile.discard(file)
            throw JournalError.cannotWrite(path: dir.path, reason: FileCause(error).key)
        }
        do {
            try PrivateFile.commit(file, to: final)
        } catch {
            throw JournalError.cannotWrite(path: dir.path, reason: FileCause(error).key)
        }
        return RecoveryDraft(text: text, createdAt: Date(milliseconds: stamp), timeZoneIdentifier: timeZone.identifier,
                             file: final)
    }
}

extension JSONEncoder {
    fileprivate static var drafts: JSONEncoder {
        let e = JSONEncoder()
        e.dateEncodingStrategy = .custom { date, encoder in
            var c = encoder.singleValueContainer()
            try c.encode(date.milliseconds)
        }
        return e
    }
}

extension JSONDecoder {
    fileprivate static var drafts: JSONDecoder {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .custom { decoder in
            Date(milliseconds: try decoder.singleValueContainer().decode(Int64.self))
        }
        return d
    }
}
