import Foundation

/// Where a real model lives, when the person configured one (DESIGN.md §10): an
/// OpenAI-compatible server such as Ollama (`http://127.0.0.1:11434/v1`), llama.cpp's
/// `llama-server` or LM Studio. Stored under `"model"` in `settings.json`; every key optional.
///
/// Nothing is configured by default, and then Lanternly makes no network connection at all.
public struct ModelServerSettings: Codable, Hashable, Sendable {
    /// The server's base URL, e.g. `http://127.0.0.1:11434/v1`; `nil`: no server.
    public var server: String?
    /// The model's name on the server, e.g. `llama3.2`.
    public var name: String?
    /// BCP 47 codes of the languages the model writes well; `nil`: the UI languages.
    public var languages: [String]?
    /// Whether a server that is not on the loopback address may be used (journal text then
    /// leaves the machine). Default `false`.
    public var allowRemote: Bool

    public init(server: String? = nil, name: String? = nil, languages: [String]? = nil, allowRemote: Bool = false) {
        self.server = server
        self.name = name
        self.languages = languages
        self.allowRemote = allowRemote
    }

    enum CodingKeys: String, CodingKey { case server, name, languages, allowRemote }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        server = try c.decodeIfPresent(String.self, forKey: .server)
        name = try c.decodeIfPresent(String.self, forKey: .name)
        languages = try c.decodeIfPresent([String].self, forKey: .languages)
        allowRemote = try c.decodeIfPresent(Bool.self, forKey: .allowRemote) ?? false
    }

    /// These settings with `LANTERNLY_MODEL_URL` and `LANTERNLY_MODEL_NAME` from
    /// `environment` taking the place of ``server`` and ``name`` when set and not empty.
    public func overridden(by environment: [String: String]) -> ModelServerSettings {
        var s = self
        if let url = environment["LANTERNLY_MODEL_URL"], !url.isEmpty { s.server = url }
        if let name = environment["LANTERNLY_MODEL_NAME"], !name.isEmpty { s.name = name }
        return s
    }

    /// The model's languages: ``languages`` mapped to the languages Lanternly ships, or
    /// every UI language when none are set.
    public var appLanguages: Set<AppLanguage> {
        guard let languages else { return Set(AppLanguage.allCases) }
        return Set(languages.compactMap { AppLanguage(code: $0) })
    }
}
