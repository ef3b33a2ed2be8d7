import Foundation

/// What diagnostics know about a configured model server (DESIGN.md §10). No user text:
/// the URL, the model's name, a state and an error's name.
public struct ModelServerStatus: Codable, Equatable, Sendable {
    /// Where the last readiness check left the server.
    public enum State: String, Codable, Sendable {
        /// Not checked yet.
        case notChecked
        /// Reachable, and the model is on it.
        case ready
        /// No answer: refused, timed out, host unknown, or an HTTP error.
        case unreachable
        /// The server answers, but the named model is not on it.
        case modelMissing
        /// The server is not on the loopback address and `model.allowRemote` is off; never contacted.
        case remoteNotAllowed
        /// `model.name` is not set, or the URL cannot be used (see ``error``).
        case notConfigured
    }

    /// The base URL as configured, e.g. `http://127.0.0.1:11434/v1`.
    public var url: String
    /// The model's name, `nil` when not set.
    public var model: String?
    /// Whether the server is off the loopback address (journal text then leaves the machine).
    public var isRemote: Bool
    public var state: State
    /// The last error's name (`connectionRefused`, `connectTimedOut`, `http500`, …), or `nil`.
    public var error: String?

    public init(url: String, model: String?, isRemote: Bool, state: State, error: String? = nil) {
        self.url = url
        self.model = model
        self.isRemote = isRemote
        self.state = state
        self.error = error
    }
}

/// A language model that talks to a server and can say how that server is doing.
public protocol ModelServerReporting: Sendable {
    /// The server's state as of the last check (cheap: never contacts the server).
    var serverStatus: ModelServerStatus { get }
}
