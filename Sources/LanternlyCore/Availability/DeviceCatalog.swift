import Foundation
import LanternlyResources

/// Maps a device name to its chip and Apple Intelligence eligibility.
///
/// Shipped as `Resources/devices.json`, built from FACTS.md's table "Apple Intelligence
/// eligibility": `{"devices": [{"name": "iPhone 15 Pro", "chip": "A17 Pro",
/// "eligible": true, "platform": "iOS"}, …]}`.
public struct DeviceCatalog: Equatable, Sendable {
    /// One device of the catalog.
    public struct Device: Equatable, Sendable, Codable {
        /// Marketing name, e.g. `iPhone 16 Pro`, `MacBook Air (M1)`.
        public var name: String
        /// Chip, e.g. `A18 Pro`, `M1`, `Intel x86-64`.
        public var chip: String
        /// Whether the chip can run Apple Intelligence (FACTS.md).
        public var eligible: Bool
        /// The OS family the device runs: `iOS`, `iPadOS`, `macOS` or `visionOS`.
        public var platform: String

        public init(name: String, chip: String, eligible: Bool, platform: String) {
            self.name = name
            self.chip = chip
            self.eligible = eligible
            self.platform = platform
        }
    }

    /// Every device, in file order.
    public let devices: [Device]

    /// Why the catalog file could not be read.
    public struct FormatError: Error, CustomStringConvertible {
        public let description: String
    }

    public init(devices: [Device]) { self.devices = devices }

    /// Parses `devices.json`.
    ///
    /// - Throws: ``FormatError`` when the data is not the shape above.
    public init(data: Data) throws {
        struct File: Decodable { var devices: [Device] }
        do {
            devices = try JSONDecoder().decode(File.self, from: data).devices
        } catch {
            throw FormatError(description: "devices.json is not a device catalog: \(error)")
        }
    }

    /// The shipped catalog, parsed once per process.
    ///
    /// - Throws: ``FormatError`` or the file system's error when the resource is missing.
    public static func shipped() throws -> DeviceCatalog { try shippedResult.get() }

    private static let shippedResult: Result<DeviceCatalog, Error> = Result {
        try DeviceCatalog(data: Data(contentsOf: ShippedResources.url("devices.json")))
    }

    /// Every device name, in file order.
    public var names: [String] { devices.map(\.name) }

    /// The device called `name`, compared case-insensitively with surrounding spaces ignored.
    public func device(named name: String) -> Device? {
        let wanted = Self.normalized(name)
        return devices.first { Self.normalized($0.name) == wanted }
    }

    /// Whether `name` is a known device that can run Apple Intelligence; unknown: `false`.
    public func isEligible(_ name: String) -> Bool { device(named: name)?.eligible ?? false }

    private static func normalized(_ s: String) -> String {
        s.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            .split(separator: " ").joined(separator: " ")
    }
}
