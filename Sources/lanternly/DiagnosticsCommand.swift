import Foundation
import LanternlyCore

/// `lanternly diagnostics`: the plain truth about the model, as the diagnostics screen shows it.
enum DiagnosticsCommand {
    static let command = Command(
        name: "diagnostics",
        summary: "AI diagnostics: availability, reason, last reply source, last error",
        help: """
        Usage: lanternly diagnostics [--json] [--write-report]

        Shows availability and its reason, the profile path, the supported languages, the
        source of the last reply and the last generation error. These persist across runs
        and never contain anything you wrote.

          --write-report   also write a diagnostics report to the state folder and print its path
        """,
        run: run)

    struct Payload: Encodable {
        let availability: String
        let reason: String?
        let profile: String
        let supportedLanguages: [String]
        let lastReplySource: String?
        let lastGenerationError: String?
        let downloadProgress: Double?
        let isSimulator: Bool

        func encode(to encoder: Encoder) throws {
            enum K: String, CodingKey {
                case availability, reason, profile, supportedLanguages, lastReplySource, lastGenerationError, downloadProgress, isSimulator
            }
            var c = encoder.container(keyedBy: K.self)
            try c.encode(availability, forKey: .availability)
            try c.encode(reason, forKey: .reason)
            try c.encode(profile, forKey: .profile)
            try c.encode(supportedLanguages, forKey: .supportedLanguages)
            try c.encode(lastReplySource, forKey: .lastReplySource)
            try c.encode(lastGenerationError, forKey: .lastGenerationError)
            try c.encode(downloadProgress, forKey: .downloadProgress)
            try c.encode(isSimulator, forKey: .isSimulator)
        }
    }

    static func run(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let json = args.flag("--json")
        let writeReport = args.flag("--write-report")
        try args.finish()
        let s = try context.statusSnapshot()
        let p = Payload(
            availability: s.availability.isAvailable ? "available" : "unavailable",
            reason: s.reason?.name, profile: context.profileURL.path,
            supportedLanguages: s.supportedLanguages.map(\.rawValue).sorted(),
            lastReplySource: s.lastSource?.rawValue, lastGenerationError: s.lastGenerationError,
            downloadProgress: s.downloadProgress, isSimulator: s.isSimulator)
        var reportPath: String?
        if writeReport {
            reportPath = try context.writeDiagnosticsReport().path
        }
        if json {
            try Output.json(p)
        } else {
            let none = context.text("cli.none")
            Output.line("\(context.text("cli.diag.availability")): \(p.availability)")
            Output.line("\(context.text("cli.diag.reason")): \(p.reason ?? none)")
            Output.line("\(context.text("cli.diag.profile")): \(p.profile)")
            Output.line("\(context.text("cli.diag.languages")): \(p.supportedLanguages.joined(separator: ", "))")
            Output.line("\(context.text("cli.diag.lastSource")): \(p.lastReplySource ?? none)")
            Output.line("\(context.text("cli.diag.lastError")): \(p.lastGenerationError ?? none)")
            if let progress = p.downloadProgress {
                Output.line("\(context.text("cli.diag.download")): \(Int((progress * 100).rounded()))%")
            }
        }
        if let reportPath { Output.error(context.text("cli.diag.reportWritten", reportPath)) }
        return 0
    }
}
