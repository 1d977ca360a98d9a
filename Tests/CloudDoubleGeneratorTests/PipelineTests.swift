import XCTest

@testable import CloudDoubleGenerator

/// The pipeline's stages, called one by one, give their named types and the files `generate`
/// gives; a description that fails at a stage fails there, and nothing reaches `write`.
final class PipelineTests: XCTestCase {
    static let json = #"""
        { "formatVersion": 1, "module": "SDK", "prefix": "Cloud", "types": [{ "name": "Store", "sdkType": "SDKStore", "calls": [
          { "parameters": [{ "name": "key", "type": "String" }], "returns": "Int", "forms": { "async": { "name": "value" } } }] }] }
        """#

    func testTheStagesInTurnGiveTheFilesGenerateGives() throws {
        let pipeline = Pipeline(file: "Sources/App/Store.clouddouble.json")
        let templates = try TemplateSet.bundled()
        let document: JSONDocument = try pipeline.parse(Array(Self.json.utf8))
        let description: APIDescription = try pipeline.decode(document)
        let validated: ValidatedDescription = try pipeline.validate(description)
        let translator: Translator = try pipeline.translator(for: validated, options: TranslationOptions())
        let files = try Artifact.allCases.sorted().map { artifact throws(GeneratorError) in
            try pipeline.render(artifact, translator.context(for: artifact), templates: templates)
        }
        let generated = try Generator(templates: templates).generate(Array(Self.json.utf8), file: pipeline.file)
        XCTAssertEqual(files, generated)
        XCTAssertEqual(files.map(\.name), ["Store.Protocols.swift", "Store.Live.swift", "Store.FaultInjecting.swift", "Store.Mocks.swift"])
    }

    /// Each failure comes from its own stage: a syntax error from parse, an unknown key from
    /// decode, a broken rule from validate, a file name that names no file from translate.
    func testEachFailureStopsAtItsStageAndWritesNothing() throws {
        let templates = try TemplateSet.bundled()
        let cases: [(file: String, json: String, stage: String)] = [
            ("Store.clouddouble.json", "{ \"formatVersion\": 1,", "parse"),
            ("Store.clouddouble.json", Self.json.replacingOccurrences(of: "\"prefix\"", with: "\"prefx\""), "decode"),
            ("Store.clouddouble.json", Self.json.replacingOccurrences(of: "\"Store\"", with: "\"1Store\""), "validate"),
            (".clouddouble.json", Self.json, "translate"),
        ]
        for (file, json, stage) in cases {
            let pipeline = Pipeline(file: file)
            let bytes = Array(json.utf8)
            var reached = "parse"
            do {
                let document = try pipeline.parse(bytes)
                reached = "decode"
                let description = try pipeline.decode(document)
                reached = "validate"
                let validated = try pipeline.validate(description)
                reached = "translate"
                _ = try pipeline.translator(for: validated, options: TranslationOptions())
                reached = "none"
            } catch {}
            XCTAssertEqual(reached, stage, json)
            var written = 0
            XCTAssertThrowsError(
                try pipeline.run(bytes, templates: templates, options: TranslationOptions(), artifacts: Set(Artifact.allCases)) { _ in written += 1 })
            XCTAssertEqual(written, 0, "\(stage): nothing reaches write")
        }
    }
}
