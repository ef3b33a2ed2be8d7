import Foundation
import LanternlyCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `lanternly import --from jrnl FILE`: jrnl's JSON export or jrnl's plain-text journal.
///
/// - JSON (the file starts with `{`): `{"entries": [{"date": "YYYY-MM-DD", "time": "HH:MM",
///   "title", "body", "tags": ["@x"], "starred"}]}` (jrnl `plugins/json_exporter.py`). `time`
///   defaults to 09:00 (jrnl's `default_hour`), `body`, `tags`, `starred` are optional.
/// - Text: an entry starts at a line `[DATE] Title` (jrnl `journals/Journal.py`, `_parse`: a
///   bracket at the start of a line, then a space). DATE is `YYYY-MM-DD HH:MM`, `HH:MM:SS`, a
///   12-hour `HH:MM:SS AM`, or one of the partial forms jrnl's date parser (`dateutil`) fills
///   in: `YYYY-MM HH:MM` (day 1), `YYYY-MM-DD` (00:00), `YYYY-MM-DDTHH:MM`, `/` for `-`. In a
///   jrnl 1.x file whose first entry has no brackets, `YYYY-MM-DD HH:MM Title`. A title line
///   ending in `*` marks the entry starred. The lines up to the next entry are its body. A
///   body line that would read as a header is written by ``JrnlText/escapeBody(_:)`` with
///   one more leading space, which reading takes away again.
/// - Refused, naming the line: a bracketed date jrnl might read but Lanternly cannot tell
///   (`[10.07.2013 15:40]`: day or month first?), jrnl's screen output (`| ` indents), an
///   encrypted jrnl journal, a folder.
///
/// Line ends may be LF, CRLF or CR. The file is read in 64 KiB pieces and written as it is
/// read, in one transaction: memory does not grow with the file, and a file with an error
/// imports nothing. jrnl's times carry no zone; they are read in the zone passed in.
/// Importing the same file twice adds nothing the second time (see ``Journal/importEntries(_:)``).
public enum JrnlImport {
    /// Reads `url` (`-` is standard input; pipes, `/dev/stdin` and `<(…)` work) and imports
    /// its entries into `journal`.
    ///
    /// - Returns: entries added, skipped as already present, and repeated within the file.
    /// - Throws: ``JournalError/badImportFile(path:line:problem:)`` naming the file and line,
    ///   and the journal's write errors. Nothing is imported from a file with an error.
    public static func importFile(_ url: URL, into journal: Journal, timeZone: TimeZone = .current) throws -> ImportResult {
        let path = url.path
        let reader = try ByteReader(path: url.relativePath == "-" ? "-" : path)
        defer { reader.close() }
        let next = try entrySource(reader, path: path, timeZone: timeZone)
        return try journal.importEntries(next)
    }

    /// Parses a jrnl file (JSON or text, detected by a leading `{`) into entries.
    ///
    /// - Parameter path: used only in error messages.
    /// - Throws: ``JournalError/badImportFile(path:line:problem:)``.
    public static func parse(_ data: Data, path: String, timeZone: TimeZone) throws -> [NewEntry] {
        let reader = ByteReader(bytes: [UInt8](data))
        let next = try entrySource(reader, path: path, timeZone: timeZone)
        var out: [NewEntry] = []
        while let e = try next() { out.append(e) }
        return out
    }

    /// A function that returns the file's entries one at a time, `nil` at the end.
    static func entrySource(_ reader: ByteReader, path: String, timeZone: TimeZone) throws -> () throws -> NewEntry? {
        try reader.skipBOM()
        if try reader.firstNonSpace() == UInt8(ascii: "{") {
            let json = JSONEntryReader(reader, path: path, timeZone: timeZone)
            return { try json.next() }
        }
        let text = TextEntryReader(reader, path: path, timeZone: timeZone)
        return { try text.next() }
    }

    // MARK: Dates

    /// `YYYY-MM-DD HH:MM`, `… HH:MM:SS`, optionally ` AM`/` PM` (12-hour).
    static func parseStamp(_ s: Substring) -> (day: LocalDay, hour: Int, minute: Int, second: Int)? {
        let parts = s.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2 || parts.count == 3, let day = LocalDay(String(parts[0])) else { return nil }
        guard let clock = parseClock(parts[1], ampm: parts.count == 3 ? parts[2] : nil) else { return nil }
        return (day, clock.hour, clock.minute, clock.second)
    }

