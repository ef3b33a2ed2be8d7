import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Wakes the full-screen loop when background work (a reply streaming in) posts to the
/// runtime's inbox, so a new piece of text reaches the screen at once instead of at the next
/// 100 ms key-read timeout. A self-pipe: ``notify()`` (any thread) writes a byte; ``wait(timeoutMilliseconds:)``
/// sleeps in `poll(2)` on the terminal's input and the pipe. No busy waiting.
final class InboxWake: @unchecked Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32

    /// What ended a wait.
    struct Ready {
        /// The terminal has input (or hung up): read it.
        var input: Bool
        /// Background work posted to the inbox.
        var woken: Bool
    }

    init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Called from any thread. A full pipe already means "wake up", so a failed write is fine.
    func notify() {
        guard writeEnd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Waits until the terminal (`inputFD`) is readable, ``notify()`` was called, a signal
    /// arrives (a resize), or `timeoutMilliseconds` pass. The corresponding C function is `poll`.
    func wait(inputFD: Int32 = STDIN_FILENO, timeoutMilliseconds: Int32) -> Ready {
        guard readEnd >= 0 else { return Ready(input: true, woken: false) }  // no pipe: read as before
        var fds = [pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
        let r = poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
        // Interrupted (SIGWINCH, …): let curses look, it may hold a resize.
        if r < 0 { return Ready(input: true, woken: false) }
        var woken = false
        if fds[1].revents != 0 {
            var buf = [UInt8](repeating: 0, count: 256)
            while read(readEnd, &buf, buf.count) > 0 {}
            woken = true
        }
        return Ready(input: fds[0].revents != 0, woken: woken)
    }
}
