import Foundation
import LanternlyCore

/// `lanternly import --from jrnl FILE`: jrnl's JSON export or jrnl's plain-text journal.
///
/// - JSON (the file starts with `{`): `{"entries": [{"date": "YYYY-MM-DD", "time": "HH:MM",
///   "title", "body", "tags": ["@x"], "starred"}]}` (jrnl `plugins/exporter/json.py`). `time`
///   defaults to 09:00 (jrnl's `default_hour`), `body`, `tags`, `starred` are optional.
/// - Text: an entry starts at a line `[YYYY-MM-DD HH:MM] Title` (also `HH:MM:SS` and a 12-hour
///   `HH:MM:SS AM` as with jrnl's `timeformat = "%F %r"`), or — in a jrnl 1.x file whose first
///   entry has no brackets — `YYYY-MM-DD HH:MM Title`. A title line ending in `*` marks the
///   entry starred. The lines up to the next entry are its body (jrnl `journals/Journal.py`).
///
/// jrnl's times carry no zone; they are read in the zone passed in (the person's own).
/// Importing the same file twice adds nothing the second time (see ``Journal/importEntries(_:)``).
public enum JrnlImport {
    /// Reads `url` and imports its entries into `journal`.
    ///
    /// - Returns: entries added and skipped as already present.
    /// - Throws: ``JournalError/badImportFile(path:line:problem:)`` naming the file and line,
    ///   and the journal's write errors. Nothing is imported from a file with an error.
    public static func importFile(_ url: URL, into journal: Journal, timeZone: TimeZone = .current) throws -> ImportResult {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw JournalError.badImportFile(path: url.path, line: nil,
                                             problem: .unreadable(reason: (error as NSError).localizedDescription))
        }
        return try journal.importEntries(parse(data, path: url.path, timeZone: timeZone))
    }

    /// Parses a jrnl file (JSON or text, detected by a leading `{`) into entries.
    ///
    /// - Parameter path: used only in error messages.
    /// - Throws: ``JournalError/badImportFile(path:line:problem:)``.
    public static func parse(_ data: Data, path: String, timeZone: TimeZone) throws -> [NewEntry] {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw JournalError.badImportFile(path: path, line: firstBadUTF8Line(bytes), problem: .notUTF8)
        }
        if text.first(where: { !$0.isWhitespace }) == "{" {
            return try parseJSON(text, path: path, timeZone: timeZone)
        }
        return try parseText(text, path: path, timeZone: timeZone)
    }

    // MARK: JSON

    static func parseJSON(_ text: String, path: String, timeZone: TimeZone) throws -> [NewEntry] {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
                ?? (error as NSError).localizedDescription
            throw JournalError.badImportFile(path: path, line: lineNumber(in: detail), problem: .notJSON(detail: detail))
        }
        guard let object = root as? [String: Any], let list = object["entries"] as? [Any] else {
            throw JournalError.badImportFile(path: path, line: nil, problem: .notJrnlJSON)
        }
        var out: [NewEntry] = []
        out.reserveCapacity(list.count)
        for (i, item) in list.enumerated() {
            func bad(_ field: String, _ value: Any?) -> JournalError {
                let shown = value.map { "\($0)" } ?? "—"
                return .badImportFile(path: path, line: line(of: shown, in: text), problem: .badField(index: i, field: field, value: shown))
            }
            guard let e = item as? [String: Any] else { throw bad("entry", item) }
            guard let dateText = e["date"] as? String, let day = LocalDay(dateText) else { throw bad("date", e["date"]) }
            var hour = 9, minute = 0
            if let t = e["time"] {
                guard let ts = t as? String, let hm = parseTime(ts) else { throw bad("time", t) }
                (hour, minute) = (hm.hour, hm.minute)
            }
            let title = e["title"] ?? ""
            guard let titleText = title as? String else { throw bad("title", title) }
            let body = e["body"] ?? ""
            guard let bodyText = body as? String else { throw bad("body", body) }
            func over(_ l: LimitExceeded) -> JournalError {
                .badImportFile(path: path, line: nil, problem: .overLimit(entry: i + 1, l))
            }
            var tags: [String] = []
            if let t = e["tags"] {
                guard let list = t as? [Any] else { throw bad("tags", t) }
                do { try InputLimits.checkTagCount(list.count) } catch let l as LimitExceeded { throw over(l) }
                tags = list.compactMap { $0 as? String }
            }
            let starred = e["starred"] ?? false
            guard let star = starred as? Bool else { throw bad("starred", starred) }
            let instant = LocalClock.instant(day: day, hour: hour, minute: minute, in: timeZone)
            let size = titleText.utf8.count + bodyText.utf8.count
            if size > InputLimits.entryBytes { throw over(LimitExceeded(kind: .entryBytes, found: size)) }
            let entryText = JournalEntry.joinTitle(titleText, bodyText)
            do { try InputLimits.checkEntry(entryText, extraTags: tags) } catch let l as LimitExceeded { throw over(l) }
            out.append(NewEntry(text: entryText, createdAt: instant,
                                timeZoneIdentifier: timeZone.identifier, starred: star, extraTags: tags))
        }
        return out
    }

    // MARK: Text

    private struct Pending {
        var line: Int
        var instant: Date
        var starred: Bool
        var lines: [Substring]
    }

    static func parseText(_ text: String, path: String, timeZone: TimeZone) throws -> [NewEntry] {
        var out: [NewEntry] = []
        var current: Pending?
        var bracketed: Bool?
        func finish() throws {
            guard var p = current else { return }
            // Over the limit: refused before the lines are joined (a 50 MB line costs nothing more).
            let size = p.lines.reduce(0) { $0 + $1.utf8.count + 1 }
            if size > InputLimits.entryBytes + 1 {
                throw JournalError.badImportFile(path: path, line: p.line,
                                                 problem: .overLimit(entry: out.count + 1, LimitExceeded(kind: .entryBytes, found: size - 1)))
            }
            while let last = p.lines.last, last.allSatisfy(\.isWhitespace) { p.lines.removeLast() }
            var first = p.lines.first.map(String.init) ?? ""
            let trimmed = first.trimmingCharacters(in: .whitespaces)
            if trimmed.hasSuffix("*") {
                p.starred = true
                first = String(trimmed.drop(while: { $0 == "*" || $0 == " " }).reversed()
                    .drop(while: { $0 == "*" || $0 == " " }).reversed())
            }
            let raw = ([first] + p.lines.dropFirst().map(String.init)).joined(separator: "\n")
            let split = JournalEntry.splitTitle(raw)
            let entryText = JournalEntry.joinTitle(split.title, split.body)
            do {
                try InputLimits.checkEntry(entryText)
            } catch let l as LimitExceeded {
                throw JournalError.badImportFile(path: path, line: p.line, problem: .overLimit(entry: out.count + 1, l))
            }
            out.append(NewEntry(text: entryText, createdAt: p.instant,
                                timeZoneIdentifier: timeZone.identifier, starred: p.starred))
            current = nil
        }
        var number = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = rawLine.last == "\r" ? rawLine.dropLast() : rawLine
            if let header = try header(line, bracketed: bracketed, path: path, number: number) {
                try finish()
                bracketed = header.bracketed
                let instant = LocalClock.instant(day: header.day, hour: header.hour, minute: header.minute,
                                                 second: header.second, in: timeZone)
                current = Pending(line: number, instant: instant, starred: false, lines: [header.rest])
            } else if current != nil {
                current!.lines.append(line)
            } else if !line.allSatisfy(\.isWhitespace) {
                throw JournalError.badImportFile(path: path, line: number, problem: .textBeforeFirstEntry)
            }
        }
        try finish()
        if out.isEmpty { throw JournalError.badImportFile(path: path, line: nil, problem: .noEntries) }
        return out
    }

    private struct Header {
        var day: LocalDay
        var hour: Int
        var minute: Int
        var second: Int
        var rest: Substring
        var bracketed: Bool
    }

    /// An entry header at the start of `line`, or `nil` for a body line. A bracket that holds
    /// something shaped like a date that does not exist is an error.
    private static func header(_ line: Substring, bracketed: Bool?, path: String, number: Int) throws -> Header? {
        if line.first == "[", bracketed != false, let close = line.firstIndex(of: "]") {
            let inside = line[line.index(after: line.startIndex)..<close]
            guard looksLikeDate(inside) else { return nil }
            guard let stamp = parseStamp(inside) else {
                throw JournalError.badImportFile(path: path, line: number, problem: .badDate(String(inside)))
            }
            var rest = line[line.index(after: close)...]
            if rest.first == " " { rest = rest.dropFirst() }
            return Header(day: stamp.day, hour: stamp.hour, minute: stamp.minute, second: stamp.second,
                          rest: rest, bracketed: true)
        }
        if bracketed != true, looksLikeDate(line), line.count >= 16 {
            let stampText = line.prefix(16)
            guard let stamp = parseStamp(stampText) else {
                if bracketed == false {
                    throw JournalError.badImportFile(path: path, line: number, problem: .badDate(String(stampText)))
                }
                return nil
            }
            var rest = line.dropFirst(16)
            guard rest.isEmpty || rest.first == " " else { return nil }
            if rest.first == " " { rest = rest.dropFirst() }
            return Header(day: stamp.day, hour: stamp.hour, minute: stamp.minute, second: stamp.second,
                          rest: rest, bracketed: false)
        }
        return nil
    }

    /// `DDDD-DD-DD` at the start.
    private static func looksLikeDate(_ s: Substring) -> Bool {
        let u = Array(s.utf8.prefix(10))
        guard u.count == 10 else { return false }
        for (i, c) in u.enumerated() {
            if i == 4 || i == 7 { if c != UInt8(ascii: "-") { return false } } else if !(48...57).contains(c) { return false }
        }
        return true
    }

    /// `YYYY-MM-DD HH:MM`, `… HH:MM:SS`, optionally ` AM`/` PM` (12-hour).
    private static func parseStamp(_ s: Substring) -> (day: LocalDay, hour: Int, minute: Int, second: Int)? {
        let parts = s.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2 || parts.count == 3, let day = LocalDay(String(parts[0])) else { return nil }
        let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2 || clock.count == 3,
              clock.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              var hour = Int(clock[0]), let minute = Int(clock[1]), minute < 60 else { return nil }
        let second = clock.count == 3 ? Int(clock[2]) ?? 99 : 0
        guard second < 60 else { return nil }
        if parts.count == 3 {
            let ampm = parts[2].uppercased()
            guard (1...12).contains(hour), ampm == "AM" || ampm == "PM" else { return nil }
            hour = hour % 12 + (ampm == "PM" ? 12 : 0)
        }
        guard hour < 24 else { return nil }
        return (day, hour, minute, second)
    }

    private static func parseTime(_ s: String) -> (hour: Int, minute: Int)? {
        guard let stamp = parseStamp(Substring("2000-01-01 " + s)) else { return nil }
        return (stamp.hour, stamp.minute)
    }

    // MARK: Locating problems

    private static func firstBadUTF8Line(_ bytes: Data.SubSequence) -> Int {
        var line = 1
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s): if s == "\n" { line += 1 }
            case .emptyInput: return line
            case .error: return line
            }
        }
    }

    /// "… around line 3, column 5 …" → 3.
    private static func lineNumber(in detail: String) -> Int? {
        guard let r = detail.range(of: "line ") else { return nil }
        let digits = detail[r.upperBound...].prefix(while: \.isNumber)
        return Int(digits)
    }

    /// The line of the first occurrence of `needle` in `text`, if any.
    private static func line(of needle: String, in text: String) -> Int? {
        guard !needle.isEmpty, let r = text.range(of: needle) else { return nil }
        return text[..<r.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }
}
