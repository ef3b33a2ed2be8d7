import Foundation

/// Where the shipped data lives: `Localizable.xcstrings`, `devices.json` and `profiles/`.
public enum ShippedResources {
    /// The folder that holds the copied resources (SwiftPM's `Bundle.module`).
    public static var directory: URL { Bundle.module.resourceURL ?? Bundle.module.bundleURL }
    /// A shipped file by name, e.g. `devices.json` or `profiles/iphone-15.json`.
    public static func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }
}
