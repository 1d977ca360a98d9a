import CloudDoubleGenerator
import XCTest

/// The translator at the level of one member: a description snippet goes in, the Swift the
/// artifacts carry for it comes out. The goldens lock whole files; these say, case by case, what
/// each kind of member becomes and why.
final class TranslatorSnippetTests: XCTestCase {
    /// One described type `Store` (prefix `Cloud`) with `members` (JSON for "properties"/"calls"),
    /// generated; returns the artifact's text.
    func generate(_ members: String, artifact: Artifact, errorModelName: String? = nil, file: String = "Snippet.clouddouble.json") throws -> String {
        let name = errorModelName.map { #""name": "\#($0)", "# } ?? ""
        let json = """
            {
              "formatVersion": 1, "module": "SDK", "prefix": "Cloud", "access": "public",
              "errorModel": { \(name)"domain": "\\"SDKErrorDomain\\"", "catalogue": [{ "name": "offline", "rawValue": 1, "retryable": true }] },
              "types": [{ "name": "Store", "sdkType": "SDKStore", \(members) }]
            }
            """
        let files = try Generator(templates: .bundled()).generate(Array(json.utf8), file: file, artifacts: [artifact])
        return try XCTUnwrap(files.first).contents
    }

    /// The lines from the one starting with `start` (after indentation) through the line that
    /// closes it at the same indentation.
    func snippet(startingWith start: String, in text: String) throws -> String {
        let lines = text.components(separatedBy: "\n")
        let first = try XCTUnwrap(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(start) }, "no line starts with \(start)")
        let indent = String(lines[first].prefix { $0 == " " })
        guard lines[first].hasSuffix("{") else { return lines[first] }
        let end = try XCTUnwrap(lines[first...].firstIndex { $0 == indent + "}" })
        return lines[first...end].map { $0.hasPrefix(indent) ? String($0.dropFirst(indent.count)) : $0 }.joined(separator: "\n")
    }

    static let fetch = """
        "calls": [{
          "id": "fetch", "parameters": [{ "label": "for", "name": "key", "type": "String" }], "returns": "Int",
          "forms": { "async": { "name": "value" }, "completion": { "name": "fetchValue" }, "result": { "name": "loadValue" } }
        }]
        """

    /// (Declarations escape a keyword label such as `for`; Swift accepts it either way.)
    func testEachFormOfACallIsOneRecorderCallInTheMock() throws {
        let mocks = try generate(Self.fetch, artifact: .mocks)
        XCTAssertEqual(
            try snippet(startingWith: "public func value(", in: mocks),
            """
            public func value(`for` key: String) async throws -> Int {
                try self.respond_("fetch", key, fallback: 0)
            }
            """)
        XCTAssertEqual(
            try snippet(startingWith: "public func fetchValue(", in: mocks),
            """
            public func fetchValue(`for` key: String, completionHandler: @escaping @Sendable (Int?, (any Swift.Error)?) -> Swift.Void) {
                self.deliverOptional_("fetch", key, fallback: 0, to: completionHandler)
            }
            """)
        XCTAssertEqual(
            try snippet(startingWith: "public func loadValue(", in: mocks),
            """
            public func loadValue(`for` key: String, completionHandler: @escaping @Sendable (Swift.Result<Int, any Swift.Error>) -> Swift.Void) {
                self.deliverResult_("fetch", key, fallback: 0, to: completionHandler)
            }
            """)
    }

    func testTheKeyOfACallNamesItsArgumentAndResultTypes() throws {
        let protocols = try generate(Self.fetch, artifact: .protocols)
        XCTAssertEqual(
            try snippet(startingWith: "extension CloudStoreCall where", in: protocols),
            """
            extension CloudStoreCall where Arguments_ == String, Value_ == Int {
                public static var fetch: Self { Self("fetch") }
            }
            """)
        XCTAssertTrue(protocols.contains("public struct CloudStoreCall<Arguments_, Value_>: CloudDoubleRuntime.CallKey {"))
        XCTAssertTrue(protocols.contains("    public static var typeName_: Swift.String { \"Store\" }"))
    }

