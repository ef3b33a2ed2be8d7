import Foundation
import LanternlyCore

/// `lanternly chat --plain`: the line-mode chat, also the fallback of the full-screen app.
enum ChatCommand {
    static let command = Command(
        name: "chat",
        run: run)

    static func run(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let plain = args.flag("--plain")
        try args.finish()
        if !plain { return try FullScreenLauncher.run(context: context) }
        return try runPlain(context, reason: nil)
    }

    /// The line-mode chat. `reason`, when given, is printed first: why the full-screen app
    /// did not open.
    static func runPlain(_ context: Context, reason: String?) throws -> Int32 {
        if let reason { Output.line(reason) }
        let snapshot = try context.statusSnapshot()
        if let banner = snapshot.banner { Output.line("[\(banner)]") }
        Output.line(context.text("cli.chat.welcome"))
        let interactive = isatty(STDIN_FILENO) != 0
        while true {
            if interactive { Output.write("> ") }
            fflush(stdout)
            guard let raw = readLine(strippingNewline: true) else { break }
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            if let command = slashCommand(line) {
                switch command {
                case "quit", "exit", "q": return 0
                case "help", "h", "?": Output.line(context.text("cli.chat.help"))
                default: Output.line(context.text("cli.chat.unknownCommand", "/" + command))
                }
                continue
            }
            let message: String
            do {
                message = try context.validatedMessage(line)
            } catch let error as CLIError {
                Output.line(error.message(context.catalog, context.language))
                continue
            }
            let reply = try context.reply(to: message)
            Output.line("\(context.text("ui.chat.luna")) (\(context.sourceLabel(reply.source))): \(Sanitize.text(reply.text))")
            fflush(stdout)
        }
        return 0
    }

    /// The command word of a line such as `/help` or `/Quit now` (lower-cased, without the
    /// slash), or `nil` for a message: one that does not start with `/` plus a letter, such
    /// as `/ not sure` or `//`.
    static func slashCommand(_ line: String) -> String? {
        guard line.hasPrefix("/") else { return nil }
        let word = line.dropFirst().prefix { !$0.isWhitespace }
        guard let first = word.first, first.isLetter || first == "?" else { return nil }
        return word.lowercased()
    }
}
