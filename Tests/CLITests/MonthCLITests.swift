import XCTest

/// `lanternly month`: the model's or the computed observation, a past month kept once made.
final class MonthCLITests: XCTestCase {
    var cli: CLIRunner!
    override func setUpWithError() throws { cli = try CLIRunner() }
    override func tearDown() { cli.cleanUp() }

    func testAPastMonthIsKeptTheCurrentOneRecomputed() throws {
        for date in ["2025-01-30 20:00", "2025-01-31 21:00", "2025-02-01 08:00"] {
            XCTAssertEqual(try cli.run(profile: "iphone-16-pro", ["write", "--quiet", "--date", date, "A walk by the sea @walk"]).status, 0)
        }
        let open = try XCTUnwrap(try cli.run(profile: "iphone-16-pro", ["month", "2025-01", "--json"]).json)
        XCTAssertEqual(open["source"] as? String, "model")
        XCTAssertEqual(open["kept"] as? Bool, true)
        // The gate closes: the kept observation of January stays as it was.
        let closed = try XCTUnwrap(try cli.run(profile: "iphone-15", ["month", "2025-01", "--json"]).json)
        XCTAssertEqual(closed["source"] as? String, "model")
        XCTAssertEqual(closed["text"] as? String, open["text"] as? String)
        // February was never made before (2025-02-01 is a Saturday): computed now, with its streak across the month's start.
        let feb = try cli.run(profile: "iphone-15", ["month", "2025-02"], env: ["NO_COLOR": "1"])
        XCTAssertEqual(feb.status, 0, feb.stderr)
        XCTAssertTrue(feb.stdout.hasPrefix("February 2025\nYou wrote on 1 of 28 days; entries: 1."), feb.stdout)
        XCTAssertTrue(feb.stdout.contains("Longest streak: 3 days in a row (2025-01-30 – 2025-02-01)."), feb.stdout)
        XCTAssertTrue(feb.stdout.contains("Mo Tu We Th Fr Sa Su\n" + String(repeating: " ", count: 16) + "1░ 2·\n"), feb.stdout)
        XCTAssertFalse(feb.stdout.contains("\u{1B}"))
        // The current month is not kept.
        let now = try XCTUnwrap(try cli.run(profile: "iphone-15", ["month", "--json"]).json)
        XCTAssertEqual(now["kept"] as? Bool, false)
        XCTAssertEqual(now["source"] as? String, "computed")
    }

    func testBadMonthsAreUsageErrors() throws {
        for bad in ["2025-13", "25-01", "January", "2999-01"] {
            let r = try cli.run(profile: "iphone-16-pro", ["month", bad])
            XCTAssertEqual(r.status, 2, bad)
            XCTAssertTrue(r.stderr.contains(bad), r.stderr)
        }
    }
}

/// `lanternly question`: Luna's own question once a day, kept in the journal.
final class QuestionCLITests: XCTestCase {
    var cli: CLIRunner!
    override func setUpWithError() throws { cli = try CLIRunner() }
    override func tearDown() { cli.cleanUp() }

    func testLunasQuestionOncePerDayAndTheBankWhenClosed() throws {
        let first = try XCTUnwrap(try cli.run(profile: "iphone-16-pro", ["question", "--json", "--date", "2027-06-01"]).json)
        XCTAssertEqual(first["source"] as? String, "model")
        // Later that day, with the gate closed even: the day's question stays.
        let again = try XCTUnwrap(try cli.run(profile: "iphone-15", ["question", "--json", "--date", "2027-06-01"]).json)
        XCTAssertEqual(again["question"] as? String, first["question"] as? String)
        XCTAssertEqual(again["source"] as? String, "model")
        let next = try XCTUnwrap(try cli.run(profile: "iphone-16-pro", ["question", "--json", "--date", "2027-06-02"]).json)
        XCTAssertNotEqual(next["question"] as? String, first["question"] as? String, "never the last days' question")
        let closed = try XCTUnwrap(try cli.run(profile: "iphone-15", ["question", "--json", "--date", "2027-06-03"]).json)
        XCTAssertEqual(closed["source"] as? String, "bank")
        // The widget is the deterministic bank pick whatever the gate says.
        let w1 = try cli.run(profile: "iphone-16-pro", ["question", "--widget", "--date", "2027-06-01"]).stdout
        let w2 = try cli.run(profile: "iphone-15", ["question", "--widget", "--date", "2027-06-01"]).stdout
        XCTAssertEqual(w1, w2)
        XCTAssertNotEqual(w1.trimmingCharacters(in: .whitespacesAndNewlines), first["question"] as? String)
    }
}
