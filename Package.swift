// swift-tools-version:5.9
// Lanternly for the terminal. Layout and arrows: ../shared/STYLE.md.
import PackageDescription

let package = Package(
    name: "Lanternly",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "lanternly", targets: ["lanternly"])
    ],
    targets: [
        // No pkgConfig: its -D_XOPEN_SOURCE flags are refused by SwiftPM (FACTS.md, "Linux
        // specifics"); the headers are in /usr/include and the module maps name the libraries.
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw", providers: [.apt(["libncurses-dev"])]),
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        // The shipped data: string catalog, device catalog, hardware profiles, crisis lexicon and weights.
        .target(name: "LanternlyResources", path: "Resources",
                sources: ["ShippedResources.swift"],
                resources: [.copy("Localizable.xcstrings"), .copy("devices.json"), .copy("profiles"),
                            .copy("crisis-lexicon.txt"), .copy("crisis-lexicon.bin"), .copy("crisis-weights.bin")]),
        // Build-time: the string catalog becomes Swift source (no JSON parsing at start-up).
        .executableTarget(name: "embed-strings", path: "Sources/embed-strings"),
        .plugin(name: "EmbedStringCatalog", capability: .buildTool(), dependencies: ["embed-strings"]),
        .target(name: "LanternlyCore", dependencies: ["LanternlyResources"],
                plugins: ["EmbedStringCatalog"]),
        .target(name: "JournalStore", dependencies: ["LanternlyCore", "CSQLite"]),
        // A model server client (OpenAI chat completions over HTTP); the only module that
        // opens sockets. LanternlyCore knows nothing of the network.
        .target(name: "ModelServer", dependencies: ["LanternlyCore"]),
        // Apple's Foundation Models behind Luna's LanguageModel; compiles to nothing on Linux.
        .target(name: "FoundationModelsBackend", dependencies: ["LanternlyCore"]),
        .target(name: "TerminalUI"),
        .target(name: "LanternlyApp", dependencies: ["TerminalUI", "LanternlyCore"]),
        .target(name: "NcursesBackend", dependencies: ["TerminalUI", "CNcursesw"]),
        .executableTarget(name: "lanternly",
                          dependencies: ["LanternlyApp", "NcursesBackend", "TerminalUI", "JournalStore", "LanternlyCore", "ModelServer",
                                         "FoundationModelsBackend"]),
        .executableTarget(name: "lanternly-bench",
                          dependencies: ["LanternlyCore", "JournalStore", "LanternlyApp", "TerminalUI", "NcursesBackend"],
                          path: "Benchmarks/Sources"),
        // `make eval`: the crisis detector against the labelled corpus (Eval/crisis/).
        .executableTarget(name: "crisis-eval", dependencies: ["LanternlyCore"], path: "Eval/crisis/Sources"),
        .target(name: "TestSupport", dependencies: ["LanternlyCore"], path: "Tests/TestSupport"),
        .testTarget(name: "LanternlyCoreTests", dependencies: ["LanternlyCore", "TestSupport"]),
        .testTarget(name: "JournalStoreTests", dependencies: ["JournalStore", "TestSupport"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(name: "LanternlyAppTests", dependencies: ["LanternlyApp", "TestSupport"], exclude: ["Snapshots"]),
        .testTarget(name: "CLITests", dependencies: ["TestSupport", "lanternly"]),
        .testTarget(name: "ModelServerTests", dependencies: ["ModelServer", "TestSupport"]),
        // The loopback test server as a program, for the tmux tests and the bench (never shipped).
        .executableTarget(name: "loopback-model-server", dependencies: ["TestSupport"],
                          path: "Tests/LoopbackModelServerTool"),
    ]
)

#if os(Linux)
// The Foundation Models adapter's logic, tested on Linux: the same source file (a link in
// Tests/FoundationModelsAdapter) compiled against a stand-in module named FoundationModels.
// Test-only: no product depends on these targets.
package.targets += [
    .target(name: "FoundationModels", path: "Tests/FoundationModelsStandIn",
            swiftSettings: [.unsafeFlags(["-enable-library-evolution"])]),
    .target(name: "FoundationModelsAdapter", dependencies: ["LanternlyCore", "FoundationModels"],
            path: "Tests/FoundationModelsAdapter",
            swiftSettings: [.define("FOUNDATION_MODELS_STAND_IN")]),
    .testTarget(name: "FoundationModelsAdapterTests",
                dependencies: ["FoundationModelsAdapter", "FoundationModels", "LanternlyCore", "TestSupport"]),
]
#endif
