#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One TCP connection on a POSIX socket, with the timeouts the model server needs that
/// `URLSession` does not separate (connect vs. first byte) and a cancel signal that wakes a
/// blocked read at once. Every wait is a `poll(2)`: no busy waiting.
///
/// All C calls of the module go through this file (the swift-system habit).
final class Socket {
    private let fd: Int32
    private let cancel: CancelSignal

    /// What a read brought.
    enum ReadResult {
        case data([UInt8])
        /// The peer closed the connection.
        case closed
        /// Nothing arrived within the time given.
        case timedOut
    }

    /// Connects to `host`:`port`, trying each address `getaddrinfo(3)` gives.
    ///
    /// - Parameters:
    ///   - loopbackOnly: when `true`, an address that is not loopback (127.0.0.0/8, ::1) is
    ///     refused before any packet is sent.
    ///   - timeout: for the whole connect, in seconds (2 for the model server).
    /// - Throws: ``ModelServerError`` `.hostNotFound`, `.remoteNotAllowed`,
    ///   `.connectionRefused`, `.connectTimedOut`, `.connectFailed(errno)`, or
    ///   `CancellationError`. The corresponding C functions are `getaddrinfo`, `socket`,
    ///   `connect` and `poll`.
    init(host: String, port: UInt16, loopbackOnly: Bool, timeout: TimeInterval, cancel: CancelSignal) throws {
        self.cancel = cancel
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        guard getaddrinfo(bare, String(port), &hints, &list) == 0, let first = list else {
            throw ModelServerError.hostNotFound
        }
        defer { freeaddrinfo(list) }
        let deadline = Date().addingTimeInterval(timeout)
        var lastError: ModelServerError = .hostNotFound
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let ai = node {
            node = ai.pointee.ai_next
            guard let addr = ai.pointee.ai_addr else { continue }
            if loopbackOnly && !Socket.isLoopback(addr) { lastError = .remoteNotAllowed; continue }
            let s = socket(ai.pointee.ai_family, ai.pointee.ai_socktype, ai.pointee.ai_protocol)
            if s < 0 { lastError = .connectFailed(errno); continue }
            _ = fcntl(s, F_SETFL, fcntl(s, F_GETFL) | O_NONBLOCK)
            var on: Int32 = 1
            _ = setsockopt(s, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            if connect(s, addr, ai.pointee.ai_addrlen) == 0 { fd = s; return }
            if errno != EINPROGRESS { lastError = Socket.connectError(errno); close(s); continue }
            do {
                switch try Socket.wait(s, events: Int16(POLLOUT), until: deadline, cancel: cancel) {
                case false: close(s); throw ModelServerError.connectTimedOut
                case true:
                    var err: Int32 = 0
                    var len = socklen_t(MemoryLayout<Int32>.size)
                    _ = getsockopt(s, SOL_SOCKET, SO_ERROR, &err, &len)
                    if err == 0 { fd = s; return }
                    lastError = Socket.connectError(err)
                    close(s)
                }
            } catch {
                close(s)
                throw error
            }
        }
        throw lastError
    }

    deinit { close(fd) }

    /// Sends all of `bytes`, waiting (poll) while the socket's buffer is full.
    ///
    /// - Throws: `.connectionDropped`, `.sendTimedOut`, or `CancellationError`.
    func send(_ bytes: [UInt8], timeout: TimeInterval) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { buf in
                #if canImport(Glibc)
                Glibc.send(fd, buf.baseAddress, buf.count, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(fd, buf.baseAddress, buf.count, 0)
                #endif
            }
            if n > 0 { sent += n; continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                guard try Socket.wait(fd, events: Int16(POLLOUT), until: deadline, cancel: cancel) else {
                    throw ModelServerError.sendTimedOut
                }
                continue
            }
            throw ModelServerError.connectionDropped
        }
    }

    /// Waits until data arrives, the peer closes, or `deadline` passes.
    ///
    /// - Throws: `.connectionDropped` on a reset, or `CancellationError`.
    func read(until deadline: Date) throws -> ReadResult {
        while true {
            guard try Socket.wait(fd, events: Int16(POLLIN), until: deadline, cancel: cancel) else { return .timedOut }
            var buf = [UInt8](repeating: 0, count: 16 * 1024)
            let n = buf.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { return .data(Array(buf[..<n])) }
            if n == 0 { return .closed }
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
            throw ModelServerError.connectionDropped
        }
    }

    /// `poll(2)` on `fd` and the cancel signal until `deadline`. - Returns: `true` when `fd`
    /// is ready, `false` on timeout. - Throws: `CancellationError` when cancelled.
    private static func wait(_ fd: Int32, events: Int16, until deadline: Date, cancel: CancelSignal) throws -> Bool {
        while true {
            if cancel.isCancelled { throw CancellationError() }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return false }
            var fds = [pollfd(fd: fd, events: events, revents: 0),
                       pollfd(fd: cancel.readEnd, events: Int16(POLLIN), revents: 0)]
            let ms = Int32(min(left * 1000, Double(Int32.max)).rounded(.up))
            let r = poll(&fds, nfds_t(fds.count), ms)
            if r < 0 { if errno == EINTR { continue }; throw ModelServerError.connectionDropped }
            if fds[1].revents != 0 || cancel.isCancelled { throw CancellationError() }
            if fds[0].revents != 0 { return true }
        }
    }

    private static func connectError(_ code: Int32) -> ModelServerError {
        switch code {
        case ECONNREFUSED: return .connectionRefused
        case ETIMEDOUT: return .connectTimedOut
        case EHOSTUNREACH, ENETUNREACH: return .hostUnreachable
        default: return .connectFailed(code)
        }
    }

    /// Whether `addr` is 127.0.0.0/8, `::1`, or an IPv4-mapped loopback address.
    static func isLoopback(_ addr: UnsafePointer<sockaddr>) -> Bool {
        switch Int32(addr.pointee.sa_family) {
        case AF_INET:
            return addr.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                (UInt32(bigEndian: $0.pointee.sin_addr.s_addr) >> 24) == 127
            }
        case AF_INET6:
            return addr.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { p in
                withUnsafeBytes(of: p.pointee.sin6_addr) { b in
                    let loop6 = b.prefix(15).allSatisfy { $0 == 0 } && b[15] == 1
                    let mapped = b.prefix(10).allSatisfy { $0 == 0 } && b[10] == 0xFF && b[11] == 0xFF && b[12] == 127
                    return loop6 || mapped
                }
            }
        default:
            return false
        }
    }
}

/// A one-shot cancel signal a `poll(2)` can wait on (a pipe): ``fire()`` from any thread
/// wakes every wait of the sockets that share it.
final class CancelSignal: @unchecked Sendable {
    let readEnd: Int32
    private let writeEnd: Int32
    private let lock = NSLock()
    private var fired = false

    init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) != 0 { fds = [-1, -1] }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    var isCancelled: Bool { lock.withLock { fired } }

    func fire() {
        let first: Bool = lock.withLock { defer { fired = true }; return !fired }
        guard first, writeEnd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }
}
