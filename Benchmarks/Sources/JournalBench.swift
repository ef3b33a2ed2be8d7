import Foundation
import JournalStore
import LanternlyCore

/// Fills `home`'s journal with `count` generated entries, one a day-ish going back in time,
/// in English, Russian and Japanese; about one in a hundred mentions a lantern (фонарь), so
/// searches have a realistic number of hits.
func makeJournal(count: Int, home: String, quiet: Bool = false) -> Int32 {
    let paths = LanternlyPaths(home: URL(fileURLWithPath: home))
    let openings = ["Slept badly and woke at five.", "A calm morning with coffee.", "Work was a lot today.",
                    "Called my sister after dinner.", "Rain all day, stayed in.", "Walked by the river with Sam.",
                    "Сегодня было тихо и спокойно.", "Долго гуляла по парку.", "На работе снова завал.",
                    "今日は静かな一日だった。", "友達とお茶を飲んだ。"]
    let middles = ["I kept thinking about the move", "the garden needs water", "my knee hurts again",
                   "we laughed about the old flat", "the train was late", "я думала о переезде",
                   "хочется больше спать", "少し疲れた", "the deadline is close", "I finished the book"]
    var rng = SystemRandomNumberGenerator()
    let start = Date().addingTimeInterval(-Double(count) * 3600 * 6)
    do {
        let journal = try SQLiteJournal(paths: paths)
        var batch: [NewEntry] = []
        batch.reserveCapacity(5000)
        var written = 0
        for i in 0..<count {
            var text = openings[i % openings.count] + " " + middles[Int.random(in: 0..<middles.count, using: &rng)]
            if i % 100 == 7 { text += ", and the lantern on the porch was lit" }
            if i % 150 == 11 { text += ", и фонарь у дома горел" }
            text += ". Entry \(i)."
            if i % 20 == 0 { text += " @work" }
            batch.append(NewEntry(text: text, createdAt: start.addingTimeInterval(Double(i) * 3600 * 6),
                                  timeZoneIdentifier: "UTC", starred: i % 50 == 0))
            if batch.count == 5000 {
                written += try journal.bulkInsert(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        written += try journal.bulkInsert(batch)
        if !quiet { print("wrote \(written) entries to \(paths.database.path)") }
        return 0
    } catch {
        FileHandle.standardError.write(Data("make-journal: \(error)\n".utf8))
        return 1
    }
}
