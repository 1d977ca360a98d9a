import CloudDoubleGenerator
import XCTest

/// Which mocks have a backing protocol: a type with store calls, and a type that hands out one
/// (or hands out a type that does), so a test sets one store on the first mock of a graph.
final class BackedTypesTests: XCTestCase {
    /// `Root` hands out `Middle` by a property, which hands out `Leaf` by a call; `Leaf` has a
    /// store call; `Lister` hands `Leaf`s out only in an array (stubbed by the test, never handed
    /// out by the mock); `Alone` has nothing to do with them.
    static let description = """
        {
          "formatVersion": 1, "module": "SDK", "prefix": "Graph",
          "types": [
            { "name": "Root", "sdkType": "SDKRoot", "properties": [{ "name": "middle", "ref": "Middle" }] },
            { "name": "Middle", "sdkType": "SDKMiddle", "calls": [{ "id": "leaf", "parameters": [{ "label": "_", "name": "name", "type": "String" }], "returnsRef": "Leaf?", "forms": { "sync": { "name": "leaf" } } }] },
            { "name": "Leaf", "sdkType": "SDKLeaf", "calls": [
              { "id": "load", "returns": "String", "store": "fetch", "forms": { "async": { "name": "load" } } },
              { "id": "replace", "parameters": [{ "label": "with", "name": "other", "ref": "Leaf" }], "store": "save", "forms": { "async": { "name": "replace" } } }
            ] },
            { "name": "Lister", "sdkType": "SDKLister", "calls": [{ "id": "leaves", "returnsRef": "[Leaf]", "forms": { "sync": { "name": "leaves" } } }] },
            { "name": "Alone", "sdkType": "SDKAlone", "properties": [{ "name": "title", "type": "String" }] }
          ]
        }
        """

    func testATypeHandingOutAStoreAnsweredTypeHasABackingToo() throws {
        let files = try Generator(templates: .bundled()).generate(
            Array(Self.description.utf8), file: "Graph.clouddouble.json", artifacts: [.mocks])
        let mocks = try XCTUnwrap(files.first).contents
        XCTAssertTrue(mocks.contains("final class MockGraphRoot: GraphRoot, CloudDoubleRuntime.BackedMock {"))
        XCTAssertTrue(mocks.contains("final class MockGraphMiddle: GraphMiddle, CloudDoubleRuntime.BackedMock {"))
        XCTAssertTrue(mocks.contains("final class MockGraphLeaf: GraphLeaf, CloudDoubleRuntime.BackedMock {"))
        XCTAssertTrue(mocks.contains("final class MockGraphLister: GraphLister, CloudDoubleRuntime.RecordingMock {"), "an array is no hand-out")
        XCTAssertTrue(mocks.contains("final class MockGraphAlone: GraphAlone, CloudDoubleRuntime.RecordingMock {"))
        XCTAssertTrue(mocks.contains("protocol GraphRootBacking: Swift.AnyObject, Swift.Sendable {\n}"), "empty: Root has no store call of its own")
        XCTAssertTrue(
            mocks.contains("    func replace(_ arguments_: any GraphLeaf) throws\n"),
            "a store call's described parameter reaches the backing as the object")
        XCTAssertTrue(mocks.contains("self.propertyChild_(\"middle\", MockGraphMiddle.self) as any GraphMiddle"))
        XCTAssertTrue(mocks.contains("self.child_(\"leaf\", name, MockGraphLeaf.self) as (any GraphLeaf)?"))
    }

    func testTheBackingOfAHandingOutTypeClaimsItsName() {
        let description = Self.description.replacingOccurrences(
            of: #"{ "name": "Alone", "sdkType": "SDKAlone","#, with: #"{ "name": "RootBacking", "sdkType": "SDKAlone","#)
        XCTAssertThrowsError(try Generator.validate(Array(description.utf8), file: "Graph.clouddouble.json")) { error in
            let expected = "the generated name GraphRootBacking (the protocol of RootBacking) is also its mock's backing protocol"
            XCTAssertTrue("\(error)".contains(expected), "\(error)")
        }
    }
}
