import Foundation
import XCTest

@testable import CloudDoubleGenerator

/// Generated text stays UTF-8 bytes from the renderer to the file: `GeneratedFile` holds them,
/// the writer writes them, and `contents` is made only when asked for.
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
            description: try Generator.resolve(description, file: Paths.cloudKitDescription.path),
            sourceFile: Paths.cloudKitDescription.lastPathComponent,
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
        XCTAssertEqual(
            try OutputWriter.write(
                [GeneratedFile(name: "A.Live.swift", bytes: bytes), GeneratedFile(name: "A.Mocks.swift", bytes: Data())], to: directory),
            ["A.Live.swift", "A.Mocks.swift"])
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("A.Live.swift")), bytes)
        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("A.Mocks.swift")), Data())
        XCTAssertEqual(
            try OutputWriter.write([GeneratedFile(name: "A.Live.swift", bytes: bytes)], to: directory), [], "the same bytes are not written again")
    }

    func testAnIndentedPartialIndentsEveryLineThatIsNotEmptyAfterALineFeedOnItsOwn() {
        var output = Array("{\n".utf8)
        let indent = Array("    ".utf8)
        TemplateRenderer.append(Array("a\n\nb\r\nc\nd".utf8), indentedBy: indent, to: &output)
        XCTAssertEqual(String(decoding: output, as: UTF8.self), "{\n    a\n\n    b\r\nc\n    d")
        var nothing: [UInt8] = []
        TemplateRenderer.append([], indentedBy: indent, to: &nothing)
        XCTAssertEqual(nothing, [], "an empty partial adds nothing, not even an indent")
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
