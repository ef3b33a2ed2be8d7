import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Read-only bytes of a shipped file, mapped into memory (`mmap`, `MAP_PRIVATE`): nothing is
/// copied or parsed at start-up, and only the pages a lookup touches are read from disk (and
/// count towards the resident size). Or a private 8-byte-aligned copy of some `Data` (tests).
///
/// Lives as long as anything reads through ``bytes``: ``CrisisLexicon`` and
/// ``CrisisClassifier`` keep theirs for the life of the process.
final class MappedFile: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    private let mapped: Bool

    /// Maps the file at `path`; `nil` when it cannot be opened, is empty or cannot be mapped.
    init?(path: String) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        guard let p = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), p != UnsafeMutableRawPointer(bitPattern: -1) else {
            return nil
        }
        bytes = UnsafeRawBufferPointer(start: p, count: size)
        mapped = true
    }

    /// A private copy of `data`, aligned for 8-byte reads.
    init(copying data: Data) {
        let p = UnsafeMutableRawPointer.allocate(byteCount: max(data.count, 1), alignment: 8)
        data.withUnsafeBytes { if let base = $0.baseAddress { p.copyMemory(from: base, byteCount: data.count) } }
        bytes = UnsafeRawBufferPointer(start: p, count: data.count)
        mapped = false
    }

    /// Gives back the memory of the whole pages inside `range` (byte offsets) once they have
    /// been read: `madvise(MADV_DONTNEED)` on a private read-only mapping drops the pages from
    /// the resident size, and a later read maps them again from the page cache (madvise(2)).
    /// Nothing happens for a copy.
    func release(_ range: Range<Int>) {
        guard mapped, let base = bytes.baseAddress else { return }
        let page = Self.pageSize
        let start = (range.lowerBound + page - 1) / page * page
        let end = min(range.upperBound, bytes.count) / page * page
        guard end > start else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, Int32(MADV_DONTNEED))
    }

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    deinit {
        guard let p = bytes.baseAddress else { return }
        if mapped {
            munmap(UnsafeMutableRawPointer(mutating: p), bytes.count)
        } else {
            p.deallocate()
        }
    }
}

/// Reads little-endian numbers from ``MappedFile`` bytes in order; every read checks the end.
struct ByteReader {
    struct EndOfData: Error {}

    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    @inline(__always) mutating func read<T: FixedWidthInteger>(_: T.Type) throws -> T {
        guard offset + MemoryLayout<T>.size <= bytes.count else { throw EndOfData() }
        defer { offset += MemoryLayout<T>.size }
        return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
    }

    @inline(__always) mutating func u32() throws -> Int { Int(try read(UInt32.self)) }
    @inline(__always) mutating func i32() throws -> Int32 { try read(Int32.self) }
    @inline(__always) mutating func u64() throws -> UInt64 { try read(UInt64.self) }
    @inline(__always) mutating func f32() throws -> Float { Float(bitPattern: try read(UInt32.self)) }

    mutating func string() throws -> String {
        let n = try u32()
        guard offset + n <= bytes.count else { throw EndOfData() }
        defer { offset += n }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + n)]), as: UTF8.self)
    }

    mutating func align(_ n: Int) { offset = (offset + n - 1) / n * n }

    /// A pointer to `count` values of `T` at the current offset (aligned), skipped over.
    mutating func array<T>(_: T.Type, count: Int) throws -> UnsafePointer<T> {
        let size = count * MemoryLayout<T>.stride
        guard count >= 0, offset + size <= bytes.count, offset % MemoryLayout<T>.alignment == 0 else { throw EndOfData() }
        defer { offset += size }
        return (bytes.baseAddress! + offset).assumingMemoryBound(to: T.self)
    }
}
