import Foundation

/// Writing to standard output and standard error, and JSON encoding for `--json`.
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Encodes `value` as one JSON document (keys sorted, slashes unescaped) and prints it.
    static func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    /// Reads all of standard input as UTF-8 text, at most `limit` bytes.
    ///
    /// - Throws: ``CLIError/runtime(_:)`` for invalid UTF-8 or input over `limit` bytes.
    static func readStandardInput(limit: Int) throws -> String {
        var data = Data()
        let handle = FileHandle.standardInput
        while true {
            let chunk = handle.readData(ofLength: 64 * 1024)
            if chunk.isEmpty { break }
            data.append(chunk)
            if data.count > limit {
                throw CLIError.runtime(
                    "The text on standard input is longer than \(limit) bytes (\(limit / 1024) KiB), Lanternly's limit for one message. Split it into smaller parts.")
            }
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CLIError.runtime(
                "The text on standard input is not valid UTF-8. Convert it first, e.g. 'iconv -f LATIN1 -t UTF-8'.")
        }
        return text
    }
}
