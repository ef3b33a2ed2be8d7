import Foundation
import LanternlyCore

/// `lanternly diagnostics`: the plain truth about the model, as the diagnostics screen shows it.
enum DiagnosticsCommand {
    static let command = Command(
        name: "diagnostics",
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
        /// `{"chat": {"lastSource": "onDevice", "lastError": null}, "memory": …}`.
        let services: [String: ServiceState]
        /// The model server, when one is configured: `{"url", "model", "isRemote", "state", "error"}`.
        let server: ModelServerStatus?
        /// What to do about the server (`ollama pull NAME`…), when something is to be done.
        let serverFix: String?
        /// Set when a remote server is in use: journal text leaves the machine.
        let privacyNotice: String?

        struct ServiceState: Encodable {
            let lastSource: String?
            let lastError: String?

            func encode(to encoder: Encoder) throws {
                enum K: String, CodingKey { case lastSource, lastError }
                var c = encoder.container(keyedBy: K.self)
                try c.encode(lastSource, forKey: .lastSource)
                try c.encode(lastError, forKey: .lastError)
            }
        }

        func encode(to encoder: Encoder) throws {
            enum K: String, CodingKey {
                case availability, reason, profile, supportedLanguages, lastReplySource, lastGenerationError, downloadProgress, isSimulator, services
                case server, serverFix, privacyNotice
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
            try c.encode(services, forKey: .services)
            try c.encodeIfPresent(server, forKey: .server)
            try c.encodeIfPresent(serverFix, forKey: .serverFix)
            try c.encodeIfPresent(privacyNotice, forKey: .privacyNotice)
        }
    }

    static func run(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let json = args.flag("--json")
        let writeReport = args.flag("--write-report")
        try args.finish()
        let s = try context.statusSnapshot()
        let p = Payload(
            availability: s.availability, reason: s.reason, profile: s.profile,
            supportedLanguages: s.supportedLanguages,
            lastReplySource: s.lastSource?.rawValue, lastGenerationError: s.lastGenerationError,
            downloadProgress: s.downloadProgress, isSimulator: s.isSimulator,
            services: Dictionary(uniqueKeysWithValues: s.services.map {
                ($0.service.rawValue, Payload.ServiceState(lastSource: $0.lastSource, lastError: $0.lastError))
            }),
            server: s.server, serverFix: s.serverFix, privacyNotice: s.privacyNotice)
        var reportPath: String?
        if writeReport {
            reportPath = try context.writeDiagnosticsReport().path
        }
        if json {
            try Output.json(p)
        } else {
            // The same labelled lines as the diagnostics screen, in the UI language.
            let lines = try context.diagnostics().lines(s, profile: try context.loadProfile(), language: context.language)
            let width = lines.map { $0.label.count }.max() ?? 0
            for line in lines {
                Output.line(line.label.padding(toLength: width + 2, withPad: " ", startingAt: 0) + line.value)
            }
            if let banner = s.banner { Output.line(""); Output.line(banner) }
            if let notice = s.privacyNotice { Output.line(""); Output.line(notice) }
        }
        if let reportPath { Output.error(context.text("cli.diag.reportWritten", reportPath)) }
        return 0
    }
}
