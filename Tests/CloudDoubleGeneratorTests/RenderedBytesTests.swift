@testable import CloudDoubleGenerator
import Foundation
import XCTest

/// Generated text stays UTF-8 bytes from the template runner to the file: `RenderOutput` hands
/// its buffer over, `GeneratedFile` holds it, the writer writes it, and `contents` is made only
/// when asked for.
final class RenderedBytesTests: XCTestCase {
    func testAGeneratedFileHoldsItsTextsBytesAndMakesTheTextWhenAsked() {
        var file = GeneratedFile(name: "A.Mocks.swift", contents: "let café = \"☕️\"\r\n")
        XCTAssertEqual(file.bytes, Data("let café = \"☕️\"\r\n".utf8))
        XCTAssertEqual(file.contents, "let café = \"☕️\"\r\n")
        file.contents = "new\n"
        XCTAssertEqual(file.bytes, Data("new\n".utf8))
        XCTAssertEqual(file, GeneratedFile(name: "A.Mocks.swift", bytes: Data("new\n".utf8)))
        XCTAssertNotEqual(file, GeneratedFile(name: "A.Mocks.swift", contents: "new \n"))
    }

    func testTheGeneratorsFilesAreTheirRenderedBytes() throws {
        let generator = Generator(templates: try TemplateSet.bundled())
        let description = try Paths.bytes(Paths.cloudKitDescription)
        let translator = Translator(
            description: try Generator.resolve(description, file: Paths.cloudKitDescription.path), sourceFile: Paths.cloudKitDescription.lastPathComponent,
            descriptionPath: Paths.cloudKitDescription.path)
        let files = try generator.generate(description, file: Paths.cloudKitDescription.path)
        XCTAssertEqual(files.count, Artifact.allCases.count)
        for (file, artifact) in zip(files, Artifact.allCases.sorted()) {
            XCTAssertEqual(file.contents, try generator.templates.render(artifact, context: translator.context(for: artifact)), file.name)
            XCTAssertEqual(file.bytes, Data(file.contents.utf8), file.name)
        }
    }

    func testTheWriterWritesTheFilesBytes() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("clouddouble-bytes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let bytes = Data("// Grüße\nlet x = 1\n".utf8)
        XCTAssertEqual(try OutputWriter.write([GeneratedFile(name: "A.Live.swift", bytes: bytes), GeneratedFile(name: "A.Mocks.swift", bytes: Data())], to: directory), ["A.Live.swift", "A.Mocks.swift"])
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("A.Live.swift")), bytes)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("A.Mocks.swift")), Data())
        XCTAssertEqual(try OutputWriter.write([GeneratedFile(name: "A.Live.swift", bytes: bytes)], to: directory), [], "the same bytes are not written again")
    }

    func testAnOutputGrowsPastWhatItReservedAndHandsItsBytesOverOnce() {
        var output = RenderOutput(capacity: 1)
        var expected = ""
        for index in 0..<2_000 {
            let piece = index % 7 == 0 ? "é\(index)\n" : "\(index),"
            output.append(piece)
            expected += piece
            if index == 1_000 { output.reserveCapacity(output.utf8Count + 16) }
        }
        XCTAssertEqual(output.utf8Count, expected.utf8.count)
        XCTAssertEqual(output.finish().utf8Text, expected)
        XCTAssertEqual(output.finish(), Data(), "finished: empty, and its buffer is not freed twice")
        output.append("again")
        XCTAssertEqual(output.finish().utf8Text, "again", "written after finishing: a new buffer")
        var empty = RenderOutput()
        XCTAssertEqual(empty.finish(), Data())
        var unallocated = RenderOutput(capacity: 0)
        XCTAssertEqual(unallocated.finish(), Data(), "an output nothing was written to has no buffer to free")
    }

    func testAnIndentedPartialIndentsEveryLineThatIsNotEmptyAfterALineFeedOnItsOwn() {
        var partial = RenderOutput(capacity: 2)
        partial.append("a\n\nb\r\nc\nd")
        var output = RenderOutput(capacity: 2)
        output.append("{\n")
        let indent = Array("    ".utf8)
        indent.withUnsafeBufferPointer { output.appendIndenting(&partial, by: $0.baseAddress!, count: $0.count) }
        XCTAssertEqual(output.finish().utf8Text, "{\n    a\n\n    b\r\nc\n    d")
        XCTAssertEqual(partial.finish(), Data(), "the partial's buffer was handed over")

        var nothing = RenderOutput(capacity: 0)
        indent.withUnsafeBufferPointer { output.appendIndenting(&nothing, by: $0.baseAddress!, count: $0.count) }
        XCTAssertEqual(output.finish(), Data(), "an empty partial adds nothing, not even an indent")
    }

    func testAFileLetGoOfLeavesItsBufferForTheNextFilesText() throws {
        let spare = SpareBuffer()
        var first = RenderOutput(reusing: spare)
        first.append(String(repeating: "first\n", count: 1_000))
        var bytes: Data? = first.finish(keepingIn: spare)
        let firstBase = bytes!.withUnsafeBytes { $0.baseAddress }
        XCTAssertEqual(bytes!.utf8Text, String(repeating: "first\n", count: 1_000))

        var held = RenderOutput(reusing: spare)
        held.append(String(repeating: "held\n", count: 100))
        let heldBytes = held.finish(keepingIn: spare)
        XCTAssertNotEqual(heldBytes.withUnsafeBytes { $0.baseAddress }, firstBase, "the first file is still held: a new buffer")

        bytes = nil
        var second = RenderOutput(reusing: spare)
        second.append(String(repeating: "second\n", count: 100))
        let secondBytes = second.finish(keepingIn: spare)
        XCTAssertEqual(secondBytes.withUnsafeBytes { $0.baseAddress }, firstBase, "written into the buffer the first file let go of")
        XCTAssertEqual(secondBytes.utf8Text, String(repeating: "second\n", count: 100), "only what was written, none of the first file's text")
        XCTAssertEqual(heldBytes.utf8Text, String(repeating: "held\n", count: 100))
    }

    func testFilesHandedOverAndLetGoOfAreTheSameAsFilesKept() throws {
        let generator = Generator(templates: try TemplateSet.bundled())
        let description = try Paths.bytes(Paths.cloudKitDescription)
        let kept = try generator.generate(description, file: Paths.cloudKitDescription.path)
        var handedOver: [(name: String, text: String)] = []
        try generator.generate(description, file: Paths.cloudKitDescription.path) { file in handedOver.append((file.name, file.contents)) }
        XCTAssertEqual(handedOver.map(\.name), kept.map(\.name))
        XCTAssertEqual(handedOver.map(\.text), kept.map(\.contents))
    }
}
