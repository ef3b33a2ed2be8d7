import XCTest
import LanternlyCore
import TerminalUI
@testable import LanternlyApp

/// A long journal: the list pages in older entries as the selection nears its end, and the
/// header shows the real total.
final class JournalPagingTests: XCTestCase {
    /// A journal of `n` entries, newest (highest id) first, counting the list requests.
    final class FakeJournal: @unchecked Sendable {
        let n: Int
        private let lock = NSLock()
        private var _limits: [Int] = []
        var limits: [Int] { lock.lock(); defer { lock.unlock() }; return _limits }
        init(_ n: Int) { self.n = n }
        func summary(_ id: Int64) -> JournalEntrySummary {
            let i = n - Int(id)
            return JournalEntrySummary(id: id, day: "2026-\(String(format: "%02d", 1 + i / 1000 % 12))-01",
                                       time: "08:00", title: "entry \(id)")
        }
        func list(_ limit: Int) -> [JournalEntrySummary] {
            lock.lock(); _limits.append(limit); lock.unlock()
            return (0..<min(limit, n)).map { summary(Int64(n - $0)) }
        }
        /// Keyset pages by id (ids are the order here), newest first.
        func page(_ page: JournalPage, _ limit: Int) -> [JournalEntrySummary] {
            lock.lock(); _limits.append(limit); lock.unlock()
            let ids: [Int64]
            switch page {
            case .newest: ids = Array(stride(from: Int64(n), through: 1, by: -1).prefix(limit))
            case .oldest:
                let all: [Int64] = n == 0 ? [] : Array(1...Int64(n))
                ids = Array(all.prefix(limit).reversed())
            case .olderThan(let k): ids = Array(stride(from: k.id - 1, through: 1, by: -1).prefix(limit))
            case .startingAt(let k): ids = Array(stride(from: k.id, through: 1, by: -1).prefix(limit))
            case .newerThan(let k):
                let newer: [Int64] = k.id >= Int64(n) ? [] : Array(k.id + 1...Int64(n))
                ids = Array(newer.prefix(limit).reversed())
            }
            return ids.map(summary)
        }
    }

    private func runtime(_ journal: FakeJournal, counted: Bool) -> AppRuntime {
        var deps = Recorder().dependencies()
        deps.listEntries = { journal.list($0) }
        deps.listPage = { journal.page($0, $1) }
        if counted { deps.journalCount = { journal.n } }
        let rt = AppRuntime(state: AppState(width: 80, height: 24), dependencies: deps)
        rt.send(.started)
        rt.send(.keyPressed(.function(4)))
        return rt
    }

    func testHeaderShowsTheRealTotal() {
        let rt = runtime(FakeJournal(10_000), counted: true)
        XCTAssertEqual(rt.state.journal.entries.count, JournalState.pageSize)
        XCTAssertTrue(rt.frame().textDump().contains("10000"), rt.frame().textDump())
    }

    func testHeaderMarksMoreWhenTheCountIsNotWired() {
        let rt = runtime(FakeJournal(10_000), counted: false)
        XCTAssertTrue(rt.frame().textDump().contains("\(JournalState.pageSize)+"), rt.frame().textDump())
        let short = runtime(FakeJournal(12), counted: false)
        let dump = short.frame().textDump()
        XCTAssertTrue(dump.contains("12") && !dump.contains("12+"), dump)
    }

    func testTheOldestEntryIsReachableByPagingDownAndTheListStaysAWindow() {
        let journal = FakeJournal(10_000)
        let rt = runtime(journal, counted: true)
        var presses = 0
        while (rt.state.journal.hasMore || rt.state.journal.selected < rt.state.journal.entries.count - 1) && presses < 5_000 {
            rt.send(.keyPressed(.pageDown))
            presses += 1
            XCTAssertLessThanOrEqual(rt.state.journal.entries.count, JournalState.maxWindow)
        }
        XCTAssertEqual(rt.state.journal.entries[rt.state.journal.selected].id, 1, "the oldest entry")
        XCTAssertTrue(rt.frame().textDump().contains("entry 1\n") || rt.frame().textDump().contains("entry 1 "),
                      rt.frame().textDump())
        XCTAssertEqual(journal.limits.max(), JournalState.pageSize, "pages, never the whole journal")
        XCTAssertLessThan(journal.limits.count, 10_000 / JournalState.pageSize + 5, "one read per page, not per key")
        XCTAssertFalse(rt.state.journal.hasMore)
        XCTAssertTrue(rt.frame().textDump().contains("10000"), "the header still shows the total")
        // And back up to the newest, page by page.
        presses = 0
        while (rt.state.journal.windowStart > 0 || rt.state.journal.selected > 0) && presses < 5_000 {
            rt.send(.keyPressed(.pageUp))
            presses += 1
        }
        XCTAssertEqual(rt.state.journal.entries[rt.state.journal.selected].id, 10_000)
    }

