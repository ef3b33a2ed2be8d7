import Foundation
import LanternlyCore

/// A fresh temporary `--home` folder for one test; ``remove()`` deletes it.
public struct TempHome: Sendable {
    /// The folder itself.
    public let url: URL
    /// ``LanternlyPaths`` under it (`config`, `data`, `state`).
    public let paths: LanternlyPaths

    /// Creates `$TMPDIR/lanternly-test-<uuid>`.
    public init(file: StaticString = #file) {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("lanternly-test-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        paths = LanternlyPaths(home: url)
    }

    /// Every regular file under the home, recursively.
    public func allFiles() -> [URL] {
        guard let e = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { return [] }
        return e.compactMap { $0 as? URL }.filter {
            var dir: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0.path, isDirectory: &dir) && !dir.boolValue
        }
    }

    /// Whether any file under the home contains `needle` (as UTF-8 bytes).
    public func anyFileContains(_ needle: String) -> Bool {
        let bytes = Data(needle.utf8)
        return allFiles().contains { (try? Data(contentsOf: $0))?.range(of: bytes) != nil }
    }

    /// The POSIX permission bits of `url` (e.g. `0o600`).
    public static func permissions(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] as? Int
    }

    /// Deletes the folder.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
