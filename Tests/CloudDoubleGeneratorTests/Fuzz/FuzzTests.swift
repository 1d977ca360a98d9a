import CloudDoubleGenerator
import CloudDoubleRuntime
import Foundation
import XCTest

/// The generator never crashes or hangs on mutated descriptions, and accepts and generates random
/// valid ones deterministically. Run it long with
/// `CLOUDDOUBLE_FUZZ_ITERATIONS=100000 swift test --filter FuzzTests` (any seed via
/// `CLOUDDOUBLE_FUZZ_SEED`); `CLOUDDOUBLE_FUZZ_OUTPUT=<dir>` also writes a compilable sample
/// (CI builds it in Tests/Fixtures/FuzzCompile).
final class FuzzTests: XCTestCase {
    let environment = ProcessInfo.processInfo.environment
    var iterations: Int { Int(environment["CLOUDDOUBLE_FUZZ_ITERATIONS"] ?? "") ?? 200 }
    var seed: UInt64 { UInt64(environment["CLOUDDOUBLE_FUZZ_SEED"] ?? "") ?? 20_261_122 }

    func testRandomValidDescriptionsAreAcceptedAndGenerated() throws {
        let generator = Generator(templates: try .bundled())
        var sample: [(RandomDescription.Output, [GeneratedFile])] = []
        for index in 0..<max(20, iterations / 10) {
            var maker = RandomDescription(seed: seed, index: index)
            let output = maker.make()
            do {
                let files = try generator.generate(Array(output.json.utf8), file: "Fuzz\(index).clouddouble.json")
                XCTAssertEqual(files, try generator.generate(Array(output.json.utf8), file: "Fuzz\(index).clouddouble.json"), "deterministic")
                if sample.count < 8 { sample.append((output, files)) }
            } catch {
                XCTFail("a random valid description was refused: \(error)\n\(output.json)")
            }
        }
        if let directory = environment["CLOUDDOUBLE_FUZZ_OUTPUT"] {
            let root = URL(fileURLWithPath: directory)
            for (offset, (output, files)) in sample.enumerated() {
                try output.sdk.write(to: root.appendingPathComponent("FuzzSDK/SDK\(offset).swift"), atomically: true, encoding: .utf8)
                try output.json.write(
                    to: root.appendingPathComponent("FuzzDoubles/Inputs/Fuzz\(offset).clouddouble.json"), atomically: true, encoding: .utf8)
                try OutputWriter.write(files, to: root.appendingPathComponent("FuzzDoubles"))
            }
        }
    }

    func testMutatedDescriptionsNeverCrashTheGenerator() throws {
        let generator = Generator(templates: try .bundled())
        var corpus: [[UInt8]] = try [
            "Descriptions/CloudKit.clouddouble.json", "Descriptions/KeyValueStore.clouddouble.json",
            "Tests/Goldens/Descriptions/KitchenSink.clouddouble.json",
        ].map { try Paths.bytes(Paths.root.appendingPathComponent($0)) }
        corpus += (0..<5).map { index in
            var maker = RandomDescription(seed: seed, index: 1000 + index)
            return Array(maker.make().json.utf8)
        }
        var random = SeededGenerator(seed: seed)
        var accepted = 0
        // At least 400: few mutations keep a description valid, and the check below needs one.
        for _ in 0..<max(400, iterations) {
            let original = corpus[Int.random(in: 0..<corpus.count, using: &random)]
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) { Self.mutate(&bytes, &random) }
            do {
                _ = try generator.generate(bytes, file: "mutated.json")
                accepted += 1
            } catch {
                guard case .description(let diagnostics) = error else { return XCTFail("unexpected error \(error)") }
                let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
                for diagnostic in diagnostics.diagnostics {
                    XCTAssertFalse(diagnostic.message.isEmpty)
                    XCTAssertTrue((1...max(1, lines)).contains(diagnostic.location.line) && diagnostic.location.column >= 1, "\(diagnostic)")
                }
                XCTAssertFalse(diagnostics.diagnostics.isEmpty, "a refusal says why")
            }
        }
        XCTAssertGreaterThan(accepted, 0, "some mutations keep the description valid")
    }

    static let fragments: [[UInt8]] = [
        "{", "}", "[", "]", "\"", ",", ":", "null", "true", "1e999", "-0", "\"\\u0000\"", "\"\\ud800\"",
        "\u{FEFF}", "é", "🙂", "\\", "\"types\"", "\"forms\"", "\"sync\"", "{\"name\": \"x\"}", "\"operations\": true", "\n",
    ].map { Array($0.utf8) }

    /// One random edit: flip, delete, duplicate, insert a JSON fragment, or truncate.
    static func mutate(_ bytes: inout [UInt8], _ random: inout SeededGenerator) {
        guard !bytes.isEmpty else {
            bytes = fragments[0]
            return
        }
        let at = Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
        case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...32, using: &random)))
        case 2: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + Int.random(in: 1...64, using: &random))], at: at)
        case 3: bytes.insert(contentsOf: fragments[Int.random(in: 0..<fragments.count, using: &random)], at: at)
        case 4: bytes.removeSubrange(at...)
        default: bytes[at] = UInt8.random(in: 0...255, using: &random)
        }
    }
}