    /// `HH:MM` or `HH:MM:SS` (the hour may have one digit, as dateutil reads it), with an
    /// optional `AM`/`PM`.
    static func parseClock(_ s: Substring, ampm: Substring?) -> (hour: Int, minute: Int, second: Int)? {
        let clock = s.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2 || clock.count == 3,
              clock.allSatisfy({ $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }),
              (1...2).contains(clock[0].utf8.count), clock.dropFirst().allSatisfy({ $0.utf8.count == 2 }),
              var hour = Int(clock[0]), let minute = Int(clock[1]), minute < 60 else { return nil }
        let second = clock.count == 3 ? Int(clock[2]) ?? 99 : 0
        guard second < 60 else { return nil }
        if let ampm {
            let a = ampm.uppercased()
            guard (1...12).contains(hour), a == "AM" || a == "PM" else { return nil }
            hour = hour % 12 + (a == "PM" ? 12 : 0)
        }
        guard hour < 24 else { return nil }
        return (hour, minute, second)
    }

    static func parseTime(_ s: String) -> (hour: Int, minute: Int)? {
        let parts = s.split(separator: " ")
        guard parts.count == 1 || parts.count == 2,
              let c = parseClock(parts[0], ampm: parts.count == 2 ? parts[1] : nil) else { return nil }
        return (c.hour, c.minute)
    }
}

/// How jrnl's text format marks entries, shared by reading and writing.
public enum JrnlText {
    /// A bracketed header's date and time.
    struct Stamp {
        var day: LocalDay
        var hour: Int
        var minute: Int
        var second: Int
    }

    /// What the text inside `[…]` at the start of a line is.
    enum Bracket {
        /// A date and time: the line starts an entry.
        case stamp(Stamp)
        /// Not a date (`[link]`, `[1]`, `[x]`): the line is body text, as in jrnl.
        case text
        /// Something jrnl may read as a date that Lanternly cannot read the same way.
        case problem(ImportProblem)
    }