    func testDownArrowPagesInBeforeTheEndAndKeepsTheSelection() {
        let journal = FakeJournal(1_200)
        var deps = Recorder().dependencies()
        deps.listEntries = { journal.list($0) }
        deps.listPage = { journal.page($0, $1) }
        let rt = AppRuntime(state: AppState(width: 80, height: 24), dependencies: deps)
        rt.send(.started)
        rt.send(.keyPressed(.function(4)))
        rt.send(.journalPageListed(.newest, limit: JournalState.pageSize, journal.page(.newest, JournalState.pageSize)))
        for _ in 0..<(JournalState.pageSize - 10) { rt.send(.keyPressed(.down)) }
        XCTAssertEqual(rt.state.journal.entries.count, 2 * JournalState.pageSize, "paged in before the last entry")
        let id = rt.state.journal.entries[rt.state.journal.selected].id
        XCTAssertEqual(id, Int64(1_200 - (JournalState.pageSize - 10)), "still on the same entry")
        for _ in 0..<1_300 { rt.send(.keyPressed(.down)) }
        XCTAssertEqual(rt.state.journal.entries.last?.id, 1)
        XCTAssertEqual(rt.state.journal.entries[rt.state.journal.selected].id, 1)
        XCTAssertFalse(rt.state.journal.hasMore, "a list shorter than asked is the end")
    }

    func testAShortListStopsPagingEvenIfTheCountDisagrees() {
        // The count says more than the list gives (rows vanished in between): no endless reload.
        var deps = Recorder().dependencies()
        let journal = FakeJournal(700)
        deps.listEntries = { journal.list($0) }
        deps.listPage = { journal.page($0, $1) }
        deps.journalCount = { 900 }
        let rt = AppRuntime(state: AppState(), dependencies: deps)
        rt.send(.started)
        rt.send(.keyPressed(.function(4)))
        for _ in 0..<800 { rt.send(.keyPressed(.down)) }
        XCTAssertEqual(rt.state.journal.entries.last?.id, 1)
        XCTAssertFalse(rt.state.journal.hasMore)
        XCTAssertLessThan(journal.limits.count, 10)
    }

    func testANewEntryIsSelectedAfterSaving() {
        var s = AppState()
        s.screen = .journal
        _ = reduce(&s, .journalListed([JournalEntrySummary(id: 2, day: "2026-11-29", time: "09:00", title: "b"),
                                      JournalEntrySummary(id: 1, day: "2026-11-29", time: "08:00", title: "a")]))
        _ = reduce(&s, .keyPressed(.down))
        XCTAssertEqual(s.journal.selected, 1)
        // Another writer adds one above: the highlight stays on entry 1.
        _ = reduce(&s, .journalListed([JournalEntrySummary(id: 3, day: "2026-11-29", time: "10:00", title: "c"),
                                      JournalEntrySummary(id: 2, day: "2026-11-29", time: "09:00", title: "b"),
                                      JournalEntrySummary(id: 1, day: "2026-11-29", time: "08:00", title: "a")]))
        XCTAssertEqual(s.journal.entries[s.journal.selected].id, 1)
        // Saving selects the top, where the new entry lands.
        _ = reduce(&s, .entrySaved(id: 4, body: "d"))
        _ = reduce(&s, .journalListed([JournalEntrySummary(id: 4, day: "2026-11-29", time: "11:00", title: "d")] + s.journal.entries))
        XCTAssertEqual(s.journal.entries[s.journal.selected].id, 4)
    }
}

extension JournalPagingTests {
    func testEndJumpsToTheOldestEntryAndHomeBack() {
        let journal = FakeJournal(3_000)
        let rt = runtime(journal, counted: true)
        rt.send(.keyPressed(.end))
        XCTAssertLessThanOrEqual(rt.state.journal.entries.count, JournalState.pageSize, "one page, not the journal")
        XCTAssertEqual(rt.state.journal.entries[rt.state.journal.selected].id, 1)
        XCTAssertEqual(rt.state.journal.windowStart + rt.state.journal.entries.count, 3_000)
        rt.send(.keyPressed(.down))
        XCTAssertEqual(rt.state.journal.entries[rt.state.journal.selected].id, 1, "nothing below the oldest")
        rt.send(.keyPressed(.home))
        XCTAssertEqual(rt.state.journal.selected, 0)
        XCTAssertEqual(rt.state.journal.entries[0].id, 3_000)
        XCTAssertEqual(rt.state.journal.windowStart, 0)
        XCTAssertEqual(journal.limits.max(), JournalState.pageSize)
    }

    func testTheJournalIsNotReadBeforeItsScreenOpens() {
        let journal = FakeJournal(100)
        var deps = Recorder().dependencies()
        deps.listEntries = { journal.list($0) }
        deps.listPage = { journal.page($0, $1) }
        let rt = AppRuntime(state: AppState(width: 80, height: 24), dependencies: deps)
        rt.send(.started)
        XCTAssertEqual(journal.limits, [], "the first frame waits for nothing of the journal")
        rt.send(.keyPressed(.function(4)))
        XCTAssertEqual(journal.limits.count, 1)
        XCTAssertEqual(rt.state.journal.entries.first?.id, 100)
    }
}