    func testTheFaultWrapperAsksTheEngineForEveryFallibleForm() throws {
        let wrappers = try generate(Self.fetch, artifact: .faultInjecting)
        XCTAssertEqual(
            try snippet(startingWith: "public func value(", in: wrappers),
            """
            public func value(`for` key: String) async throws -> Int {
                try await self.faults_.perform("Store", "fetch", .async, arguments: key) {
                    try await self.wrapped_.value(for: key)
                }
            }
            """)
        XCTAssertEqual(
            try snippet(startingWith: "public func loadValue(", in: wrappers),
            """
            public func loadValue(`for` key: String, completionHandler: @escaping @Sendable (Swift.Result<Int, any Swift.Error>) -> Swift.Void) {
                self.faults_.complete("Store", "fetch", .result, arguments: key, handler: completionHandler) { completionHandler in
                    self.wrapped_.loadValue(for: key, completionHandler: completionHandler)
                }
            }
            """)
        // The convenience initialiser builds errors from the description's own model.
        XCTAssertTrue(
            wrappers.contains(
                "CloudDoubleRuntime.FaultInjector(plan: plan_, seed: seed_, errorModel: CloudDoubleRuntime.ErrorModel.snippet, time: time_)"))
    }

    func testTheErrorModelIsDeclaredOnceNamedAfterTheFile() throws {
        let protocols = try generate(Self.fetch, artifact: .protocols)
        XCTAssertEqual(protocols.components(separatedBy: "static var snippet: CloudDoubleRuntime.ErrorModel").count, 2)
        let named = try generate(Self.fetch, artifact: .protocols, errorModelName: "storeErrors")
        XCTAssertTrue(named.contains("    public static var storeErrors: CloudDoubleRuntime.ErrorModel {"))
        XCTAssertFalse(named.contains("static var snippet"))
        // File names that are not Swift names: words joined, else the module's name.
        XCTAssertTrue(
            try generate(Self.fetch, artifact: .protocols, file: "my-remote_store.clouddouble.json").contains(
                "static var myRemote_store: CloudDoubleRuntime.ErrorModel"))
        XCTAssertTrue(
            try generate(Self.fetch, artifact: .protocols, file: "2nd.clouddouble.json").contains("static var _2nd: CloudDoubleRuntime.ErrorModel"))
        XCTAssertTrue(
            try generate(Self.fetch, artifact: .protocols, file: "-+-.clouddouble.json").contains("static var sdk: CloudDoubleRuntime.ErrorModel"))
        XCTAssertTrue(
            try generate(Self.fetch, artifact: .protocols, file: "default.clouddouble.json").contains(
                "static var `default`: CloudDoubleRuntime.ErrorModel"))
    }

