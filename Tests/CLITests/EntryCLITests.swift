import Foundation
import XCTest

/// `list` ids, `edit`, `show`, `delete`, `trash`, `restore`, `tags`, `on-this-day`, `calendar`
/// and the date grammar, as a person runs them (issue 12). The clock is fixed with
/// `LANTERNLY_NOW`.
final class EntryCLITests: XCTestCase {
    var cli: CLIRunner!
    override func setUpWithError() throws {
        cli = try CLIRunner()
        cli.environment["LANTERNLY_NOW"] = "2026-11-25T12:00:00Z"  // a Wednesday
    }
    override func tearDown() { cli.cleanUp() }

    @discardableResult
    private func write(_ text: String, date: String) throws -> String {
        let r = try cli.run(["write", "--quiet", "--date", date, text])
        XCTAssertEqual(r.status, 0, r.stderr)
        let list = try cli.run(["list", "--json", "-n", "1000"])
        let entries = (list.json?["entries"] as? [[String: Any]]) ?? []
        let mine = entries.first { ($0["title"] as? String).map { text.hasPrefix($0) } ?? false }
        return try XCTUnwrap(mine?["id"] as? String, list.stdout)
    }

    private func ids(_ args: [String] = ["list", "-n", "100"]) throws -> [String] {
        try cli.run(args).stdout.split(separator: "\n").map { String($0.prefix(5)) }
    }

