import Foundation
import LanternlyCore

/// `lanternly profile`: the simulated device.
enum ProfileCommand {
    static let command = Command(
        name: "profile",
        run: run)

    static func run(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let json = args.flag("--json")
        let words = try args.positionals()
        switch words.first {
        case nil, "show"?:
            try context.ensureDefaultProfile()
            let data = try readProfileBytes(context)
            _ = try context.loadProfile()  // validates, with a clear error
            if json {
                Output.write(data)
            } else {
                Output.line("# \(context.profileURL.path)")
                Output.write(data)
                if data.last != UInt8(ascii: "\n") { Output.line("") }
            }
            return 0
        case "list"?:
            for name in HardwareProfile.shippedNames { Output.line(name) }
            return 0
        case "use"?:
            guard words.count == 2 else {
                throw CLIError.usage(key: "cli.profile.useNeedsName")
            }
            let profile = try context.profileNamed(words[1])
            try context.saveProfile(profile)
            Output.line(context.text("cli.profile.using", words[1], context.profileURL.path))
            return 0
        case "set"?:
            guard words.count == 3 else {
                throw CLIError.usage(key: "cli.profile.setNeedsKey")
            }
            try context.setProfile(key: words[1], value: words[2])
            Output.line("\(words[1]) = \(words[2])")
            return 0
        case let other?:
            throw CLIError.usage(key: "cli.profile.unknownAction", other)
        }
    }

    private static func readProfileBytes(_ context: Context) throws -> Data {
        let data: Data?
        do {
            data = try InputLimits.readFile(context.profileURL, limit: .profileBytes)
        } catch let l as LimitExceeded {
            throw CLIError.runtime(key: "cli.profile.tooLarge", context.profileURL.path, String(l.kind.limit))
        } catch {
            data = nil
        }
        guard let data else {
            throw CLIError.runtime(key: "cli.profile.missing", context.profileURL.path)
        }
        return data
    }
}
