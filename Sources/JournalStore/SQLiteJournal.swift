import CSQLite
import Foundation
import LanternlyCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The journal in one SQLite file (`LanternlyPaths.database`, `data/journal.sqlite3`).
///
/// - **Files**: the database and its `-wal`/`-shm` files are created 0600 (umask 077 while
///   opening; SQLite gives the side files the database's mode), the folder 0700.
/// - **Durability**: WAL with `synchronous=FULL`: every write is a committed transaction,
///   fsynced, before the call returns — it survives `kill -9` and power loss.
/// - **Two writers** (the TUI and `lanternly write`): writes take the lock up front
///   (`BEGIN IMMEDIATE`) and wait up to 10 s for the other one (`busy_timeout`); none is lost.
/// - **Not ours, or damaged**: the header is checked before SQLite opens the file
///   (`SQLite format 3\0`, `application_id`); a file that is not ours, or fails
///   `PRAGMA quick_check` before a migration, is reported and never written to.
/// - **Schema**: `PRAGMA user_version`, ordered migrations (``SQLiteJournal/schemaVersion``);
///   opening a current database runs none of them.
/// - **Threads**: one connection guarded by a lock; safe from any thread.
public final class SQLiteJournal: Journal, @unchecked Sendable {
    /// The schema this build writes. History: 1 = entries and chat turns; 2 = local day,
    /// tags, content hash, FTS5 trigram index, question history; 3 = local `HH:MM` instead of
    /// the content hash (imports find duplicates with an indexed query on day and time);
    /// 4 = the search index holds folded text (``SearchText/fold(_:)``) in a trigram table
    /// with `detail=none` over a view, plus CJK one- and two-character pieces in a second table.
    /// 5 = short ids, revisions, trash (issue 12).
    /// 6 = what Luna remembers, kept month observations, Luna's own daily questions (issue 10).
    /// 7 = the daily question a chat message answered. 8 = the language of Luna's kept question.
    /// 9 = the local day and time as integers (`YYYYMMDD`, `HHMM`). 10 = the tables with a text
    /// key (question history, month observations, Luna's questions) `WITHOUT ROWID`.
    public static let schemaVersion = 10
    /// `PRAGMA application_id` of a Lanternly journal: "LNTL".
    public static let applicationID: Int32 = 0x4C4E_544C

    /// The database file.
    public let url: URL
    let connection: SQLiteConnection
    private let lock = NSRecursiveLock()

    private var path: String { url.path }

    /// Opens (creating when missing) the journal at `paths.database`.
    ///
    /// - Throws: ``JournalError`` — `.cannotWrite` (folder not writable), `.notADatabase`,
    ///   `.foreignDatabase`, `.corrupt`, `.newerSchema`; the file is untouched in those cases.
    public convenience init(paths: LanternlyPaths) throws {
        try self.init(url: paths.database)
    }

    /// Opens (creating when missing) the journal file at `url`. See ``init(paths:)``.
    public init(url: URL) throws {
        self.url = url
        let path = url.path
        let folder = url.deletingLastPathComponent()
        try SQLiteJournal.makeFolder(folder.path)
        do {
            try LanternlyPaths.ensureDirectory(folder)
        } catch {
            throw JournalError.cannotWrite(path: folder.path, reason: FileCause(error).key)
        }

        let oldMask = umask(0o077)
        defer { umask(oldMask) }

        // Several processes may open a journal that does not exist yet at the same moment.
        // Creating it, switching it to WAL and migrating it are serialized by a lock on the
        // folder, and a SQLITE_BUSY that SQLite returns without waiting (a journal-mode
        // change or lock upgrade, sqlite.org/rescode.html#busy) is retried, up to the same
        // 10 s as the busy timeout.
        let deadline = Date().addingTimeInterval(10)
        var attempt = 0
        // Opens within this process go one at a time, up to the registration: another thread
        // of this process then sees the file as open and never opens and closes it plainly
        // (which would drop this connection's POSIX locks, see `inspectHeader`).
        connection = try OpenDatabases.shared.opening {
            while true {
                do {
                    let c = try SQLiteJournal.openChecked(path, folder: folder.path, deadline: deadline)
                    OpenDatabases.shared.opened(path)
                    return c
                } catch JournalError.busy(let p) {
                    guard Date() < deadline else { throw JournalError.busy(path: p) }
                    attempt += 1
                    usleep(UInt32(min(100_000, 2_000 * attempt + Int.random(in: 0...5_000))))
                }
            }
        }
        registeredPath = path
        // Take away group and other access (never add any: a file made read-only stays so).
        for suffix in ["", "-wal", "-shm"] {
            var st = stat()
            if stat(path + suffix, &st) == 0, st.st_mode & 0o077 != 0 { _ = chmod(path + suffix, st.st_mode & 0o700) }
        }
    }

    /// Opens the journal at `paths.database` for reading only, as `list`, `search`, `export`
    /// and `history` need: a journal on read-only media (a mounted backup, a snapshot, a
    /// folder the person cannot write) reads as well as any other.
    ///
    /// A current journal is opened `SQLITE_OPEN_READONLY`; when its folder cannot be written
    /// and no write-ahead log is waiting, with `immutable=1` (SQLite then needs no `-shm` and
    /// takes no locks: sqlite.org/uri.html#uriimmutable). A journal that does not exist yet, or
    /// needs a migration, is opened as ``init(paths:)`` opens it; one that does not exist in a
    /// folder that cannot be written reads as empty (nothing is created).
    /// - Throws: ``JournalError``, as ``init(paths:)``; the file is never written.
    public static func openForReading(paths: LanternlyPaths) throws -> SQLiteJournal {
        try OpenDatabases.shared.opening { try openForReadingNow(paths: paths) }
    }

    private static func openForReadingNow(paths: LanternlyPaths) throws -> SQLiteJournal {
        let url = paths.database
        let path = url.path
        let folder = url.deletingLastPathComponent().path
        var st = stat()
        guard stat(path, &st) == 0 else {
            if stat(folder, &st) == 0 && access(folder, W_OK) != 0 { return try inMemory() }
            return try SQLiteJournal(url: url)
        }
        guard case .ours(let version) = try inspectHeader(path), version == schemaVersion else {
            return try SQLiteJournal(url: url)
        }
        let immutable = access(folder, W_OK) != 0 && fileSize(path + "-wal") == 0
        // SQLite URI: "%", "?" and "#" in the path are escaped (sqlite.org/uri.html).
        var escaped = ""
        for c in path.unicodeScalars {
            switch c {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(c)
            }
        }
        let uri = "file:" + escaped + (immutable ? "?immutable=1" : "?mode=ro")
        do {
            let c = try SQLiteConnection(path: uri, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI)
            c.setBusyTimeout(milliseconds: 10_000)
            _ = try c.scalarInt("SELECT count(*) FROM sqlite_schema")  // reads now: errors say what is wrong
            let journal = SQLiteJournal(url: url, connection: c)
            OpenDatabases.shared.opened(path)
            journal.registeredPath = path
            return journal
        } catch let e as SQLiteError {
            throw mapOpenError(e, path: path)
        }
    }

    private init(url: URL, connection: SQLiteConnection) {
        self.url = url
        self.connection = connection
    }

    /// A journal that lives in memory only, gone when released: for tests and previews.
    /// Same schema and behaviour as a file journal, minus the file-level guarantees.
    ///
    /// - Throws: ``JournalError/database(path:code:message:)`` if SQLite cannot allocate it.
    public static func inMemory() throws -> SQLiteJournal {
        try SQLiteJournal(inMemory: ())
    }

