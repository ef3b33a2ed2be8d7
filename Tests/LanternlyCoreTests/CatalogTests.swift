import XCTest
import LanternlyCore
import LanternlyResources

/// DESIGN.md §8: walks every key of the shipped `Resources/Localizable.xcstrings`.
final class CatalogTests: XCTestCase {
    /// key → language → value, read straight from the shipped JSON (not through StringCatalog,
    /// so a missing localization cannot hide behind its English fallback).
    private func rawCatalog() throws -> [String: [String: String]] {
        let data = try Data(contentsOf: ShippedResources.url("Localizable.xcstrings"))
        let root = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(root["sourceLanguage"] as? String, "en")
        let strings = try XCTUnwrap(root["strings"] as? [String: Any])
        var table: [String: [String: String]] = [:]
        for (key, entry) in strings {
            let locs = (entry as? [String: Any])?["localizations"] as? [String: Any] ?? [:]
            var values: [String: String] = [:]
            for (lang, loc) in locs {
                values[lang] = ((loc as? [String: Any])?["stringUnit"] as? [String: Any])?["value"] as? String
            }
            table[key] = values
        }
        return table
    }

    private static func placeholders(_ s: String) -> [String] {
        var found: [String] = []
        var it = s.makeIterator()
        while let c = it.next() {
            if c == "%", let n = it.next(), n != "%" { found.append("%\(n)") }
        }
        return found
    }

    /// Russian forms that name the person's gender: past tense after "ты", adjectives/short
    /// forms with a gender, slash-or-brackets hacks like "рад(а)".
    static let gendered: [String] = [
        #"\bты\s+\p{L}+л(а|ся|ась)?\b"#,
        #"\b(рад|рада|сам|сама|готов|готова|должен|должна|уверен|уверена|устал|устала|права|прав)\b"#,
        #"\p{L}\((а|ла|на)\)"#,
        #"\p{L}/(а|ла|на)\b"#,
        #"\b\p{L}+(л|ла)\s+ли\s+ты\b"#,
        #"\b(оста\p{L}*|побудь|будь|был\p{L}*)\s+(один|одна)\b"#,
    ]

    func testEveryKeyHasEveryShippedLanguage() throws {
        let table = try rawCatalog()
        XCTAssertFalse(table.isEmpty)
        for (key, values) in table {
            for language in AppLanguage.allCases {
                let value = values[language.rawValue]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
                XCTAssertFalse(value.isEmpty, "\(key) has no \(language.rawValue) value")
            }
        }
    }

    func testEnglishHoldsNoCyrillic() throws {
        for (key, values) in try rawCatalog() {
            let en = values["en"] ?? ""
            XCTAssertFalse(en.unicodeScalars.contains { (0x400...0x52F).contains($0.value) }, "\(key): \(en)")
        }
    }

    func testPlaceholdersMatchAcrossLanguages() throws {
        for (key, values) in try rawCatalog() {
            let en = Self.placeholders(values["en"] ?? "")
            // Every language the key has (the crisis and concern replies have all 18).
            for (code, value) in values {
                XCTAssertEqual(Self.placeholders(value), en, "\(key) [\(code)]")
            }
        }
    }

    /// UI strings stay English and Russian; only the crisis and concern replies (and their
    /// help-line names) are written in every ``SafetyLanguage``, and in no other language.
    func testOnlyTheSafetyRepliesHaveMoreLanguages() throws {
        let ui = Set(AppLanguage.allCases.map(\.rawValue))
        let safety = Set(SafetyLanguage.allCases.map(\.rawValue))
        var extra = 0
        for (key, values) in try rawCatalog() {
            let codes = Set(values.keys)
            if key.hasPrefix("crisis.") || key.hasPrefix("concern.") {
                XCTAssertTrue(codes.isSubset(of: safety), "\(key) has a language no message is written in: \(codes.subtracting(safety))")
                extra += codes.subtracting(ui).count
            } else {
                XCTAssertEqual(codes, ui, "\(key): UI strings are English and Russian only")
            }
        }
        XCTAssertGreaterThan(extra, 16 * 18, "the replies are written in the 16 further languages")
    }

    func testNeutralLinesAvoidGenderedRussian() throws {
        let regexes = try Self.gendered.map { try NSRegularExpression(pattern: $0, options: [.caseInsensitive]) }
        // The patterns do catch what they are for.
        for sample in ["Я рада, что ты написала.", "ты сам знаешь", "рад(а) тебя видеть", "ты устал", "ты справился", "не оставайся один"] {
            XCTAssertTrue(regexes.contains { $0.firstMatch(in: sample, range: NSRange(sample.startIndex..., in: sample)) != nil }, sample)
        }
        let neutralPrefixes = ["bank.", "crisis.", "concern.", "question."]
        var checked = 0
        for (key, values) in try rawCatalog() where neutralPrefixes.contains(where: key.hasPrefix) {
            let ru = values["ru"] ?? ""
            for regex in regexes {
                let match = regex.firstMatch(in: ru, range: NSRange(ru.startIndex..., in: ru))
                XCTAssertNil(match, "\(key) uses a gendered form: \(ru)")
            }
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 8 + 18)
    }

    func testStringCatalogReadsTheSameValues() throws {
        let catalog = try StringCatalog.shipped()
        let table = try rawCatalog()
        XCTAssertEqual(Set(catalog.keys), Set(table.keys))
        for key in catalog.keys(withPrefix: "bank.") {
            XCTAssertEqual(catalog.value(key, .russian), table[key]?["ru"])
        }
    }
}

extension CatalogTests {
    /// The catalog embedded at build time is the resource file, key for key, value for value
    /// (the plugin re-embeds it whenever the file changes).
    func testEmbeddedCatalogMatchesTheResourceFile() throws {
        let embedded = try StringCatalog.shipped()
        let file = try StringCatalog.shippedFile()
        XCTAssertEqual(embedded.keys, file.keys)
        XCTAssertTrue(embedded.hasSameContent(as: file))
        XCTAssertEqual(embedded.string("diagnostics.source.onDevice", .russian), "на устройстве")
    }
}

/// Every catalog key written literally in the code exists in English and Russian: a key
/// typed in a command (`context.text("…")`, `catalog.format("…", …)`, `CLIError.usage(key: "…")`)
/// and forgotten in the catalog would show the bare key to a person.
final class CatalogKeysInCodeTests: XCTestCase {
    func testEveryKeyUsedInTheCodeIsInTheCatalogInEnglishAndRussian() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let catalog = try StringCatalog(data: Data(contentsOf: root.appendingPathComponent("Resources/Localizable.xcstrings")))
        let pattern = try NSRegularExpression(pattern:
            #"(?:\btext\(|\bformat\(|\bstring\(|\bvalue\(|(?:usage|runtime)\(key:)\s*"([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)""#)
        var used: [String: String] = [:]
        let sources = root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let key = String(text[Range(m.range(at: 1), in: text)!])
                used[key] = url.lastPathComponent
            }
        }
        XCTAssertGreaterThan(used.count, 150, "the scan should find the keys the commands use")
        for (key, file) in used.sorted(by: { $0.key < $1.key }) {
            for language in [AppLanguage.english, .russian] {
                XCTAssertNotNil(catalog.value(key, language), "\(file) uses \(key), missing in \(language.rawValue)")
            }
        }
    }
}
