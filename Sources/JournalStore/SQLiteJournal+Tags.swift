import Foundation
import LanternlyCore

extension SQLiteJournal {
    /// Adds `tags` to an entry, keeping every tag it has (those in its text and those added by
    /// hand), in one transaction: a tag added meanwhile by another writer is never lost, as it
    /// would be by reading the tags and writing the whole list back.
    ///
    /// - Parameter tags: without the `@`; normalized as ``JournalEntry/normalizeTag(_:)`` does.
    /// - Returns: the entry as stored now.
    /// - Throws: ``JournalError/entryNotFound(id:)``; ``JournalError/overLimit(_:)`` when the
    ///   entry would hold more tags than the journal takes.
    public func addTags(id: Int64, _ tags: [String]) throws -> JournalEntry {
        try writing { db in
            guard let old = try SQLiteJournal.fetch(db, id: id) else { throw JournalError.entryNotFound(id: id) }
            try SQLiteJournal.checkLimits(old.body, extraTags: old.tags + tags)
            try SQLiteJournal.insertTags(db, id: id, body: "", extra: tags)
            return try SQLiteJournal.fetch(db, id: id)!
        }
    }
}
