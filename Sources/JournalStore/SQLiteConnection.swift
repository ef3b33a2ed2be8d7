import CSQLite
import Foundation
import LanternlyCore

// The one seam between Lanternly and the SQLite C API. Nothing else calls `sqlite3_*`.

/// An SQLite failure: the extended result code and SQLite's message.
struct SQLiteError: Error, CustomStringConvertible {
    /// Extended result code, e.g. `SQLITE_CORRUPT` (11), `SQLITE_FULL` (13), `SQLITE_BUSY` (5).
    let code: Int32
    let message: String

    /// The primary result code (the low byte of ``code``).
    var primary: Int32 { code & 0xFF }
    var description: String { "\(message) (\(code))" }
}

/// `SQLITE_TRANSIENT`: SQLite copies bound text before the call returns.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// Calls `transform` on the first argument's text and returns its result (NULL stays NULL).
private func textFunction(_ ctx: OpaquePointer?, _ argv: UnsafeMutablePointer<OpaquePointer?>?,
                          _ transform: (String) -> String) {
    guard let arg = argv?[0], let p = sqlite3_value_text(arg) else {
        sqlite3_result_null(ctx)
        return
    }
    let n = Int(sqlite3_value_bytes(arg))
    var out = transform(String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self))
    out.withUTF8 { buf in
        guard let base = buf.baseAddress, buf.count > 0 else {
            sqlite3_result_text(ctx, "", 0, transient)
            return
        }
        base.withMemoryRebound(to: CChar.self, capacity: buf.count) {
            sqlite3_result_text64(ctx, $0, UInt64(buf.count), transient, UInt8(SQLITE_UTF8))
        }
    }
}

/// `lanternly_fold(text)`: ``SearchText/fold(_:)`` on SQLite's UTF-8 bytes. Text that
/// ``SearchText/foldUTF8(_:into:)`` can fold (ASCII, Cyrillic, kana, common Han) is folded
/// into a buffer SQLite takes over, and ASCII text without capitals is handed back as it is;
/// only other text is made into a `String`. (The search index folds every body once, so
/// this runs 100,000 times for an import of 100,000 entries.)
private func foldFunction(_ ctx: OpaquePointer?, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let arg = argv?[0], let p = sqlite3_value_text(arg) else {
        sqlite3_result_null(ctx)
        return
    }
    let n = Int(sqlite3_value_bytes(arg))
    let input = UnsafeBufferPointer(start: p, count: n)
    var unchanged = true
    for b in input where b >= 0x80 || b &- 0x41 < 26 { unchanged = false; break }
    if unchanged {
        sqlite3_result_value(ctx, arg)
        return
    }
    if let raw = sqlite3_malloc64(UInt64(n)) {
        let out = raw.bindMemory(to: UInt8.self, capacity: n)
        if SearchText.foldUTF8(input, into: UnsafeMutableBufferPointer(start: out, count: n)) {
            raw.withMemoryRebound(to: CChar.self, capacity: n) {
                sqlite3_result_text64(ctx, $0, UInt64(n), sqlite3_free, UInt8(SQLITE_UTF8))
            }
            return
        }
        sqlite3_free(raw)
    }
    textFunction(ctx, argv, SearchText.fold)
}

/// `lanternly_cjk_grams(text)`: ``SearchText/cjkGrams(_:)``, with text that cannot hold a
/// CJK character answered from its bytes (`''`).
private func cjkGramsFunction(_ ctx: OpaquePointer?, _ argv: UnsafeMutablePointer<OpaquePointer?>?) {
    guard let arg = argv?[0], let p = sqlite3_value_text(arg) else {
        sqlite3_result_null(ctx)
        return
    }
    if !SearchText.mayHaveCJK(UnsafeBufferPointer(start: p, count: Int(sqlite3_value_bytes(arg)))) {
        sqlite3_result_text(ctx, "", 0, transient)
        return
    }
    textFunction(ctx, argv, SearchText.cjkGrams)
}

/// One open database connection (not thread-safe: callers serialize access).
final class SQLiteConnection {
    let path: String
    private var db: OpaquePointer?
    private var cache: [String: SQLiteStatement] = [:]

    /// Opens the database at `path` with `flags` (`SQLITE_OPEN_READONLY`, or
    /// `SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE`); `SQLITE_OPEN_NOMUTEX` is always added.
    ///
    /// - Throws: ``SQLiteError`` with SQLite's code, e.g. `SQLITE_CANTOPEN` for a folder
    ///   that cannot be written.
    ///
    /// The corresponding C function is `sqlite3_open_v2`.
    init(path: String, flags: Int32) throws {
        self.path = path
        var handle: OpaquePointer?
        let rc = sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
        if rc != SQLITE_OK {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            let code = handle.map { sqlite3_extended_errcode($0) } ?? rc
            sqlite3_close_v2(handle)
            throw SQLiteError(code: code, message: message)
        }
        db = handle
        sqlite3_extended_result_codes(handle, 1)
        SQLiteConnection.registerSearchFunctions(handle)
    }

    /// The journal's SQL functions, on every connection (the search index's triggers and
    /// view call them): `lanternly_fold(text)` (``SearchText/fold(_:)``) and
    /// `lanternly_cjk_grams(text)` (``SearchText/cjkGrams(_:)``). Deterministic and
    /// innocuous, so the schema may use them.
    ///
    /// The corresponding C function is `sqlite3_create_function_v2`.
    private static func registerSearchFunctions(_ db: OpaquePointer?) {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        sqlite3_create_function_v2(db, "lanternly_fold", 1, flags, nil, { ctx, _, argv in
            foldFunction(ctx, argv)
        }, nil, nil, nil)
        sqlite3_create_function_v2(db, "lanternly_cjk_grams", 1, flags, nil, { ctx, _, argv in
            cjkGramsFunction(ctx, argv)
        }, nil, nil, nil)
    }

