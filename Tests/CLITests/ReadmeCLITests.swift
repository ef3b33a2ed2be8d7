import XCTest

/// The README's commands match the Makefile and the binary they name.
final class ReadmeCLITests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private func read(_ name: String) throws -> String {
        try String(contentsOf: Self.root.appendingPathComponent(name), encoding: .utf8)
    }

    /// The value of `NAME := …` / `NAME ?= …` in the Makefile, with `$(VAR)` expanded.
    private func makeVariable(_ name: String, _ makefile: String) -> String? {
        for line in makefile.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let left = parts[0].trimmingCharacters(in: CharacterSet(charactersIn: " :?"))
            guard left == name else { continue }
            var value = parts[1].trimmingCharacters(in: .whitespaces)
            while let r = value.range(of: #"\$\(([A-Z_]+)\)"#, options: .regularExpression) {
                let inner = String(value[r].dropFirst(2).dropLast())
                value.replaceSubrange(r, with: inner == "HOME" ? "~" : (makeVariable(inner, makefile) ?? ""))
            }
            return value
        }
        return nil
    }

    func testExampleBinaryIsTheOneMakeRunBuilds() throws {
        let readme = try read("README.md"), makefile = try read("Makefile")
        // The binary `make run` starts: the first `$(VAR)` of the recipe after `run:`.
        let lines = makefile.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let runAt = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("run:") })
        let recipe = lines[runAt + 1]
        let variable = try XCTUnwrap(recipe.range(of: #"\$\(([A-Z_]+)\)"#, options: .regularExpression).map {
            String(recipe[$0].dropFirst(2).dropLast()) })
        let built = try XCTUnwrap(makeVariable(variable, makefile))
        let assignments = readme.split(separator: "\n").filter { $0.hasPrefix("B=") }
        XCTAssertFalse(assignments.isEmpty)
        for line in assignments {
            let value = line.dropFirst(2).split(separator: " ").first.map(String.init)
            XCTAssertEqual(value, built, "README's \(line) is not what `make run` builds")
        }
    }

    func testInstallDefaultPrefixMatchesTheMakefile() throws {
        let readme = try read("README.md"), makefile = try read("Makefile")
        let prefix = try XCTUnwrap(makeVariable("PREFIX", makefile))
        XCTAssertTrue(readme.contains("`\(prefix)/bin`"), "README should name \(prefix)/bin as where make install puts lanternly")
        // Every "make install" sentence that says where it copies names the Makefile's default.
        let flat = readme.replacingOccurrences(of: "\n", with: " ")
        var search = flat.startIndex..<flat.endIndex
        while let r = flat.range(of: "`make install` copies", range: search) {
            let rest = flat[r.upperBound...].prefix(120)
            XCTAssertTrue(rest.contains("`\(prefix)/bin`"), "README: \(flat[r.lowerBound...].prefix(160))")
            search = r.upperBound..<flat.endIndex
        }
        XCTAssertTrue(readme.contains("make install ") && readme.contains("into \(prefix)"),
                      "the Install section should give the default \(prefix)")
    }

    func testProfileExamplesRunAsWritten() throws {
        let cli = try CLIRunner()
        defer { cli.cleanUp() }
        let readme = try read("README.md")
        // Each `$B --profile X status` line of the example block runs against the built binary.
        for line in readme.split(separator: "\n") where line.hasPrefix("$B --profile ") && line.contains(" status") {
            let words = line.split(separator: " ").map(String.init)
            let r = try cli.run(["--profile", words[2], "status"])
            XCTAssertEqual(r.status, 0, "\(line): \(r.stderr)")
        }
    }
}