    /// Reads the inside of a bracket. Exact forms first; then the partial ones jrnl's date
    /// parser fills in (day 1, month 1, 00:00 — `dateutil.parser.parse` with jrnl's default
    /// date, jrnl `time.py`); day-first and other unclear dates are problems, never guesses.
    /// Anything 6 characters or shorter is not a date (jrnl `time.py`: "probably a markdown
    /// footnote").
    static func bracket(_ inside: Substring) -> Bracket {
        if let s = JrnlImport.parseStamp(inside) { return .stamp(Stamp(day: s.day, hour: s.hour, minute: s.minute, second: s.second)) }
        let u = Array(inside.utf8)
        guard u.count > 6 else { return .text }
        let digits = u.filter { $0 >= 48 && $0 <= 57 }.count
        // Not date-like: few digits (a date and time has at least 6).
        guard digits >= 4 else { return .text }
        // `2019-07 14:23`, `2019-07-14`, `2019/07/14 14:23`, `2019-07-14T14:23:05`.
        var parts = inside.split(whereSeparator: { $0 == " " || $0 == "T" })
        var ampm: Substring?
        if parts.count == 3, ["AM", "PM"].contains(parts[2].uppercased()) { ampm = parts.removeLast() }
        if parts.count <= 2 {
            let date = parts[0].split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "/" })
            let isNumber = { (s: Substring) in !s.isEmpty && s.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }
            if date.allSatisfy(isNumber), date[0].utf8.count == 4, (1...3).contains(date.count),
               date.dropFirst().allSatisfy({ $0.utf8.count <= 2 }) {
                let year = Int(date[0])!, month = date.count > 1 ? Int(date[1])! : 1, d = date.count > 2 ? Int(date[2])! : 1
                var clock: (hour: Int, minute: Int, second: Int)? = (0, 0, 0)
                if parts.count == 2 { clock = JrnlImport.parseClock(parts[1], ampm: ampm) }
                if let day = LocalDay(year: year, month: month, day: d), let clock {
                    return .stamp(Stamp(day: day, hour: clock.hour, minute: clock.minute, second: clock.second))
                }
                return .problem(.badDate(String(inside)))
            }
            // `10.07.2013`, `07/10/2013`, `10-07-2013 15:40`: which is the day?
            if date.count == 1 {
                let dotted = parts[0].split(separator: ".", omittingEmptySubsequences: false)
                if dotted.count == 3, dotted.allSatisfy(isNumber), dotted[2].utf8.count == 4 || dotted[0].utf8.count <= 2 {
                    return .problem(.dayFirstDate(String(inside)))
                }
            } else if date.count == 3, date.allSatisfy(isNumber), date[2].utf8.count == 4 {
                return .problem(.dayFirstDate(String(inside)))
            }
        }
        // Digits, a year or a clock, and little else: jrnl's fuzzy parser may read a date here.
        let hasClock = inside.contains(":")
        let hasYear = u.indices.contains { i in
            i + 4 <= u.count && u[i..<(i + 4)].allSatisfy { $0 >= 48 && $0 <= 57 }
        }
        if hasClock || hasYear { return .problem(.badDate(String(inside))) }
        return .text
    }

    /// A line `[…] rest` or `[…]` (jrnl: `^\[([^\]]+)\] `): the inside and the rest.
    static func splitBracket(_ line: Substring) -> (inside: Substring, rest: Substring)? {
        guard line.first == "[", let close = line.firstIndex(of: "]") else { return nil }
        let inside = line[line.index(after: line.startIndex)..<close]
        guard !inside.isEmpty else { return nil }
        var rest = line[line.index(after: close)...]
        if rest.isEmpty { return (inside, rest) }
        guard rest.first == " " else { return nil }
        rest = rest.dropFirst()
        return (inside, rest)
    }

    /// Whether `line` (after any leading spaces) would be read as an entry header or refused:
    /// such body lines are written with one more leading space.
    static func needsEscape(_ line: Substring) -> Bool {
        // Only a line whose first non-space byte is `[` or a digit can read as a header.
        guard let lead = line.utf8.first(where: { $0 != 0x20 }),
              lead == UInt8(ascii: "[") || (lead >= 0x30 && lead <= 0x39) else { return false }
        let bare = line.drop(while: { $0 == " " })
        guard bare.first == "[", let (inside, _) = splitBracket(bare) else {
            return legacyHeader(bare) != nil
        }
        if case .text = bracket(inside) { return legacyHeader(bare) != nil }
        return true
    }

    /// `YYYY-MM-DD HH:MM Title` (jrnl 1.x).
    static func legacyHeader(_ line: Substring) -> (stamp: Stamp, rest: Substring)? {
        let u = line.utf8
        guard u.count >= 16 else { return nil }
        let stampText = line.prefix(16)
        guard let s = JrnlImport.parseStamp(stampText) else { return nil }
        var rest = line.dropFirst(16)
        guard rest.isEmpty || rest.first == " " else { return nil }
        if rest.first == " " { rest = rest.dropFirst() }
        return (Stamp(day: s.day, hour: s.hour, minute: s.minute, second: s.second), rest)
    }

    /// The body as the text format writes it: every line that would read as a header (or
    /// be refused) gets one more leading space, so reading the file back gives the same
    /// entries (jrnl escapes such lines with a space the same way, `journals/LegacyJournal.py`).
    public static func escapeBody(_ body: String) -> String {
        // Nothing to escape unless some line starts (after spaces) with `[` or a digit.
        var atLineStart = true, candidate = false
        for b in body.utf8 {
            if atLineStart, b == UInt8(ascii: "[") || (b >= 0x30 && b <= 0x39) { candidate = true; break }
            if b == 0x0A { atLineStart = true } else if b != 0x20 { atLineStart = false }
        }
        guard candidate else { return body }
        var out = ""
        var first = true
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first { out += "\n" }
            first = false
            if needsEscape(line) { out += " " }
            out += line
        }
        return out
    }
}

// MARK: - Reading bytes

