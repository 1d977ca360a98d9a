import Foundation
import XCTest

/// Extracts symbol graphs of modules this test build produced, with the toolchain's own
/// `swift-symbolgraph-extract`, so the drift tests run from a plain `swift test`.
enum SymbolGraphExtraction {
    /// Where SwiftPM put this build's `.swiftmodule` files (`.build/debug/Modules` in Swift 6).
    static var modulesDirectory: URL? {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles + [Bundle.main] {
            var directory = bundle.bundleURL
            for _ in 0..<4 {
                directory = directory.deletingLastPathComponent()
                candidates.append(directory.appendingPathComponent("Modules"))
                candidates.append(directory)
            }
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        candidates += [executable.appendingPathComponent("Modules"), executable, Paths.root.appendingPathComponent(".build/debug/Modules")]
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("CloudDoubleRuntime.swiftmodule").path) }
    }

    /// `swift-symbolgraph-extract` next to `swiftc` on the `PATH` (or `xcrun --find` on a Mac).
    static var tool: URL? {
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

    static var targetTriple: String {
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

    private static let cache = Cache()

    private final class Cache: @unchecked Sendable {
        let lock = NSLock()
        var graphs: [String: [Data]] = [:]
    }

    /// The module's symbol graph files (its own first), or a skip when the toolchain has no extractor.
    static func graphs(of module: String) throws -> [Data] {
        if let cached = cache.lock.withLock({ cache.graphs[module] }) { return cached }
        guard let tool else { throw XCTSkip("swift-symbolgraph-extract is not next to swiftc on the PATH; the drift tests need it") }
        guard let modules = modulesDirectory else { throw XCTSkip("cannot find this build's Modules directory") }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("clouddouble-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        var arguments = ["-module-name", module, "-target", targetTriple, "-I", modules.path, "-output-dir", output.path]
        #if os(macOS)
            if let sdk = try? run(URL(fileURLWithPath: "/usr/bin/xcrun"), ["--show-sdk-path"]) {
                arguments += ["-sdk", sdk.trimmingCharacters(in: .whitespacesAndNewlines)]
            }
        #endif
        _ = try run(tool, arguments)
        let main = output.appendingPathComponent("\(module).symbols.json")
        let others = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0 != "\(module).symbols.json" }.sorted()
        let graphs = try [Data(contentsOf: main)] + others.map { try Data(contentsOf: output.appendingPathComponent($0)) }
        cache.lock.withLock { cache.graphs[module] = graphs }
        return graphs
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    @discardableResult
    static func run(_ executable: URL, _ arguments: [String]) throws -> String {
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
