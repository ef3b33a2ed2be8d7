import Foundation
import XCTest

/// With the Russian interface (`LANG=ru_RU.UTF-8` and the language setting `ru`, as a person
/// who chose Russian has them), no line the command line prints — on stdout or stderr, for a
/// success or an error — carries English words. Allowed: the product's and Apple's names,
/// command and setting names and the values `settings set` takes (they are what a person
/// types), flags, paths, and text quoted back from the person's own input.
final class RussianOutputCLITests: XCTestCase {
    /// Words a Russian line may hold in Latin letters (lowercased).
    static let allowed: Set<String> = {
        var words: Set<String> = [
            // Names: the product, Apple's, SQLite's, the formats, the keys on the keyboard.
            "lanternly", "luna", "apple", "intelligence", "iphone", "ipad", "mac", "ios", "ipados", "macos", "pro", "max",
            "plus", "air", "mini", "intel", "sqlite", "json", "jrnl", "txt", "md", "markdown", "utf", "ctrl", "esc",
            "enter", "tab", "shift", "id", "ai", "os", "wal", "tty",
            // Commands, settings and their values, as typed.
            "reply", "chat", "status", "diagnostics", "question", "profile", "settings", "list", "search", "write",
            "export", "import", "history", "edit", "show", "delete", "trash", "restore", "tags", "on", "this", "day",
            "calendar", "completions", "man", "memory", "month", "use", "set", "forget", "recover", "empty", "yes",
            "gender", "region", "path", "language", "lang", "model", "server", "name", "languages", "allowremote",
            "answers", "feminine", "masculine", "neutral", "calm", "growth", "connection", "auto", "off", "true",
            "false", "none", "journal", "en", "ru", "us", "bash", "zsh", "fish",
            // Variables and programs a message names.
            "editor", "visual", "lanternly_home", "nano", "vi", "sensible", "no_color", "term", "http", "https",
            "localhost", "home", "ollama", "openai", "echo", "shell", "tmux",
            // Subcommands.
            "erase", "clear", "undo", "report",
        ]
        // Profile values (`profile set os "iOS 26.1"`, device names) are the profile's own words.
        words.formUnion(["state", "ready", "downloading", "notdownloaded", "unavailable", "simulator", "device",
                         "appleintelligence", "freestoragegb", "downloadseconds", "devicelanguage", "sirilanguage",
                         "modellanguages"])
        return words
    }()

    /// The shipped profiles' names (`--profile iphone-16-low-storage`): names, as typed.
    static let profileNames: Set<String> = Set(((try? FileManager.default.contentsOfDirectory(atPath: CLIRunner.profiles.path)) ?? [])
        .map { String($0.dropLast(5)) })

    /// The Latin words of `line` that are not allowed: quoted input ('…', «…», "…"), paths,
    /// flags, `@tags`, entry ids (`ids`), profile names, country and other codes in capitals
    /// (US, ISO) and numbers are left out first.
    static func englishWords(_ line: String, ids: Set<String> = [], also: Set<String> = []) -> [String] {
        var text = line
        for (open, close) in [("'", "'"), ("«", "»"), ("\"", "\""), ("“", "”")] {
            while let a = text.range(of: open), let b = text.range(of: close, range: a.upperBound..<text.endIndex) {
                text.replaceSubrange(a.lowerBound..<b.upperBound, with: " ")
            }
        }
        let tokens = text.split(whereSeparator: { $0.isWhitespace }).map { $0.drop(while: { "[(<{|".contains($0) }) }.filter { t in
            !(t.contains("/") || t.hasPrefix("-") || t.hasPrefix("@") || t.hasPrefix("$") || t.hasPrefix("#")
              || t.contains("=") || t.contains("_") && t.uppercased() == t)
        }.map { $0.trimmingCharacters(in: .punctuationCharacters) }.filter { !ids.contains($0) && !profileNames.contains($0) }
        var found: [String] = []
        for t in tokens {
            for w in t.split(whereSeparator: { !($0.isASCII && $0.isLetter) }) where w.count > 1 {
                let word = w.lowercased()
                if w.count <= 3 && w.uppercased() == w { continue }  // US, GB, ISO
                if !allowed.contains(word) && !also.contains(word) { found.append(String(w)) }
            }
        }
        return found
    }

    func testTheFilterItselfCatchesEnglish() {
        XCTAssertEqual(Self.englishWords("lanternly: stopped by signal 15."), ["stopped", "by", "signal"])
        XCTAssertEqual(Self.englishWords("model.server       none (no network)"), ["no", "network"])
        XCTAssertEqual(Self.englishWords("Дневник /a/b.sqlite3 повреждён (database disk image is malformed)."),
                       ["database", "disk", "image", "is", "malformed"])
        XCTAssertEqual(Self.englishWords("Записей нет. Начни с команды: lanternly write --date вчера"), [])
        XCTAssertEqual(Self.englishWords("Нет записи «hello world» и 'abc'; F5 — вопрос, Ctrl-C — выход"), [])
        XCTAssertEqual(Self.englishWords("Запись k3f9q сохранена; профиль iphone-16-low-storage, код US", ids: ["k3f9q"]), [])
        XCTAssertEqual(Self.englishWords("Запись kzwjq сохранена", ids: []), ["kzwjq"])
        XCTAssertEqual(Self.englishWords("Использование: lanternly list [--from ДАТА] [--tag T]|[-n N]"), [])
    }

