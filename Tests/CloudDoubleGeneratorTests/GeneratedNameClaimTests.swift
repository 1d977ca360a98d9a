import XCTest

@testable import CloudDoubleGenerator

/// Every generated top-level name is claimed once (`ValidationPass.generatedNames(_:)`): a name
/// another already claimed, or an SDK type's, is refused where it is made.
final class GeneratedNameClaimTests: XCTestCase {
    /// One type a line (the types' line is their index plus 2).
    static let description: String = {
        var types = [
            #"{ "name": "Store", "sdkType": "SDKStore", "calls": [{ "parameters": [], "store": "fetch", "returns": "Int", "forms": { "sync": { "name": "count" } } }] },"#,
            #"{ "name": "StoreCall", "sdkType": "SDKStoreCall" },"#,
            #"{ "name": "StoreBacking", "sdkType": "SDKOther" },"#,
            #"{ "name": "Thing", "sdkType": "MockBenchStore" },"#,
            // The same name in two spellings (precomposed, and `E` with a combining accent):
            // Swift strings compare them equal, so their hashes are equal too.
            #"{ "name": "\#u{C9}te", "sdkType": "SDKEte1" },"#,
            #"{ "name": "E\#u{301}te", "sdkType": "SDKEte2" },"#,
            #"{ "name": "FetchOutcome", "sdkType": "SDKFetchOutcome" },"#,
            #"{ "name": "Runner", "sdkType": "BenchRunner" },"#,
            #"{ "name": "FetchBacking", "sdkType": "SDKFetchBacking" },"#,
        ]
        types += (0..<80).map { #"{ "name": "Filler\#($0)", "sdkType": "SDKFiller\#($0)" },"# }
        types.append(#"{ "name": "Last", "sdkType": "SDKLast" }"#)
        let operation =
            #"{ "name": "Fetch", "sdkType": "SDKOperation", "store": "fetch", "result": { "type": "Void", "blocks": [{ "name": "resultBlock", "role": "finalResult", "type": "(Result<Void, any Error>) -> Void" }] } }"#
        return ([#"{ "formatVersion": 1, "module": "SDK", "prefix": "Bench", "types": ["#] + types + ["], \"operations\": [\(operation)] }"]).joined(
            separator: "\n")
    }()

    /// Generated names that are another's, or an SDK type's, each refused where it is made, in
    /// the order they are claimed.
    func testCollidingGeneratedNamesAreRefusedInOrder() {
        let expected = """
            Claims.clouddouble.json:2:11: error: the generated name MockBenchStore (its mock) is the name of a type or module the description names, which it would hide in generated code
            Claims.clouddouble.json:2:11: note: change the prefix or the type's name
            Claims.clouddouble.json:3:11: error: the generated name BenchStoreCall (the protocol of StoreCall) is also its call keys, from line 2
            Claims.clouddouble.json:3:11: note: rename one, or change the prefix
            Claims.clouddouble.json:4:11: error: the generated name BenchStoreBacking (the protocol of StoreBacking) is also its mock's backing protocol, from line 2
            Claims.clouddouble.json:4:11: note: rename one, or change the prefix
            Claims.clouddouble.json:7:11: error: the type "E\u{301}te" is described twice (first at line 6)
            Claims.clouddouble.json:7:11: error: the generated name BenchE\u{301}te (the protocol of E\u{301}te) is also the protocol of \u{C9}te, from line 6
            Claims.clouddouble.json:7:11: note: rename one, or change the prefix
            Claims.clouddouble.json:7:11: error: the generated name LiveBenchE\u{301}te (its live adapter) is also its live adapter, from line 6
            Claims.clouddouble.json:7:11: note: rename one, or change the prefix
            Claims.clouddouble.json:7:11: error: the generated name FaultInjectingBenchE\u{301}te (its fault wrapper) is also its fault wrapper, from line 6
            Claims.clouddouble.json:7:11: note: rename one, or change the prefix
            Claims.clouddouble.json:7:11: error: the generated name MockBenchE\u{301}te (its mock) is also its mock, from line 6
            Claims.clouddouble.json:7:11: note: rename one, or change the prefix
            Claims.clouddouble.json:7:11: error: the generated name BenchE\u{301}teCall (its call keys) is also its call keys, from line 6
            Claims.clouddouble.json:7:11: note: rename one, or change the prefix
            Claims.clouddouble.json:9:11: error: the generated name BenchRunner (the protocol of Runner) is the name of a type or module the description names, which it would hide in generated code
            Claims.clouddouble.json:9:11: note: change the prefix or the type's name
            Claims.clouddouble.json:92:29: error: the generated name BenchFetchOutcome (the outcome of Fetch) is also the protocol of FetchOutcome, from line 8
            Claims.clouddouble.json:92:29: note: rename one, or change the prefix
            Claims.clouddouble.json:92:29: error: the generated name BenchFetchBacking (the backing of Fetch) is also the protocol of FetchBacking, from line 10
            Claims.clouddouble.json:92:29: note: rename one, or change the prefix
            """
        XCTAssertThrowsError(try Generator.validate(Array(Self.description.utf8), file: "Claims.clouddouble.json")) { error in
            guard case .description(let diagnostics) = error as? GeneratorError else { return XCTFail("\(error)") }
            // Compared by their bytes: `String` equality would let the two spellings of `Éte` pass for each other.
            XCTAssertEqual(Array(diagnostics.description.utf8), Array(expected.utf8), diagnostics.description)
        }
    }
}