/// A file or pipe read in 64 KiB pieces (or bytes in memory), with the line number kept.
final class ByteReader {
    private let fd: Int32
    private var buffer: [UInt8]
    private var pos = 0
    private var end = 0
    private var atEOF = false
    private let owned: Bool
    let path: String
    /// The length in bytes of the line ``readLine(into:limit:)`` read last, before any cut.
    private(set) var lineLength = 0

    /// Opens `path` (`-`: standard input) for reading.
    ///
    /// - Throws: ``JournalError/badImportFile(path:line:problem:)`` with `.unreadable` (the
    ///   system's reason) or `.isFolder`.
    init(path: String) throws {
        self.path = path
        buffer = [UInt8](repeating: 0, count: 1 << 16)
        if path == "-" {
            fd = STDIN_FILENO
            owned = false
        } else {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            owned = true
            if fd < 0 {
                throw JournalError.badImportFile(path: path, line: nil, problem: .unreadable(reason: (FileCause(errno: errno) ?? .other).key))
            }
        }
        var st = stat()
        if fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFDIR {
            if owned { _ = Glibc.close(fd) }
            throw JournalError.badImportFile(path: path, line: nil, problem: .isFolder)
        }
    }

    init(bytes: [UInt8]) {
        fd = -1
        owned = false
        path = ""
        buffer = bytes
        end = bytes.count
        atEOF = true
    }

    func close() {
        if owned { _ = Glibc.close(fd) }
    }

    /// Refills the buffer; `false` at the end of the input.
    private func fill() throws -> Bool {
        if atEOF { return false }
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw JournalError.badImportFile(path: path, line: nil, problem: .unreadable(reason: (FileCause(errno: errno) ?? .other).key))
            }
            if n == 0 { atEOF = true; return false }
            pos = 0
            end = n
            return true
        }
    }

    func peek() throws -> UInt8? {
        if pos == end, try !fill() { return nil }
        return buffer[pos]
    }

    @inline(__always)
    func next() throws -> UInt8? {
        if pos == end, try !fill() { return nil }
        let b = buffer[pos]
        pos += 1
        return b
    }

    /// Appends to `out` the bytes from here up to the first `"`, `\\` or control byte
    /// (below 0x20) or the end of the buffer, consumes them, and returns how many: the plain
    /// run of a JSON string, taken in one step instead of a byte at a time.
    func takePlainRun(into out: inout [UInt8]) -> Int {
        let start = pos, stop = end
        var i = start
        buffer.withUnsafeBufferPointer { p in
            while i < stop {
                let b = p[i]
                if b == 0x22 || b == 0x5C || b < 0x20 { break }
                i += 1
            }
            if i > start { out.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<i])) }
        }
        pos = i
        return i - start
    }

    func skipBOM() throws {
        if pos == end, try !fill() { return }
        // The BOM may straddle a refill only on a pipe that delivers 1–2 bytes first; such
        // a pipe is read as it comes (the BOM then fails UTF-8 checks with a clear error).
        if end - pos >= 3, buffer[pos] == 0xEF, buffer[pos + 1] == 0xBB, buffer[pos + 2] == 0xBF { pos += 3 }
    }

    /// The first byte that is not ASCII whitespace, without consuming anything beyond the
    /// buffer (leading whitespace may be consumed).
    func firstNonSpace() throws -> UInt8? {
        while let b = try peek() {
            if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { pos += 1; continue }
            return b
        }
        return nil
    }

    /// Reads one line into `line` (without its end: LF, CRLF or a lone CR); `false` at the
    /// end of the input with nothing read.
    ///
    /// A line longer than `limit` bytes is cut at `limit` (the rest is read and dropped), so a
    /// file without line ends cannot fill memory; the caller refuses such a line by its size.
    func readLine(into line: inout [UInt8], limit: Int = .max) throws -> Bool {
        line.removeAll(keepingCapacity: true)
        lineLength = 0
        var any = false
        while true {
            if pos == end, try !fill() { return any }
            any = true
            var i = pos
            while i < end, buffer[i] != 0x0A, buffer[i] != 0x0D { i += 1 }
            if line.count < limit { line.append(contentsOf: buffer[pos..<min(i, pos + (limit - line.count))]) }
            lineLength += i - pos
            if i == end { pos = end; continue }
            let terminator = buffer[i]
            pos = i + 1
            if terminator == 0x0D, try peek() == 0x0A { pos += 1 }
            return true
        }
    }
}

