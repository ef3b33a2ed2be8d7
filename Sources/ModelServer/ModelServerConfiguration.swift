import Foundation
import LanternlyCore

/// A model server as configured (`model.server`, `model.name`, `model.languages`,
/// `model.allowRemote`, or `LANTERNLY_MODEL_URL` / `LANTERNLY_MODEL_NAME`), parsed once.
public struct ModelServerConfiguration: Equatable, Sendable {
    /// The base URL as written, e.g. `http://127.0.0.1:11434/v1`.
    public var url: String
    public var host: String
    public var port: UInt16
    /// The path before `/chat/completions` and `/models`, without a trailing `/`: `/v1`
    /// when the URL has no path (Ollama's, llama-server's and LM Studio's prefix).
    public var basePath: String
    /// The model's name, `nil` when not set (then the server is never asked).
    public var model: String?
    public var languages: Set<AppLanguage>
    public var allowRemote: Bool

    /// The configuration in `settings`, or `nil` when no server is set (no network then).
    ///
    /// - Throws: ``ModelServerError/invalidURL`` or ``ModelServerError/unsupportedScheme``.
    public init?(settings: ModelServerSettings) throws {
        guard let raw = settings.server?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        let parsed = try Self.parse(raw)
        url = raw
        host = parsed.host
        port = parsed.port
        basePath = parsed.path
        model = settings.name.flatMap { $0.isEmpty ? nil : $0 }
        languages = settings.appLanguages
        allowRemote = settings.allowRemote
    }

    /// Splits `http://HOST[:PORT][/PATH]`. The port defaults to 80; an empty path becomes `/v1`.
    ///
    /// - Throws: `.unsupportedScheme` for anything but `http`, `.invalidURL` otherwise.
    public static func parse(_ raw: String) throws -> (host: String, port: UInt16, path: String) {
        guard let components = URLComponents(string: raw), let scheme = components.scheme?.lowercased() else {
            throw ModelServerError.invalidURL
        }
        guard scheme == "http" else { throw ModelServerError.unsupportedScheme }
        guard var host = components.host, !host.isEmpty, components.user == nil, components.password == nil else {
            throw ModelServerError.invalidURL
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let port = components.port ?? 80
        guard (1...65535).contains(port) else { throw ModelServerError.invalidURL }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        if path.isEmpty { path = "/v1" }
        return (host, UInt16(port), path)
    }

    /// Whether the host is not named as the loopback address: `localhost`, 127.0.0.0/8 or
    /// `::1`. Decided from the URL alone, before any connection; a loopback name is also
    /// checked after resolving (``Socket``), so `localhost` pointing elsewhere is refused too.
    public var isRemote: Bool { !Self.isLoopbackName(host) }

    static func isLoopbackName(_ host: String) -> Bool {
        let h = host.lowercased()
        if h == "localhost" || h == "::1" || h == "0:0:0:0:0:0:0:1" { return true }
        let octets = h.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) else { return false }
        return octets[0] == "127"
    }
}

/// The model server's time limits, in seconds.
public struct ModelServerTimeouts: Equatable, Sendable {
    /// To open the connection: 2 s (issue 13, "Time").
    public var connect: TimeInterval
    /// From sending the request to the first token: 120 s, the time a server may take to
    /// load a model into memory (issue 13).
    public var firstToken: TimeInterval
    /// Silence allowed between tokens once the reply has started.
    public var idle: TimeInterval
    /// After this long without a token, progress reports ``ReplyProgress/waking``.
    public var wakingNotice: TimeInterval
    /// For the readiness check's answer (`GET /models`), after connecting.
    public var check: TimeInterval

    public init(connect: TimeInterval = 2, firstToken: TimeInterval = 120, idle: TimeInterval = 60,
                wakingNotice: TimeInterval = 2, check: TimeInterval = 5) {
        self.connect = connect
        self.firstToken = firstToken
        self.idle = idle
        self.wakingNotice = wakingNotice
        self.check = check
    }

    /// The standard limits, with `LANTERNLY_MODEL_FIRST_TOKEN_TIMEOUT` (seconds) taking the
    /// place of the first-token limit when set: the tests use it to reach the timeout path
    /// without waiting two minutes.
    public static func standard(environment: [String: String]) -> ModelServerTimeouts {
        var t = ModelServerTimeouts()
        if let s = environment["LANTERNLY_MODEL_FIRST_TOKEN_TIMEOUT"].flatMap(Double.init), s > 0 {
            t.firstToken = s
            t.wakingNotice = min(t.wakingNotice, s / 2)
        }
        return t
    }
}
