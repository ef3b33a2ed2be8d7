import Foundation
import XCTest

/// `import --from jrnl` of a markdown export says what it is and what can be imported.
final class ImportMarkdownCLITests: XCTestCase {
    var cli: CLIRunner!
    override func setUpWithError() throws { cli = try CLIRunner() }
    override func tearDown() { cli.cleanUp() }

    func testMarkdownExportIsNamedInEnglishAndRussian() throws {
        XCTAssertEqual(try cli.run(["write", "--quiet", "Lanterns on the pier"]).status, 0)
        let md = cli.home.appendingPathComponent("journal.md")
        let export = try cli.run(["export", "--format", "md", "-o", md.path])
        XCTAssertEqual(export.status, 0, export.stderr)
        let en = try cli.run(["--lang", "en", "import", "--from", "jrnl", md.path])
        XCTAssertNotEqual(en.status, 0)
        XCTAssertTrue(en.stderr.contains(md.path), en.stderr)
        XCTAssertTrue(en.stderr.contains("markdown") && en.stderr.contains("--format json"), en.stderr)
        XCTAssertFalse(en.stderr.contains("before the first entry"), en.stderr)
        let ru = try cli.run(["--lang", "ru", "import", "--from", "jrnl", md.path])
        XCTAssertNotEqual(ru.status, 0)
        XCTAssertTrue(ru.stderr.contains("markdown") && ru.stderr.contains("Импортируй"), ru.stderr)
        // Nothing was added by the refused import.
        let list = try cli.run(["list", "--json"])
        XCTAssertEqual((list.json?["entries"] as? [Any])?.count, 1, list.stdout)
    }
}