// MARK: - Text

/// jrnl's plain-text journal, one entry at a time.
final class TextEntryReader {
    private let reader: ByteReader
    private let path: String
    private let timeZone: TimeZone
    private var number = 0
    private var bracketed: Bool?
    private var pending: (instant: Date, line: Int, size: Int, lines: [String])?
    private var done = false
    private var produced = 0
    private var lineBytes: [UInt8] = []
    private var sawScreenIndent = false

    init(_ reader: ByteReader, path: String, timeZone: TimeZone) {
        self.reader = reader
        self.path = path
        self.timeZone = timeZone
    }

    private func fail(_ line: Int?, _ problem: ImportProblem) -> JournalError {
        .badImportFile(path: path, line: line, problem: problem)
    }

    func next() throws -> NewEntry? {
        while !done {
            guard try reader.readLine(into: &lineBytes, limit: InputLimits.entryBytes + 1) else {
                done = true
                if let e = try finish() { return e }
                if produced == 0 { throw fail(nil, .noEntries) }
                return nil
            }
            number += 1
            if reader.lineLength > lineBytes.count {
                // Longer than any entry may be: refused for the entry it belongs to.
                let entry = produced + (pending != nil ? 1 : 0) + (lineBytes.first == UInt8(ascii: "[") ? 1 : 0)
                throw fail(number, .overLimit(entry: max(1, entry), LimitExceeded(kind: .entryBytes, found: reader.lineLength)))
            }
            guard let text = String(validating: lineBytes, as: UTF8.self) else {
                throw fail(number, number == 1 && TextEntryReader.looksBinary(lineBytes) ? .encrypted : .notUTF8)
            }
            if number == 1, text.hasPrefix("gAAAAA") || text.hasPrefix("JRNLv") { throw fail(nil, .encrypted) }
            let line = Substring(text)
            if let header = try header(line) {
                let finished = try finish()
                bracketed = header.bracketed
                let instant = LocalClock.instant(day: header.stamp.day, hour: header.stamp.hour, minute: header.stamp.minute,
                                                 second: header.stamp.second, in: timeZone)
                pending = (instant, number, header.rest.utf8.count, [String(header.rest)])
                if let finished { return finished }
                continue
            }
            if pending != nil {
                // jrnl's screen output (`jrnl -n 10 > file`) indents bodies with `| `.
                if bracketed == false, line.first == "|" { throw fail(number, .screenOutput) }
                var body = line
                if body.first == " ", JrnlText.needsEscape(body) { body = body.dropFirst() }
                // Over the limit: refused as soon as it is, so an endless entry costs no memory.
                pending!.size += body.utf8.count + 1
                if pending!.size > InputLimits.entryBytes + 1 {
                    throw fail(pending!.line, .overLimit(entry: produced + 1,
                                                        LimitExceeded(kind: .entryBytes, found: pending!.size - 1)))
                }
                pending!.lines.append(String(body))
            } else if !line.allSatisfy(\.isWhitespace) {
                // Colour codes before any entry: jrnl's screen output with colours on.
                if line.utf8.contains(0x1B) { throw fail(number, .screenOutput) }
                // A heading first: a markdown export (`# 2025`, `### 2025-03-09 21:30 …`).
                if line.range(of: "^#{1,6} ", options: .regularExpression) != nil { throw fail(number, .markdownExport) }
                throw fail(number, .textBeforeFirstEntry)
            }
        }
        return nil
    }

    /// Bytes that are no text in any encoding (a NUL, or mostly bytes ≥ 0x80 that are not
    /// UTF-8): an encrypted jrnl 1.x journal looks like this.
    static func looksBinary(_ bytes: [UInt8]) -> Bool {
        bytes.contains(0) || bytes.filter { $0 >= 0x80 }.count * 3 > bytes.count
    }

    private struct Header {
        var stamp: JrnlText.Stamp
        var rest: Substring
        var bracketed: Bool
    }