    /// The codes the runtime's roles take are the description's to name, whatever its catalogue
    /// calls them: the model carries their raw values; without them it carries none (the runtime
    /// then never splits a batch and cancels with `CancellationError`).
    func testTheErrorModelCarriesTheCodesItNamesForTheRuntimesRoles() throws {
        func protocols(_ roles: String) throws -> String {
            let json = """
                {
                  "formatVersion": 1, "module": "SDK", "prefix": "Cloud",
                  "errorModel": { "domain": "\\"StoreErrorDomain\\"", \(roles)"catalogue": [
                    { "name": "payloadTooBig", "rawValue": 413 }, { "name": "aborted", "rawValue": 499 }, { "name": "limitExceeded", "rawValue": 27 }] },
                  "types": [{ "name": "Store", "sdkType": "SDKStore" }]
                }
                """
            let files = try Generator(templates: .bundled()).generate(Array(json.utf8), file: "Store.clouddouble.json", artifacts: [.protocols])
            return try XCTUnwrap(files.first).contents
        }
        let named = try protocols(#""requestTooLargeCode": "payloadTooBig", "cancelledCode": "aborted", "#)
        XCTAssertTrue(named.contains("requestTooLargeCode: 413, cancelledCode: 499)"), named)
        let unnamed = try protocols("")
        XCTAssertFalse(unnamed.contains("requestTooLargeCode"), "a catalogue's code named limitExceeded is not a role by its name")
        XCTAssertFalse(unnamed.contains("cancelledCode"))
    }

    func testACopiedDefaultStandsBetweenSourceLocationDirectives() throws {
        let members = """
            "properties": [{ "name": "mode", "type": "SDKMode", "mockDefault": ".automatic" }]
            """
        let mocks = try generate(members, artifact: .mocks)
        XCTAssertEqual(
            try snippet(startingWith: "public var mode:", in: mocks),
            """
            public var mode: SDKMode {
                #sourceLocation(file: "Snippet.clouddouble.json", line: 4)
                self.get_("mode", fallback: .automatic)
                #sourceLocation()
            }
            """)
    }

    func testADocWithEveryKindOfLineBreakIsOneCommentLinePerLine() throws {
        let members = #""doc": "First\r\nsecond\rthird\u2028fourth\u0000.", "properties": [{ "name": "name", "type": "String" }]"#
        let protocols = try generate(members, artifact: .protocols)
        XCTAssertTrue(protocols.contains("/// First\n/// second\n/// third\n/// fourth.\n"), protocols)
    }

    func testAnEscapingClosureIsRecordedSoATestCanCallIt() throws {
        let members = """
            "calls": [{
              "id": "upload", "parameters": [{ "label": "_", "name": "data", "type": "Data" }, { "name": "progress", "type": "@escaping @Sendable (Double) -> Void" }],
              "forms": { "async": { "name": "upload" } }
            }]
            """
        let protocols = try generate(members, artifact: .protocols)
        // `@escaping` belongs to the parameter, not to the recorded value's type.
        XCTAssertTrue(
            protocols.contains(
                "extension CloudStoreCall where Arguments_ == (data: Data, progress: @Sendable (Double) -> Void), Value_ == Swift.Void {"), protocols)
    }

    /// The recorder infers the stub's value type from the fallback: a `mockDefault` with a type
    /// of its own is converted to the declared one; a literal or an implicit member takes it anyway.
    func testAMockDefaultHasTheMembersDeclaredType() throws {
        let members = """
            "properties": [
              { "name": "token", "type": "any SDKToken", "mockDefault": "SDKFixedToken()" },
              { "name": "mode", "type": "SDKMode", "mockDefault": ".automatic" },
              { "name": "tags", "type": "[String]", "mockDefault": "[\\"a\\"]" },
              { "name": "limit", "type": "Int", "mockDefault": "10" }
            ],
            "calls": [{ "id": "issue", "returns": "any SDKToken", "mockDefault": "SDKFixedToken()", "forms": { "sync": { "name": "issue" }, "async": { "name": "issue" } } }]
            """
        let mocks = try generate(members, artifact: .mocks)
        XCTAssertTrue(mocks.contains(#"self.get_("token", fallback: (SDKFixedToken()) as any SDKToken)"#), mocks)
        XCTAssertTrue(mocks.contains(#"self.get_("mode", fallback: .automatic)"#), mocks)
        XCTAssertTrue(mocks.contains(#"self.get_("tags", fallback: (["a"]) as [String])"#), mocks)
        XCTAssertTrue(mocks.contains(#"self.get_("limit", fallback: 10)"#), mocks)
        XCTAssertTrue(mocks.contains(#"self.respondWithoutFailing_("issue", (), fallback: (SDKFixedToken()) as any SDKToken)"#), mocks)
        XCTAssertTrue(mocks.contains(#"try self.respond_("issue", (), fallback: (SDKFixedToken()) as any SDKToken)"#), mocks)
    }
}
