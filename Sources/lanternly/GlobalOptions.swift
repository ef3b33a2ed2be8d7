import Foundation

/// The options every command accepts, before or after the command name:
/// `--home DIR`, `--profile NAME|PATH` (a shipped profile or a file), `--lang en|ru`.
struct GlobalOptions {
    var home: String?
    var profile: String?
    var language: String?

    /// Takes the global options out of `words`, leaving the rest in order.
    ///
    /// - Throws: ``CLIError/usage(_:)`` when an option has no value.
    static func extract(from words: inout [String]) throws -> GlobalOptions {
        var options = GlobalOptions()
        var rest: [String] = []
        var i = 0
        var afterDashes = false
        while i < words.count {
            let w = words[i]
            if afterDashes || w == "--" {
                afterDashes = true
                rest.append(w); i += 1; continue
            }
            var matched = false
            for (name, keyPath) in [("--home", \GlobalOptions.home), ("--profile", \GlobalOptions.profile),
                                    ("--lang", \GlobalOptions.language)] {
                if w == name {
                    guard i + 1 < words.count else {
                        throw CLIError.usage(key: "cli.args.globalNeedsValue", name)
                    }
                    options[keyPath: keyPath] = words[i + 1]
                    i += 2; matched = true
                } else if w.hasPrefix(name + "=") {
                    options[keyPath: keyPath] = String(w.dropFirst(name.count + 1))
                    i += 1; matched = true
                }
                if matched { break }
            }
            if !matched { rest.append(w); i += 1 }
        }
        words = rest
        if options.home == "" {
            throw CLIError.usage(key: "cli.args.emptyHome")
        }
        return options
    }
}
