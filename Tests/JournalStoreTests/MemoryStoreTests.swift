import Foundation
import XCTest
@testable import JournalStore
import LanternlyCore

/// The `memories` table: stored once, listed, forgotten one by one or all, and forgotten
/// with the entry it came from.
final class MemoryStoreTests: XCTestCase {
    func testRememberListForgetAndClear() throws {
        let (journal, paths) = try makeJournal(self)
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        let added = try journal.remember([MemoryFact(kind: .pet, words: "Miso"),
                                          MemoryFact(kind: .situation, words: "job interview on Friday", date: "2027-01-15")],
                                         source: .chat, at: at)
        XCTAssertEqual(added.count, 2)
        // The same fact again (case folded) is kept once.
        XCTAssertEqual(try journal.remember([MemoryFact(kind: .pet, words: "miso")], source: .chat, at: at).count, 0)
        let reopened = try SQLiteJournal(paths: paths)
        let all = try reopened.memories()
        XCTAssertEqual(all.map(\.fact), [MemoryFact(kind: .pet, words: "Miso"),
                                         MemoryFact(kind: .situation, words: "job interview on Friday", date: "2027-01-15")])
        XCTAssertEqual(all.map(\.source), [.chat, .chat])
        XCTAssertTrue(try reopened.forgetMemory(id: all[0].id))
        XCTAssertFalse(try reopened.forgetMemory(id: all[0].id), "already forgotten")
        XCTAssertEqual(try reopened.memories().map(\.fact.words), ["job interview on Friday"])
        XCTAssertEqual(try reopened.forgetAllMemories(), 1)
        XCTAssertEqual(try reopened.memories(), [])
        XCTAssertFalse(fileBytesContain(paths, "Miso"), "forgotten words do not linger in the files")
    }

    func testDeletingAnEntryForgetsWhatCameFromIt() throws {
        let (journal, _) = try makeJournal(self)
        let entry = try journal.add("Lunch with Dana", at: Date(timeIntervalSince1970: 1_800_000_000), timeZone: utc)
        let other = try journal.add("My cat Miso", at: Date(timeIntervalSince1970: 1_800_000_100), timeZone: utc)
        try journal.remember([MemoryFact(kind: .person, words: "Dana")], source: .entry(entry.id), at: Date())
        try journal.remember([MemoryFact(kind: .pet, words: "Miso")], source: .entry(other.id), at: Date())
        try journal.delete(id: entry.id)
        XCTAssertEqual(try journal.memories().map(\.fact.words), ["Miso"])
    }

    /// A memory from an entry names it by the short id people see and type (`lanternly show`),
    /// never by the row id; a chat's memory has none.
    func testAMemoryFromAnEntryCarriesTheEntrysShortID() throws {
        let (journal, _) = try makeJournal(self)
        // Several entries, so a row id (1, 2, 3) can never pass for a short id.
        var made: [JournalEntry] = []
        for (i, text) in ["Tea with Oksana", "Ferry to Hakodate", "Walked Biscuit by the river"].enumerated() {
            made.append(try journal.add(text, at: Date(timeIntervalSince1970: 1_800_000_000 + Double(i) * 60), timeZone: utc))
        }
        try journal.remember([MemoryFact(kind: .place, words: "Hakodate")], source: .entry(made[1].id), at: Date())
        try journal.remember([MemoryFact(kind: .pet, words: "Biscuit")], source: .entry(made[2].id), at: Date())
        try journal.remember([MemoryFact(kind: .goal, words: "swim in the sea")], source: .chat, at: Date())
        let all = try journal.memories()
        XCTAssertEqual(all.map(\.entryShortID), [made[1].shortID, made[2].shortID, nil])
        XCTAssertTrue(all.prefix(2).allSatisfy { ShortID.normalize($0.entryShortID ?? "") != nil })
    }

    private func fileBytesContain(_ paths: LanternlyPaths, _ needle: String) -> Bool {
        let folder = paths.database.deletingLastPathComponent()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.contains { name in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { return false }
            return data.range(of: Data(needle.utf8)) != nil
        }
    }
}