    func testListShowsStableIDsAndDatesPeopleSay() throws {
        let a = try write("Rough day at work @work", date: "yesterday 21:30")
        let b = try write("Tea with Mara @tea", date: "monday")
        let c = try write("A year ago @tea", date: "2025-11-25 08:00")
        XCTAssertEqual(try ids(), [a, b, c])
        let line = try cli.run(["list"]).stdout.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertEqual(line, "\(a)  2026-11-24 21:30  Rough day at work @work")
        XCTAssertEqual(try ids(["list", "--on", "вчера"]), [a])
        XCTAssertEqual(try ids(["list", "--on", "в понедельник"]), [b])
        XCTAssertEqual(try ids(["list", "--from", "3 days ago", "--to", "yesterday"]), [a, b])
        XCTAssertEqual(try ids(["list", "--to", "last month"]), [c])
        let bad = try cli.run(["list", "--on", "2026-02-30"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("'2026-02-30' is not a date that exists: that month has 28 days"), bad.stderr)
        let unknown = try cli.run(["list", "--from", "someday"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("3 days ago"), unknown.stderr)
        let ru = try cli.run(["--lang", "ru", "list", "--on", "2025-02-29"])
        XCTAssertTrue(ru.stderr.contains("Такой даты нет"), ru.stderr)
        // The grammar is in --help.
        for name in ["list", "write", "edit", "on-this-day", "history"] {
            XCTAssertTrue(try cli.run([name, "--help"]).stdout.contains("last monday"), name)
            XCTAssertTrue(try cli.run(["--lang", "ru", name, "--help"]).stdout.contains("позавчера"), name)
        }
    }

    func testEditShowRevisionsAndUndo() throws {
        let id = try write("Rough day at wrok", date: "2026-11-24 21:30")
        var r = try cli.run(["edit", id, "Rough day at work"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("Saved \(id)"), r.stderr)
        r = try cli.run(["show", id, "--revisions"])
        XCTAssertTrue(r.stdout.hasPrefix("\(id)  2026-11-24 21:30\nRough day at work\n"), r.stdout)
        XCTAssertTrue(r.stdout.contains("version 1") && r.stdout.contains("Rough day at wrok"), r.stdout)
        // Standard input replaces the text too; --date moves it and keeps the time.
        XCTAssertEqual(try cli.run(["edit", id], stdin: Data("From a pipe".utf8)).status, 0)
        XCTAssertEqual(try cli.run(["edit", "--last", "--date", "last monday"]).status, 0)
        let json = try cli.run(["show", id, "--json", "--revisions"])
        let shown = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(shown["date"] as? String, "2026-11-23")
        XCTAssertEqual(shown["time"] as? String, "21:30")
        XCTAssertEqual(shown["text"] as? String, "From a pipe")
        XCTAssertEqual((shown["revisions"] as? [[String: Any]])?.map { $0["text"] as? String },
                       ["Rough day at wrok", "Rough day at work", "From a pipe"])
        r = try cli.run(["edit", id, "--undo"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(try cli.run(["list", "--on", "2026-11-24"]).stdout.contains("From a pipe"))
        // A body piped in with its final newline prints without an empty line after it.
        XCTAssertEqual(try cli.run(["edit", id], stdin: Data("Piped with a newline\n".utf8)).status, 0)
        r = try cli.run(["show", id, "--revisions"])
        XCTAssertTrue(r.stdout.contains("Piped with a newline\n\n—"), r.stdout)
        XCTAssertFalse(r.stdout.contains("\n\n\n"), r.stdout)
        // Bad ids say what an id is.
        r = try cli.run(["edit", "12"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("five letters and digits"), r.stderr)
        r = try cli.run(["show", "zzzzz"])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("There's no entry zzzzz"), r.stderr)
    }

    func testEditorGetsTextThenTags() throws {
        let id = try write("Tea with Mara @tea", date: "yesterday")
        // The editor runs on the file: changes a word and the tags line.
        let script = cli.home.appendingPathComponent("ed.sh")
        let seen = cli.home.appendingPathComponent("seen.txt")
        try Data("#!/bin/sh\ncp \"$1\" '\(seen.path)'\nsed -i -e 's/Tea/Coffee/' -e 's/^Tags:.*/Tags: @calm, friends/' \"$1\"\n".utf8).write(to: script)
        _ = chmod(script.path, 0o755)
        // `script` (util-linux) gives the command a terminal, as a person would have.
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        p.arguments = ["-qec", "'\(CLIRunner.binary.path)' edit \(id)", "/dev/null"]
        p.environment = cli.environment.merging(["EDITOR": script.path]) { $1 }
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        let handed = try String(contentsOf: seen, encoding: .utf8)
        XCTAssertEqual(handed, "Tea with Mara @tea\n\nTags:\n")
        let shown = try cli.run(["show", id, "--json"]).stdout
        let obj = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(shown.utf8)) as? [String: Any])
        XCTAssertEqual(obj["text"] as? String, "Coffee with Mara @tea")
        XCTAssertEqual(obj["tags"] as? [String], ["@calm", "@friends", "@tea"])
    }

    func testDeleteAsksTrashRestoreAndExpiry() throws {
        let keep = try write("Kept entry", date: "2026-11-20")
        let gone = try write("Rough day at work", date: "2026-11-24")
        var r = try cli.run(["delete", gone])
        XCTAssertEqual(r.status, 2, "no terminal to ask on: refused without --yes")
        XCTAssertTrue(r.stderr.contains("--yes"), r.stderr)
        XCTAssertEqual(try ids(), [gone, keep])
        r = try cli.run(["delete", gone, "--yes"])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stdout.contains("'Rough day at work' (2026-11-24)"), r.stdout)
        XCTAssertEqual(try ids(), [keep])
        XCTAssertEqual(try cli.run(["search", "Rough"]).stdout, "")
        r = try cli.run(["trash"])
        XCTAssertTrue(r.stdout.contains(gone) && r.stdout.contains("kept until 2026-12-25"), r.stdout)
        XCTAssertEqual(try cli.run(["show", gone]).status, 1)
        XCTAssertTrue(try cli.run(["show", gone]).stderr.contains("lanternly restore \(gone)"))
        r = try cli.run(["restore", gone])
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(try ids(), [gone, keep])
        // Deleted again, then 31 days pass: purged on the next run.
        XCTAssertEqual(try cli.run(["delete", "--yes", gone]).status, 0)
        r = try cli.run(["trash", "--json"], env: ["LANTERNLY_NOW": "2026-12-24T12:00:00Z"])
        XCTAssertTrue(r.stdout.contains(gone), "29 days: still there")
        r = try cli.run(["trash", "--json"], env: ["LANTERNLY_NOW": "2026-12-26T12:00:00Z"])
        XCTAssertEqual(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "[]")
        XCTAssertEqual(try cli.run(["restore", gone]).status, 1)
        // trash --empty asks again.
        XCTAssertEqual(try cli.run(["delete", "--yes", keep]).status, 0)
        XCTAssertEqual(try cli.run(["trash", "--empty"]).status, 2)
        XCTAssertEqual(try cli.run(["trash", "--empty", "--yes"]).status, 0)
        XCTAssertEqual(try cli.run(["trash", "--json"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines), "[]")
    }

    func testTagsOnThisDayAndCalendar() throws {
        try write("Run @run @morning", date: "2026-11-23")
        try write("Run again @run", date: "2026-11-24")
        try write("Today @run", date: "2026-11-25")
        try write("Last year @tea", date: "2025-11-25")
        try write("Two years ago @tea", date: "2024-11-25")
        let tags = try cli.run(["tags", "--json"])
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(tags.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(list.map { $0["tag"] as? String }, ["@run", "@tea", "@morning"])
        XCTAssertEqual(list.map { $0["count"] as? Int }, [3, 2, 1])
        XCTAssertEqual(try cli.run(["tags"]).stdout, "3  @run\n2  @tea\n1  @morning\n")

        let otd = try cli.run(["on-this-day"]).stdout
        XCTAssertTrue(otd.contains("Last year") && otd.contains("Two years ago") && !otd.contains("Today"), otd)
        XCTAssertTrue(try cli.run(["on-this-day", "--date", "yesterday"]).stderr.contains("Nothing written"))

        let cal = try cli.run(["calendar", "--json"])
        let month = try XCTUnwrap(cal.json)
        XCTAssertEqual(month["month"] as? String, "2026-11")
        XCTAssertEqual(month["daysWritten"] as? Int, 3)
        XCTAssertEqual(month["currentStreak"] as? Int, 3)
        XCTAssertEqual(month["longestStreak"] as? Int, 3)
        XCTAssertEqual((month["days"] as? [[String: Any]])?.count, 30)
        let text = try cli.run(["calendar"], env: ["NO_COLOR": "1"]).stdout
        XCTAssertFalse(text.contains("\u{1B}"))
        XCTAssertTrue(text.contains(" 23* 24*>25*"), text)
        XCTAssertTrue(text.contains("Current streak: 3. Longest: 3."), text)
        XCTAssertTrue(try cli.run(["--lang", "ru", "calendar", "2025-11"]).stdout.contains("Дней с записями: 1 из 30."))
        XCTAssertEqual(try cli.run(["calendar", "2025-13"]).status, 2)
    }

    func testHistoryShowsTimesSourcesAndFiltersByDay() throws {
        let profile = try cli.profileCopy("iphone-16-pro")
        var r = try cli.run(["--profile", profile.path, "chat", "--plain"], stdin: Data("the garden is blooming\n/quit\n".utf8),
                            env: ["LANTERNLY_NOW": "2026-11-24T09:15:00Z"])
        XCTAssertEqual(r.status, 0, r.stderr)
        r = try cli.run(["--profile", profile.path, "chat", "--plain"], stdin: Data("long day at work\n/quit\n".utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        r = try cli.run(["history"])
        XCTAssertTrue(r.stdout.contains("— 2026-11-24 —\n09:15 > the garden is blooming\n09:15 Luna ("), r.stdout)
        XCTAssertTrue(r.stdout.contains("— 2026-11-25 —\n12:00 > long day at work"), r.stdout)
        r = try cli.run(["history", "--on", "yesterday"])
        XCTAssertTrue(r.stdout.contains("garden") && !r.stdout.contains("long day"), r.stdout)
        r = try cli.run(["history", "--from", "today"])
        XCTAssertTrue(!r.stdout.contains("garden") && r.stdout.contains("long day"), r.stdout)
        r = try cli.run(["history", "--json", "--to", "yesterday"])
        let turns = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        XCTAssertEqual(turns.count, 1)
        let t = turns[0]
        XCTAssertEqual(t["message"] as? String, "the garden is blooming")
        XCTAssertEqual(t["createdAt"] as? String, "2026-11-24T09:15:00Z")
        XCTAssertEqual(t["date"] as? String, "2026-11-24")
        XCTAssertEqual(t["time"] as? String, "09:15")
        XCTAssertEqual(t["source"] as? String, "onDevice")
        XCTAssertFalse((t["reply"] as? String ?? "").isEmpty)
        XCTAssertNotNil(t["sourceLabel"] as? String)
        XCTAssertNotNil(t["language"] as? String)
    }
}