    private var cli: CLIRunner!
    /// The journal's short ids (and the ids the tests type): ids, not words.
    private var ids: Set<String> = ["zzzzz", "abcde"]

    private func learnIDs() throws {
        let r = try cli.run(["list", "--json"])
        let listed = (try? JSONSerialization.jsonObject(with: Data(r.stdout.utf8))) as? [String: Any]
        for case let e as [String: Any] in listed?["entries"] as? [Any] ?? [] {
            if let id = e["id"] as? String { ids.insert(id) }
        }
    }

    override func setUpWithError() throws {
        cli = try CLIRunner()
        cli.environment["LANG"] = "ru_RU.UTF-8"
        cli.environment["LC_ALL"] = "ru_RU.UTF-8"
        cli.environment["EDITOR"] = "true"
        XCTAssertEqual(try cli.run(["settings", "set", "language", "ru"]).status, 0)
    }

    override func tearDown() { cli.cleanUp() }

    /// Runs `args` and records every English word left on its lines.
    /// Help texts also name JSON keys and types, and the English date words the grammar takes.
    static let helpWords: Set<String> = [
        "text", "source", "crisis", "ondevice", "pivot", "bank", "concern", "string", "null", "bool", "number",
        "progress", "faults", "respond", "entries", "date", "time", "title", "body", "starred", "yyyy", "mm", "dd",
        "hh", "today", "yesterday", "tomorrow", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
        "sunday", "last", "days", "weeks", "months", "ago", "week",
    ]

    @discardableResult
    private func check(_ args: [String], stdin: Data? = nil, env: [String: String] = [:], also: Set<String> = [],
                       file: StaticString = #filePath, line: UInt = #line) throws -> CLIRunner.Result {
        let r = try cli.run(args, stdin: stdin, env: env)
        try learnIDs()
        for l in (r.stdout + "\n" + r.stderr).split(separator: "\n") {
            let words = Self.englishWords(String(l), ids: ids, also: also)
            if !words.isEmpty {
                XCTFail("\(args.joined(separator: " ")): English \(words) in: \(l)", file: file, line: line)
            }
        }
        return r
    }

    func testEveryCommandSpeaksRussian() throws {
        try check(["write", "Тихое утро у реки @прогулка"], env: ["LANTERNLY_NOW": "2025-11-30T08:00:00Z"])
        try check(["write", "Долгий день на работе, устал"])
        try check(["write", "Второй абзац\nещё строка"], stdin: nil)
        let id = String(try check(["list", "-n", "1"]).stdout.prefix(5))
        for args in [["status"], ["diagnostics"], ["settings"], ["settings", "show"], ["settings", "set", "gender", "feminine"],
                     ["settings", "set", "history", "on"], ["question"], ["list"], ["list", "--tag", "прогулка"],
                     ["search", "реки"], ["search", "нигде"], ["tags"], ["calendar"], ["on-this-day"],
                     ["on-this-day", "--date", "2026-11-30"], ["month"], ["history"], ["memory", "list"],
                     ["trash"], ["show", id], ["show", id, "--revisions"], ["edit", id, "Исправленный текст"],
                     ["show", id, "--revisions"], ["reply", "Сегодня был тяжёлый день"], ["history"],
                     ["profile", "list"], ["delete", id, "--yes"], ["trash"], ["restore", id],
                     ["export", "--format", "txt"], ["export", "--format", "md"]] {
            try check(args, env: ["LANTERNLY_NOW": "2026-11-30T20:00:00Z"])
        }
        // The line-by-line chat, its commands, and the rest of the commands people run.
        try check(["chat", "--plain"], stdin: Data("/help\n/nosuchcommand\nПривет, день был длинный\n".utf8))
        for args in [["question", "--widget"], ["diagnostics", "--write-report"], ["write", "--recover"],
                     ["memory", "forget", "nothing-like-this"], ["trash", "--empty", "--yes"], ["edit", "--last", "--undo"],
                     ["calendar", "2026-02"], ["month", "2026-11"]] {
            try check(args)
        }
        try check(["reply", "Как дела?"], env: ["LANTERNLY_MODEL_URL": "ftp://example"])
        let file = cli.home.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        try check(["--home", file.path, "list"])
        let out = cli.home.appendingPathComponent("out.json")
        try check(["export", "--format", "json", "--output", out.path])
        try check(["export", "--format", "json", "--output", out.path])  // exists: refused
        try check(["import", "--from", "jrnl", out.path])
        try check(["history", "erase", "--yes"])
    }

    func testEveryHelpIsRussian() throws {
        let names = ["reply", "chat", "status", "diagnostics", "question", "profile", "settings", "list", "search",
                     "write", "export", "import", "history", "edit", "show", "delete", "trash", "restore", "tags",
                     "on-this-day", "calendar", "completions", "memory", "month"]
        try check(["--help"], also: Self.helpWords)
        for n in names { try check([n, "--help"], also: Self.helpWords) }
    }

