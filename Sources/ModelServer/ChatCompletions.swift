import Foundation

/// The wire format of the OpenAI chat-completions API as local servers speak it.
///
/// Request: `POST {base}/chat/completions` with `{"model": NAME, "messages": [{"role":
/// "system"|"user"|"assistant", "content": TEXT}…], "stream": true}`; streamed answer:
/// server-sent events whose data is a `chat.completion.chunk` object, `{"choices":
/// [{"index": 0, "delta": {"content": "…"}, "finish_reason": null|"stop"|"length"}]}`,
/// then `data: [DONE]`. `finish_reason: "length"` means the model hit its token limit.
/// Models: `GET {base}/models` → `{"object": "list", "data": [{"id": NAME, …}]}`.
///
/// Sources: OpenAI API reference, "Chat Completions" and "The chat completion chunk
/// object" (platform.openai.com/docs/api-reference/chat); Ollama, "OpenAI compatibility"
/// (github.com/ollama/ollama/blob/main/docs/openai.md: `/v1/chat/completions` with
/// streaming, `/v1/models`; base URL `http://localhost:11434/v1`); llama.cpp,
/// `tools/server/README.md` ("OpenAI-compatible Chat Completions API",
/// `POST /v1/chat/completions`, `GET /v1/models`).
enum ChatCompletions {
    struct Message: Codable, Equatable {
        var role: String
        var content: String
    }

    struct Request: Encodable {
        var model: String
        var messages: [Message]
        var stream: Bool
    }

    /// The messages for one call: the instructions as the system message, then the turns
    /// of the conversation, then the message. Nothing else is sent.
    static func messages(instructions: String, turns: [(person: String, luna: String)], message: String) -> [Message] {
        var out = [Message(role: "system", content: instructions)]
        for t in turns {
            out.append(Message(role: "user", content: t.person))
            out.append(Message(role: "assistant", content: t.luna))
        }
        out.append(Message(role: "user", content: message))
        return out
    }

    /// One streamed chunk (only the fields used).
    struct Chunk: Decodable {
        struct Choice: Decodable {
            struct Delta: Decodable { var content: String? }
            var delta: Delta?
            var finish_reason: String?
        }
        var choices: [Choice]?
    }

    /// A whole (not streamed) completion, for a server that ignores `stream`.
    struct Completion: Decodable {
        struct Choice: Decodable {
            struct Message: Decodable { var content: String? }
            var message: Message?
            var finish_reason: String?
        }
        var choices: [Choice]
    }

    struct ModelList: Decodable {
        struct Model: Decodable { var id: String }
        var data: [Model]
    }

    /// Whether `name` is among `ids`; `llama3.2` matches `llama3.2:latest` and back (Ollama's
    /// default tag).
    static func contains(_ ids: [String], model name: String) -> Bool {
        ids.contains { id in
            id == name || id == name + ":latest" || id + ":latest" == name
        }
    }

    /// The bytes of an HTTP/1.1 request.
    static func httpRequest(method: String, host: String, port: UInt16, path: String, body: Data?) -> [UInt8] {
        let hostHeader = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\nUser-Agent: lanternly\r\n"
        head += "Accept: \(body == nil ? "application/json" : "text/event-stream, application/json")\r\n"
        head += "Connection: close\r\n"
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + (body.map { Array($0) } ?? [])
    }
}