    private init(inMemory: Void) throws {
        url = URL(fileURLWithPath: "/dev/null/:memory:")
        do {
            connection = try SQLiteConnection(path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            try migrate()
        } catch let e as SQLiteError {
            throw JournalError.database(path: ":memory:", code: e.code, message: e.message)
        }
    }

    deinit {
        connection.close()
        if let registeredPath { OpenDatabases.shared.closed(registeredPath) }
    }

    /// The file this journal holds open, as ``OpenDatabases`` knows it.
    private var registeredPath: String?

    // MARK: Opening

    /// Opens `path` for reading and writing: checks its header, runs `quick_check` on a small
    /// current journal, and otherwise vets, creates or migrates it while holding the folder's
    /// lock (`flock` on `folder`).
    /// - Throws: ``JournalError``; `.busy` when another process held a lock (the caller retries).
    private static func openChecked(_ path: String, folder: String, deadline: Date) throws -> SQLiteConnection {
        let header = try inspectHeader(path)
        if case .ours(let version) = header, version == schemaVersion {
            let connection = try openReadWrite(path)
            // A small journal is checked on every open (about 1 ms per MB); a large one only
            // before migrations, and SQLite reports damage wherever a statement meets it.
            if fileSize(path) <= quickCheckLimit {
                let check: [String]
                do {
                    check = try connection.strings("PRAGMA quick_check")
                } catch let e as SQLiteError {
                    connection.close()
                    throw mapOpenError(e, path: path)
                }
                if check != ["ok"] {
                    connection.close()
                    throw JournalError.corrupt(path: path, reason: check.prefix(3).joined(separator: "; "))
                }
            }
            return connection
        }
        if case .ours(let version) = header, version > schemaVersion {
            throw JournalError.newerSchema(path: path, version: version)
        }
        let folderLock = try lockFolder(folder, path: path, deadline: deadline)
        defer { flock(folderLock, LOCK_UN); close(folderLock) }
        // What another process did while this one waited for the lock is seen now.
        let now = try inspectHeader(path)
        if case .ours(let version) = now, version > schemaVersion {
            throw JournalError.newerSchema(path: path, version: version)
        }
        if case .ours = now { try vet(path) }
        if case .unmarked = now { try vet(path) }
        let connection = try openReadWrite(path)
        do {
            try migrate(connection, path: path)
        } catch let e as SQLiteError {
            connection.close()
            throw mapOpenError(e, path: path)
        } catch {
            connection.close()
            throw error
        }
        return connection
    }

    /// Takes an exclusive `flock` on the journal's folder (waiting until `deadline`).
    /// - Returns: the folder's descriptor; unlock and close it when done.
    private static func lockFolder(_ folder: String, path: String, deadline: Date) throws -> Int32 {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw JournalError.cannotWrite(path: folder, reason: (FileCause(errno: errno) ?? .other).key) }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno != EWOULDBLOCK && errno != EINTR { return fd }  // no flock here (some network file systems): go on unlocked
            if Date() >= deadline { close(fd); throw JournalError.busy(path: path) }
            usleep(5_000)
        }
        return fd
    }

    private enum Header { case missing, ours(Int), unmarked }

    /// Journals up to this size (bytes) get `PRAGMA quick_check` on every open.
    static let quickCheckLimit: Int64 = 1 << 20

    private static func fileSize(_ path: String) -> Int64 {
        var st = stat()
        return stat(path, &st) == 0 ? Int64(st.st_size) : 0
    }

    /// Reads the 100-byte header without SQLite: magic string, user_version (offset 60),
    /// application_id (offset 68). Source: sqlite.org/fileformat.html §1.3.
    ///
    /// A file shorter than the pages its header counts is reported as cut off only when it stays
    /// so for about a second and no write-ahead log waits beside it: a checkpoint writes page 1
    /// before the pages that follow it (sqlite.org/wal.html#checkpointing), so the same reading
    /// is normal while another process checkpoints, and stays so when that process was killed
    /// in the middle (quitting, the checkpoint on close): the missing pages are still in the
    /// -wal file, SQLite reads them from there, and `quick_check` judges the result.
    private static func inspectHeader(_ path: String) throws -> Header {
        // Another journal of this process holds the file through SQLite: it was checked and
        // migrated when that one opened, and a plain open()/close() here would drop every
        // POSIX lock this process holds on it, SQLite's included (sqlite.org/howtocorrupt.html
        // §2.2) — another process closing its connection could then delete the -wal file this
        // one still writes to, and what is written after that is seen by no one else.
        if OpenDatabases.shared.isOpen(path) { return .ours(schemaVersion) }
        var attempt = 0
        while true {
            do {
                return try inspectHeaderOnce(path)
            } catch JournalError.corrupt(let p, let reason) where reason == shorterThanHeader {
                attempt += 1
                guard attempt < 20 else { throw JournalError.corrupt(path: p, reason: reason) }
                usleep(50_000)
            }
        }
    }

    private static let shorterThanHeader = "cause.shorterThanHeader"

    private static func inspectHeaderOnce(_ path: String) throws -> Header {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return .missing }
            throw JournalError.cannotWrite(path: path, reason: (FileCause(errno: errno) ?? .other).key)
        }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 100)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, 100) }
        if n == 0 { return .missing }
        let magic = Array("SQLite format 3".utf8) + [0]
        guard n == 100, Array(bytes[0..<16]) == magic else { throw JournalError.notADatabase(path: path) }
        func be32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        }
        // A file shorter than the pages its header counts was cut off (offsets 16, 24, 28, 92).
        let pageSize = Int64(be32(16) >> 16) == 1 ? 65_536 : Int64(be32(16) >> 16)
        if be32(24) == be32(92), Int64(be32(28)) * pageSize > fileSize(path), fileSize(path + "-wal") == 0 {
            throw JournalError.corrupt(path: path, reason: shorterThanHeader)
        }
        let appID = Int32(bitPattern: be32(68))
        if appID == applicationID { return .ours(Int(be32(60))) }
        if appID == 0 { return .unmarked }
        throw JournalError.foreignDatabase(path: path)
    }

    /// Read-only checks before anything writes: an unmarked database must be empty; ours must
    /// pass `PRAGMA quick_check` and not be newer than this build.
    private static func vet(_ path: String) throws {
        let ro: SQLiteConnection
        do {
            ro = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READONLY)
        } catch let e as SQLiteError {
            throw mapOpenError(e, path: path)
        }
        defer { ro.close() }
        ro.setBusyTimeout(milliseconds: 10_000)
        do {
            let appID = Int32(truncatingIfNeeded: try ro.scalarInt("PRAGMA application_id"))
            let version = Int(try ro.scalarInt("PRAGMA user_version"))
            if appID != applicationID {
                if try appID != 0 || ro.scalarInt("SELECT count(*) FROM sqlite_schema") != 0 {
                    throw JournalError.foreignDatabase(path: path)
                }
                return
            }
            if version > schemaVersion { throw JournalError.newerSchema(path: path, version: version) }
            if version == schemaVersion { return }
            let check = try ro.strings("PRAGMA quick_check")
            if check != ["ok"] {
                throw JournalError.corrupt(path: path, reason: check.prefix(3).joined(separator: "; "))
            }
        } catch let e as SQLiteError {
            throw mapOpenError(e, path: path)
        }
    }

    private static func openReadWrite(_ path: String) throws -> SQLiteConnection {
        do {
            let c = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            c.setBusyTimeout(milliseconds: 10_000)
            try c.execute("PRAGMA synchronous=FULL; PRAGMA secure_delete=ON")
            return c
        } catch let e as SQLiteError {
            throw mapOpenError(e, path: path)
        }
    }

    private static func mapOpenError(_ e: SQLiteError, path: String) -> JournalError {
        switch e.primary {
        case SQLITE_NOTADB: return .notADatabase(path: path)
        case SQLITE_CORRUPT: return .corrupt(path: path, reason: e.message)
        case SQLITE_READONLY: return .cannotWrite(path: path, reason: FileCause.readOnly.key)
        case SQLITE_PERM, SQLITE_AUTH: return .cannotWrite(path: path, reason: FileCause.permissionDenied.key)
        case SQLITE_FULL: return .cannotWrite(path: path, reason: FileCause.noSpace.key)
        case SQLITE_CANTOPEN, SQLITE_IOERR:
            // SQLite's own text is English and not in our words: the plain "the system refused".
            return .cannotWrite(path: path, reason: FileCause.other.key)
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path)
        default: return .database(path: path, code: e.code, message: e.message)
        }
    }

    private func map(_ e: SQLiteError) -> JournalError { SQLiteJournal.mapOpenError(e, path: path) }

    /// `mkdir -p` with mode 0700, reporting the system's reason (`errno`) for the first
    /// folder that cannot be made, or `ENOTDIR` when a file is in the way.
    private static func makeFolder(_ path: String) throws {
        var st = stat()
        if stat(path, &st) == 0 {
            if st.st_mode & S_IFMT == S_IFDIR { return }
            throw JournalError.cannotWrite(path: path, reason: FileCause.notFolder.key)
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path { try makeFolder(parent) }
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw JournalError.cannotWrite(path: path, reason: (FileCause(errno: errno) ?? .other).key)
        }
    }

    // MARK: Migrations

    /// Schema steps, in order: step `i` takes the schema from version `i` to `i + 1`.
    private static let migrations: [(SQLiteConnection) throws -> Void] = [
        // 0 → 1: the first shipped schema.
        { db in
            try db.execute("""
                CREATE TABLE entries(
                    id INTEGER PRIMARY KEY,
                    body TEXT NOT NULL,
                    starred INTEGER NOT NULL DEFAULT 0,
                    created_at INTEGER NOT NULL,
                    time_zone TEXT NOT NULL);
                CREATE INDEX entries_created_at ON entries(created_at);
                CREATE TABLE chat_turns(
                    id INTEGER PRIMARY KEY,
                    message TEXT NOT NULL,
                    reply TEXT NOT NULL,
                    source TEXT NOT NULL,
                    language TEXT NOT NULL,
                    created_at INTEGER NOT NULL);
                """)
        },
        // 1 → 2: local day, tags, import key, full-text index, question history.
        { db in
            try db.execute("""
                ALTER TABLE entries ADD COLUMN local_day TEXT NOT NULL DEFAULT '';
                ALTER TABLE entries ADD COLUMN content_hash TEXT;
                CREATE UNIQUE INDEX entries_content_hash ON entries(content_hash);
                CREATE INDEX entries_local_day ON entries(local_day, created_at);
                CREATE INDEX entries_starred ON entries(created_at) WHERE starred = 1;
                CREATE TABLE entry_tags(
                    entry_id INTEGER NOT NULL,
                    tag TEXT NOT NULL,
                    by_hand INTEGER NOT NULL,
                    PRIMARY KEY(entry_id, tag, by_hand)) WITHOUT ROWID;
                CREATE INDEX entry_tags_tag ON entry_tags(tag, entry_id);
                CREATE VIRTUAL TABLE entries_fts USING fts5(
                    body, content='entries', content_rowid='id', tokenize='trigram');
                CREATE TRIGGER entries_fts_insert AFTER INSERT ON entries BEGIN
                    INSERT INTO entries_fts(rowid, body) VALUES (new.id, new.body);
                END;
                CREATE TRIGGER entries_fts_delete AFTER DELETE ON entries BEGIN
                    INSERT INTO entries_fts(entries_fts, rowid, body) VALUES ('delete', old.id, old.body);
                END;
                CREATE TRIGGER entries_fts_update AFTER UPDATE OF body ON entries BEGIN
                    INSERT INTO entries_fts(entries_fts, rowid, body) VALUES ('delete', old.id, old.body);
                    INSERT INTO entries_fts(rowid, body) VALUES (new.id, new.body);
                END;
                CREATE TABLE question_history(
                    day TEXT NOT NULL,
                    question_key TEXT NOT NULL,
                    asked_at INTEGER NOT NULL,
                    PRIMARY KEY(day, question_key));
                INSERT INTO entries_fts(entries_fts) VALUES ('rebuild');
                """)
            // Fill the local day and tags for the entries a v1 journal already holds. (The
            // content hash stays empty: the next step drops it.)
            let rows = try db.prepare("SELECT id, body, created_at, time_zone FROM entries ORDER BY id")
            var old: [(Int64, String, Int64, String)] = []
            while try rows.step() { old.append((rows.int64(0), rows.string(1) ?? "", rows.int64(2), rows.string(3) ?? "UTC")) }
            rows.reset()
            let up = try db.prepare("UPDATE entries SET local_day = ?1 WHERE id = ?2")
            for (id, body, ms, zone) in old {
                let day = LocalDay(Date(milliseconds: ms), in: TimeZoneCacheAccess.zone(zone))
                up.bind(1, day.description)
                up.bind(2, id)
                try up.step()
                up.reset()
                try insertTags(db, id: id, body: body, extra: [])
            }
        },
        // 2 → 3: drop the content hash (a home-made SHA-256); add the local `HH:MM` so imports
        // find a duplicate with an indexed query on day and time (see `hasDuplicate`). The
        // index goes first: SQLite refuses to drop an indexed column
        // (sqlite.org/lang_altertable.html#altertabdropcol).
        { db in
            try db.execute("""
                DROP INDEX IF EXISTS entries_content_hash;
                ALTER TABLE entries DROP COLUMN content_hash;
                ALTER TABLE entries ADD COLUMN local_time TEXT NOT NULL DEFAULT '';
                CREATE INDEX entries_local_time ON entries(local_day, local_time);
                """)
            let rows = try db.prepare("SELECT id, created_at, time_zone FROM entries ORDER BY id")
            var old: [(Int64, Int64, String)] = []
            while try rows.step() { old.append((rows.int64(0), rows.int64(1), rows.string(2) ?? "UTC")) }
            rows.reset()
            let up = try db.prepare("UPDATE entries SET local_day = ?1, local_time = ?2 WHERE id = ?3")
            for (id, ms, zone) in old {
                let clock = LocalClock(Date(milliseconds: ms), in: TimeZoneCacheAccess.zone(zone))
                up.bind(1, clock.day.description)
                up.bind(2, clock.time)
                up.bind(3, id)
                try up.step()
                up.reset()
            }
        },
        // 3 → 4: search over folded text (case-folded, NFC: ``SearchText/fold(_:)``) so
        // canonically equal and case-folded text is found in every script; a trigram index
        // with `detail=none` (no positions: about half the size, built in half the time;
        // `LIKE` substring queries still use it, sqlite.org/fts5.html#the_trigram_tokenizer)
        // over external content, a view that folds `entries.body`; one- and two-character CJK
        // pieces in a contentless second table, so a 1–2 character query is a lookup too.
        // Neither keeps document sizes (`columnsize=0`: no ranking here). The (local_day,
        // created_at) index goes: (local_day, local_time) serves every day lookup.
        { db in
            try db.execute("""
                DROP TRIGGER IF EXISTS entries_fts_insert;
                DROP TRIGGER IF EXISTS entries_fts_delete;
                DROP TRIGGER IF EXISTS entries_fts_update;
                DROP TABLE IF EXISTS entries_fts;
                CREATE VIEW entries_folded AS SELECT id, lanternly_fold(body) AS body FROM entries;
                CREATE VIRTUAL TABLE entries_fts USING fts5(
                    body, content='entries_folded', content_rowid='id', tokenize='trigram', detail=none, columnsize=0);
                CREATE VIRTUAL TABLE entries_cjk USING fts5(
                    grams, content='', tokenize='unicode61 remove_diacritics 0', detail=none, columnsize=0);
                DROP INDEX IF EXISTS entries_local_day;
                CREATE TRIGGER entries_search_insert AFTER INSERT ON entries BEGIN
                    INSERT INTO entries_fts(rowid, body) VALUES (new.id, lanternly_fold(new.body));
                    INSERT INTO entries_cjk(rowid, grams)
                        SELECT new.id, g FROM (SELECT lanternly_cjk_grams(new.body) AS g) WHERE g != '';
                END;
                CREATE TRIGGER entries_search_delete AFTER DELETE ON entries BEGIN
                    INSERT INTO entries_fts(entries_fts, rowid, body) VALUES ('delete', old.id, lanternly_fold(old.body));
                    INSERT INTO entries_cjk(entries_cjk, rowid, grams)
                        SELECT 'delete', old.id, g FROM (SELECT lanternly_cjk_grams(old.body) AS g) WHERE g != '';
                END;
                CREATE TRIGGER entries_search_update AFTER UPDATE OF body ON entries BEGIN
                    INSERT INTO entries_fts(entries_fts, rowid, body) VALUES ('delete', old.id, lanternly_fold(old.body));
                    INSERT INTO entries_cjk(entries_cjk, rowid, grams)
                        SELECT 'delete', old.id, g FROM (SELECT lanternly_cjk_grams(old.body) AS g) WHERE g != '';
                    INSERT INTO entries_fts(rowid, body) VALUES (new.id, lanternly_fold(new.body));
                    INSERT INTO entries_cjk(rowid, grams)
                        SELECT new.id, g FROM (SELECT lanternly_cjk_grams(new.body) AS g) WHERE g != '';
                END;
                INSERT INTO entries_fts(entries_fts) VALUES ('rebuild');
                INSERT INTO entries_cjk(rowid, grams)
                    SELECT id, g FROM (SELECT id, lanternly_cjk_grams(body) AS g FROM entries) WHERE g != '';
                """)
        },
        // 4 → 5: short ids, revisions and the trash (issue 12). See `SQLiteJournal+History.swift`.
        { db in try SQLiteJournal.migrateToHistory(db) },
        // 5 → 6: what Luna remembers (forgotten with the entry it came from), the month
        // observations kept once a month is past, and Luna's own daily questions.
        { db in
            try db.execute("""
                CREATE TABLE memories(
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL,
                    words TEXT NOT NULL,
                    day TEXT,
                    source TEXT NOT NULL,
                    created_at INTEGER NOT NULL);
                CREATE UNIQUE INDEX memories_kind_words ON memories(kind, words COLLATE NOCASE);
                CREATE INDEX memories_source ON memories(source);
                CREATE TRIGGER memories_entry_delete AFTER DELETE ON entries BEGIN
                    DELETE FROM memories WHERE source = 'entry:' || old.id;
                END;
                CREATE TABLE month_observations(
                    month TEXT PRIMARY KEY,
                    text TEXT NOT NULL,
                    source TEXT NOT NULL,
                    made_at INTEGER NOT NULL);
                CREATE TABLE model_questions(
                    day TEXT PRIMARY KEY,
                    text TEXT NOT NULL,
                    made_at INTEGER NOT NULL);
                """)
        },
        // 6 → 7: the daily question a chat message answered, kept with the turn (NULL for
        // any other message), so the history shows what was asked.
        { db in try db.execute("ALTER TABLE chat_turns ADD COLUMN question TEXT") },
        // 7 → 8: the language Luna wrote the day's question in (NULL for one kept before), so
        // a person who switches language gets the day's question in the new one.
        { db in try db.execute("ALTER TABLE model_questions ADD COLUMN language TEXT") },
        // 8 → 9: the local day and time as integers, `YYYYMMDD` and `HHMM` (``LocalDay/number``,
        // ``LocalClock/timeNumber``), instead of the texts `YYYY-MM-DD` and `HH:MM`.
        { db in try SQLiteJournal.migrateToNumberedClock(db) },
        // 9 → 10: the tables looked up by a text key kept in that key's order alone.
        { db in try SQLiteJournal.migrateToKeyedTables(db) },
    ]

    /// Tables whose primary key is text, made `WITHOUT ROWID` in step 9 → 10.
    static let keyedTables = ["question_history", "month_observations", "model_questions"]

    /// 9 → 10: ``keyedTables`` become `WITHOUT ROWID` tables: each row is stored once, in its
    /// key's B-tree, instead of in the table and again in the key's index
    /// (sqlite.org/withoutrowid.html), so each of these tables takes one page less even when
    /// empty (24 KB in a journal of 8 KiB pages). Each table is made again from its own stored definition
    /// (so a column added later comes along), filled, and renamed (as in
    /// ``migrateToNumberedClock(_:)``); its indexes and triggers come back from their stored SQL.
    /// A row whose key is NULL, which a rowid table allows and Lanternly never writes, cannot
    /// be kept there and is left out.
    static func migrateToKeyedTables(_ db: SQLiteConnection) throws {
        for table in keyedTables {
            let found = try db.strings("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = '\(table)'")
            guard let sql = found.first, let open = sql.firstIndex(of: "("),
                  !sql.uppercased().hasSuffix("WITHOUT ROWID") else { continue }
            let dependents = try db.strings("""
                SELECT sql FROM sqlite_schema
                WHERE sql IS NOT NULL AND type IN ('index', 'trigger') AND tbl_name = '\(table)' ORDER BY rowid
                """)
            try db.execute("""
                CREATE TABLE \(table)_keyed\(sql[open...]) WITHOUT ROWID;
                INSERT OR IGNORE INTO \(table)_keyed SELECT * FROM \(table);
                DROP TABLE \(table);
                ALTER TABLE \(table)_keyed RENAME TO \(table);
                """)
            for dependent in dependents { try db.execute(dependent) }
        }
    }

    /// 8 → 9: `entries.local_day` and `local_time` become INTEGER columns holding `YYYYMMDD`
    /// and `HHMM`. An integer takes 4 and 2 bytes where the texts took 10 and 5 (SQLite's record
    /// format, sqlite.org/fileformat2.html#record_format), in the table and again in the
    /// `(local_day, local_time)` index: about 18 bytes an entry, which keeps a journal within
    /// twice the size of its text.
    ///
    /// SQLite cannot change a column's type in place, so the table is made again the way
    /// sqlite.org/lang_altertable.html#otheralter describes: a new table filled from the old
    /// one (every row, its id kept, so the search index, tags, memories and revisions still
    /// point at it), the old one dropped, the new one renamed, and the indexes, triggers and
    /// views that went with the old one created again from their stored SQL. A stored text
    /// that is not a day or time (never written by Lanternly) becomes 0.
    static func migrateToNumberedClock(_ db: SQLiteConnection) throws {
        // Indexes and triggers of `entries` go with it; views are dropped first (SQLite checks
        // them when a table is renamed), and all of them come back from the SQL kept here.
        let dependents = try db.strings("""
            SELECT sql FROM sqlite_schema
            WHERE sql IS NOT NULL AND ((type IN ('index', 'trigger') AND tbl_name = 'entries') OR type = 'view')
            ORDER BY type = 'view' DESC, rowid
            """)
        for view in try db.strings("SELECT name FROM sqlite_schema WHERE type = 'view'") {
            try db.execute("DROP VIEW \"\(view)\"")
        }
        try db.execute("""
            CREATE TABLE entries_numbered(
                id INTEGER PRIMARY KEY,
                body TEXT NOT NULL,
                starred INTEGER NOT NULL DEFAULT 0,
                created_at INTEGER NOT NULL,
                time_zone TEXT NOT NULL,
                local_day INTEGER NOT NULL DEFAULT 0,
                local_time INTEGER NOT NULL DEFAULT 0,
                short_id TEXT);
            INSERT INTO entries_numbered(id, body, starred, created_at, time_zone, local_day, local_time, short_id)
                SELECT id, body, starred, created_at, time_zone,
                       CASE WHEN local_day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
                            THEN CAST(replace(local_day, '-', '') AS INTEGER) ELSE 0 END,
                       CASE WHEN local_time GLOB '[0-9][0-9]:[0-9][0-9]'
                            THEN CAST(replace(local_time, ':', '') AS INTEGER) ELSE 0 END,
                       short_id
                FROM entries ORDER BY id;
            DROP TABLE entries;
            ALTER TABLE entries_numbered RENAME TO entries;
            """)
        for sql in dependents { try db.execute(sql) }
    }

    private func migrate() throws {
        try SQLiteJournal.migrate(connection, path: path)
    }

    /// `PRAGMA page_size` of a new journal, in bytes. SQLite's default is 4096; with 8192 an
    /// entry of a few hundred bytes leaves half as much unused space at the end of each table
    /// page (measured here on 100,000 generated entries: the entries table 40.4 MB against
    /// 41.9 MB, 3% unused against 7%), which keeps the database within twice the size of the
    /// text it holds.
    static let newJournalPageSize = 8192

    /// A new journal is made with ``newJournalPageSize`` and `auto_vacuum=FULL`: the pages
    /// the search index frees when it merges its segments (an import leaves about 1.2 MB of
    /// them at 100,000 entries) are given back at each commit instead of staying in the file.
    /// Both are fixed when the file is created (sqlite.org/pragma.html#pragma_page_size,
    /// #pragma_auto_vacuum); journals made earlier keep theirs.
    private static func setUpNewFile(_ db: SQLiteConnection) throws {
        guard try db.scalarInt("PRAGMA page_count") == 0 else { return }
        try db.execute("PRAGMA page_size = \(newJournalPageSize); PRAGMA auto_vacuum = FULL")
    }

    private static func migrate(_ db: SQLiteConnection, path: String) throws {
        try setUpNewFile(db)
        let mode = try db.strings("PRAGMA journal_mode=WAL")
        if mode.first?.lowercased() != "wal" && mode.first?.lowercased() != "memory" {
            throw JournalError.cannotWrite(path: path, reason: "cause.walUnavailable")
        }
        try db.execute("BEGIN IMMEDIATE")
        do {
            // Another process may have migrated while we waited for the lock.
            let appID = Int32(truncatingIfNeeded: try db.scalarInt("PRAGMA application_id"))
            var version = Int(try db.scalarInt("PRAGMA user_version"))
            if appID != SQLiteJournal.applicationID {
                if try appID != 0 || db.scalarInt("SELECT count(*) FROM sqlite_schema") != 0 {
                    throw JournalError.foreignDatabase(path: path)
                }
                version = 0
            }
            if version > SQLiteJournal.schemaVersion {
                throw JournalError.newerSchema(path: path, version: version)
            }
            while version < SQLiteJournal.schemaVersion {
                try SQLiteJournal.migrations[version](db)
                version += 1
            }
            try db.execute("PRAGMA application_id = \(SQLiteJournal.applicationID); PRAGMA user_version = \(version)")
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
        // A migration that dropped a large index (3 → 4 drops the positional trigram index)
        // leaves its pages free inside the file: give them back once. Best effort: another
        // copy of Lanternly reading at the same moment makes VACUUM wait or fail, and the
        // file is only larger than it need be.
        let pages = (try? db.scalarInt("PRAGMA page_count")) ?? 0
        let free = (try? db.scalarInt("PRAGMA freelist_count")) ?? 0
        if pages > 256, free * 4 > pages { try? db.execute("VACUUM") }
    }

    /// Migrates a database that this build finds at `version` (tests build a v1 file by hand).
    static func applyMigration(from version: Int, on db: SQLiteConnection) throws {
        try migrations[version](db)
    }

    // MARK: Transactions

    /// Runs `body` as one write transaction (`BEGIN IMMEDIATE` … `COMMIT`), rolled back on error.
    func writing<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            try connection.execute("BEGIN IMMEDIATE")
        } catch let e as SQLiteError {
            throw map(e)
        }
        do {
            let result = try body(connection)
            try connection.execute("COMMIT")
            return result
        } catch {
            try? connection.execute("ROLLBACK")
            if let e = error as? SQLiteError { throw map(e) }
            throw error
        }
    }

    func reading<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        do {
            return try body(connection)
        } catch let e as SQLiteError {
            throw map(e)
        }
    }

    // MARK: Entries

    static let entryColumns = """
        e.id, e.body, e.starred, e.created_at, e.time_zone,
        (SELECT group_concat(DISTINCT tag) FROM entry_tags WHERE entry_id = e.id), e.short_id
        """

    static func decodeEntry(_ s: SQLiteStatement, from col: Int32 = 0) -> JournalEntry {
        let tags = (s.string(col + 5) ?? "").split(separator: ",").map(String.init).sorted()
        return JournalEntry(id: s.int64(col), body: s.string(col + 1) ?? "", tags: tags,
                            starred: s.int64(col + 2) != 0, createdAt: Date(milliseconds: s.int64(col + 3)),
                            timeZoneIdentifier: s.string(col + 4) ?? "UTC", shortID: s.string(col + 6) ?? "")
    }

    /// Whether the journal already holds an entry with the same import key as `text` written
    /// at `clock`: the same local day and `HH:MM` (each entry on its own zone's clock, found
    /// through the `entries_local_time` index) and the same title and body as jrnl splits them
    /// (``JournalEntry/splitTitle(_:)``, so whitespace around them does not count). Run it
    /// inside the write transaction so no other writer can slip one in between.
    static func hasDuplicate(_ db: SQLiteConnection, text: String, clock: LocalClock) throws -> Bool {
        try duplicate(db, text: text, clock: clock) != nil
    }

    /// The id of the entry ``hasDuplicate(_:text:clock:)`` finds, or `nil`.
    static func duplicate(_ db: SQLiteConnection, text: String, clock: LocalClock) throws -> Int64? {
        try duplicate(db, text: text, day: Int64(clock.day.number), time: Int64(clock.timeNumber))
    }

    /// ``duplicate(_:text:clock:)`` with the clock as stored (`YYYYMMDD`, `HHMM`).
    static func duplicate(_ db: SQLiteConnection, text: String, day: Int64, time: Int64) throws -> Int64? {
        let s = try db.prepare("SELECT body, id FROM entries WHERE local_day = ?1 AND local_time = ?2")
        defer { s.reset() }
        s.bind(1, day)
        s.bind(2, time)
        var split: (title: String, body: String)?
        // Title and body equal after the split means equal text once spaces are dropped: a
        // cheap byte test first, the split only for the rare row that passes it.
        func squeezed(_ s: String) -> [UInt8] { s.utf8.filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D } }
        var mineSqueezed: [UInt8]?
        while try s.step() {
            let other = s.string(0) ?? ""
            if other == text { return s.int64(1) }
            let key = mineSqueezed ?? squeezed(text)
            mineSqueezed = key
            if squeezed(other) != key { continue }
            let mine = split ?? JournalEntry.splitTitle(text)
            split = mine
            let theirs = JournalEntry.splitTitle(other)
            if theirs.title == mine.title && theirs.body == mine.body { return s.int64(1) }
        }
        return nil
    }

    /// Stores the tags of `body` (or `inText` when the caller found them already) and the
    /// hand-added `extra` ones.
    static func insertTags(_ db: SQLiteConnection, id: Int64, body: String, extra: [String],
                           inText: [String]? = nil) throws {
        let ins = try db.prepare("INSERT OR IGNORE INTO entry_tags(entry_id, tag, by_hand) VALUES (?1, ?2, ?3)")
        for tag in inText ?? JournalEntry.tags(in: body) {
            ins.bind(1, id); ins.bind(2, tag); ins.bind(3, 0)
            try ins.step()
            ins.reset()
        }
        for tag in Set(extra.compactMap(JournalEntry.normalizeTag)) {
            ins.bind(1, id); ins.bind(2, tag); ins.bind(3, 1)
            try ins.step()
            ins.reset()
        }
    }

    /// Inserts one entry inside a transaction. With `skipDuplicate`, an entry that
    /// ``hasDuplicate(_:text:clock:)`` finds already present is not inserted (`nil`).
    func insert(_ new: NewEntry, db: SQLiteConnection, skipDuplicate: Bool,
                clock known: LocalClock? = nil) throws -> JournalEntry? {
        var p = try PreparedEntry(new)
        if let known { p.clock = known }
        if skipDuplicate, try SQLiteJournal.hasDuplicate(db, text: new.text, clock: p.clock) { return nil }
        let (id, shortID) = try SQLiteJournal.insert(p, db: db)
        let tags = new.extraTags.isEmpty ? Set(p.tags) : Set(p.tags).union(new.extraTags.compactMap(JournalEntry.normalizeTag))
        return JournalEntry(id: id, body: new.text, tags: tags.sorted(), starred: new.starred,
                            createdAt: Date(milliseconds: p.milliseconds), timeZoneIdentifier: new.timeZoneIdentifier,
                            shortID: shortID)
    }

    /// Inserts a checked entry (its row, short id and tags) inside a transaction.
    /// - Returns: the row id and the short id given to it.
    static func insert(_ p: PreparedEntry, db: SQLiteConnection) throws -> (id: Int64, shortID: String) {
        let ins = try db.prepare("""
            INSERT INTO entries(body, starred, created_at, time_zone, local_day, local_time, short_id)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            """)
        let shortID = try SQLiteJournal.freshShortID(db, first: p.shortID)
        ins.bind(7, shortID)
        ins.bind(1, p.entry.text)
        ins.bind(2, p.entry.starred ? 1 : 0)
        ins.bind(3, p.milliseconds)
        ins.bind(4, p.entry.timeZoneIdentifier)
        ins.bind(5, p.day)
        ins.bind(6, p.time)
        try ins.step()
        ins.reset()
        let id = db.lastInsertRowID
        try SQLiteJournal.insertTags(db, id: id, body: p.entry.text, extra: p.entry.extraTags, inText: p.tags)
        return (id, shortID)
    }

    /// ``InputLimits/checkEntry(_:extraTags:)`` as a ``JournalError/overLimit(_:)``.
    static func checkLimits(_ text: String, extraTags: [String]) throws {
        do {
            try InputLimits.checkEntry(text, extraTags: extraTags)
        } catch let l as LimitExceeded {
            throw JournalError.overLimit(l)
        }
    }

    public func add(_ entry: NewEntry) throws -> JournalEntry {
        try writing { db in try insert(entry, db: db, skipDuplicate: false)! }
    }

    /// Inserts many entries in one transaction (for benchmarks and bulk loads): same rules as
    /// ``add(_:)``, one commit at the end.
    ///
    /// - Returns: how many were inserted.
    @discardableResult
    public func bulkInsert<S: Sequence>(_ entries: S) throws -> Int where S.Element == NewEntry {
        try writing { db in
            var n = 0
            let before = try db.scalarInt("SELECT coalesce(max(id), 0) FROM entries")
            try SQLiteJournal.withSearchIndexInBulk(db, above: before) {
                for e in entries {
                    _ = try insert(e, db: db, skipDuplicate: false)
                    n += 1
                }
            }
            return n
        }
    }

    public func importEntries(_ entries: [NewEntry]) throws -> ImportResult {
        var iterator = entries.makeIterator()
        return try importEntries { iterator.next() }
    }

    public func importEntries(_ next: () throws -> NewEntry?) throws -> ImportResult {
        try writing { db in
            var result = ImportResult()
            // Rows above this id were added by this import: a duplicate among them repeats
            // an entry of the same file.
            let before = try db.scalarInt("SELECT coalesce(max(id), 0) FROM entries")
            try SQLiteJournal.withSearchIndexAsRowsArrive(db) { index in
                // The file is read and parsed, each entry checked and its search text folded,
                // on a second thread while this one writes rows and index (``ImportFeed``):
                // the two overlap on a machine with two cores or more.
                try ImportFeed.run(next) { p in
                    if let twin = try SQLiteJournal.duplicate(db, text: p.entry.text, day: p.day, time: p.time) {
                        if twin > before { result.repeated += 1 } else { result.skipped += 1 }
                        return
                    }
                    let (id, _) = try SQLiteJournal.insert(p, db: db)
                    try index?(id, p)
                    result.added += 1
                }
            }
            return result
        }
    }

    /// Runs `body`, which only inserts entries, with the search index filled once at the end
    /// instead of row by row: inside the caller's write transaction, the insert trigger
    /// (`entries_search_insert`) is dropped, `body` runs, the rows above id `above` are
    /// indexed with one `INSERT … SELECT` per index, and the trigger is created again from
    /// its own stored SQL. An error anywhere rolls all of it back with the transaction.
    ///
    /// Why: each `INSERT` whose trigger writes the FTS5 table runs in a statement savepoint,
    /// and FTS5 writes its pending terms out at every savepoint (its `xSavepoint` method), so
    /// row-by-row indexing writes one tiny segment per entry and merges them again and again.
    /// Measured here: 20,000 one-row inserts through such a trigger took 15 times the CPU of
    /// the same rows without it, and an import of 100,000 entries 17 s of CPU against 4.4 s
    /// with the one pass.
    /// The rows indexed here are exactly what the trigger would have indexed (the same
    /// `lanternly_fold` and `lanternly_cjk_grams` of the same bodies).
    static func withSearchIndexInBulk(_ db: SQLiteConnection, above: Int64, _ body: () throws -> Void) throws {
        let indexed = try withoutSearchInsertTrigger(db) {
            try body()
            try indexInBulk(db, above: above)
        }
        if !indexed { try body() }
    }

    /// The insert trigger (`entries_search_insert`) dropped while `body` runs and created again
    /// from its own stored SQL after it; false (and `body` not run) on a schema without it.
    /// Runs inside the caller's write transaction, so an error rolls the drop back too.
    private static func withoutSearchInsertTrigger(_ db: SQLiteConnection, _ body: () throws -> Void) throws -> Bool {
        let trigger = try db.strings("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = 'entries_search_insert'")
        guard let create = trigger.first else { return false }
        try db.execute("DROP TRIGGER entries_search_insert")
        try body()
        try db.execute(create)
        return true
    }

    private static func indexInBulk(_ db: SQLiteConnection, above: Int64) throws {
        // FTS5's own batching (`hashsize`, 1 MiB) is kept: a larger one builds faster but
        // leaves a few large segments side by side, which the next `write`s then merge in one
        // go (measured here: one write took 0.44 s after an import built with 8 MiB).
        let fts = try db.prepare("""
            INSERT INTO entries_fts(rowid, body) SELECT id, lanternly_fold(body) FROM entries WHERE id > ?1 ORDER BY id
            """)
        fts.bind(1, above)
        try fts.step()
        fts.reset()
        let cjk = try db.prepare("""
            INSERT INTO entries_cjk(rowid, grams)
                SELECT id, g FROM (SELECT id, lanternly_cjk_grams(body) AS g FROM entries WHERE id > ?1) WHERE g != ''
            """)
        cjk.bind(1, above)
        try cjk.step()
        cjk.reset()
    }

    /// Runs `body`, which only inserts entries and indexes each one itself with the closure
    /// it is given, inside the caller's write transaction: the insert trigger
    /// (`entries_search_insert`) is dropped meanwhile and created again from its own stored
    /// SQL; an error anywhere rolls all of it back with the transaction. (`body` gets `nil`,
    /// and indexes nothing, on a schema without that trigger.)
    ///
    /// The closure writes a row's ``PreparedEntry/searchText`` (computed from the text when
    /// missing; rows are kept and written ``ImportFeed/batchSize`` at a time, and the rest
    /// before the trigger is back) with one plain `INSERT` per index: the same rows as the trigger, but without a
    /// statement savepoint per entry, which is what makes the trigger slow (see
    /// ``withSearchIndexInBulk(_:above:_:)``); FTS5 keeps batching the terms in memory.
    /// Unlike that one pass at the end, the index grows while the reading thread parses, and
    /// folding happens on that thread. Measured here on the bench's 100,000 generated entries
    /// (36.5 MB of text, a shared 2-core machine at load 1): 3.5–3.7 s wall with the pass at
    /// the end, 2.9–3.0 s with this; CPU about the same (3.9–4.0 s, 3.0 s of it on this
    /// thread, most of that FTS5's own).
    ///
    /// Meanwhile the trigram index keeps ``importHashSize`` bytes of terms in memory before it
    /// writes a segment (FTS5's `hashsize`, 1 MiB unless set: sqlite.org/fts5.html, "The
    /// 'hashsize' Configuration Option"), and gets its default back before the trigger does.
    /// Fewer, larger segments mean less merging: measured here on the 100,000 entries, this
    /// thread's CPU 2.84 → 2.48 s for the text file and 3.05 → 2.72 s for the JSON export with
    /// 3 MiB, and 7% fewer instructions again with 5 MiB (callgrind: 24.1 → 22.4 billion);
    /// peak memory 32 → 36 MB (the reading thread keeps fewer batches ready to make up for
    /// part of it, ``ImportFeed/maxBatches``). More would pass 40 MB. The price: FTS5
    /// finishes merging the import's last, larger segments a little at a time in the `write`s
    /// that follow, and one of them may take 0.2–0.3 s instead of 0.04 s (measured over 60–80
    /// `write`s after the import; every other one took 0.01–0.03 s either way). (`automerge`
    /// above its default saves about as much but leaves more to merge, 0.14–0.53 s for one
    /// later `write`; `pgsz`, `crisismerge`, a larger page cache and `temp_store=MEMORY`
    /// changed nothing measurable.)
    static func withSearchIndexAsRowsArrive(
        _ db: SQLiteConnection, _ body: (_ index: ((Int64, PreparedEntry) throws -> Void)?) throws -> Void
    ) throws {
        let indexed = try withoutSearchInsertTrigger(db) {
            try setHashSize(db, importHashSize)
            let fts = try db.prepare("INSERT INTO entries_fts(rowid, body) VALUES (?1, ?2)")
            let cjk = try db.prepare("INSERT INTO entries_cjk(rowid, grams) VALUES (?1, ?2)")
            // Index rows a feed batch at a time rather than after each row (measured here: about
            // 0.1 s less wall time at 100,000 entries).
            var pending: [(Int64, String, String)] = []
            pending.reserveCapacity(ImportFeed.batchSize)
            func flush() throws {
                for (id, folded, grams) in pending {
                    fts.bind(1, id)
                    fts.bind(2, folded)
                    try fts.step()
                    fts.reset()
                    guard !grams.isEmpty else { continue }
                    cjk.bind(1, id)
                    cjk.bind(2, grams)
                    try cjk.step()
                    cjk.reset()
                }
                pending.removeAll(keepingCapacity: true)
            }
            try body { id, p in
                let (folded, grams) = p.searchText ?? (SearchText.fold(p.entry.text), SearchText.cjkGrams(p.entry.text))
                pending.append((id, folded, grams))
                if pending.count >= ImportFeed.batchSize { try flush() }
            }
            try flush()
            try setHashSize(db, defaultHashSize)
        }
        if !indexed { try body(nil) }
    }

    /// FTS5's `hashsize` of the trigram index during an import, in bytes (see
    /// ``withSearchIndexAsRowsArrive(_:_:)``).
    static let importHashSize = 5 << 20
    /// FTS5's own `hashsize`, 1 MiB (sqlite.org/fts5.html, "The 'hashsize' Configuration Option").
    static let defaultHashSize = 1 << 20

    /// Sets the trigram index's `hashsize` (kept in `entries_fts_config`, so inside the
    /// caller's transaction: a rollback takes it back too).
    private static func setHashSize(_ db: SQLiteConnection, _ bytes: Int) throws {
        try db.execute("INSERT INTO entries_fts(entries_fts, rank) VALUES ('hashsize', \(bytes))")
    }

    /// See ``Journal/entries(_:)``. Plans for 100,000 entries: the walk goes down the
    /// `created_at` index newest first and stops after `limit` rows; day bounds become an
    /// instant range (the UTC day bounds from `Calendar`, ±15 h to cover every zone) with the
    /// exact local-day test on top; starred
    /// entries have a partial index; a rare tag (≤ 2,000 entries) is looked up by tag and sorted.
    public func entries(_ query: EntryQuery) throws -> [JournalEntry] {
        var tag: String?
        if let raw = query.tag {
            guard let t = JournalEntry.normalizeTag(raw) else { return [] }
            tag = t
        }
        return try reading { db in
            var sql = "SELECT \(SQLiteJournal.entryColumns) FROM entries e WHERE 1"
            var ints: [(Int32, Int64)] = []
            var texts: [(Int32, String)] = []
            var n: Int32 = 0
            let margin: Int64 = 15 * 3_600_000
            let utcZone = TimeZoneCacheAccess.zone("UTC")
            if let from = query.from {
                n += 1; sql += " AND e.created_at >= ?\(n)"; ints.append((n, from.start(in: utcZone).milliseconds - margin))
                n += 1; sql += " AND +e.local_day >= ?\(n)"; ints.append((n, Int64(from.number)))
            }
            if let to = query.to {
                n += 1; sql += " AND e.created_at < ?\(n)"; ints.append((n, to.end(in: utcZone).milliseconds + margin))
                n += 1; sql += " AND +e.local_day <= ?\(n)"; ints.append((n, Int64(to.number)))
            }
            if query.starredOnly { sql += " AND e.starred = 1" }
            if let tag {
                n += 1
                texts.append((n, tag))
                let count = try db.prepare("SELECT count(*) FROM (SELECT 1 FROM entry_tags WHERE tag = ?1 LIMIT 2001)")
                count.bind(1, tag)
                let rare = try count.step() && count.int64(0) <= 2000
                count.reset()
                sql += rare
                    ? " AND e.id IN (SELECT entry_id FROM entry_tags WHERE tag = ?\(n))"
                    : " AND EXISTS (SELECT 1 FROM entry_tags t WHERE t.entry_id = +e.id AND t.tag = ?\(n))"
            }
            sql += " ORDER BY e.created_at DESC, e.id DESC"
            if let limit = query.limit {
                n += 1
                sql += " LIMIT ?\(n)"
                ints.append((n, Int64(max(0, limit))))
            }
            let s = try db.prepare(sql)
            defer { s.reset() }
            for (i, v) in ints { s.bind(i, v) }
            for (i, v) in texts { s.bind(i, v) }
            var out: [JournalEntry] = []
            while try s.step() { out.append(SQLiteJournal.decodeEntry(s)) }
            return out
        }
    }

    /// Up to `limit` entries of `page`, newest first: keyset queries on (`created_at`, `id`)
    /// down the `entries_created_at` index (it holds the rowid), so every page costs the same
    /// at 100 or 100,000 entries.
    public func entries(_ page: JournalPage, limit: Int) throws -> [JournalEntry] {
        let cols = SQLiteJournal.entryColumns
        let desc = "ORDER BY e.created_at DESC, e.id DESC LIMIT ?3"
        let asc = "ORDER BY e.created_at, e.id LIMIT ?3"
        var key: JournalKey?
        let sql: String
        var reverse = false
        switch page {
        case .newest: sql = "SELECT \(cols) FROM entries e \(desc)"
        case .oldest: sql = "SELECT \(cols) FROM entries e \(asc)"; reverse = true
        case .olderThan(let k): key = k; sql = "SELECT \(cols) FROM entries e WHERE (e.created_at, e.id) < (?1, ?2) \(desc)"
        case .startingAt(let k): key = k; sql = "SELECT \(cols) FROM entries e WHERE (e.created_at, e.id) <= (?1, ?2) \(desc)"
        case .newerThan(let k):
            key = k; reverse = true
            sql = "SELECT \(cols) FROM entries e WHERE (e.created_at, e.id) > (?1, ?2) \(asc)"
        }
        return try reading { db in
            let s = try db.prepare(sql)
            defer { s.reset() }
            if let key { s.bind(1, key.milliseconds); s.bind(2, key.id) }
            s.bind(3, Int64(max(0, limit)))
            var out: [JournalEntry] = []
            while try s.step() { out.append(SQLiteJournal.decodeEntry(s)) }
            return reverse ? out.reversed() : out
        }
    }

    public func forEachEntry(_ body: (JournalEntry) throws -> Void) throws {
        try reading { db in
            var batch: [JournalEntry] = []
            var lastKey: (Int64, Int64)?
            // Read in pages of 500 so the callback never runs while the statement is open.
            repeat {
                batch.removeAll(keepingCapacity: true)
                let page: SQLiteStatement
                if let (ms, id) = lastKey {
                    page = try db.prepare("""
                        SELECT \(SQLiteJournal.entryColumns) FROM entries e
                        WHERE (e.created_at, e.id) > (?1, ?2) ORDER BY e.created_at, e.id LIMIT 500
                        """)
                    page.bind(1, ms)
                    page.bind(2, id)
                } else {
                    page = try db.prepare("SELECT \(SQLiteJournal.entryColumns) FROM entries e ORDER BY e.created_at, e.id LIMIT 500")
                }
                while try page.step() { batch.append(SQLiteJournal.decodeEntry(page)) }
                page.reset()
                for e in batch { try body(e) }
                if let last = batch.last { lastKey = (last.createdAt.milliseconds, last.id) }
            } while batch.count == 500
        }
    }

    public func entry(id: Int64) throws -> JournalEntry? {
        try reading { db in try SQLiteJournal.fetch(db, id: id) }
    }

    static func fetch(_ db: SQLiteConnection, id: Int64) throws -> JournalEntry? {
        let s = try db.prepare("SELECT \(entryColumns) FROM entries e WHERE e.id = ?1")
        defer { s.reset() }
        s.bind(1, id)
        return try s.step() ? decodeEntry(s) : nil
    }

    public func update(id: Int64, _ change: EntryChange) throws -> JournalEntry {
        try writing { db in
            guard let old = try SQLiteJournal.fetch(db, id: id) else { throw JournalError.entryNotFound(id: id) }
            try SQLiteJournal.checkLimits(change.body ?? old.body, extraTags: change.tags ?? [])
            if let starred = change.starred {
                let s = try db.prepare("UPDATE entries SET starred = ?1 WHERE id = ?2")
                s.bind(1, starred ? 1 : 0); s.bind(2, id)
                try s.step()
                s.reset()
            }
            if let body = change.body, body != old.body {
                let s = try db.prepare("UPDATE entries SET body = ?1 WHERE id = ?2")
                s.bind(1, body); s.bind(2, id)
                try s.step()
                s.reset()
                let del = try db.prepare("DELETE FROM entry_tags WHERE entry_id = ?1 AND by_hand = 0")
                del.bind(1, id)
                try del.step()
                del.reset()
                try SQLiteJournal.insertTags(db, id: id, body: body, extra: [])
            }
            if let tags = change.tags {
                let del = try db.prepare("DELETE FROM entry_tags WHERE entry_id = ?1 AND by_hand = 1")
                del.bind(1, id)
                try del.step()
                del.reset()
                try SQLiteJournal.insertTags(db, id: id, body: "", extra: tags)
            }
            return try SQLiteJournal.fetch(db, id: id)!
        }
    }

    public func delete(id: Int64) throws {
        try writing { db in
            guard let old = try SQLiteJournal.fetch(db, id: id) else { throw JournalError.entryNotFound(id: id) }
            let s = try db.prepare("DELETE FROM entries WHERE id = ?1")
            s.bind(1, id)
            try s.step()
            s.reset()
            if db.changes == 0 { throw JournalError.entryNotFound(id: id) }
            let t = try db.prepare("DELETE FROM entry_tags WHERE entry_id = ?1")
            t.bind(1, id)
            try t.step()
            t.reset()
            if !old.shortID.isEmpty {
                let r = try db.prepare("DELETE FROM entry_revisions WHERE short_id = ?1")
                r.bind(1, old.shortID)
                try r.step()
                r.reset()
            }
        }
    }

    public func entryCount() throws -> Int {
        try reading { db in Int(try db.scalarInt("SELECT count(*) FROM entries")) }
    }

    public func tagCounts() throws -> [TagCount] {
        try reading { db in
            let s = try db.prepare("""
                SELECT tag, count(DISTINCT entry_id) AS n FROM entry_tags GROUP BY tag ORDER BY n DESC, tag
                """)
            defer { s.reset() }
            var out: [TagCount] = []
            while try s.step() { out.append(TagCount(tag: s.string(0) ?? "", count: Int(s.int64(1)))) }
            return out
        }
    }

    // MARK: Search

    /// See ``Journal/search(_:limit:)``. Query and text are compared folded
    /// (``SearchText/fold(_:)``). A query of 3 or more characters is a `LIKE '%…%'` on the
    /// trigram index (its `%` and `_` become one-character wildcards there and are checked
    /// exactly here); 1 or 2 CJK characters are looked up in the CJK index; other 1–2
    /// character queries scan, newest first, until `limit` hits. The hits are the `limit`
    /// most recently added matches, returned newest first by instant.
    public func search(_ query: String, limit: Int) throws -> [SearchHit] {
        let q = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !q.isEmpty, limit > 0 else { return [] }
        let folded = SearchText.fold(q)
        let scalars = folded.unicodeScalars
        let entries: [JournalEntry] = try reading { db in
            var out: [JournalEntry] = []
            if scalars.count >= 3 {
                let wild = folded.contains("%") || folded.contains("_")
                let pattern = "%" + String(String.UnicodeScalarView(scalars.map { $0 == "%" || $0 == "_" ? "_" : $0 })) + "%"
                let s = try db.prepare("""
                    SELECT \(SQLiteJournal.entryColumns) FROM entries_fts f JOIN entries e ON e.id = f.rowid
                    WHERE f.body LIKE ?1 AND f.rowid < ?3 ORDER BY f.rowid DESC LIMIT ?2
                    """)
                defer { s.reset() }
                var below = Int64.max
                // Pages, so that rows the exact check drops (only with `%` or `_`) are made up.
                while out.count < limit {
                    s.reset()
                    s.bind(1, pattern)
                    s.bind(2, Int64(limit))
                    s.bind(3, below)
                    var rows = 0
                    while try s.step() {
                        rows += 1
                        let e = SQLiteJournal.decodeEntry(s)
                        below = e.id
                        if !wild || SearchText.fold(e.body).contains(folded) { out.append(e) }
                        if out.count == limit { break }
                    }
                    if rows < limit { break }
                }
            } else if scalars.allSatisfy(SearchText.isCJK) {
                let s = try db.prepare("""
                    SELECT \(SQLiteJournal.entryColumns) FROM entries_cjk c JOIN entries e ON e.id = c.rowid
                    WHERE entries_cjk MATCH ?1 ORDER BY c.rowid DESC LIMIT ?2
                    """)
                defer { s.reset() }
                s.bind(1, "\"" + folded + "\"")
                s.bind(2, Int64(limit))
                while try s.step() { out.append(SQLiteJournal.decodeEntry(s)) }
            } else {
                let ascii = folded.utf8.allSatisfy { $0 < 0x80 }
                // ASCII: SQLite's LIKE folds ASCII case itself; anything else is folded first.
                let s = try db.prepare("""
                    SELECT \(SQLiteJournal.entryColumns) FROM entries e
                    WHERE \(ascii ? "e.body" : "lanternly_fold(e.body)") LIKE ?1 ESCAPE '\\' ORDER BY e.id DESC LIMIT ?2
                    """)
                defer { s.reset() }
                let escaped = folded.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
                s.bind(1, "%" + escaped + "%")
                s.bind(2, Int64(limit))
                while try s.step() { out.append(SQLiteJournal.decodeEntry(s)) }
            }
            return out
        }
        return entries
            .sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
            .map { SearchHit(entry: $0, snippet: SearchSnippet.around(q, in: $0.body)) }
    }

    // MARK: Chat

    @discardableResult
    public func appendChatTurn(message: String, reply: Reply, at date: Date) throws -> ChatTurn? {
        try appendChatTurn(message: message, reply: reply, at: date, question: nil)
    }

    /// Stores one exchange; `question` is the daily question `message` answers, if it does.
    @discardableResult
    public func appendChatTurn(message: String, reply: Reply, at date: Date, question: String?) throws -> ChatTurn? {
        // Crisis rule: a crisis exchange is never written anywhere.
        if reply.source.isCrisisPath { return nil }
        let ms = date.milliseconds
        return try writing { db in
            let s = try db.prepare("""
                INSERT INTO chat_turns(message, reply, source, language, created_at, question) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
                """)
            s.bind(1, message); s.bind(2, reply.text); s.bind(3, reply.source.rawValue)
            s.bind(4, reply.language.rawValue); s.bind(5, ms); s.bind(6, question)
            try s.step()
            s.reset()
            return ChatTurn(id: db.lastInsertRowID, message: message, reply: reply.text, source: reply.source,
                            language: reply.language, createdAt: Date(milliseconds: ms), question: question)
        }
    }

    public func chatHistory(limit: Int?) throws -> [ChatTurn] {
        try chatTurns(from: nil, before: nil, limit: limit)
    }

    @discardableResult
    public func eraseChatHistory() throws -> Int {
        let n = try writing { db -> Int in
            try db.execute("DELETE FROM chat_turns")
            return db.changes
        }
        // Copy the (zeroed, secure_delete) pages back and empty the log, so the old text does
        // not linger in the -wal file. A reader elsewhere may block it; that is not an error.
        _ = try reading { db in try db.strings("PRAGMA wal_checkpoint(TRUNCATE)") }
        return n
    }

    // MARK: Questions

    public func recordQuestion(_ record: QuestionRecord) throws {
        try writing { db in
            let s = try db.prepare("""
                INSERT OR REPLACE INTO question_history(day, question_key, asked_at) VALUES (?1, ?2, ?3)
                """)
            s.bind(1, record.day.description); s.bind(2, record.questionKey); s.bind(3, record.askedAt.milliseconds)
            try s.step()
            s.reset()
        }
    }

    public func questionHistory(since: LocalDay?) throws -> [QuestionRecord] {
        try reading { db in
            let s = try db.prepare("""
                SELECT day, question_key, asked_at FROM question_history WHERE day >= ?1 ORDER BY day, asked_at
                """)
            defer { s.reset() }
            s.bind(1, since?.description ?? "")
            var out: [QuestionRecord] = []
            while try s.step() {
                guard let day = LocalDay(s.string(0) ?? "") else { continue }
                out.append(QuestionRecord(day: day, questionKey: s.string(1) ?? "", askedAt: Date(milliseconds: s.int64(2))))
            }
            return out
        }
    }

    // MARK: Maintenance

    /// `PRAGMA NAME` as read on this journal's connection, e.g. `synchronous` → `"2"` (FULL),
    /// `journal_mode` → `"wal"`: what is in force, for tests and diagnostics.
    func pragma(_ name: String) throws -> String {
        try reading { db in try db.strings("PRAGMA \(name)").first ?? "" }
    }

    /// `PRAGMA integrity_check`: `["ok"]` for a healthy file, else SQLite's findings.
    public func integrityCheck() throws -> [String] {
        try reading { db in try db.strings("PRAGMA integrity_check") }
    }
}