    func testErrorsSpeakRussian() throws {
        for args in [["nosuchcommand"], ["list", "-n", "abc"], ["settings", "set", "gender", "robot"],
                     ["settings", "set", "region", "xx"], ["settings", "set", "model.server", "ftp://x"],
                     ["profile", "set", "appleIntelligence", "yes"], ["--profile", "./missing.json", "status"],
                     ["--profile", "no-such-name", "status"], ["import", "--from", "jrnl", "/nonexistent/j.txt"],
                     ["show", "zzzzz"], ["edit", "--last", "x"], ["delete", "abcde", "--yes"],
                     ["on-this-day", "--date", "2026-02-30"], ["calendar", "2026-13"]] {
            let r = try check(args)
            XCTAssertNotEqual(r.status, 0, args.joined(separator: " "))
        }
        // Invalid UTF-8 on standard input, and a settings file with a bad value.
        try check(["write"], stdin: Data([0x66, 0xFF, 0xFE]))
        let settings = cli.home.appendingPathComponent("config/settings.json")
        let kept = try Data(contentsOf: settings)
        try Data(#"{"language": "ru", "gender": "robot"}"#.utf8).write(to: settings)
        try check(["list"])
        try kept.write(to: settings)
        // Import files whose JSON does not parse: the parser's words are ours, in Russian.
        let broken = cli.home.appendingPathComponent("broken.json")
        for body in [#"{"entries": [ {"date": "x" "#, #"{"entries": [ {"date": "x"} ] } extra"#, #"{"entries": [tru]}"#,
                     #"{"entries": [ {"date": "a\qb"} ]}"#, "{\"entries\": [ {\"date\": \"a\u{01}\"} ]}", #"{"entries": [ {"date": "\ud800"} ]}"#,
                     #"{"entries": [ {"date" 1} ]}"#, #"{"entries": [ {"date": "x"} "#, #"{"entries": [ {"date": @} ]}"#] {
            try Data(body.utf8).write(to: broken)
            let r = try check(["import", "--from", "jrnl", broken.path])
            XCTAssertNotEqual(r.status, 0, body)
        }
        let profile = cli.home.appendingPathComponent("bad-profile.json")
        try Data("{ nope".utf8).write(to: profile)
        try check(["--profile", profile.path, "status"])
    }

    func testADamagedJournalIsExplainedInRussian() throws {
        let file = cli.home.appendingPathComponent("many.txt")
        try Data((0..<300).map { "[2020-01-\(String(format: "%02d", $0 % 28 + 1)) 10:00] запись \($0)\n"
            + String(repeating: "страница \($0) ", count: 30) + "\n\n" }.joined().utf8).write(to: file)
        XCTAssertEqual(try cli.run(["import", "--from", "jrnl", file.path]).status, 0)
        let db = cli.home.appendingPathComponent("data/journal.sqlite3")
        let good = try Data(contentsOf: db)
        XCTAssertGreaterThan(good.count, 4096 * 8)
        // Damaged pages, a cut file, and a file that is not a database at all.
        var damaged = good
        // Every page after the first is damaged in its middle (the header stays readable).
        for page in stride(from: 4096, to: good.count, by: 4096) {
            for i in (page + 1000)..<(page + 3000) { damaged[i] = 0x5A }
        }
        for bytes in [damaged, good.prefix(good.count / 2), Data(repeating: 0x41, count: 8192)] {
            try bytes.write(to: db)
            for args in [["list"], ["search", "страница"], ["write", "ещё"], ["tags"], ["on-this-day"]] {
                let r = try check(args)
                XCTAssertNotEqual(r.status, 0, args.joined(separator: " "))
            }
        }
    }

    func testAnEditorStoppedBySignalIsToldInRussian() throws {
        let id = String(try cli.run(["write", "Первая версия"]).stdout.prefix(5))
        let listed = String(try cli.run(["list", "-n", "1"]).stdout.prefix(5))
        XCTAssertFalse(listed.isEmpty, id)
        // The editor writes, then SIGTERM reaches lanternly (its parent, or the shell's parent).
        let script = cli.home.appendingPathComponent("ed.sh")
        try Data("""
            #!/bin/sh
            echo 'Новый текст, почти готов' > "$1"
            p=$PPID
            [ "$(cat /proc/$p/comm)" = sh ] && p=$(cut -d' ' -f4 /proc/$p/stat)
            kill -TERM $p
            sleep 5
            """.utf8).write(to: script)
        _ = chmod(script.path, 0o755)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        p.arguments = ["-qec", "'\(CLIRunner.binary.path)' edit \(listed)", "/dev/null"]
        p.environment = cli.environment.merging(["EDITOR": script.path]) { $1 }
        let out = Pipe()
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertTrue(text.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }, text)
        // ("Terminated" is the shell that `script` runs, reporting lanternly's end.)
        for l in text.split(whereSeparator: \.isNewline) where l.trimmingCharacters(in: .whitespaces) != "Terminated" {
            XCTAssertEqual(Self.englishWords(String(l), ids: [listed]), [], String(l))
        }
    }
}
