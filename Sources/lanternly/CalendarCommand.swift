import Foundation
import JournalStore
import LanternlyCore

extension EntryCommands {
    /// `lanternly calendar [YYYY-MM] [--json]`: the month with the days written marked, and
    /// the current and longest streak.
    static let calendarCommand = Command(
        name: "calendar",
        run: { args, context in
            let json = args.flag("--json")
            let words = try args.positionals()
            guard words.count <= 1 else { throw CLIError.usage(context.text("cli.calendar.badMonth", Sanitize.line(words[1]))) }
            let today = context.today
            var year = today.year, month = today.month
            if let w = words.first {
                let parts = w.split(separator: "-")
                guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let y = Int(parts[0]), let m = Int(parts[1]),
                      LocalDay(year: y, month: m, day: 1) != nil else {
                    throw CLIError.usage(context.text("cli.calendar.badMonth", Sanitize.line(w)))
                }
                year = y; month = m
            }
            let journal = try context.openJournal(readOnly: true)
            let first = LocalDay(year: year, month: month, day: 1)!
            let last = LocalDay(year: year, month: month, day: 31) ?? LocalDay(year: year, month: month, day: 30)
                ?? LocalDay(year: year, month: month, day: 29) ?? LocalDay(year: year, month: month, day: 28)!
            let counts = try context.journalCall { try journal.entriesPerDay(from: first, to: last) }
            let all = try context.journalCall { try journal.daysWritten() }
            let m = WritingMonth(year: year, month: month, entriesPerDay: counts, allDays: all, today: today)!
            if json {
                struct Day: Encodable { let date: String; let entries: Int }
                struct Month: Encodable {
                    let month: String; let days: [Day]; let daysWritten: Int; let currentStreak: Int
                    let longestStreak: Int; let longestStreakEnd: String?
                }
                try Output.json(Month(month: String(first.description.prefix(7)),
                                      days: m.days.map { Day(date: $0.description, entries: m.entriesPerDay[$0] ?? 0) },
                                      daysWritten: m.daysWritten, currentStreak: m.currentStreak,
                                      longestStreak: m.longestStreak, longestStreakEnd: m.longestStreakEnd?.description))
                return 0
            }
            let color = isatty(STDOUT_FILENO) != 0 && context.environment["NO_COLOR"].map(\.isEmpty) ?? true
            for line in CalendarText.lines(m, today: today, language: context.language, color: color) { Output.line(line) }
            Output.line("")
            Output.line(context.text("cli.calendar.summary", String(m.daysWritten), String(m.days.count)))
            var streaks = context.text("cli.calendar.streaks", String(m.currentStreak), String(m.longestStreak))
            if let end = m.longestStreakEnd, m.longestStreak > 0 { streaks += " " + context.text("cli.calendar.longestEnd", end.description) }
            Output.line(streaks)
            return 0
        })
}

/// A month drawn in terminal cells, four columns a day: ` 4* ` for a day written, `> 4 ` for
/// today (`>14*` today and written); with colour the written days are also in reverse video.
/// Readable without colour (`NO_COLOR`, a pipe): `*` and `>` carry the meaning.
enum CalendarText {
    /// The title line, the weekday row and the weeks. Weeks start on Monday in every language
    /// (``WritingMonth/weekStart(_:)``), as in `month`'s chart.
    static func lines(_ m: WritingMonth, today: LocalDay, language: AppLanguage, color: Bool) -> [String] {
        let weekStart = WritingMonth.weekStart(language)
        let title = m.title(language)
        let symbols = WritingMonth.weekdaySymbols(language)
        let order = (0..<7).map { (weekStart - 1 + $0) % 7 }
        let header = order.map { " " + pad(symbols[$0], 2) + " " }.joined()
        var out = [String(repeating: " ", count: max(0, (28 - title.count) / 2)) + title, header]
        var row = String(repeating: "    ", count: (m.firstWeekday - weekStart + 7) % 7)
        var filled = (m.firstWeekday - weekStart + 7) % 7
        for day in m.days {
            let n = String(day.day)
            let number = n.count == 1 ? " " + n : n
            let written = m.entriesPerDay[day] != nil
            var cell = (day == today ? ">" : " ") + number + (written ? "*" : " ")
            if color && written { cell = "\u{1B}[7m" + cell + "\u{1B}[0m" }
            row += cell
            filled += 1
            if filled == 7 {
                out.append(row)
                row = ""
                filled = 0
            }
        }
        if !row.isEmpty { out.append(row) }
        return out.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }
}
