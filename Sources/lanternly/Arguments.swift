import Foundation
import LanternlyCore

/// A failure the command line reports to the person. `exitCode` is 2 for usage errors
/// (wrong flags, unknown values) and 1 for runtime errors (a file that cannot be read…).
///
/// Built either from text already in the UI language (`usage(context.text(…))`) or from a
/// catalog key and its arguments (`usage(key:…)`), which ``message(_:_:)`` reads in the UI
/// language when the error is shown: code without a `Context` (argument parsing) uses keys.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    var exitCode: Int32
    /// The catalog key and arguments, when built with `key:`.
    var key: String?
    var arguments: [String] = []

    static func usage(_ message: String) -> CLIError { CLIError(description: message, exitCode: 2) }
    static func runtime(_ message: String) -> CLIError { CLIError(description: message, exitCode: 1) }
    static func usage(key: String, _ arguments: String...) -> CLIError {
        CLIError(description: key, exitCode: 2, key: key, arguments: arguments)
    }
    static func runtime(key: String, _ arguments: String...) -> CLIError {
        CLIError(description: key, exitCode: 1, key: key, arguments: arguments)
    }

    /// The message in `language`.
    func message(_ catalog: StringCatalog, _ language: AppLanguage) -> String {
        guard let key else { return description }
        return catalog.format(key, language, arguments: arguments.map { FileCause.localized($0, catalog, language) })
    }

    /// Any error as the person reads it in `language`: a ``CLIError``'s message, a domain
    /// error's catalog message, a Foundation or system error's plain cause.
    static func message(of error: Error, _ catalog: StringCatalog, _ language: AppLanguage) -> String {
        switch error {
        case let e as CLIError: return e.message(catalog, language)
        case let e as JournalError: return e.message(catalog, language)
        case let e as LimitExceeded: return e.message(catalog, language)
        case let e as ProfileError: return e.message(catalog, language)
        default: return catalog.format("cli.error.other", language, FileCause(error).message(catalog, language))
        }
    }
}

/// The words after the command name, consumed by flags, options and positionals.
///
/// Accepts `--name value` and `--name=value`; `--` ends options; an option that
/// is not consumed is reported by ``finish()`` as a usage error.
struct Arguments {
    private(set) var words: [String]
    let command: String

    init(_ words: [String], command: String) {
        self.words = words
        self.command = command
    }

    /// True (and consumed) when `names` appears; options after `--` are not looked at.
    mutating func flag(_ names: String...) -> Bool {
        let end = words.firstIndex(of: "--") ?? words.endIndex
        if let i = words[..<end].firstIndex(where: { names.contains($0) }) {
            words.remove(at: i)
            return true
        }
        return false
    }

    /// The value of `--name value` or `--name=value`, consumed; `nil` when absent.
    ///
    /// - Throws: ``CLIError/usage(_:)`` when the option is last with no value.
    mutating func option(_ names: String...) throws -> String? {
        let end = words.firstIndex(of: "--") ?? words.endIndex
        for i in words.startIndex..<end {
            let w = words[i]
            if names.contains(w) {
                guard i + 1 < words.count, words[i + 1] != "--" else {
                    throw CLIError.usage(key: "cli.args.needsValue", command, w, command)
                }
                let value = words[i + 1]
                words.removeSubrange(i...(i + 1))
                return value
            }
            for name in names where w.hasPrefix(name + "=") {
                words.remove(at: i)
                return String(w.dropFirst(name.count + 1))
            }
        }
        return nil
    }

    /// The remaining words, after checking that none of them looks like an unknown option.
    ///
    /// - Throws: ``CLIError/usage(_:)`` naming the first unknown option.
    mutating func positionals() throws -> [String] {
        var result: [String] = []
        var afterDashes = false
        for w in words {
            if afterDashes { result.append(w); continue }
            if w == "--" { afterDashes = true; continue }
            if w.hasPrefix("-") && w.count > 1 && Double(w) == nil {
                throw CLIError.usage(key: "cli.args.unknownOption", command, w, command)
            }
            result.append(w)
        }
        words = []
        return result
    }

    /// Fails when anything is left over.
    mutating func finish() throws {
        let rest = try positionals()
        if let first = rest.first {
            throw CLIError.usage(key: "cli.args.unexpected", command, first, command)
        }
    }
}
