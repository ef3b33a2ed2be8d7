import Foundation
import LanternlyCore

/// `lanternly reply`: one message in, Luna's reply out.
enum ReplyCommand {
    static let command = Command(
        name: "reply",
        helpArguments: [String(LunaChatService.maxMessageBytes / 1024)],
        run: run)

    static func run(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let json = args.flag("--json")
        let words = try args.positionals()
        let text: String
        if words.isEmpty {
            if isatty(STDIN_FILENO) != 0 {
                throw CLIError.usage(key: "cli.reply.needsMessage")
            }
            text = try Output.readStandardInput(limit: LunaChatService.maxMessageBytes, context: context)
        } else {
            text = words.joined(separator: " ")
        }
        let message = try context.validatedMessage(text)
        if let crisis = context.crisisFirst(message) {
            try print(crisis, json: json, context)
            return 0
        }
        try context.requireSettings()
        // A one-off answer, like a query: it is not kept in the chat history ('chat' keeps those).
        let reply = try context.reply(to: message, remember: false)
        try print(reply, json: json, context)
        return 0
    }

    private static func print(_ reply: Reply, json: Bool, _ context: Context) throws {
        if json {
            try Output.json(reply)
        } else {
            Output.line(reply.text)
            switch reply.ending {
            case .cutOff?: Output.line(context.text("cli.reply.cutOff"))
            case .stopped?: Output.line(context.text("cli.reply.stopped"))
            case nil: break
            }
        }
    }
}
