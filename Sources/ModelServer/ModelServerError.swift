import Foundation
import LanternlyCore

/// Why a call to the model server failed. Diagnostics record the ``name`` only: never a
/// URL's secrets, a reply's text or the person's words.
public enum ModelServerError: NamedError, Equatable, CustomStringConvertible {
    /// The base URL is not `http://HOST[:PORT][/PATH]`.
    case invalidURL
    /// `https://` and other schemes: only plain HTTP is spoken (a server on this machine).
    case unsupportedScheme
    /// Off the loopback address while `model.allowRemote` is off; nothing was sent.
    case remoteNotAllowed
    case hostNotFound
    case hostUnreachable
    /// Nothing listens on the port (`ECONNREFUSED`).
    case connectionRefused
    /// No connection within the connect timeout (2 s).
    case connectTimedOut
    /// Another `connect(2)` error, by `errno`.
    case connectFailed(Int32)
    case sendTimedOut
    /// No first token within the first-token timeout (120 s).
    case firstTokenTimedOut
    /// The stream went silent for longer than the idle timeout after it started.
    case streamStalled
    /// The server closed the connection before the reply was complete.
    case connectionDropped
    /// The server answered with this HTTP status (4xx, 5xx).
    case httpStatus(Int)
    /// The answer was not what the protocol says (bad HTTP, bad event, bad JSON).
    case malformedResponse
    /// The model named in `model.name` is not on the server.
    case modelMissing
    /// `model.name` is not set.
    case modelNameMissing

    public var name: String {
        switch self {
        case .invalidURL: return "invalidURL"
        case .unsupportedScheme: return "unsupportedScheme"
        case .remoteNotAllowed: return "remoteNotAllowed"
        case .hostNotFound: return "hostNotFound"
        case .hostUnreachable: return "hostUnreachable"
        case .connectionRefused: return "connectionRefused"
        case .connectTimedOut: return "connectTimedOut"
        case .connectFailed(let e): return "connectFailed\(e)"
        case .sendTimedOut: return "sendTimedOut"
        case .firstTokenTimedOut: return "firstTokenTimedOut"
        case .streamStalled: return "streamStalled"
        case .connectionDropped: return "connectionDropped"
        case .httpStatus(let code): return "http\(code)"
        case .malformedResponse: return "malformedResponse"
        case .modelMissing: return "modelMissing"
        case .modelNameMissing: return "modelNameMissing"
        }
    }

    public var description: String { name }
}
