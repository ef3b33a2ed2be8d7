import Foundation

/// A failure the command line reports to the person. `exitCode` is 2 for usage errors
/// (wrong flags, unknown values) and 1 for runtime errors (a file that cannot be read…).
struct CLIError: Error, CustomStringConvertible {
    var description: String
    var exitCode: Int32

    static func usage(_ message: String) -> CLIError { CLIError(description: message, exitCode: 2) }
    static func runtime(_ message: String) -> CLIError { CLIError(description: message, exitCode: 1) }
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
                    throw CLIError.usage("\(command): \(w) needs a value. See 'lanternly \(command) --help'.")
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
                throw CLIError.usage("\(command): unknown option '\(w)'. See 'lanternly \(command) --help'.")
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
            throw CLIError.usage("\(command): unexpected argument '\(first)'. See 'lanternly \(command) --help'.")
        }
    }
}
