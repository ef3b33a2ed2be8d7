import Foundation
import JournalStore
import LanternlyCore

/// Issue 10's budgets: the computed month on 100,000 entries, simulated memory extraction
/// per turn, and a chat reply with a 50-turn transcript.
func runLunaBenchmarks() {
    let strings = try! StringCatalog.shipped()
    let devices = try! DeviceCatalog.shipped()
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("lanternly-luna-bench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: home) }
    let paths = LanternlyPaths(home: home)
    let diagnostics = LunaDiagnostics(file: nil, log: nil, strings: strings, devices: devices)
    let open = SimulatedLanguageModel(profile: { HardwareProfile() }, devices: devices, strings: strings, gender: { .neutral })
    let closed = SimulatedLanguageModel(profile: { HardwareProfile(appleIntelligence: false) }, devices: devices,
                                        strings: strings, gender: { .neutral })
    print("== Issue 10: Luna remembers ==")

    // 1. The computed month. (a) 100,000 entries all in one month, in process (the observation
    // itself: crisis check of every entry, counts, streaks, text); (b) the same through the
    // journal: a month of a 100,000-entry journal read from SQLite and observed.
    let month = YearMonth("2026-03")!
    let texts = ["Slept badly and woke at five, then a walk by the river with Sam @walk",
                 "Work was a lot today, the deadline is close @work", "Сегодня было тихо, долго гуляла по парку @прогулка",
                 "Called my sister after dinner and we laughed about the old flat", "Rain all day, stayed in and read a book"]
    var entries: [MonthEntry] = []
    entries.reserveCapacity(100_000)
    for i in 0..<100_000 {
        let day = LocalDay(year: 2026, month: 3, day: 1 + i % 31)!
        entries.append(MonthEntry(day: day, hour: (i * 7) % 24, tags: i % 3 == 0 ? ["walk"] : ["work"], body: texts[i % texts.count] + " \(i)"))
    }
    let days = Set(entries.map(\.day))
    let all = entries
    let service = MonthObservationService(model: closed, diagnostics: diagnostics, catalog: strings)
    var samples: [Double] = []
    var cpu: [Double] = []
    for _ in 0..<7 {
        let t0 = nanos(), c0 = cpuNanos()
        let o = blocking { await service.observe(month: month, entries: all, previous: [], writtenDays: days, names: ["Sam"], language: .english) }
        samples.append(Double(nanos() - t0) / 1e6)
        cpu.append(Double(cpuNanos() - c0) / 1e6)
        if o.stats.entries != 100_000 { print("unexpected count \(o.stats.entries)") }
    }
    samples.sort(); cpu.sort()
    report("month, computed, 100,000 entries in one month (in process)", samples[samples.count / 2], "ms", budget: 100)
    report("  the same, CPU time of the process", cpu[cpu.count / 2], "ms", budget: nil)
    samples = []
    cpu = []
    for _ in 0..<7 {
        let t0 = nanos(), c0 = cpuNanos()
        _ = MonthStats.compute(month: month, entries: entries, previous: [], writtenDays: days, names: ["Sam"])
        samples.append(Double(nanos() - t0) / 1e6)
        cpu.append(Double(cpuNanos() - c0) / 1e6)
    }
    samples.sort(); cpu.sort()
    report("  of which counting (MonthStats.compute)", samples[samples.count / 2], "ms", budget: nil)
    report("  the same, CPU time of the process", cpu[cpu.count / 2], "ms", budget: nil)

    if makeJournal(count: 100_000, home: home.path, quiet: true) == 0, let journal = try? SQLiteJournal(paths: paths) {
        let any = (try? journal.entries(EntryQuery(limit: 1)).first?.localDay) ?? LocalDay(year: 2026, month: 1, day: 1)!
        let m = YearMonth(any).previous
        samples = []
        var n = 0
        cpu = []
        for _ in 0..<7 {
            let t0 = nanos(), c0 = cpuNanos()
            // As the app and `lanternly month` read it: the newest entries' text, the month before counted.
            let rows = (try? journal.monthEntries(from: m.firstDay, to: m.lastDay, bodies: MonthStats.wordEntryLimit)) ?? []
            let before = (try? journal.monthEntries(from: m.previous.firstDay, to: m.previous.lastDay, bodies: 0)) ?? []
            let written = (try? journal.writtenDays()) ?? []
            let o = blocking {
                await service.observe(month: m, entries: rows, previous: before,
                                      writtenDayNumbers: written, names: ["Sam"], language: .english)
            }
            n = o.stats.entries
            samples.append(Double(nanos() - t0) / 1e6)
            cpu.append(Double(cpuNanos() - c0) / 1e6)
        }
        samples.sort(); cpu.sort()
        report("month, computed, one month of a 100,000-entry journal (\(n) entries)", samples[samples.count / 2], "ms", budget: 100)
        report("  the same, CPU time of the process", cpu[cpu.count / 2], "ms", budget: nil)
    }

    // (c) The case the budget names, through the journal: all 100,000 entries in one month,
    // read from SQLite as the app and `lanternly month` read them, then observed.
    let oneMonthHome = home.appendingPathComponent("one-month")
    if let journal = try? SQLiteJournal(paths: LanternlyPaths(home: oneMonthHome)) {
        let march = Calendar(identifier: .gregorian).date(from: DateComponents(timeZone: TimeZone(identifier: "UTC"), year: 2026, month: 3, day: 1))!
        var batch: [NewEntry] = []
        for i in 0..<100_000 {
            batch.append(NewEntry(text: texts[i % texts.count] + " \(i)", createdAt: march.addingTimeInterval(Double(i) * 26),
                                  timeZoneIdentifier: "UTC", starred: false))
            if batch.count == 5_000 { _ = try? journal.bulkInsert(batch); batch.removeAll(keepingCapacity: true) }
        }
        samples = []
        cpu = []
        var n = 0
        for _ in 0..<7 {
            let t0 = nanos(), c0 = cpuNanos()
            let rows = (try? journal.monthEntries(from: month.firstDay, to: month.lastDay, bodies: MonthStats.wordEntryLimit)) ?? []
            let before = (try? journal.monthEntries(from: month.previous.firstDay, to: month.previous.lastDay, bodies: 0)) ?? []
            let written = (try? journal.writtenDays()) ?? []
            let o = blocking {
                await service.observe(month: month, entries: rows, previous: before, writtenDayNumbers: written,
                                      names: ["Sam"], language: .english)
            }
            n = o.stats.entries
            samples.append(Double(nanos() - t0) / 1e6)
            cpu.append(Double(cpuNanos() - c0) / 1e6)
        }
        samples.sort(); cpu.sort()
        report("month, computed, journal with \(n) entries in one month", samples[samples.count / 2], "ms", budget: 100)
        report("  the same, CPU time of the process", cpu[cpu.count / 2], "ms", budget: nil)
    }

    // 2. Memory extraction through the simulated model, per turn.
    let extractor = MemoryExtractor(model: open, diagnostics: diagnostics)
    let turn = "Had lunch with Dana in Lisbon, my cat Miso was asleep. I have a job interview on Friday and I want to run a half marathon."
    let perTurn = medianNanos(runs: 11, inner: 200) { _ = blocking { await extractor.extract(from: turn, today: "2026-03-04") } }
    report("memory extraction (simulated), per turn", perTurn / 1e6, "ms", budget: 5)

    // 3. A chat reply with a 50-turn transcript (the chain, the simulated model reading it).
    let chat = LunaChatService(model: open, catalog: strings, diagnostics: diagnostics, region: { "US" }, uiLanguage: .english)
    let lines = ["I'm so tired after work today", "My cat Miso kept me up", "I skipped the gym", "Coffee with Dana @friends",
                 "Work was a lot again", "I feel calmer now", "Thanks for listening", "Maybe I'll read tonight"]
    for i in 0..<50 { _ = blocking { await chat.reply(to: lines[i % lines.count] + " \(i)") } }
    samples = []
    for i in 0..<21 {
        let t0 = nanos()
        _ = blocking { await chat.reply(to: "Another long day, honestly \(i)") }
        samples.append(Double(nanos() - t0) / 1e6)
    }
    samples.sort()
    report("chat reply with a 50-turn transcript (in process)", samples[samples.count / 2], "ms", budget: 25)
}

/// Runs async work and waits (the benchmark's main thread is not async).
final class BlockingBox<T>: @unchecked Sendable { var value: T? }

func blocking<T>(_ body: @escaping @Sendable () async -> T) -> T {
    let box = BlockingBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task { box.value = await body(); done.signal() }
    done.wait()
    return box.value!
}
