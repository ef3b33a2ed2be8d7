import Foundation
import LanternlyCore

/// What Luna remembers (`memories`, schema step 3 → 4): visible, forgettable, and forgotten
/// with the journal entry it came from.
extension SQLiteJournal {
    /// Stores `facts` from `source`; a fact already remembered (same kind and words, case
    /// folded) is kept once. - Returns: the memories added.
    @discardableResult
    public func remember(_ facts: [MemoryFact], source: MemorySource, at date: Date) throws -> [Memory] {
        guard !facts.isEmpty else { return [] }
        let ms = date.milliseconds
        return try writing { db in
            let s = try db.prepare("""
                INSERT OR IGNORE INTO memories(kind, words, day, source, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
                """)
            var added: [Memory] = []
            for fact in facts {
                s.bind(1, fact.kind.rawValue); s.bind(2, fact.words); s.bind(3, fact.date)
                s.bind(4, source.name); s.bind(5, ms)
                try s.step()
                s.reset()
                if db.changes > 0 {
                    added.append(Memory(id: db.lastInsertRowID, fact: fact, source: source, createdAt: Date(milliseconds: ms)))
                }
            }
            return added
        }
    }

    /// Every memory, oldest first.
    public func memories() throws -> [Memory] {
        try reading { db in
            // The entry's short id by its rowid (one primary-key look-up per memory).
            let s = try db.prepare("""
                SELECT m.id, m.kind, m.words, m.day, m.source, m.created_at,
                  (SELECT e.short_id FROM entries e
                   WHERE m.source LIKE 'entry:%' AND e.id = CAST(substr(m.source, 7) AS INTEGER))
                FROM memories m ORDER BY m.id
                """)
            defer { s.reset() }
            var out: [Memory] = []
            while try s.step() {
                guard let kind = MemoryKind(rawValue: s.string(1) ?? ""),
                      let source = MemorySource(name: s.string(4) ?? "") else { continue }
                out.append(Memory(id: s.int64(0), fact: MemoryFact(kind: kind, words: s.string(2) ?? "", date: s.string(3)),
                                  source: source, createdAt: Date(milliseconds: s.int64(5)), entryShortID: s.string(6)))
            }
            return out
        }
    }

    /// Forgets one memory. - Returns: whether it existed.
    @discardableResult
    public func forgetMemory(id: Int64) throws -> Bool {
        let n = try writing { db -> Int in
            let s = try db.prepare("DELETE FROM memories WHERE id = ?1")
            s.bind(1, id)
            try s.step()
            s.reset()
            return db.changes
        }
        try checkpoint()
        return n > 0
    }

    /// Forgets every memory. - Returns: how many there were.
    @discardableResult
    public func forgetAllMemories() throws -> Int {
        let n = try writing { db -> Int in
            try db.execute("DELETE FROM memories")
            return db.changes
        }
        try checkpoint()
        return n
    }

    /// Copies the zeroed pages back so forgotten words do not linger in the `-wal` file.
    private func checkpoint() throws {
        _ = try reading { db in try db.strings("PRAGMA wal_checkpoint(TRUNCATE)") }
    }
}
