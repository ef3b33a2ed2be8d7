import Foundation
import JournalStore
import LanternlyCore

/// The live wiring of Luna's memory: the model shared by every service, the extractor, and
/// the facts handed to the chat.
extension Context {
    /// Reply sources of an ordinary turn: the only ones memory may learn from (never a
    /// crisis or concern turn).
    static let ordinarySources: Set<ReplySource> = [.onDevice, .pivot, .bank]

    /// The model every service speaks through, built once: a configured model server, else
    /// the system's model, else the simulated on-device model of the profile in use.
    func languageModel() throws -> LanguageModel {
        if let m = cache.model { return m }
        let live = try liveProfile()
        let box = settingsBox
        let m: LanguageModel = try modelServer() ?? systemModel() ?? SimulatedLanguageModel(
            profile: live.provider, devices: try devices(), strings: catalog, gender: { box.value.gender }, now: now)
        cache.model = m
        return m
    }

    func memoryExtractor() throws -> MemoryExtractor {
        let box = settingsBox
        return MemoryExtractor(model: try languageModel(), diagnostics: try diagnostics(),
                               isEnabled: { box.value.keepMemories })
    }

    /// What Luna remembers, one line a fact, for the chat's instructions; none when memory is off.
    var rememberedLines: @Sendable () -> [String] {
        let box = settingsBox
        if box.value.keepMemories { _ = try? journal() }
        let journal = { [weak cache] in cache?.journal }
        return {
            guard box.value.keepMemories, let j = journal() else { return [] }
            return ((try? j.memories()) ?? []).suffix(30).map(\.fact.line)
        }
    }

    /// Extracts and stores the durable facts of `text` (a chat message or an entry). A
    /// failure to store is said on standard error; the chat or the entry is not affected.
    func learn(from text: String, source: MemorySource) {
        guard settingsProblem == nil, let extractor = try? memoryExtractor() else { return }
        let today = LocalDay(now(), in: calendar.timeZone).description
        let facts = (try? runBlocking { await extractor.extract(from: text, today: today) }) ?? []
        guard !facts.isEmpty else { return }
        do {
            try journal().remember(facts, source: source, at: now())
        } catch {
            Output.error("lanternly: \(describeJournalError(error)) (Luna could not remember this)")
        }
    }
}