    /// An entry header at the start of `line`, or `nil` for a body line.
    private func header(_ line: Substring) throws -> Header? {
        if line.first == "[", bracketed != false, let (inside, rest) = JrnlText.splitBracket(line) {
            switch JrnlText.bracket(inside) {
            case .stamp(let s): return Header(stamp: s, rest: rest, bracketed: true)
            case .text: return nil
            case .problem(let p): throw fail(number, p)
            }
        }
        if bracketed != true, let (stamp, rest) = JrnlText.legacyHeader(line) {
            return Header(stamp: stamp, rest: rest, bracketed: false)
        }
        if bracketed == false, line.utf8.count >= 16, line.utf8.prefix(10).filter({ $0 == UInt8(ascii: "-") }).count == 2,
           line.utf8.prefix(4).allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            throw fail(number, .badDate(String(line.prefix(16))))
        }
        return nil
    }

    private func finish() throws -> NewEntry? {
        guard var p = pending else { return nil }
        pending = nil
        while let last = p.lines.last, last.allSatisfy(\.isWhitespace) { p.lines.removeLast() }
        var starred = false
        var first = p.lines.first ?? ""
        // Most title lines do not end in `*`: a byte look before any trimming.
        if first.utf8.last(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "*") {
            let trimmedFirst = first.trimmingCharacters(in: .whitespaces)
            starred = true
            first = String(trimmedFirst.drop(while: { $0 == "*" || $0 == " " }).reversed()
                .drop(while: { $0 == "*" || $0 == " " }).reversed())
        }
        var raw = first
        for l in p.lines.dropFirst() { raw += "\n"; raw += l }
        let split = JournalEntry.splitTitle(raw)
        let text = JournalEntry.joinTitle(split.title, split.body)
        do {
            try InputLimits.checkEntry(text)
        } catch let l as LimitExceeded {
            throw fail(p.line, .overLimit(entry: produced + 1, l))
        }
        produced += 1
        return NewEntry(text: text, createdAt: p.instant, timeZoneIdentifier: timeZone.identifier, starred: starred)
    }
}

// MARK: - JSON

/// jrnl's JSON export read as a stream: the top-level object's keys in order, each element
/// of `entries` parsed alone (RFC 8259), so memory holds one entry at a time.
final class JSONEntryReader {
    private indirect enum Value {
        case string(String), number(String), bool(Bool), null
        case array([Value]), object([(key: String, value: Value, line: Int)])

        var shown: String {
            switch self {
            case .string(let s): return s
            case .number(let n): return n
            case .bool(let b): return b ? "true" : "false"
            case .null: return "null"
            case .array: return "[…]"
            case .object: return "{…}"
            }
        }
    }

    private let reader: ByteReader
    private let path: String
    private let timeZone: TimeZone
    private var line = 1
    private var column = 0
    private var state = State.start
    private var index = 0
    private enum State { case start, inEntries, done }

    init(_ reader: ByteReader, path: String, timeZone: TimeZone) {
        self.reader = reader
        self.path = path
        self.timeZone = timeZone
    }

    /// A syntax error here: `kind` names a `json.syntax.*` catalog key, `character` fills it.
    private func syntax(_ kind: String, _ character: String = "") -> JournalError {
        .badImportFile(path: path, line: line,
                       problem: .notJSON(detail: "json.syntax." + kind, character: character, column: column))
    }

    private func byte() throws -> UInt8? {
        guard let b = try reader.next() else { return nil }
        if b == 0x0A { line += 1; column = 0 } else { column += 1 }
        return b
    }

    private func skipSpace() throws -> UInt8? {
        while let b = try reader.peek() {
            if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { _ = try byte(); continue }
            return b
        }
        return nil
    }

    private func expect(_ c: UInt8) throws {
        guard try skipSpace() == c, try byte() == c else {
            throw syntax("expected", String(Character(Unicode.Scalar(c))))
        }
    }

