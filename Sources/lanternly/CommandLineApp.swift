import Foundation
import LanternlyCore

/// One `lanternly` command: its name, its help, and what it does. The help texts live in the
/// string catalog (`cli.help.NAME.summary`, `cli.help.NAME`) and are resolved at print time
/// in the UI language.
struct Command {
    let name: String
    /// Values for the `%@` placeholders of the full help, in order (e.g. the reply size limit).
    var helpArguments: [String] = []
    /// Whether the full help ends with the date grammar (`cli.help.dates`, ``DateExpression``).
    var takesDates = false
    /// Whether the command needs the context (folders, settings, catalog) at all.
    let run: (inout Arguments, Context) throws -> Int32

    /// Catalog key of the one line shown in `lanternly --help`.
    var summaryKey: String { "cli.help.\(name).summary" }
    /// Catalog key of the full `lanternly NAME --help` text (usage line first).
    var helpKey: String { "cli.help.\(name)" }

    /// The one-line summary in `language`.
    func summary(_ catalog: StringCatalog, _ language: AppLanguage) -> String {
        catalog.string(summaryKey, language)
    }

    /// The full help text in `language`.
    func help(_ catalog: StringCatalog, _ language: AppLanguage) -> String {
        let text = catalog.format(helpKey, language, arguments: helpArguments)
        return takesDates ? text + "\n\n" + catalog.string("cli.help.dates", language) : text
    }
}

enum CommandLineApp {
    static let version = "0.1.0"

    static let commands: [Command] = [
        ReplyCommand.command, ChatCommand.command, StatusCommand.command,
        DiagnosticsCommand.command, QuestionCommand.command, ProfileCommand.command,
        SettingsCommand.command,
    ] + JournalCommands.all + EntryCommands.all + ShellIntegration.all + [MemoryCommand.command, MonthCommand.command]

    /// The general help (`lanternly --help`) in `language`: `cli.help.general` with the
    /// command list filled in.
    static func generalHelp(_ catalog: StringCatalog, _ language: AppLanguage) -> String {
        let width = commands.map(\.name.count).max() ?? 0
        let list = commands.map {
            "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary(catalog, language)
        }
        return catalog.format("cli.help.general", language, list.joined(separator: "\n"))
    }

    /// The catalog and UI language for `--help`, which runs before (and without) a `Context`:
    /// resolved as `Context` does it, `--lang`, then the settings file's language, then the
    /// environment. A settings file that cannot be read is skipped, never an error here.
    ///
    /// - Throws: `CLIError.usage` for an unknown `--lang`; `CLIError.runtime` when the
    ///   embedded catalog is broken.
    static func helpLanguage(_ options: GlobalOptions, environment: [String: String]) throws -> (StringCatalog, AppLanguage) {
        let catalog: StringCatalog
        do {
            catalog = try StringCatalog.shipped()
        } catch {
            throw CLIError.runtime("Lanternly's string catalog could not be read. Rebuild with 'make build'.")  // no catalog to say it with
        }
        var configured: AppLanguage?
        do {
            let paths = try LanternlyPaths.resolve(home: options.home, environment: environment)
            configured = try Context.loadSettings(paths.settingsFile).language
        } catch {
            configured = nil  // a broken settings file must not stop --help
        }
        do {
            let language = try LanguageResolver.resolve(flag: options.language, config: configured, environment: environment)
            return (catalog, language)
        } catch let e as LanguageResolver.UnknownLanguage {
            throw CLIError.usage(key: "cli.lang.unknown", e.value)
        }
    }

    /// Runs one command line and returns the process exit code.
    static func run(_ argv: [String], environment: [String: String]) -> Int32 {
        var words = argv
        var shownOptions = GlobalOptions()
        do {
            let options = try GlobalOptions.extract(from: &words)
            shownOptions = options
            let beforeDashes = words.prefix(while: { $0 != "--" })
            if words.first == "--version" {
                Output.line("lanternly \(version)")
                return 0
            }
            if let first = words.first, first == "--help" || first == "-h" || first == "help" {
                let (catalog, language) = try helpLanguage(options, environment: environment)
                if words.count > 1, let c = commands.first(where: { $0.name == words[1] }) {
                    Output.line(c.help(catalog, language))
                } else {
                    Output.line(generalHelp(catalog, language))
                }
                return 0
            }
            guard let name = words.first, !name.hasPrefix("-") else {
                if let first = words.first {
                    throw CLIError.usage(key: "cli.args.unknownGlobalOption", first)
                }
                let context = try Context(options: options, environment: environment)
                try context.requireSettings()
                return try FullScreenLauncher.run(context: context)
            }
            guard let command = commands.first(where: { $0.name == name }) else {
                throw CLIError.usage(key: "cli.args.unknownCommand", name)
            }
            if beforeDashes.contains("--help") || beforeDashes.contains("-h") {
                let (catalog, language) = try helpLanguage(options, environment: environment)
                Output.line(command.help(catalog, language))
                return 0
            }
            var args = Arguments(Array(words.dropFirst()), command: name)
            let context = try Context(options: options, environment: environment)
            // `reply` and `write` answer a crisis message before they look at the settings.
            if !["reply", "write"].contains(name) { try context.requireSettings() }
            return try command.run(&args, context)
        } catch {
            // Said in the UI language (`--lang`, the settings, the environment; English when
            // even that cannot be worked out, e.g. for an unknown --lang).
            var shown = shownOptions
            let resolved = (try? helpLanguage(shown, environment: environment)) ?? {
                shown.language = nil
                return try? helpLanguage(shown, environment: environment)
            }()
            guard let (catalog, language) = resolved else {
                Output.error("lanternly: \((error as? CLIError)?.description ?? "\(error)")")
                return (error as? CLIError)?.exitCode ?? 1
            }
            Output.error("lanternly: " + CLIError.message(of: error, catalog, language))
            return (error as? CLIError)?.exitCode ?? 1
        }
    }
}

/// Runs async work from the synchronous command line and waits for it.
func runBlocking<T>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

/// Carries a result out of a `Task` to the thread waiting on it.
final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, Error>?
}
