import Foundation
import LanternlyResources

extension HardwareProfile {
    /// The shipped profile a file is, or `nil` for a profile the person owns.
    ///
    /// A file is shipped when it is one of the resource bundle's `profiles/*.json`, or one of
    /// the repository's `Resources/profiles/*.json` (a folder named `profiles` beside
    /// `devices.json`, holding a file of a shipped name) — by its real path, through
    /// symbolic links. Shipped profiles are never rewritten: changes go to
    /// ``personalCopy(of:in:)``.
    /// - Returns: the shipped name (`iphone-15`).
    public static func shippedName(of url: URL) -> String? {
        let real = resolvedPath(url)
        let file = URL(fileURLWithPath: real)
        let name = file.deletingPathExtension().lastPathComponent
        guard file.pathExtension == "json", shippedNames.contains(name) else { return nil }
        let folder = file.deletingLastPathComponent()
        if folder.path == resolvedPath(ShippedResources.url("profiles")) { return name }
        let beside = folder.deletingLastPathComponent().appendingPathComponent("devices.json")
        if folder.lastPathComponent == "profiles", FileManager.default.fileExists(atPath: beside.path) { return name }
        return nil
    }

    /// Where changes to shipped profile `name` are written: `CONFIG/profiles/NAME.json`.
    public static func personalCopy(of name: String, in config: URL) -> URL {
        config.appendingPathComponent("profiles").appendingPathComponent(name + ".json")
    }

    private static func resolvedPath(_ url: URL) -> String {
        url.standardizedFileURL.resolvingSymlinksInPath().path
    }
}