    func next() throws -> NewEntry? {
        while true {
            switch state {
            case .done:
                return nil
            case .start:
                try expect(UInt8(ascii: "{"))
                var found = false
                if try skipSpace() == UInt8(ascii: "}") { _ = try byte() } else {
                    while true {
                        let key = try string()
                        try expect(UInt8(ascii: ":"))
                        if key == "entries" {
                            guard try skipSpace() == UInt8(ascii: "[") else {
                                _ = try value()
                                throw JournalError.badImportFile(path: path, line: nil, problem: .notJrnlJSON)
                            }
                            _ = try byte()
                            found = true
                            break
                        }
                        _ = try value()
                        guard let sep = try skipSpace() else { throw syntax("unexpectedEnd") }
                        _ = try byte()
                        if sep == UInt8(ascii: "}") { break }
                        guard sep == UInt8(ascii: ",") else { throw syntax("expectedCommaOrBrace") }
                    }
                }
                guard found else { throw JournalError.badImportFile(path: path, line: nil, problem: .notJrnlJSON) }
                state = .inEntries
                if try skipSpace() == UInt8(ascii: "]") {
                    _ = try byte()
                    try finishObject()
                    return nil
                }
            case .inEntries:
                let startLine = line
                let v = try value()
                let entry = try makeEntry(v, line: startLine)
                index += 1
                guard let sep = try skipSpace() else { throw syntax("unexpectedEnd") }
                _ = try byte()
                if sep == UInt8(ascii: "]") {
                    try finishObject()
                } else if sep != UInt8(ascii: ",") {
                    throw syntax("expectedCommaOrBracket")
                }
                return entry
            }
        }
    }

    /// The keys after `entries`, the closing brace, and nothing but space after it.
    private func finishObject() throws {
        state = .done
        while true {
            guard let sep = try skipSpace() else { throw syntax("unexpectedEnd") }
            _ = try byte()
            if sep == UInt8(ascii: "}") { break }
            guard sep == UInt8(ascii: ",") else { throw syntax("expectedCommaOrBrace") }
            _ = try string()
            try expect(UInt8(ascii: ":"))
            _ = try value()
        }
        if try skipSpace() != nil { throw syntax("textAfterEnd") }
    }

