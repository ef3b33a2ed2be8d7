import Foundation
import TerminalUI

/// Writing to standard output and standard error, and JSON encoding for `--json`.
enum Output {
    /// Whether standard output is a terminal; text to a terminal is stripped of control and
    /// escape sequences (only newline and tab survive), text to a file or pipe is kept whole.
    static let stdoutIsTerminal = isatty(STDOUT_FILENO) != 0
    static let stderrIsTerminal = isatty(STDERR_FILENO) != 0

    /// Writes `text` to standard output (buffered; a write error is reported at exit by
    /// ``finish()``, never a crash).
    static func write(_ text: String) {
        let safe = stdoutIsTerminal ? TerminalText.sanitize(text) : text
        var bytes = Array(safe.utf8)
        if !bytes.isEmpty, fwrite(&bytes, 1, bytes.count, stdout) < bytes.count { stopIfReaderLeft(errno) }
    }

    /// A reader that closes its end early (`lanternly list | head -1`) is normal: nothing more
    /// can be shown, so end now, quietly and successfully, as `seq` and `git log` stop. Any
    /// other write error is left for ``finish()`` to report. Called only after a failed write
    /// to standard output (read-only commands; a write command has already committed).
    private static func stopIfReaderLeft(_ code: Int32) {
        if code == EPIPE { fflush(stderr); _exit(0) }
    }

    /// Writes raw bytes to standard output (stripped like ``write(_:)`` on a terminal).
    static func write(_ data: Data) {
        if stdoutIsTerminal {
            write(String(decoding: data, as: UTF8.self))
        } else {
            let written = data.withUnsafeBytes { raw in fwrite(raw.baseAddress, 1, raw.count, stdout) }
            if written < data.count { stopIfReaderLeft(errno) }
        }
    }

    static func line(_ text: String) {
        write(text + "\n")
    }

    /// One line to standard error, stripped of escape sequences (it may echo a value the
    /// person or a file gave). A failed write to standard error is ignored: there is nowhere
    /// left to report it.
    static func error(_ text: String) {
        var bytes = Array((TerminalText.sanitize(text) + "\n").utf8)
        _ = fwrite(&bytes, 1, bytes.count, stderr)
        fflush(stderr)
    }

    /// Encodes `value` as one JSON document (keys sorted, slashes unescaped) and prints it.
    static func json<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        write(data + Data("\n".utf8))
    }

    /// Flushes standard output and reports a write error (full disk, closed pipe, `/dev/full`)
    /// as one line on standard error.
    ///
    /// - Returns: `true` when everything written reached its destination.
    static func finish() -> Bool {
        let flushed = fflush(stdout) == 0
        let code = errno
        if !flushed || ferror(stdout) != 0 {
            if code == EPIPE { return true }  // the reader left early: see stopIfReaderLeft
            let reason = String(cString: strerror(code))
            error("lanternly: the output could not be written (\(reason)). Check the file or pipe it goes to (is the disk full?).")
            return false
        }
        return true
    }

    /// Reads all of standard input as UTF-8 text, at most `limit` bytes.
    ///
    /// - Throws: ``CLIError/runtime(_:)`` for invalid UTF-8 or input over `limit` bytes.
    static func readStandardInput(limit: Int, context: Context) throws -> String {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        // read(2) until it returns 0: on a terminal that is Ctrl-D, and one read more would
        // wait for the next line.
        while true {
            let n = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            data.append(contentsOf: buffer[0..<n])
            if data.count > limit {
                throw CLIError.runtime(context.text("cli.error.stdinTooLong", String(limit), String(limit / 1024)))
            }
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CLIError.runtime(context.text("cli.error.stdinNotUTF8"))
        }
        return text
    }
}
