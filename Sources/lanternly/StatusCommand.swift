import Foundation
import LanternlyCore

/// `lanternly status`: what the simulated device allows, as the banner would say it.
enum StatusCommand {
    static let command = Command(
        name: "status",
        run: run)

    struct Payload: Encodable {
        let availability: String
        let reason: String?
        let banner: String?
        let bannerOffersSettings: Bool
        let isSimulator: Bool
        let supportedLanguages: [String]
        let profile: String
        let downloadProgress: Double?

        func encode(to encoder: Encoder) throws {
            enum K: String, CodingKey {
                case availability, reason, banner, bannerOffersSettings, isSimulator, supportedLanguages, profile, downloadProgress
            }
            var c = encoder.container(keyedBy: K.self)
            try c.encode(availability, forKey: .availability)
            try c.encode(reason, forKey: .reason)  // null when available
            try c.encode(banner, forKey: .banner)
            try c.encode(bannerOffersSettings, forKey: .bannerOffersSettings)
            try c.encode(isSimulator, forKey: .isSimulator)
            try c.encode(supportedLanguages, forKey: .supportedLanguages)
            try c.encode(profile, forKey: .profile)
            try c.encodeIfPresent(downloadProgress, forKey: .downloadProgress)
        }
    }

    static func payload(_ context: Context) throws -> Payload {
        let s = try context.statusSnapshot()
        return Payload(availability: s.availability, reason: s.reason, banner: s.banner,
                       bannerOffersSettings: s.bannerOffersSettings, isSimulator: s.isSimulator,
                       supportedLanguages: s.supportedLanguages, profile: s.profile,
                       downloadProgress: s.downloadProgress)
    }

    static func run(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let json = args.flag("--json")
        try args.finish()
        let p = try payload(context)
        if json {
            try Output.json(p)
        } else {
            let word = context.catalog.string(p.availability == "available" ? "diagnostics.available" : "diagnostics.unavailable",
                                              context.language)
            Output.line("\(context.text("cli.status.availability")): \(word)\(p.reason.map { " (\($0))" } ?? "")")
            if let banner = p.banner { Output.line(banner) }
            if let notice = try context.statusSnapshot().privacyNotice { Output.line(notice) }
            Output.line("\(context.text("cli.status.languages")): \(p.supportedLanguages.joined(separator: ", "))")
            Output.line("\(context.text("cli.status.profile")): \(p.profile)")
        }
        return 0
    }
}
