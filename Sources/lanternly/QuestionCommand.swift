import Foundation
import LanternlyCore

/// `lanternly question`: the daily question, for a person or a status line.
enum QuestionCommand {
    static let command = Command(
        name: "question",
        run: run)

    struct Payload: Encodable {
        let question: String
        let path: String
        let date: String
        let mode: String
        let language: String
        /// `model` (Luna wrote it) or `bank`.
        let source: String
    }

    static func run(_ args: inout Arguments, _ context: Context) throws -> Int32 {
        let widget = args.flag("--widget")
        let json = args.flag("--json")
        let pathName = try args.option("--path")
        let dateText = try args.option("--date")
        try args.finish()

        let path: LifePath
        if let pathName {
            guard let p = LifePath(rawValue: pathName) else {
                throw CLIError.usage(key: "cli.question.unknownPath", pathName)
            }
            path = p
        } else {
            path = context.settings.lifePath
        }
        let calendar = Calendar.localGregorian(environment: context.environment)
        let date: Date
        if let dateText {
            do {
                date = try DailyQuestionService.parseDay(dateText, calendar: calendar)
            } catch {
                throw CLIError.usage(key: "cli.question.badDate", dateText)
            }
        } else {
            date = context.now()
        }
        let service = DailyQuestionService(catalog: context.catalog)
        let question: String
        var source = "bank"
        if widget {
            question = service.widgetQuestion(path: path, language: context.language, date: date, calendar: calendar)
        } else {
            let q = try context.todaysQuestion(path: path, language: context.language, date: date, calendar: calendar)
            question = q.text
            source = q.source.rawValue
        }
        if json {
            let f = DateFormatter()
            f.calendar = calendar
            f.timeZone = calendar.timeZone
            f.locale = Locale(identifier: "en_US_POSIX")
            f.dateFormat = "yyyy-MM-dd"
            try Output.json(Payload(question: question, path: path.rawValue, date: f.string(from: date),
                                    mode: widget ? "widget" : "inApp", language: context.language.rawValue,
                                    source: source))
        } else {
            Output.line(question)
        }
        return 0
    }
}

extension Calendar {
    /// A Gregorian calendar in the local time zone, honouring `TZ` (read directly, since the
    /// process may have been started with it).
    static func localGregorian(environment: [String: String]) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        if let tz = environment["TZ"], let zone = TimeZone(identifier: tz.hasPrefix(":") ? String(tz.dropFirst()) : tz) {
            calendar.timeZone = zone
        } else {
            calendar.timeZone = TimeZone.current
        }
        return calendar
    }
}