    private func value() throws -> Value {
        guard let b = try skipSpace() else { throw syntax("unexpectedEnd") }
        switch b {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "{"):
            _ = try byte()
            var pairs: [(key: String, value: Value, line: Int)] = []
            if try skipSpace() == UInt8(ascii: "}") { _ = try byte(); return .object(pairs) }
            while true {
                let k = try string()
                try expect(UInt8(ascii: ":"))
                _ = try skipSpace()
                let l = line
                pairs.append((k, try value(), l))
                guard let sep = try skipSpace() else { throw syntax("unexpectedEnd") }
                _ = try byte()
                if sep == UInt8(ascii: "}") { return .object(pairs) }
                guard sep == UInt8(ascii: ",") else { throw syntax("expectedCommaOrBrace") }
            }
        case UInt8(ascii: "["):
            _ = try byte()
            var items: [Value] = []
            if try skipSpace() == UInt8(ascii: "]") { _ = try byte(); return .array(items) }
            while true {
                items.append(try value())
                guard let sep = try skipSpace() else { throw syntax("unexpectedEnd") }
                _ = try byte()
                if sep == UInt8(ascii: "]") { return .array(items) }
                guard sep == UInt8(ascii: ",") else { throw syntax("expectedCommaOrBracket") }
            }
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            var digits: [UInt8] = []
            while let c = try reader.peek(), (c >= 48 && c <= 57) || c == 0x2D || c == 0x2B || c == 0x2E || c == 0x65 || c == 0x45 {
                digits.append(c)
                _ = try byte()
            }
            return .number(String(decoding: digits, as: UTF8.self))
        default:
            throw syntax("unexpectedCharacter", String(Character(Unicode.Scalar(b))))
        }
    }

    private func word(_ w: String) throws {
        for c in w.utf8 { guard try byte() == c else { throw syntax("unexpectedWord") } }
    }

    private func hex4() throws -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let c = try byte() else { throw syntax("unexpectedEnd") }
            let d: UInt32
            switch c {
            case 48...57: d = UInt32(c - 48)
            case 65...70: d = UInt32(c - 55)
            case 97...102: d = UInt32(c - 87)
            default: throw syntax("badUnicodeEscape")
            }
            v = v << 4 | d
        }
        return v
    }

    private var stringBytes: [UInt8] = []

    private func string() throws -> String {
        guard try skipSpace() == UInt8(ascii: "\""), try byte() != nil else { throw syntax("expectedString") }
        stringBytes.removeAll(keepingCapacity: true)
        let startLine = line
        while true {
            // Bytes that need no look (no quote, escape or control byte) are taken as a run; a
            // JSON string holds no line break, so only the column moves.
            column += reader.takePlainRun(into: &stringBytes)
            guard let b = try byte() else { throw syntax("unterminatedString") }
            if b == 0x22 { break }
            if b < 0x20 { throw syntax("controlCharacter") }
            if b != 0x5C { stringBytes.append(b); continue }
            guard let e = try byte() else { throw syntax("unterminatedString") }
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): stringBytes.append(e)
            case UInt8(ascii: "n"): stringBytes.append(0x0A)
            case UInt8(ascii: "t"): stringBytes.append(0x09)
            case UInt8(ascii: "r"): stringBytes.append(0x0D)
            case UInt8(ascii: "b"): stringBytes.append(0x08)
            case UInt8(ascii: "f"): stringBytes.append(0x0C)
            case UInt8(ascii: "u"):
                var v = try hex4()
                if (0xD800..<0xDC00).contains(v) {
                    guard try byte() == 0x5C, try byte() == UInt8(ascii: "u") else { throw syntax("loneSurrogate") }
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw syntax("loneSurrogate") }
                    v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(v) else { throw syntax("loneSurrogate") }
                stringBytes.append(contentsOf: Array(String(Character(scalar)).utf8))
            default:
                throw syntax("badEscape")
            }
        }
        guard let s = String(validating: stringBytes, as: UTF8.self) else {
            throw JournalError.badImportFile(path: path, line: startLine, problem: .notUTF8)
        }
        return s
    }

    private func makeEntry(_ v: Value, line entryLine: Int) throws -> NewEntry {
        let i = index
        guard case .object(let pairs) = v else {
            throw JournalError.badImportFile(path: path, line: entryLine, problem: .badField(index: i, field: "entry", value: v.shown))
        }
        func field(_ name: String) -> (Value, Int)? {
            pairs.last(where: { $0.key == name }).map { ($0.value, $0.line) }
        }
        func bad(_ name: String) -> JournalError {
            let f = field(name)
            return .badImportFile(path: path, line: f?.1 ?? entryLine, problem: .badField(index: i, field: name, value: f?.0.shown ?? "—"))
        }
        guard case .string(let dateText)? = field("date")?.0, let day = LocalDay(dateText) else { throw bad("date") }
        var hour = 9, minute = 0
        if let (t, _) = field("time") {
            guard case .string(let ts) = t, let hm = JrnlImport.parseTime(ts) else { throw bad("time") }
            (hour, minute) = (hm.hour, hm.minute)
        }
        var title = "", body = ""
        if let (t, _) = field("title") {
            guard case .string(let s) = t else { throw bad("title") }
            title = s
        }
        if let (b, _) = field("body") {
            guard case .string(let s) = b else { throw bad("body") }
            body = s
        }
        func over(_ l: LimitExceeded) -> JournalError {
            .badImportFile(path: path, line: entryLine, problem: .overLimit(entry: i + 1, l))
        }
        var tags: [String] = []
        if let (t, _) = field("tags") {
            guard case .array(let list) = t else { throw bad("tags") }
            do { try InputLimits.checkTagCount(list.count) } catch let l as LimitExceeded { throw over(l) }
            for item in list { if case .string(let s) = item { tags.append(s) } }
        }
        var starred = false
        if let (s, _) = field("starred") {
            guard case .bool(let b) = s else { throw bad("starred") }
            starred = b
        }
        let size = title.utf8.count + body.utf8.count
        if size > InputLimits.entryBytes { throw over(LimitExceeded(kind: .entryBytes, found: size)) }
        let text = JournalEntry.joinTitle(title, body)
        do { try InputLimits.checkEntry(text, extraTags: tags) } catch let l as LimitExceeded { throw over(l) }
        let instant = LocalClock.instant(day: day, hour: hour, minute: minute, in: timeZone)
        return NewEntry(text: text, createdAt: instant,
                        timeZoneIdentifier: timeZone.identifier, starred: starred, extraTags: tags)
    }
}
