import Foundation
import XCTest

/// `export | import -` and `/dev/stdin`, and JSON that is the same bytes on every run.
final class ImportPipeCLITests: XCTestCase {
    var cli: CLIRunner!
    override func setUpWithError() throws { cli = try CLIRunner() }
    override func tearDown() { cli.cleanUp() }

    private func seed() throws {
        for (i, text) in ["Morning tea @home", "Вечером гуляла по парку", "猫と散歩した", "Line one\r\nwith a CR"].enumerated() {
            let r = try cli.run(["write", "--quiet", "--date", "2024-0\(i + 1)-0\(i + 1) 09:00", text])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
    }

    func testExportPipedIntoImportOnStandardInput() throws {
        try seed()
        let json = try cli.run(["export", "--format", "json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let txt = try cli.run(["export", "--format", "txt"])
        for (data, source) in [(json.stdout, "-"), (txt.stdout, "/dev/stdin")] {
            let other = try CLIRunner()
            defer { other.cleanUp() }
            let r = try other.run(["import", "--from", "jrnl", source], stdin: Data(data.utf8))
            XCTAssertEqual(r.status, 0, "\(source): \(r.stderr)")
            XCTAssertTrue(r.stdout.contains("4"), r.stdout)
            XCTAssertEqual(try other.run(["export", "--format", "json"]).stdout, json.stdout, source)
        }
    }

    func testJSONOutputIsByteIdenticalAcrossRuns() throws {
        try seed()
        for args in [["export", "--format", "json"], ["list", "--json", "-n", "10"]] {
            let first = try cli.run(args).stdout
            XCTAssertFalse(first.isEmpty)
            for _ in 0..<3 { XCTAssertEqual(try cli.run(args).stdout, first, args.joined(separator: " ")) }
        }
    }

    func testAFolderIsNamedAsAFolder() throws {
        let r = try cli.run(["import", "--from", "jrnl", cli.home.path])
        XCTAssertNotEqual(r.status, 0)
        XCTAssertTrue(r.stderr.contains("folder"), r.stderr)
        XCTAssertFalse(r.stderr.contains("NSCocoaErrorDomain"), r.stderr)
    }
}
