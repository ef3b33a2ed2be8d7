import Foundation
import LanternlyResources

/// Xcode's String Catalog (`Resources/Localizable.xcstrings`), read by hand: Linux
/// Foundation does not read it (DESIGN.md §8).
///
/// The shape read is Xcode's: `{"sourceLanguage": "en", "version": "1.0", "strings":
/// {KEY: {"localizations": {LANG: {"stringUnit": {"state": …, "value": TEXT}}}}}}`.
/// Placeholders are written `%@` / `%d` and filled with ``format(_:_:_:)``.
public struct StringCatalog: Sendable {
    /// key → language code → value.
    private let table: [String: [String: String]]

    /// Why a catalog could not be read.
    public struct FormatError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Parses a catalog's JSON.
    ///
    /// - Throws: ``FormatError`` naming the key whose shape is wrong.
    public init(data: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw FormatError(description: "the string catalog is not a JSON object")
        }
        let strings = root["strings"] as? [String: Any] ?? [:]
        var table: [String: [String: String]] = [:]
        table.reserveCapacity(strings.count)
        for (key, entry) in strings {
            guard let entry = entry as? [String: Any] else {
                throw FormatError(description: "string catalog key \"\(key)\" is not an object")
            }
            var values: [String: String] = [:]
            let localizations = entry["localizations"] as? [String: Any] ?? [:]
            for (lang, loc) in localizations {
                if let unit = (loc as? [String: Any])?["stringUnit"] as? [String: Any],
                   let value = unit["value"] as? String {
                    values[lang] = value
                }
            }
            table[key] = values
        }
        self.table = table
    }

    /// The shipped catalog: `Resources/Localizable.xcstrings` as embedded at build time by the
    /// `EmbedStringCatalog` plugin (no file read, no JSON parsing at start-up), built once per
    /// process.
    ///
    /// - Throws: ``FormatError`` when the embedded catalog is empty (a broken build).
    public static func shipped() throws -> StringCatalog {
        try shippedResult.get()
    }

    private static let shippedResult: Result<StringCatalog, Error> = Result {
        try StringCatalog(embeddedRecords: EmbeddedStringCatalog.records)
    }

    /// The shipped catalog read from the resource file, the slow way (tests compare it with
    /// ``shipped()`` to prove the embedded copy is current).
    ///
    /// - Throws: ``FormatError`` or the file system's error.
    public static func shippedFile() throws -> StringCatalog {
        try StringCatalog(data: Data(contentsOf: ShippedResources.url("Localizable.xcstrings")))
    }

    /// Parses the embedded form: records separated by U+001E, each `key U+001F language
    /// U+001F value`.
    init(embeddedRecords: String) throws {
        var table: [String: [String: String]] = [:]
        // Split on the UTF-8 bytes: the separators are control characters, which are never
        // part of a longer Character, so this is the `Character` split without its cost.
        var records = embeddedRecords
        records.withUTF8 { bytes in
            @inline(__always) func string(_ a: Int, _ b: Int) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[a..<b]), as: UTF8.self)
            }
            let n = bytes.count
            var start = 0
            while start < n {
                var end = start
                while end < n && bytes[end] != 0x1E { end += 1 }
                defer { start = end + 1 }
                var first = start
                while first < end && bytes[first] != 0x1F { first += 1 }
                guard first < end else { continue }
                var second = first + 1
                while second < end && bytes[second] != 0x1F { second += 1 }
                guard second < end else { continue }
                table[string(start, first), default: [:]][string(first + 1, second)] = string(second + 1, end)
            }
        }
        guard !table.isEmpty else {
            throw FormatError(description: "the embedded string catalog is empty; rebuild with 'make build'")
        }
        self.table = table
    }

    /// True when both catalogs hold the same keys with the same values.
    public func hasSameContent(as other: StringCatalog) -> Bool { table == other.table }

    /// Every key, sorted.
    public var keys: [String] { table.keys.sorted() }

    /// The value for `key` in `language`, or `nil` when absent or empty.
    public func value(_ key: String, _ language: AppLanguage) -> String? {
        value(key, code: language.rawValue)
    }

    /// The value for `key` in the catalog language `code` (a BCP 47 code as written in the
    /// catalog: `en`, `ja`, `zh-Hans`, e.g. ``SafetyLanguage/rawValue``), or `nil` when absent
    /// or empty.
    public func value(_ key: String, code: String) -> String? {
        guard let v = table[key]?[code], !v.isEmpty else { return nil }
        return v
    }

    /// The value for `key` in `language`, falling back to English, then to the key itself.
    public func string(_ key: String, _ language: AppLanguage) -> String {
        string(key, code: language.rawValue)
    }

    /// The value for `key` in the catalog language `code`, falling back to English, then to
    /// the key itself.
    public func string(_ key: String, code: String) -> String {
        value(key, code: code) ?? value(key, code: AppLanguage.english.rawValue) ?? key
    }

    /// ``string(_:_:)`` with `%@` placeholders filled in order by `arguments`.
    public func format(_ key: String, _ language: AppLanguage, _ arguments: String...) -> String {
        format(key, code: language.rawValue, arguments: arguments)
    }

    /// ``format(_:_:_:)`` with the arguments as an array (for callers that forward them).
    public func format(_ key: String, _ language: AppLanguage, arguments: [String]) -> String {
        format(key, code: language.rawValue, arguments: arguments)
    }

    /// ``string(_:code:)`` with `%@` / `%d` placeholders filled in order by `arguments`
    /// (`%%` is a percent sign; missing arguments become empty).
    public func format(_ key: String, code: String, arguments: [String]) -> String {
        var result = ""
        var args = arguments.makeIterator()
        let template = string(key, code: code)
        var i = template.startIndex
        while i < template.endIndex {
            let c = template[i]
            let next = template.index(after: i)
            if c == "%", next < template.endIndex, template[next] == "@" || template[next] == "d" {
                result += args.next() ?? ""
                i = template.index(after: next)
            } else if c == "%", next < template.endIndex, template[next] == "%" {
                result.append("%")
                i = template.index(after: next)
            } else {
                result.append(c)
                i = next
            }
        }
        return result
    }

    /// Keys that start with `prefix`, sorted (e.g. `bank.` for the reply bank).
    public func keys(withPrefix prefix: String) -> [String] {
        table.keys.filter { $0.hasPrefix(prefix) }.sorted()
    }
}
