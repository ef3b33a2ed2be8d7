import Foundation
import LanternlyCore

/// One `lanternly` command: its name, its help, and what it does.
struct Command {
    let name: String
    /// One line for `lanternly --help`.
    let summary: String
    /// The full `lanternly NAME --help` text (usage line first).
    let help: String
    /// Whether the command needs the context (folders, settings, catalog) at all.
    let run: (inout Arguments, Context) throws -> Int32
}

enum CommandLineApp {
    static let version = "0.1.0"

    static let commands: [Command] = [
        ReplyCommand.command, ChatCommand.command, StatusCommand.command,
        DiagnosticsCommand.command, QuestionCommand.command, ProfileCommand.command,
        SettingsCommand.command,
    ] + JournalCommands.all

    static var generalHelp: String {
        var lines = [
            "Lanternly — a journaling companion for the terminal. You write; Luna answers.",
            "",
            "Usage: lanternly [--home DIR] [--profile PATH] [--lang en|ru] [COMMAND] [OPTIONS]",
            "",
            "With no command, opens the full-screen app (or the plain line mode when the",
            "terminal cannot draw it).",
            "",
            "Commands:",
        ]
        let width = commands.map(\.name.count).max() ?? 0
        for c in commands {
            lines.append("  " + c.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + c.summary)
        }
        lines += [
            "",
            "Global options:",
            "  --home DIR       keep config, data and state under DIR (env LANTERNLY_HOME)",
            "  --profile PATH   the hardware-profile file to simulate (env LANTERNLY_PROFILE)",
            "  --lang en|ru     the interface language (else settings, then LC_ALL/LC_MESSAGES/LANG)",
            "  --version        print the version",
            "  -h, --help       this help; 'lanternly COMMAND --help' for one command",
            "",
            "Exit codes: 0 success, 1 runtime error, 2 usage error.",
        ]
        return lines.joined(separator: "\n")
    }

    /// Runs one command line and returns the process exit code.
    static func run(_ argv: [String], environment: [String: String]) -> Int32 {
        var words = argv
        do {
            let options = try GlobalOptions.extract(from: &words)
            let beforeDashes = words.prefix(while: { $0 != "--" })
            if words.first == "--version" {
                Output.line("lanternly \(version)")
                return 0
            }
            if let first = words.first, first == "--help" || first == "-h" || first == "help" {
                if words.count > 1, let c = commands.first(where: { $0.name == words[1] }) {
                    Output.line(c.help)
                } else {
                    Output.line(generalHelp)
                }
                return 0
            }
            guard let name = words.first, !name.hasPrefix("-") else {
                if let first = words.first {
                    throw CLIError.usage("unknown option '\(first)'. See 'lanternly --help'.")
                }
                let context = try Context(options: options, environment: environment)
                try context.requireSettings()
                return try FullScreenLauncher.run(context: context)
            }
            guard let command = commands.first(where: { $0.name == name }) else {
                throw CLIError.usage("'\(name)' is not a lanternly command. See 'lanternly --help'.")
            }
            if beforeDashes.contains("--help") || beforeDashes.contains("-h") {
                Output.line(command.help)
                return 0
            }
            var args = Arguments(Array(words.dropFirst()), command: name)
            let context = try Context(options: options, environment: environment)
            // `reply` and `write` answer a crisis message before they look at the settings.
            if !["reply", "write"].contains(name) { try context.requireSettings() }
            return try command.run(&args, context)
        } catch let error as CLIError {
            Output.error("lanternly: \(error.description)")
            return error.exitCode
        } catch {
            Output.error("lanternly: \(error)")
            return 1
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