extension Date {
    /// Whole milliseconds since 1970-01-01 UTC (rounded down), the stored form of an instant.
    var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded(.down)) }
    init(milliseconds: Int64) { self.init(timeIntervalSince1970: Double(milliseconds) / 1000) }
}

/// Access to LanternlyCore's time-zone cache (internal there).
enum TimeZoneCacheAccess {
    static func zone(_ identifier: String) -> TimeZone { JournalEntry.zone(identifier) }
}

/// The journal files this process holds open through SQLite, with how many
/// ``SQLiteJournal``s hold each (the app and its services may open the same journal twice).
final class OpenDatabases: @unchecked Sendable {
    static let shared = OpenDatabases()
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func opened(_ path: String) { lock.withLock { counts[path, default: 0] += 1 } }

    func closed(_ path: String) {
        lock.withLock {
            let n = (counts[path] ?? 1) - 1
            counts[path] = n > 0 ? n : nil
        }
    }

    func isOpen(_ path: String) -> Bool { lock.withLock { counts[path] != nil } }

    /// Runs `body` (an open and its registration) while no other thread of this process
    /// opens a journal. Recursive: an open may fall back to another kind of open.
    func opening<T>(_ body: () throws -> T) rethrows -> T {
        openLock.lock(); defer { openLock.unlock() }
        return try body()
    }
    private let openLock = NSRecursiveLock()
}