    deinit { close() }

    /// Finalizes cached statements and closes the connection. Safe to call twice.
    ///
    /// The corresponding C function is `sqlite3_close_v2`.
    func close() {
        cache.removeAll()
        if let db { sqlite3_close_v2(db) }
        db = nil
    }

    /// How long a statement waits for another connection's lock before `SQLITE_BUSY`.
    ///
    /// The corresponding C function is `sqlite3_busy_timeout`.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(db, milliseconds)
    }

    /// Runs one or more statements that return no rows of interest.
    ///
    /// The corresponding C function is `sqlite3_exec`.
    func execute(_ sql: String) throws {
        var err: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(db, sql, nil, nil, &err)
        if rc != SQLITE_OK {
            let message = err.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(err)
            throw SQLiteError(code: sqlite3_extended_errcode(db), message: message)
        }
    }

    /// A prepared statement for `sql`, reused across calls (reset and unbound before return).
    ///
    /// The corresponding C function is `sqlite3_prepare_v2`.
    func prepare(_ sql: String) throws -> SQLiteStatement {
        if let s = cache[sql] {
            s.reset()
            return s
        }
        var stmt: OpaquePointer?
        let rc = sqlite3_prepare_v2(db, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw lastError(rc) }
        let s = SQLiteStatement(stmt, connection: self)
        cache[sql] = s
        return s
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    ///
    /// The corresponding C function is `sqlite3_changes`.
    var changes: Int { Int(sqlite3_changes(db)) }

    /// The rowid of the last successful INSERT.
    ///
    /// The corresponding C function is `sqlite3_last_insert_rowid`.
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(db) }

    /// The error for result code `rc`, with the connection's message.
    ///
    /// The corresponding C function is `sqlite3_errmsg`.
    func lastError(_ rc: Int32) -> SQLiteError {
        SQLiteError(code: db.map { sqlite3_extended_errcode($0) } ?? rc,
                    message: db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc)))
    }

    /// The first column of the first row of `sql`, as an integer (0 when there is no row).
    func scalarInt(_ sql: String) throws -> Int64 {
        let s = try prepare(sql)
        defer { s.reset() }
        return try s.step() ? s.int64(0) : 0
    }

    /// The first column of every row of `sql`, as text.
    func strings(_ sql: String) throws -> [String] {
        let s = try prepare(sql)
        defer { s.reset() }
        var out: [String] = []
        while try s.step() { out.append(s.string(0) ?? "") }
        return out
    }
}

/// A prepared statement owned by a ``SQLiteConnection``. Parameters are 1-based, columns 0-based.
final class SQLiteStatement {
    private let stmt: OpaquePointer
    private unowned let connection: SQLiteConnection

    fileprivate init(_ stmt: OpaquePointer, connection: SQLiteConnection) {
        self.stmt = stmt
        self.connection = connection
    }

    deinit { sqlite3_finalize(stmt) }

    /// Resets the statement and clears its bindings.
    ///
    /// The corresponding C functions are `sqlite3_reset` and `sqlite3_clear_bindings`.
    func reset() {
        sqlite3_reset(stmt)
        sqlite3_clear_bindings(stmt)
    }

    /// Binds a 64-bit integer to parameter `index`.
    ///
    /// The corresponding C function is `sqlite3_bind_int64`.
    func bind(_ index: Int32, _ value: Int64) {
        sqlite3_bind_int64(stmt, index, value)
    }

    /// Binds UTF-8 text (its exact byte count, so no NUL truncation), or NULL for `nil`.
    ///
    /// The corresponding C function is `sqlite3_bind_text`.
    func bind(_ index: Int32, _ value: String?) {
        guard let value else {
            sqlite3_bind_null(stmt, index)
            return
        }
        var v = value
        v.withUTF8 { buf in
            if let base = buf.baseAddress {
                base.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                    _ = sqlite3_bind_text64(stmt, index, $0, UInt64(buf.count), transient, UInt8(SQLITE_UTF8))
                }
            } else {
                _ = sqlite3_bind_text(stmt, index, "", 0, transient)
            }
        }
    }

    /// Advances to the next row: `true` for a row, `false` when done.
    ///
    /// - Throws: ``SQLiteError`` (e.g. `SQLITE_BUSY` after the busy timeout, `SQLITE_FULL`).
    ///
    /// The corresponding C function is `sqlite3_step`.
    @discardableResult
    func step() throws -> Bool {
        let rc = sqlite3_step(stmt)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = connection.lastError(rc)
            sqlite3_reset(stmt)
            throw error
        }
    }

    /// Column `i` as an integer.
    ///
    /// The corresponding C function is `sqlite3_column_int64`.
    func int64(_ i: Int32) -> Int64 { sqlite3_column_int64(stmt, i) }

    /// Column `i` as text, `nil` for NULL.
    ///
    /// The corresponding C function is `sqlite3_column_text`.
    func string(_ i: Int32) -> String? {
        guard let p = sqlite3_column_text(stmt, i) else { return nil }
        let n = Int(sqlite3_column_bytes(stmt, i))
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF8.self)
    }
}
