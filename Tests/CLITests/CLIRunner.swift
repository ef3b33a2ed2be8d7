import Foundation
import XCTest

/// Runs the built `lanternly` binary in a private home, as a person would from a shell.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
        }
    }

    let home: URL
    var environment: [String: String]

    /// The binary: `$LANTERNLY_BIN`, else `.build/debug/lanternly` beside the test bundle.
    static let binary: URL = {
        if let p = ProcessInfo.processInfo.environment["LANTERNLY_BIN"] { return URL(fileURLWithPath: p) }
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var dir = testBinary.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("lanternly")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/lanternly")
    }()

    /// The shipped profiles folder in the source tree.
    static let profiles: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/profiles")

    init() throws {
        // A child that stops reading early (a refused 1 MB message) must not kill the tests.
        signal(SIGPIPE, SIG_IGN)
        home = FileManager.default.temporaryDirectory
            .appendingPathComponent("lanternly-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": home.path,
                       "LANTERNLY_HOME": home.path, "TZ": "UTC"]
    }

    func cleanUp() { try? FileManager.default.removeItem(at: home) }

    /// Runs `lanternly ARGS`, feeding `stdin` (bytes) when given.
    @discardableResult
    func run(_ args: [String], stdin: Data? = nil, env extra: [String: String] = [:]) throws -> Result {
        let p = Process()
        p.executableURL = CLIRunner.binary
        p.arguments = args
        p.environment = environment.merging(extra) { $1 }
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = input
        try p.run()
        let writer = Thread {
            if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Result(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e, as: UTF8.self))
    }

    /// A private copy of a shipped profile under the home (tests may edit it).
    func profileCopy(_ name: String) throws -> URL {
        let dir = home.appendingPathComponent("profiles")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let copy = dir.appendingPathComponent("\(name).json")
        if !FileManager.default.fileExists(atPath: copy.path) {
            try FileManager.default.copyItem(at: CLIRunner.profiles.appendingPathComponent("\(name).json"), to: copy)
        }
        return copy
    }

    /// `run` with `--profile` set to a private copy of a shipped profile.
    @discardableResult
    func run(profile: String, _ args: [String], stdin: Data? = nil, env extra: [String: String] = [:]) throws -> Result {
        try run(["--profile", try profileCopy(profile).path] + args, stdin: stdin, env: extra)
    }

    /// Every regular file under the home, with its bytes.
    func allFiles() -> [(String, Data)] {
        var files: [(String, Data)] = []
        guard let e = FileManager.default.enumerator(at: home, includingPropertiesForKeys: nil) else { return [] }
        for case let url as URL in e {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDir), !isDir.boolValue,
               let d = FileManager.default.contents(atPath: url.path) {
                files.append((url.path, d))
            }
        }
        return files
    }
}
