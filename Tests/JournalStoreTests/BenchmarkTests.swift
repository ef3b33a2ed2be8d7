import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

/// Measurements, not timing asserts: run with `LANTERNLY_JOURNAL_BENCH=1 swift test --filter BenchmarkTests`.
/// Set `LANTERNLY_JOURNAL_BENCH_DB=/path/journal.sqlite3` to keep (and reuse) the 100,000-entry file.
final class BenchmarkTests: XCTestCase {
    func testMeasureOn100kEntries() throws {
        let env = ProcessInfo.processInfo.environment
        try XCTSkipUnless(env["LANTERNLY_JOURNAL_BENCH"] == "1", "set LANTERNLY_JOURNAL_BENCH=1 to measure")
        let url: URL
        if let keep = env["LANTERNLY_JOURNAL_BENCH_DB"] {
            url = URL(fileURLWithPath: keep)
        } else {
            url = try makeTempHome(self).appendingPathComponent("data/journal.sqlite3")
        }
        func ms(_ body: () throws -> Void) rethrows -> Double {
            let t = DispatchTime.now().uptimeNanoseconds
            try body()
            return Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6
        }
        var journal = try SQLiteJournal(url: url)
        if try journal.entryCount() < 100_000 {
            let t = try ms {
                try journal.bulkInsert(BenchmarkCorpus.entries(count: 100_000 - journal.entryCount()))
            }
            print("bulk insert to 100,000: \(Int(t)) ms")
        }
        var filtered: [String: [Double]] = [:]
        var opens: [Double] = [], adds: [Double] = [], lists: [Double] = [], searches: [String: [Double]] = [:]
        for _ in 0..<7 {
            opens.append(try ms { journal = try SQLiteJournal(url: url) })
            adds.append(try ms { _ = try journal.add("Benchmark entry @bench") })
            lists.append(try ms { _ = try journal.latest(10) })
            for (name, q) in [("from", EntryQuery(limit: 10, from: LocalDay("2017-01-01"))),
                              ("range", EntryQuery(limit: 10, from: LocalDay("2016-01-01"), to: LocalDay("2016-03-01"))),
                              ("all days", EntryQuery(limit: 10, from: LocalDay("2000-01-01"), to: LocalDay("2100-01-01"))),
                              ("tag work", EntryQuery(limit: 10, tag: "work")),
                              ("tag bench", EntryQuery(limit: 10, tag: "bench")),
                              ("tag none", EntryQuery(limit: 10, tag: "nothing")),
                              ("starred", EntryQuery(limit: 10, starredOnly: true))] {
                filtered[name, default: []].append(try ms { _ = try journal.entries(q) })
            }
            for q in ["river", "работе", "雨が降", "zebracorn", "ab", "qz", "xyzzy"] {
                searches[q, default: []].append(try ms { _ = try journal.search(q) })
            }
        }
        func median(_ a: [Double]) -> String { String(format: "%.2f ms", a.sorted()[a.count / 2]) }
        print("open: \(median(opens))  add: \(median(adds))  list 10: \(median(lists))")
        for (q, t) in filtered.sorted(by: { $0.key < $1.key }) { print("list \(q): \(median(t))") }
        for (q, t) in searches.sorted(by: { $0.key < $1.key }) { print("search \(q): \(median(t))") }
    }
}

/// Deterministic text for benchmarks: mixed English and Russian words, a CJK phrase every
/// 1,000 entries and a rare word every 5,000.
public enum BenchmarkCorpus {
    public static func entries(count: Int, start: Date = Date(timeIntervalSince1970: 1_500_000_000)) -> [NewEntry] {
        let words = ("today I walked to the river and thought about work family friends coffee rain tired happy "
            + "morning evening sleep garden book music сегодня я гулял у реки и думал о работе семье друзьях "
            + "кофе дождь устал счастлив утро вечер сон сад книга музыка").split(separator: " ").map(String.init)
        var seed: UInt64 = 42
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33)
        }
        return (0..<count).map { i in
            var text = (0..<(20 + next() % 60)).map { _ in words[next() % words.count] }.joined(separator: " ")
            if i % 1000 == 0 { text += " 今日は雨が降った" }
            if i % 5000 == 0 { text += " zebracorn" }
            if i % 7 == 0 { text += " @work" }
            return NewEntry(text: text, createdAt: start.addingTimeInterval(Double(i) * 600), timeZoneIdentifier: "Europe/Berlin")
        }
    }
}
