import Foundation
import JournalStore
import LanternlyCore

/// Issue 12 in process, on the journal in `home`: the store calls behind `tags`,
/// `on-this-day`, `calendar`, an edit's save, and the search the app's `/` runs for its first
/// screen of results. Medians of 21 runs; numbers only.
func livingBench(home: String) -> Int32 {
    do {
        let journal = try SQLiteJournal(paths: LanternlyPaths(home: URL(fileURLWithPath: home)))
        let n = try journal.entryCount()
        let today = LocalDay(Date(), in: TimeZone(identifier: "UTC")!)
        var sink = 0
        report("tagCounts() (\(n) entries)", medianNanos(inner: 3) { sink &+= (try? journal.tagCounts().count) ?? 0 } / 1e6, "ms", budget: 30)
        report("onThisDay(2026-03-09) (\(n) entries)",
               medianNanos(inner: 3) { sink &+= (try? journal.onThisDay(LocalDay("2026-03-09")!).count) ?? 0 } / 1e6, "ms", budget: 25)
        report("calendar: entriesPerDay + daysWritten + streaks", medianNanos(inner: 3) {
            let first = LocalDay(year: today.year, month: today.month, day: 1)!
            let counts = (try? journal.entriesPerDay(from: first, to: LocalDay(year: today.year, month: today.month, day: 28)!)) ?? [:]
            let all = (try? journal.daysWritten()) ?? []
            sink &+= WritingMonth(year: today.year, month: today.month, entriesPerDay: counts, allDays: all, today: today)?.longestStreak ?? 0
        } / 1e6, "ms", budget: 25)
        guard let target = try journal.latest(1).first else { return 1 }
        var i = 0
        report("edit save (revision + update + tags)", medianNanos(inner: 3) {
            i += 1
            sink &+= (try? journal.edit(shortID: target.shortID, EntryEdit(body: "edited in the bench \(i) @bench"), at: Date()))?.body.count ?? 0
        } / 1e6, "ms", budget: 25)
        report("search 'lantern', first 50 results (the app's / )",
               medianNanos(inner: 3) { sink &+= (try? journal.search("lantern", limit: 50).count) ?? 0 } / 1e6, "ms", budget: 50)
        report("search 'фонар', first 50 results (the app's / )",
               medianNanos(inner: 3) { sink &+= (try? journal.search("фонар", limit: 50).count) ?? 0 } / 1e6, "ms", budget: 50)
        if sink == 42 { print("") }
        return 0
    } catch {
        FileHandle.standardError.write(Data("living: \(error)\n".utf8))
        return 1
    }
}
