import CloudDoubleRuntime
import Foundation
import XCTest

/// Extracts symbol graphs of modules this test build produced, with the toolchain's own
/// `swift-symbolgraph-extract`, so the tests that read them (drift, import, the stand-in's
/// manifest) run from a plain `swift test`; and runs the toolchain's other tools for them.
public enum SymbolGraphExtraction {
    /// Where SwiftPM put this build's `.swiftmodule` files (`.build/debug/Modules` in Swift 6):
    /// the directory holding `module`'s.
    public static func modulesDirectory(holding module: String = "CloudDoubleRuntime") -> URL? {
        var candidates: [URL] = []
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        for start in Bundle.allBundles.map(\.bundleURL) + [Bundle.main.bundleURL, executable] {
            var directory = start
            for _ in 0..<4 {
                directory = directory.deletingLastPathComponent()
                candidates += [directory.appendingPathComponent("Modules"), directory]
            }
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/Modules"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("\(module).swiftmodule").path) }
    }

    /// The package's root directory, from this file's path.
    private static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// `swift-symbolgraph-extract` on the `PATH`, or next to the `swiftc` found there (or
    /// `xcrun --find` on a Mac).
    public static var tool: URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("swift-symbolgraph-extract")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            let swiftc = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: swiftc.path) {
                let sibling = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("swift-symbolgraph-extract")
                if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
            }
        }
        #if os(macOS)
            if let found = try? run(URL(fileURLWithPath: "/usr/bin/xcrun"), ["--find", "swift-symbolgraph-extract"]) {
                return URL(fileURLWithPath: found.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        #endif
        return nil
    }

    public static var targetTriple: String {
        #if arch(x86_64)
            let arch = "x86_64"
        #else
            let arch = "aarch64"
        #endif
        #if os(Linux)
            return "\(arch)-unknown-linux-gnu"
        #else
            return "\(arch == "aarch64" ? "arm64" : arch)-apple-macosx12.0"
        #endif
    }

    /// Each module's graphs, by module and access level: extracted once per test run.
    private static let cache = Locked<[String: [Data]]>([:])

    /// The module's symbol graph files, its own first, then those of its extensions to other
    /// modules by name; a skip when the toolchain has no extractor. `minimumAccessLevel`
    /// `internal` keeps public declarations whose names start with an underscore
    /// (`__CKRecordID`), which the extractor treats as private at its default level.
    public static func graphs(of module: String, minimumAccessLevel: String? = nil) throws -> [Data] {
        let key = module + "/" + (minimumAccessLevel ?? "")
        if let cached = cache.withLock({ $0[key] }) { return cached }
        guard let tool else {
            throw XCTSkip("swift-symbolgraph-extract is not next to swiftc on the PATH; the tests that read symbol graphs need it")
        }
        guard let modules = modulesDirectory(holding: module) else {
            throw Failure(description: "cannot find this build's Modules directory (\(module).swiftmodule)")
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("clouddouble-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        var arguments = ["-module-name", module, "-target", targetTriple, "-I", modules.path, "-output-dir", output.path]
        if let minimumAccessLevel { arguments += ["-minimum-access-level", minimumAccessLevel] }
        #if os(macOS)
            if let sdk = try? run(URL(fileURLWithPath: "/usr/bin/xcrun"), ["--show-sdk-path"]) {
                arguments += ["-sdk", sdk.trimmingCharacters(in: .whitespacesAndNewlines)]
            }
        #endif
        _ = try run(tool, arguments)
        let main = output.appendingPathComponent("\(module).symbols.json")
        let others = try FileManager.default.contentsOfDirectory(atPath: output.path).filter {
            $0.hasSuffix(".symbols.json") && $0 != "\(module).symbols.json"
        }.sorted()
        let graphs = try [Data(contentsOf: main)] + others.map { try Data(contentsOf: output.appendingPathComponent($0)) }
        cache.withLock { $0[key] = graphs }
        return graphs
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs `executable` with `arguments`; its output (standard output and error together), or a
    /// `Failure` holding it when it exits with another status than 0.
    @discardableResult
    public static func run(_ executable: URL, _ arguments: [String]) throws -> String {
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
            // A simulator runs no other processes: the tests that need the toolchain skip there.
            throw XCTSkip("\(executable.lastPathComponent) cannot be run on this platform")
        #else
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self)
            guard process.terminationStatus == 0 else {
                throw Failure(description: "\(executable.lastPathComponent) \(arguments.joined(separator: " ")) failed:\n\(text)")
            }
            return text
        #endif
    }
}
