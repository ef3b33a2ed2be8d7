import Foundation
import XCTest

/// `search` names entries by the same short id as `list`, and says how many it left out.
final class SearchIDCLITests: XCTestCase {
    var cli: CLIRunner!
    override func setUpWithError() throws {
        cli = try CLIRunner()
        cli.environment["LANTERNLY_NOW"] = "2026-11-25T12:00:00Z"
    }
    override func tearDown() { cli.cleanUp() }

    private func write(_ text: String, date: String) throws {
        let r = try cli.run(["write", "--quiet", "--date", date, text])
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    /// `list --json`'s ids by title.
    private func listIDs() throws -> [String: String] {
        let list = try cli.run(["list", "--json", "-n", "1000"])
        let entries = (list.json?["entries"] as? [[String: Any]]) ?? []
        var out: [String: String] = [:]
        for e in entries { if let t = e["title"] as? String, let id = e["id"] as? String { out[t] = id } }
        return out
    }

    func testSearchShowsListsIDsAndShowOpensThem() throws {
        try write("Walked by the river with Oskar", date: "2026-11-20 09:00")
        try write("Nothing about water today", date: "2026-11-21 09:00")
        try write("River swim, cold and bright", date: "2026-11-22 09:00")
        let ids = try listIDs()
        let expected = [ids["River swim, cold and bright"], ids["Walked by the river with Oskar"]].compactMap { $0 }
        XCTAssertEqual(expected.count, 2, "\(ids)")

        let plain = try cli.run(["search", "river"])
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let lines = plain.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.map { String($0.split(separator: " ").first ?? "") }, expected, plain.stdout)

        let json = try cli.run(["search", "--json", "river"])
        let hits = try XCTUnwrap((try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) as? [[String: Any]], json.stdout)
        XCTAssertEqual(hits.compactMap { $0["id"] as? String }, expected, json.stdout)

        for id in expected {
            let shown = try cli.run(["show", id])
            XCTAssertEqual(shown.status, 0, "show \(id): \(shown.stderr)")
            XCTAssertTrue(shown.stdout.lowercased().contains("river"), shown.stdout)
        }
    }

    func testSearchSaysHowManyMoreAndTakesN() throws {
        for day in 1...5 { try write("Tea number \(day)", date: "2026-11-0\(day) 10:00") }
        let all = try cli.run(["search", "tea"])
        XCTAssertEqual(all.stdout.split(separator: "\n").count, 5)
        XCTAssertEqual(all.stderr, "", "nothing left out, nothing to say")

        let two = try cli.run(["--lang", "en", "search", "-n", "2", "tea"])
        XCTAssertEqual(two.status, 0, two.stderr)
        XCTAssertEqual(two.stdout.split(separator: "\n").count, 2, two.stdout)
        XCTAssertTrue(two.stderr.contains("3") && two.stderr.contains("5") && two.stderr.contains("-n"), two.stderr)

        let twoJSON = try cli.run(["search", "--json", "-n", "2", "tea"])
        let hits = (try? JSONSerialization.jsonObject(with: Data(twoJSON.stdout.utf8))) as? [[String: Any]]
        XCTAssertEqual(hits?.count, 2, twoJSON.stdout)

        let bad = try cli.run(["search", "-n", "zero", "tea"])
        XCTAssertNotEqual(bad.status, 0)
        XCTAssertTrue(bad.stderr.contains("zero"), bad.stderr)
    }
}
