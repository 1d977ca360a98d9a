import CloudDoubleGenerator
import Foundation
import XCTest

/// "Nothing `validate` accepts produces Swift that fails to compile": hostile but plausible
/// values for every string and name field a description pastes into Swift, and the generated-name
/// collisions. Each case is either refused with a located diagnostic, or accepted and generated;
/// with `CLOUDDOUBLE_FUZZ_OUTPUT` set, every accepted case's four artifacts, over an SDK made to
/// match, are written into the fuzz fixture, which CI compiles with warnings as errors.
final class HostileCorpusTests: XCTestCase {
    enum Expectation {
        case accepted
        case refused(String)
    }

    struct Case {
        var name: String
        /// Placeholder → JSON string value (escaped when inserted) or, with `raw`, JSON text.
        var values: [String: String] = [:]
        var raw: [String: String] = [:]
        var fileName = "Hostile.clouddouble.json"
        var imports: [String] = []
        /// The description's prefix, when not `Hostile<index>`.
        var prefix: String?
        var expect: Expectation
    }

    /// A small description with every kind of pasted value, as placeholders.
    static let template = """
        {
          "formatVersion": 1, "module": "FuzzSDK", "imports": ["Foundation"], "prefix": "Hostile{{INDEX}}",
          "liveCondition": {{LIVE_CONDITION}},
          "availability": [{{AVAILABILITY}}],
          "errorModel": { {{MODEL_NAME}} "domain": {{DOMAIN}}, "catalogue": [{ "name": "offline", "rawValue": 1, "retryable": true {{SWIFT_ERROR}} }] },
          "types": [
            {
              "name": {{TYPE_NAME}}, "sdkType": "HostileSDK{{INDEX}}Store", "doc": {{TYPE_DOC}},
              "properties": [
                { "name": {{PROPERTY_NAME}}, "type": "String", "doc": {{PROPERTY_DOC}}, "settable": true },
                { "name": "blob", "type": "Data", "mockDefault": {{MOCK_DEFAULT}} }
              ],
              "calls": [
                {
                  "id": {{CALL_ID}}, "doc": {{DOC}},
                  "parameters": [
                    { "label": "forKey", "name": {{PARAMETER_NAME}}, "type": "String" },
                    { "name": "fallback", "type": "String", "default": {{DEFAULT}} }
                    {{EXTRA_PARAMETER}}
                  ],
                  "returns": {{RETURNS}}, {{PER_ITEM}} {{STORE}}
                  "forms": {
                    "async": { "name": "value", "availability": [{{FORM_AVAILABILITY}}] },
                    "completion": { "name": "fetchValue", "handlerLabel": {{HANDLER_LABEL}}, "deprecated": { "message": {{MESSAGE}}, "renamed": {{RENAMED}} } },
                    "result": { "name": "loadValue" }
                  }
                }
                {{EXTRA_CALL}}
              ]
            }
            {{EXTRA_TYPE}}
          ]
          {{OPERATIONS}}
          {{MIRRORS}}
        }
        """

    static let defaults: [String: String] = [
        "LIVE_CONDITION": "canImport(FuzzSDK)", "DOMAIN": "\"HostileErrorDomain\"", "TYPE_NAME": "Store", "TYPE_DOC": "A store.",
        "PROPERTY_NAME": "title", "PROPERTY_DOC": "The title.", "MOCK_DEFAULT": "Data()", "DOC": "Reads a value.",
        "PARAMETER_NAME": "key", "CALL_ID": "value", "DEFAULT": "\"none\"", "RETURNS": "String", "HANDLER_LABEL": "completionHandler",
        "MESSAGE": "Use value(forKey:fallback:)", "RENAMED": "value(forKey:fallback:)",
    ]
    static let rawDefaults: [String: String] = [
        "AVAILABILITY": #""@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)""#, "FORM_AVAILABILITY": "", "EXTRA_PARAMETER": "",
        "PER_ITEM": "", "STORE": "", "EXTRA_TYPE": "", "EXTRA_CALL": "", "OPERATIONS": "", "SWIFT_ERROR": "", "MIRRORS": "",
        // The accepted cases compile together in one module: each names its error model apart.
        "MODEL_NAME": #""name": "hostile{{INDEX}}","#,
    ]

    static let cases: [Case] = [
        // Docs: every line break becomes a new `///` line; control characters are dropped.
        Case(name: "two-line doc", values: ["DOC": "Reads a value.\nSecond line."], expect: .accepted),
        Case(name: "CRLF doc", values: ["DOC": "One.\r\nTwo."], expect: .accepted),
        Case(name: "lone CR ends a comment", values: ["DOC": "Reads.\rpublic func smuggled() {}"], expect: .accepted),
        Case(
            name: "NUL and escapes in docs", values: ["DOC": "a\u{0}b\u{1B}[31m", "TYPE_DOC": "Store.\u{2028}func smuggled() {}"], expect: .accepted),
        Case(name: "comment closer in docs", values: ["PROPERTY_DOC": "*/ func smuggled() {} /*"], expect: .accepted),
        // Attributes and conditions: one of each, on one line.
        Case(
            name: "availability with a declaration", raw: ["FORM_AVAILABILITY": #""@available(iOS 15, *)\nfunc smuggled() {}""#],
            expect: .refused("availability must be one attribute")),
        Case(
            name: "availability that closes early",
            raw: ["FORM_AVAILABILITY": #""@available(iOS 15, *) func smuggled() -> Int { 1 }; @available(iOS 15, *)""#],
            expect: .refused("availability must be one attribute")),
        Case(
            name: "availability with options and an escaped message",
            raw: ["FORM_AVAILABILITY": #""@available(iOS,introduced: 15.0 , message: \"a, \\\"b\\\"\")""#], expect: .accepted),
        Case(
            name: "availability without *", raw: ["FORM_AVAILABILITY": #""@available(iOS 15.0)""#],
            expect: .refused("availability must be one attribute")),
        Case(
            name: "availability on an unknown platform", raw: ["AVAILABILITY": #""@available(Linux 6.0, *)""#],
            expect: .refused("availability must be one attribute")),
        Case(
            name: "availability with a repeated option", raw: ["FORM_AVAILABILITY": #""@available(*, deprecated, deprecated: 2.0)""#],
            expect: .refused("availability must be one attribute")),
        Case(
            name: "two attributes", raw: ["AVAILABILITY": #""@available(iOS 15, *) @discardableResult""#],
            expect: .refused("availability must be one attribute")),
        // Availability Swift refuses: version 0, a component past what it takes, two of unavailable,
        // deprecated and noasync; and a protocol requirement unavailable, or async and noasync.
        Case(
            name: "availability at version 0", raw: ["AVAILABILITY": #""@available(macOS 0, iOS 15.0, *)""#], expect: .refused("the version 0 is 0")),
        Case(
            name: "availability with an overflowing version", raw: ["FORM_AVAILABILITY": #""@available(iOS 15.4294967296, *)""#],
            expect: .refused("has a component too large")),
        Case(
            name: "availability unavailable and deprecated", raw: ["FORM_AVAILABILITY": #""@available(*, unavailable, deprecated)""#],
            expect: .refused("cannot be combined")),
        Case(name: "an unavailable form", raw: ["FORM_AVAILABILITY": #""@available(*, unavailable)""#], expect: .refused("cannot be unavailable")),
        Case(name: "a noasync async form", raw: ["FORM_AVAILABILITY": #""@available(*, noasync)""#], expect: .refused("cannot be noasync")),
        Case(
            name: "noasync forms that are not async",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "flush", "parameters": [], "forms": { "sync": { "name": "flush", "availability": ["@available(*, noasync)"] }, "completion": { "name": "flush", "availability": ["@available(iOS, noasync, deprecated: 15)"] } } }"#
            ],
            expect: .accepted),
        Case(
            name: "liveCondition with a declaration", values: ["LIVE_CONDITION": "canImport(FuzzSDK)\nlet smuggled = 1"],
            expect: .refused("\"liveCondition\" must be one compilation condition")),
        Case(
            name: "liveCondition with operators", values: ["LIVE_CONDITION": "canImport(FuzzSDK) && !os(watchOS) || swift(>=5.9)"], expect: .accepted),
        // Expressions: one, on one line, closed.
        Case(
            name: "default with a line break", values: ["DEFAULT": "\"a\"\nlet smuggled = 1"],
            expect: .refused("must be one Swift expression on one line")),
        Case(
            name: "default that closes the parameter list", values: ["DEFAULT": "\"a\") {} ; func smuggled(x: Int"],
            expect: .refused("must be one Swift expression on one line")),
        Case(name: "default with quotes and backslashes", values: ["DEFAULT": #""say \"hi\" \\ (ok)""#], expect: .accepted),
        Case(
            name: "mockDefault with a line break", values: ["MOCK_DEFAULT": "Data()\nlet smuggled = 2"],
            expect: .refused("\"mockDefault\" must be one Swift expression")),
        Case(
            name: "domain with a statement", values: ["DOMAIN": "\"D\"; let smuggled = 1"],
            expect: .refused("\"domain\" must be one Swift expression")),
        // Deprecation: the message is a literal, `renamed` a name.
        Case(
            name: "renamed that ends the attribute", values: ["RENAMED": "x\")\nfunc smuggled() {}\n@available(*, deprecated, message: \""],
            expect: .refused("\"renamed\" must be a declaration name")),
        Case(name: "message with quotes and line breaks", values: ["MESSAGE": "say \"hi\" \\ \n then\r leave"], expect: .accepted),
        // Closure parameters.
        Case(
            name: "error-first completion handlers",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "peek", "parameters": [], "returns": "Int", "forms": { "completion": { "name": "peek", "handlerOrder": "errorFirst", "handlerValueType": "Int", "errorValue": "0" } } }, { "id": "peekName", "parameters": [], "returns": "String", "forms": { "completion": { "name": "peekName", "handlerOrder": "errorFirst", "sendableHandler": false } } }"#
            ], expect: .accepted),
        Case(
            name: "an error-first Result handler",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "peek", "parameters": [], "returns": "Int", "forms": { "result": { "name": "peek", "handlerOrder": "errorFirst" } } }"#
            ],
            expect: .refused("\"handlerOrder\" applies to the \"completion\" form only")),
        Case(
            name: "synchronous forms that throw",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "peek", "parameters": [{ "name": "strict", "type": "Bool", "default": "false" }], "returns": "Data", "forms": { "sync": { "name": "peek", "throws": true } } }, { "id": "touch", "parameters": [], "forms": { "sync": { "name": "touch", "throws": true } } }"#
            ], expect: .accepted),
        // Generic calls: the parameter's name must hide nothing generated code names.
        Case(
            name: "generic calls",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "decoded", "genericParameters": [{ "name": "Value", "conformsTo": ["Decodable", "Sendable"] }], "parameters": [{ "label": "as", "name": "type", "type": "Value.Type" }, { "name": "placeholder", "type": "Value?", "default": "nil" }], "returns": "Value", "forms": { "async": { "name": "decoded" }, "sync": { "name": "decodedNow", "throws": true } } }, { "id": "encode", "genericParameters": [{ "name": "Element" }], "parameters": [{ "name": "values", "type": "[Element]" }], "forms": { "sync": { "name": "encode" } } }"#
            ], expect: .accepted),
        Case(
            name: "a generic parameter named Swift",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "decoded", "genericParameters": [{ "name": "Swift" }], "parameters": [{ "name": "type", "type": "Swift.Type" }], "returns": "Swift", "forms": { "async": { "name": "decoded" } } }"#
            ], expect: .refused("the generic parameter \"Swift\" has the name of the module Swift")),
        Case(
            name: "a generic parameter named as the mock",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "decoded", "genericParameters": [{ "name": "MockHostile{{INDEX}}Store" }], "parameters": [], "returns": "MockHostile{{INDEX}}Store", "forms": { "async": { "name": "decoded" } } }"#
            ], expect: .refused("has the name of the generated type MockHostile")),
        // Streams: declared AsyncThrowingStream whatever the SDK returns; keyword names, defaults.
        Case(
            name: "stream forms",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "changes", "parameters": [{ "label": "in", "name": "default", "type": "String", "default": "\"all\"" }], "returns": "[String: Int]", "forms": { "stream": { "name": "changes", "sequence": "some AsyncSequence<[String: Int], any Error>" } } }, { "id": "ticks", "parameters": [], "returns": "(Int, String)", "forms": { "stream": { "name": "ticks", "availability": ["@available(iOS 16, *)"] } } }"#
            ], expect: .accepted),
        Case(
            name: "a stream of an SDK class that is not Sendable",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "snapshots", "parameters": [], "returns": "FuzzSnapshot", "forms": { "stream": { "name": "snapshots" } } }, { "id": "maybeSnapshots", "parameters": [], "returns": "FuzzSnapshot?", "forms": { "stream": { "name": "maybeSnapshots" } } }"#
            ], expect: .accepted),
        Case(
            name: "a listener registration refining NSObjectProtocol",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "listenObject", "parameters": [{ "label": "_", "name": "listener", "type": "@escaping (String?, (any Swift.Error)?) -> Void" }], "returns": "any FuzzObjectRegistration", "listener": { "values": "listener", "removeMethod": "remove", "refinesNSObjectProtocol": true }, "forms": { "sync": { "name": "listenObject" } } }"#
            ], expect: .accepted),
        Case(
            name: "a stream beside another form",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "changes", "parameters": [], "returns": "Int", "forms": { "stream": { "name": "changes" }, "sync": { "name": "changes" } } }"#
            ],
            expect: .refused("a \"stream\" form is its call's only form")),
        Case(
            name: "typed throws",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "peek", "parameters": [], "returns": "Int", "forms": { "sync": { "name": "peek", "throws": "CancellationError" } } }"#
            ],
            expect: .refused("typed throws (`throws(CancellationError)`) cannot be described")),
        // Listeners: a removal method in the generated spelling, a closure the wrapper cannot stand in for.
        Case(
            name: "a listener's removal method ending in _",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "listen", "parameters": [{ "label": "_", "name": "block", "type": "@escaping (String) -> Void" }], "returns": "any Sendable", "listener": { "values": "block", "removeMethod": "remove_" }, "forms": { "sync": { "name": "listen" } } }"#
            ],
            expect: .refused("the removal method name \"remove_\" ends in \"_\"")),
        Case(
            name: "a listener closure isolated to the main actor",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "listen", "parameters": [{ "label": "_", "name": "block", "type": "@escaping @MainActor (String) -> Void" }], "returns": "Int", "listener": { "values": "block", "removedBy": "value" }, "forms": { "sync": { "name": "listen" } } }"#
            ],
            expect: .refused("has attributes")),
        Case(
            name: "throws on an async form",
            raw: ["EXTRA_CALL": #", { "id": "peek", "parameters": [], "returns": "Int", "forms": { "async": { "name": "peek", "throws": true } } }"#],
            expect: .refused("\"throws\" applies to the \"sync\" form only")),
        Case(
            name: "an async call returning a described type",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "open", "parameters": [{ "name": "name", "type": "String" }], "returnsRef": "Other", "forms": { "async": { "name": "open" } } }"#,
                "EXTRA_TYPE": #", { "name": "Other", "sdkType": "HostileSDK{{INDEX}}Other", "properties": [{ "name": "title", "type": "String" }] }"#,
            ], expect: .accepted),
        Case(
            name: "completion handlers returning a described type",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "open", "parameters": [{ "name": "name", "type": "String" }], "returnsRef": "Other", "forms": { "async": { "name": "open" }, "completion": { "name": "open" } } }, { "id": "openFirst", "parameters": [], "returnsRef": "Other", "forms": { "completion": { "name": "openFirst", "handlerOrder": "errorFirst", "sendableHandler": false } } }"#,
                "EXTRA_TYPE": #", { "name": "Other", "sdkType": "HostileSDK{{INDEX}}Other", "properties": [{ "name": "title", "type": "String" }] }"#,
            ], expect: .accepted),
        Case(
            name: "an error-first block passed a described type non-optional",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "written", "parameters": [{ "name": "value", "type": "Any?" }], "returnsRef": "Store", "forms": { "async": { "name": "write" }, "completion": { "name": "write", "handlerLabel": "withCompletionBlock", "handlerOrder": "errorFirst", "handlerValueType": "HostileSDK{{INDEX}}Store", "errorValue": "self", "sendableHandler": false } } }"#
            ], expect: .accepted),
        Case(
            name: "a new object at each call",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "open", "parameters": [{ "name": "name", "type": "String" }], "returnsRef": "Other", "newEachCall": true, "forms": { "async": { "name": "open" }, "sync": { "name": "openNow" } } }"#,
                "EXTRA_TYPE": #", { "name": "Other", "sdkType": "HostileSDK{{INDEX}}Other", "properties": [{ "name": "title", "type": "String" }] }"#,
            ], expect: .accepted),
        Case(
            name: "a result handler returning a described type",
            raw: [
                "EXTRA_CALL": #", { "id": "open", "parameters": [], "returnsRef": "Other", "forms": { "result": { "name": "open" } } }"#,
                "EXTRA_TYPE": #", { "name": "Other", "sdkType": "HostileSDK{{INDEX}}Other", "properties": [{ "name": "title", "type": "String" }] }"#,
            ], expect: .accepted),
        Case(
            name: "described types as parameters",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "link", "parameters": [{ "label": "_", "name": "other", "ref": "Other" }, { "label": "to", "name": "store", "ref": "Store" }, { "name": "note", "type": "String", "default": "\"\"" }], "forms": { "sync": { "name": "link" }, "async": { "name": "linked" }, "completion": { "name": "linked", "sendableHandler": false }, "result": { "name": "linkResult" } } }"#,
                "EXTRA_TYPE": #", { "name": "Other", "sdkType": "HostileSDK{{INDEX}}Other", "properties": [{ "name": "title", "type": "String" }] }"#,
            ], expect: .accepted),
        Case(
            name: "store calls taking described types, from a type that hands them out",
            raw: [
                "EXTRA_CALL": #", { "id": "other", "parameters": [], "returnsRef": "Other", "forms": { "sync": { "name": "other" } } }"#,
                "EXTRA_TYPE":
                    #", { "name": "Other", "sdkType": "HostileSDK{{INDEX}}Other", "calls": [{ "id": "drop", "parameters": [{ "label": "_", "name": "store", "ref": "Store" }, { "label": "and", "name": "other", "ref": "Other" }], "store": "delete", "forms": { "sync": { "name": "drop" }, "async": { "name": "dropNow" }, "completion": { "name": "dropNow", "sendableHandler": false }, "result": { "name": "dropResult" } } }] }"#,
            ], expect: .accepted),
        Case(
            name: "optional and array results of described types",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "maybe", "parameters": [], "returnsRef": "Other?", "forms": { "sync": { "name": "maybe" }, "async": { "name": "fetchMaybe" }, "completion": { "name": "fetchMaybe", "sendableHandler": false }, "result": { "name": "maybe" } } }, { "id": "all", "parameters": [], "returnsRef": "[Other]", "forms": { "sync": { "name": "all" }, "async": { "name": "fetchAll" }, "completion": { "name": "fetchAll" }, "result": { "name": "all" } } }"#,
                "EXTRA_TYPE": #", { "name": "Other", "sdkType": "HostileSDK{{INDEX}}Other", "properties": [{ "name": "title", "type": "String" }] }"#,
            ], expect: .accepted),
        Case(
            name: "optional and array described types as parameters and properties",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "linkAll", "parameters": [{ "label": "_", "name": "others", "ref": "[Other]" }, { "label": "under", "name": "store", "ref": "Store?" }, { "name": "note", "type": "String", "default": "\"\"" }], "forms": { "sync": { "name": "linkAll" }, "async": { "name": "linkedAll" }, "completion": { "name": "linkedAll", "sendableHandler": false }, "result": { "name": "linkAllResult" } } }"#,
                "EXTRA_TYPE":
                    #", { "name": "Other", "sdkType": "HostileSDK{{INDEX}}Other", "properties": [{ "name": "title", "type": "String" }, { "name": "parent", "ref": "Store?", "settable": true }, { "name": "siblings", "ref": "[Other]", "settable": true }, { "name": "owners", "ref": "[Store]" }] }"#,
            ], expect: .accepted),
        Case(
            name: "an optional array of a described type",
            raw: ["EXTRA_PARAMETER": #", { "name": "other", "ref": "[Store]?" }"#],
            expect: .refused("\"[Store]\" refers to a type that is not described")),
        Case(
            name: "a described-type parameter with a default",
            raw: ["EXTRA_PARAMETER": #", { "name": "other", "ref": "Store", "default": "nil" }"#],
            expect: .refused("which has no default value")),
        Case(
            name: "non-escaping closure parameter", raw: ["EXTRA_PARAMETER": #", { "name": "progress", "type": "(Double) -> Void" }"#],
            expect: .refused("is not @escaping")),
        Case(
            name: "non-escaping closure parameters of sync calls",
            raw: [
                "EXTRA_CALL":
                    #", { "id": "batch", "parameters": [{ "label": "using", "name": "block", "type": "() throws -> Void" }, { "name": "count", "type": "Int" }], "returns": "Int", "forms": { "sync": { "name": "batch", "throws": true } } }, { "id": "each", "parameters": [{ "label": "_", "name": "body", "type": "@Sendable (Int, String) -> Bool" }], "forms": { "sync": { "name": "each" } } }"#
            ], expect: .accepted),
        Case(
            name: "escaping Sendable closure parameter",
            raw: ["EXTRA_PARAMETER": #", { "name": "progress", "type": "@escaping @Sendable (Double) -> Void" }"#], expect: .accepted),
        Case(
            name: "escaping closure parameter that is not Sendable",
            raw: ["EXTRA_PARAMETER": #", { "name": "progress", "type": "@escaping (Double) -> Void" }"#], expect: .accepted),
        // Swift refuses a dictionary key or set element that is not Hashable, wherever it is written.
        Case(
            name: "a dictionary keyed by a tuple", raw: ["EXTRA_PARAMETER": #", { "name": "pairs", "type": "[(Int, Int): String]" }"#],
            expect: .refused("a dictionary's key must be Hashable, and a tuple is not")),
        Case(
            name: "a set of existentials", values: ["RETURNS": "Set<any Error>"],
            expect: .refused("a set's element must be Hashable, and Error is not")),
        Case(name: "a dictionary of closures", values: ["RETURNS": "[String: @Sendable () -> Void]"], expect: .accepted),
        Case(
            name: "a dictionary holding tuples", raw: ["EXTRA_PARAMETER": #", { "name": "pairs", "type": "[String: (Int, Int)]" }"#],
            expect: .accepted),
        Case(
            name: "optional closure parameter",
            raw: ["EXTRA_PARAMETER": #", { "name": "progress", "type": "(@Sendable (Double) -> Void)?", "default": "nil" }"#], expect: .accepted),
        // Names.
        Case(
            name: "handler label equal to a parameter", values: ["HANDLER_LABEL": "key"],
            expect: .refused("has the name of the completion form's handler")),
        Case(
            name: "parameter named completionHandler", values: ["PARAMETER_NAME": "completionHandler"],
            expect: .refused("has the name of the completion form's handler")),
        Case(name: "keyword names", values: ["PROPERTY_NAME": "default", "PARAMETER_NAME": "repeat"], expect: .accepted),
        Case(name: "non-ASCII names", values: ["PROPERTY_NAME": "naïve", "TYPE_NAME": "Straße"], expect: .accepted),
        Case(
            name: "protocol named like the SDK class", values: ["TYPE_NAME": "SDK{{INDEX}}Store"],
            expect: .refused("is the name of a type or module the description names")),
        Case(
            name: "a type named like another's backing protocol",
            raw: [
                "STORE": #""store": "fetch","#, "EXTRA_TYPE": #", { "name": "StoreBacking", "sdkType": "HostileSDK{{INDEX}}Other", "calls": [] }"#,
            ],
            expect: .refused("the generated name")),
        Case(name: "a store-backed call", raw: ["STORE": #""store": "fetch","#], expect: .accepted),
        Case(
            name: "a type named like another's call keys",
            raw: ["EXTRA_TYPE": #", { "name": "StoreCall", "sdkType": "HostileSDK{{INDEX}}Other", "calls": [] }"#],
            expect: .refused("the generated name")),
        Case(name: "a property named like the key type's own members", values: ["PROPERTY_NAME": "typeName"], expect: .accepted),
        Case(name: "a property named id", values: ["PROPERTY_NAME": "id"], expect: .accepted),
        Case(name: "error model name that is a keyword", raw: ["MODEL_NAME": #""name": "default","#], expect: .refused("is not a Swift identifier")),
        Case(
            name: "error model name with a declaration", raw: ["MODEL_NAME": #""name": "x\nstatic var y = 1","#],
            expect: .refused("is not a Swift identifier")),
        // Shapes.
        Case(
            name: "perItem on a plain result", raw: ["PER_ITEM": #""perItem": true,"#],
            expect: .refused("\"perItem\": true needs a result of per-item results")),
        Case(
            name: "type nested too deep", values: ["RETURNS": String(repeating: "[", count: 40) + "Int" + String(repeating: "]", count: 40)],
            expect: .refused("is not a valid Swift type")),
        // Copied expressions go through the lexer: comments, raw strings, directives, commas.
        Case(name: "default with a line comment", values: ["DEFAULT": "\"a\" // )"], expect: .refused("a comment would swallow")),
        Case(name: "default with an open block comment", values: ["DEFAULT": "\"a\" /* "], expect: .refused("is not closed")),
        Case(name: "default whose comment balances a bracket", values: ["DEFAULT": "(\"a\" /* ) */"], expect: .refused("a comment would swallow")),
        Case(name: "default that is a directive", values: ["DEFAULT": "#sourceLocation(file: \"x\", line: 1)"], expect: .refused("is a directive")),
        Case(name: "default that adds an argument", values: ["DEFAULT": "\"a\", smuggled: 1"], expect: .refused("a comma outside brackets")),
        Case(name: "mockDefault with a comment", values: ["MOCK_DEFAULT": "Data() // }"], expect: .refused("a comment would swallow")),
        Case(name: "raw string default with a backslash", values: ["DEFAULT": ##"#"\"#"##], expect: .accepted),
        Case(name: "string default holding comment markers", values: ["DEFAULT": #""// /* \(1) ""#], expect: .accepted),
        // Types are read by the type model: spellings of one type are one type; what cannot be carried is refused.
        Case(name: "result spelled Optional<Swift.String>", values: ["RETURNS": "Swift.Optional<Swift.String>"], expect: .accepted),
        Case(name: "result spelled Swift.Array<Swift.Int>", values: ["RETURNS": "Swift.Array<Swift.Int>"], expect: .accepted),
        Case(name: "result that is a list of types", values: ["RETURNS": "String, Int"], expect: .refused("a comma outside brackets")),
        Case(name: "opaque result", values: ["RETURNS": "some Collection"], expect: .refused("some is an opaque type")),
        Case(name: "implicitly unwrapped result", values: ["RETURNS": "String!"], expect: .refused("an implicitly unwrapped optional")),
        Case(name: "Self result", values: ["RETURNS": "Self"], expect: .refused("Self would mean")),
        Case(
            name: "variadic parameter", raw: ["EXTRA_PARAMETER": #", { "name": "more", "type": "Int..." }"#], expect: .refused("a variadic parameter")
        ),
        Case(name: "inout parameter", raw: ["EXTRA_PARAMETER": #", { "name": "more", "type": "inout Int" }"#], expect: .refused("inout changes how")),
        Case(
            name: "sending parameter", raw: ["EXTRA_PARAMETER": #", { "name": "more", "type": "sending String" }"#],
            expect: .refused("sending changes how")),
        Case(
            name: "autoclosure parameter", raw: ["EXTRA_PARAMETER": #", { "name": "more", "type": "@autoclosure @escaping () -> Int" }"#],
            expect: .refused("@autoclosure")),
        Case(name: "escaping result", values: ["RETURNS": "@escaping () -> Void"], expect: .refused("@escaping is written only")),
        Case(
            name: "function-typed property",
            raw: [
                "EXTRA_TYPE":
                    #", { "name": "Other", "sdkType": "HostileSDK{{INDEX}}Other", "properties": [{ "name": "handler", "type": "@Sendable () -> Void", "mockDefault": "{}" }] }"#
            ],
            expect: .refused("a property cannot hold a function")),
        Case(
            name: "per-item result keyed by a tuple", values: ["RETURNS": "[((Int, Int), Result<Int, any Error>)]"],
            raw: ["PER_ITEM": #""perItem": true,"#], expect: .refused("must be Hashable")),
        Case(
            name: "per-item result in a tuple with a closure field",
            values: ["RETURNS": "(progress: Int, saved: [String: Swift.Result<Int, any Swift.Error>])"], raw: ["PER_ITEM": #""perItem": ["saved"],"#],
            expect: .accepted),
        // Generated code names the runtime, Swift and Foundation fully qualified: the fuzz SDK
        // (Tests/Fixtures/FuzzCompile/Sources/FuzzSDK/Shadows.swift) exports types named like
        // them, and these described types spell them with their prefix.
        Case(name: "a protocol named CallLog", values: ["TYPE_NAME": "Log"], prefix: "Call", expect: .accepted),
        Case(name: "a protocol named ErrorModel", values: ["TYPE_NAME": "Model"], prefix: "Error", expect: .accepted),
        Case(name: "a protocol named TimeInterval", values: ["TYPE_NAME": "Interval"], prefix: "Time", expect: .accepted),
        Case(name: "a protocol named FaultPlan", values: ["TYPE_NAME": "Plan"], prefix: "Fault", expect: .accepted),
        // A Swift name only generated code uses (`Swift.UInt64`) may be declared; one the
        // description writes (`Data`), or a module generated code qualifies by, may not.
        Case(name: "a protocol named UInt64", values: ["TYPE_NAME": "nt64"], prefix: "UI", expect: .accepted),
        Case(
            name: "a protocol named Data, which the description writes", values: ["TYPE_NAME": "ta"], prefix: "Da",
            expect: .refused("the generated name Data (the protocol of ta) is the name of a type or module the description names")),
        Case(
            name: "a protocol named Swift", values: ["TYPE_NAME": "ift"], prefix: "Sw",
            expect: .refused("the generated name Swift (the protocol of ift) is the name of a module generated code qualifies names by")),
        Case(
            name: "a protocol named like the runtime module", values: ["TYPE_NAME": "Runtime"], prefix: "CloudDouble",
            expect: .refused("is the name of a module generated code qualifies names by")),
        // Names that would be type members where generated code declares them.
        // Names generated code declares for itself end in `_`, which no description name may:
        // the call key's generic parameters, the doubles' members, every local and closure
        // parameter. So the names they had before are free for descriptions, and compile.
        Case(name: "call id Arguments", values: ["CALL_ID": "Arguments"], expect: .accepted),
        Case(name: "call id Value", values: ["CALL_ID": "Value"], expect: .accepted),
        Case(name: "property named Value", values: ["PROPERTY_NAME": "Value"], expect: .accepted),
        Case(name: "call id Type", values: ["CALL_ID": "Type"], expect: .refused("is not a valid Swift identifier")),
        Case(
            name: "members named like the doubles' own", values: ["PROPERTY_NAME": "backing", "CALL_ID": "recorder"],
            raw: ["STORE": #""store": "fetch","#], expect: .accepted),
        Case(name: "members named like the wrappers' own", values: ["PROPERTY_NAME": "faults", "CALL_ID": "wrapped"], expect: .accepted),
        Case(name: "a property named base", values: ["PROPERTY_NAME": "base"], expect: .accepted),
        Case(
            name: "a property named origin, a store call", values: ["PROPERTY_NAME": "origin"], raw: ["STORE": #""store": "fetch","#],
            expect: .accepted),
        Case(name: "a property named wrapped", values: ["PROPERTY_NAME": "wrapped"], expect: .accepted),
        Case(name: "a property named log, a call stub", values: ["PROPERTY_NAME": "log", "CALL_ID": "stub"], expect: .accepted),
        Case(name: "a parameter named like a mock local", values: ["PARAMETER_NAME": "recorder"], expect: .accepted),
        Case(name: "a parameter named result", values: ["PARAMETER_NAME": "result"], expect: .accepted),
        Case(
            name: "per-item parameters named like the fault wrapper's closure parameters",
            values: ["PARAMETER_NAME": "items", "RETURNS": "[String: Swift.Result<Int, any Swift.Error>]"],
            raw: [
                "PER_ITEM": #""perItem": true,"#, "EXTRA_PARAMETER": #", { "name": "value", "type": "Int" }, { "name": "deliver", "type": "Bool" }"#,
            ], expect: .accepted),
        Case(name: "error model named result", raw: ["MODEL_NAME": #""name": "result","#], expect: .accepted),
        // A code the SDK throws as a Swift type: its `make` and `matches` are pasted into closures.
        Case(
            name: "swift error with a condition",
            raw: [
                "SWIFT_ERROR":
                    #", "swiftError": { "type": "Swift.CancellationError", "make": "Swift.CancellationError()", "matches": "!error.localizedDescription.isEmpty" }"#
            ], expect: .accepted),
        Case(
            name: "swift error make with a statement", raw: ["SWIFT_ERROR": #", "swiftError": { "type": "E", "make": "E(); let smuggled = 1" }"#],
            expect: .refused("\"make\" must be one Swift expression")),
        Case(
            name: "swift error make closing its closure",
            raw: ["SWIFT_ERROR": #", "swiftError": { "type": "E", "make": "E() }, recognises: { _ in true }) //" }"#],
            expect: .refused("\"make\" must be one Swift expression")),
        Case(
            name: "swift error matches closing its closure",
            raw: ["SWIFT_ERROR": #", "swiftError": { "type": "E", "make": "E()", "matches": "true } ?? true }) //" }"#],
            expect: .refused("\"matches\" must be one Swift expression")),
        Case(
            name: "swift error type with a declaration", raw: ["SWIFT_ERROR": #", "swiftError": { "type": "E\nstruct F {}", "make": "E()" }"#],
            expect: .refused("is not a valid Swift type")),
        Case(name: "error model named recorder", raw: ["MODEL_NAME": #""name": "recorder","#], expect: .accepted),
        Case(
            name: "operation names the replay and intercept used",
            raw: operation(stream: "events", input: "failures", item: "delivery", final: "event"), expect: .accepted),
        Case(
            name: "operation names the outcome type uses",
            raw: operation(stream: "failsRequestedItems", input: "deprecated", item: "reported", final: "inventsProgress"), expect: .accepted),
        Case(
            name: "operation blocks named like the fault wrapper's locals",
            raw: operation(stream: "items", input: "faults", item: "errorModel", final: "backing"), expect: .accepted),
        Case(
            name: "a stream named like what copied Swift reads", raw: operation(stream: "result", input: "ids", item: "each", final: "done"),
            expect: .refused("would hide what a block's copied Swift reads")),
        Case(
            name: "an input named operation", raw: operation(stream: "items", input: "operation", item: "each", final: "done"),
            expect: .refused("would hide what a block's copied Swift reads")),
        Case(
            name: "a block with the generated spelling", raw: operation(stream: "items", input: "ids", item: "each_", final: "done"),
            expect: .refused("ends in \"_\"")),
        Case(name: "a parameter with the generated spelling", values: ["PARAMETER_NAME": "key_"], expect: .refused("ends in \"_\"")),
        Case(name: "a call id with the generated spelling", values: ["CALL_ID": "Arguments_"], expect: .refused("ends in \"_\"")),
        Case(name: "a type with the generated spelling", values: ["TYPE_NAME": "Store_"], expect: .refused("ends in \"_\"")),
        Case(name: "an error model with the generated spelling", raw: ["MODEL_NAME": #""name": "hostile_","#], expect: .refused("ends in \"_\"")),
        Case(name: "error model named Type", raw: ["MODEL_NAME": #""name": "Type","#], expect: .refused("must start with a lowercase letter")),
        Case(
            name: "error model named Conflict", raw: ["MODEL_NAME": #""name": "Conflict","#], expect: .refused("must start with a lowercase letter")),
        Case(name: "error model named _", raw: ["MODEL_NAME": #""name": "_","#], expect: .refused("must start with a lowercase letter")),
        Case(name: "error model named like one of its instance members", raw: ["MODEL_NAME": #""name": "domain","#], expect: .accepted),
        // Mirrors: keyword member names (`inout` cannot be a call's label unescaped), docs
        // that try to close the comment, every form and every position a mirror is copied through.
        Case(name: "a mirror in every form and position", raw: mirror(), expect: .accepted),
        Case(name: "a mirror that is not Sendable", raw: mirror(memberType: #""NSMutableString?""#, sendable: false), expect: .accepted),
        Case(
            name: "a mirrored member type with a declaration", raw: mirror(memberType: #""String\nfunc smuggled() {}""#),
            expect: .refused("is not a valid Swift type")),
        Case(name: "a kept mirror taken back in every form and position", raw: keptMirror(keeps: true), expect: .accepted),
        Case(name: "a mirror taken back that keeps nothing", raw: keptMirror(keeps: false), expect: .refused("does not keep its SDK value")),
        Case(name: "a hashable kept mirror as per-item input and result key", raw: keyedMirror(hashable: true), expect: .accepted),
        Case(name: "a mirror keying a result that is not hashable", raw: keyedMirror(hashable: false), expect: .refused("is not hashable")),
        Case(name: "a mirror named like the protocol", raw: mirror(name: #""Store""#), expect: .refused("the generated name")),
        Case(name: "a mirror holding mirrors in every position", raw: nestedMirror(holds: #""Entry""#), expect: .accepted),
        Case(
            name: "mirrors holding each other", raw: nestedMirror(holds: #""Entry""#, entryHolds: #""Holder""#), expect: .refused("would hold itself")
        ),
        Case(
            name: "a mirror name with a declaration", raw: mirror(name: #""Entry {}\nfunc smuggled() {}""#),
            expect: .refused("is not a valid Swift identifier")),
        // Class hierarchies: a child of the store with its own members, a grandchild, and the
        // mistakes (an unknown parent, a cycle, a member described again).
        Case(
            name: "a child and a grandchild of the store",
            raw: [
                "EXTRA_TYPE":
                    #", { "name": "Child", "sdkType": "HostileSDK{{INDEX}}Child", "inherits": "Store", "properties": [{ "name": "in", "type": "Int" }], "calls": [{ "id": "rename", "parameters": [{ "label": "to", "name": "name", "type": "String" }], "returnsRef": "Child", "forms": { "sync": { "name": "renamed" } } }] }"#
                    + #", { "name": "Grandchild", "sdkType": "HostileSDK{{INDEX}}Grandchild", "inherits": "Child", "doc": "*/ func smuggled() {} /*", "calls": [{ "id": "value2", "parameters": [{ "label": "forKey", "name": "key", "type": "String" }, { "label": "fallback", "name": "fallback", "type": "Int" }], "returns": "Int", "forms": { "async": { "name": "value" } } }] }"#
            ], expect: .accepted),
        Case(
            name: "a parent that is not described",
            raw: ["EXTRA_TYPE": #", { "name": "Child", "sdkType": "HostileSDK{{INDEX}}Child", "inherits": "Store\nfunc smuggled() {}" }"#],
            expect: .refused("which is not a described type")),
        Case(
            name: "a hierarchy cycle",
            raw: ["EXTRA_TYPE": #", { "name": "Child", "sdkType": "HostileSDK{{INDEX}}Child", "inherits": "Child" }"#],
            expect: .refused("inherits from itself")),
        Case(
            name: "a child describing the parent's call again",
            raw: [
                "EXTRA_TYPE":
                    #", { "name": "Child", "sdkType": "HostileSDK{{INDEX}}Child", "inherits": "Store", "calls": [{ "id": "other", "parameters": [{ "label": "forKey", "name": "key", "type": "String" }, { "name": "fallback", "type": "String" }], "returns": "String", "forms": { "async": { "name": "value" } } }] }"#
            ], expect: .refused("and declares it again")),
        // The file and the command line.
        Case(
            name: "file name with a line break", fileName: "Hostile\nfunc smuggled() {}.clouddouble.json",
            expect: .refused("has a line break or control character")),
        Case(name: "import with a declaration", imports: ["Foundation\nlet smuggled = 1"], expect: .refused("is not a module name")),
    ]

    /// A mirror of `HostileSDK<index>Entry` and the calls returning it in every form (error-first
    /// handlers and throwing sync forms too).
    static func mirror(name: String = #""Entry""#, memberType: String = #""Int?""#, sendable: Bool = true) -> [String: String] {
        let entry = "HostileSDK{{INDEX}}Entry"
        let members =
            #"[{ "name": "default", "type": "String" }, { "name": "in", "type": \#(memberType) }, { "name": "let", "type": "[String]", "doc": "*/ func smuggled() {} /*" }, { "name": "inout", "type": "Bool" }]"#
        return [
            "EXTRA_CALL":
                #", { "id": "entries", "returns": "(entries: [String: Swift.Result<\#(entry), any Swift.Error>], latest: \#(entry)?, all: [\#(entry)])", "perItem": ["entries"], "mirrors": [\#(name)], "forms": { "async": { "name": "entries" }, "completion": { "name": "fetchEntries" }, "result": { "name": "loadEntries" } } }"#
                + #", { "id": "entry", "returns": "\#(entry)", "mirrors": [\#(name)], "mockDefault": "Hostile{{INDEX}}Entry(default: \"\", in: nil, let: [], `inout`: false)", "forms": { "sync": { "name": "entry" } } }"#
                + #", { "id": "firstEntry", "returns": "\#(entry)", "mirrors": [\#(name)], "forms": { "completion": { "name": "firstEntry", "handlerOrder": "errorFirst" } } }"#
                + #", { "id": "checkedEntry", "returns": "\#(entry)", "mirrors": [\#(name)], "mockDefault": "Hostile{{INDEX}}Entry(default: \"\", in: nil, let: [], `inout`: false)", "forms": { "sync": { "name": "checkedEntry", "throws": true } } }"#,
            "MIRRORS":
                #", "mirrors": [{ "name": \#(name), "sdkType": "\#(entry)", "doc": "An entry.\nLine two */ func smuggled() {}", "sendable": \#(sendable), "members": \#(members) }]"#,
        ]
    }

    /// `mirror()` keeping its SDK value (or not), with keyword members newer than the floor
    /// (optional and not), and calls that take it back in every form and position: the whole
    /// parameter, an optional array, dictionary values.
    static func keptMirror(keeps: Bool) -> [String: String] {
        let entry = "HostileSDK{{INDEX}}Entry"
        var values = mirror()
        let parameters =
            #"[{ "label": "_", "name": "entry", "type": "\#(entry)" }, { "name": "all", "type": "[\#(entry)]?", "default": "nil" }, { "name": "byKey", "type": "[String: \#(entry)]" }]"#
        values["EXTRA_CALL"]! +=
            #", { "id": "give", "parameters": \#(parameters), "returns": "\#(entry)", "mirrors": ["Entry"], "forms": { "async": { "name": "give" }, "completion": { "name": "giveLater", "handlerOrder": "errorFirst" }, "result": { "name": "giveResult" } } }"#
            + #", { "id": "giveNow", "parameters": \#(parameters), "mirrors": ["Entry"], "forms": { "sync": { "name": "giveNow" } } }"#
            + #", { "id": "giveChecked", "parameters": \#(parameters), "returns": "Int", "mirrors": ["Entry"], "forms": { "sync": { "name": "giveChecked", "throws": true }, "completion": { "name": "giveCheckedLater" } } }"#
        values["MIRRORS"] = values["MIRRORS"]!.replacingOccurrences(of: #""sendable": true"#, with: #""sendable": true, "keepsSDKValue": \#(keeps)"#)
            .replacingOccurrences(
                of: #"{ "name": "inout", "type": "Bool" }"#,
                with:
                    #"{ "name": "inout", "type": "Bool" }, { "name": "where", "type": "String?", "availability": ["@available(macOS 14.0, iOS 17.0, *)"] }, { "name": "repeat", "type": "[Int]", "availability": ["@available(macOS 14.0, iOS 17.0, *)"], "doc": "*/ func smuggled() {} /*" }"#
            )
        return values
    }

    /// `keptMirror(keeps: true)` (a struct SDK type: its kept values are never identical, and the
    /// code still compiles), `hashable` or not, taken per item and keying the answer.
    static func keyedMirror(hashable: Bool) -> [String: String] {
        let entry = "HostileSDK{{INDEX}}Entry"
        var values = keptMirror(keeps: true)
        values["EXTRA_CALL"]! +=
            #", { "id": "redeem", "parameters": [{ "label": "_", "name": "entries", "type": "[\#(entry)]", "items": {} }], "returns": "[\#(entry): Swift.Result<Int, any Swift.Error>]", "perItem": true, "mirrors": ["Entry"], "forms": { "async": { "name": "redeem" }, "result": { "name": "redeemResult" } } }"#
        values["MIRRORS"] = values["MIRRORS"]!.replacingOccurrences(
            of: #""keepsSDKValue": true"#, with: #""keepsSDKValue": true, "hashable": \#(hashable)"#)
        return values
    }

    /// `mirror()` and a mirror `Holder` whose members hold `holds` (a member, an optional array,
    /// dictionary values, an optional newer than the floor), returned by a call; `entryHolds`
    /// makes `Entry` list a mirror too (a cycle when it is `Holder`).
    static func nestedMirror(holds: String, entryHolds: String? = nil) -> [String: String] {
        let entry = "HostileSDK{{INDEX}}Entry"
        let holder = "HostileSDK{{INDEX}}Holder"
        var values = mirror()
        values["EXTRA_CALL"]! += #", { "id": "holder", "returns": "\#(holder)?", "mirrors": ["Holder"], "forms": { "async": { "name": "holder" } } }"#
        let members =
            #"[{ "name": "entry", "type": "\#(entry)" }, { "name": "all", "type": "[\#(entry)]?" }, { "name": "byKey", "type": "[String: \#(entry)]" }, { "name": "later", "type": "\#(entry)?", "availability": ["@available(macOS 14.0, iOS 17.0, *)"] }]"#
        var mirrors =
            String(values["MIRRORS"]!.dropLast(1))
            + #", { "name": "Holder", "sdkType": "\#(holder)", "mirrors": [\#(holds)], "members": \#(members) }]"#
        if let entryHolds {
            mirrors = mirrors.replacingOccurrences(of: #""sendable": true,"#, with: #""sendable": true, "mirrors": [\#(entryHolds)],"#)
                .replacingOccurrences(
                    of: #"{ "name": "inout", "type": "Bool" }"#,
                    with: #"{ "name": "inout", "type": "Bool" }, { "name": "holder", "type": "[\#(holder)]" }"#)
        }
        values["MIRRORS"] = mirrors
        return values
    }

    /// An operation with one requested per-item stream, run by a call `add(_:)`: its stream,
    /// input property and blocks named as given.
    static func operation(stream: String, input: String, item: String, final: String) -> [String: String] {
        let block = #"{ "name": "\#(item)", "role": "itemResult", "type": "(String, Swift.Result<Int, any Swift.Error>) -> Void" }"#
        let finalBlock = #"{ "name": "\#(final)", "role": "finalResult", "type": "(Swift.Result<Void, any Swift.Error>) -> Void" }"#
        let streamJSON =
            #"{ "name": "\#(stream)", "key": "String", "value": "Int", "requested": "operation.\#(input) ?? []", "input": { "property": "\#(input)" }, "blocks": [\#(block)] }"#
        return [
            "EXTRA_CALL":
                #", { "id": "add", "parameters": [{ "label": "_", "name": "op", "type": "HostileSDK{{INDEX}}SyncOperation" }], "operations": ["Sync"], "forms": { "sync": { "name": "add" } } }"#,
            "OPERATIONS":
                #", "operations": [{ "name": "Sync", "sdkType": "HostileSDK{{INDEX}}SyncOperation", "streams": [\#(streamJSON)], "result": { "type": "Void", "blocks": [\#(finalBlock)] } }]"#,
        ]
    }

    static func json(for testCase: Case, index: Int) -> String {
        var text = template
        var values = defaults.merging(testCase.values) { _, new in new }
        if let prefix = testCase.prefix {
            text = text.replacingOccurrences(of: "\"prefix\": \"Hostile{{INDEX}}\"", with: "\"prefix\": \"\(prefix)\"")
        }
        if testCase.values["TYPE_NAME"] == "SDK{{INDEX}}Store" {
            values["TYPE_NAME"] = "Store"
            text = text.replacingOccurrences(of: "\"prefix\": \"Hostile{{INDEX}}\"", with: "\"prefix\": \"HostileSDK{{INDEX}}\"")
        }
        for (key, value) in values { text = text.replacingOccurrences(of: "{{\(key)}}", with: RandomDescription.literal(value)) }
        for (key, value) in rawDefaults.merging(testCase.raw, uniquingKeysWith: { _, new in new }) {
            text = text.replacingOccurrences(of: "{{\(key)}}", with: value)
        }
        return text.replacingOccurrences(of: "{{INDEX}}", with: String(index))
    }

    func testEachHostileValueIsRefusedOrCompiles() throws {
        let output = ProcessInfo.processInfo.environment["CLOUDDOUBLE_FUZZ_OUTPUT"].map(URL.init(fileURLWithPath:))
        for (index, testCase) in Self.cases.enumerated() {
            let json = Self.json(for: testCase, index: index)
            let generator = Generator(templates: try .bundled(), options: TranslationOptions(extraImports: testCase.imports))
            let file = "/corpus/\(testCase.fileName)"
            do {
                let files = try generator.generate(Array(json.utf8), file: file)
                guard case .accepted = testCase.expect else {
                    XCTFail("\(testCase.name): accepted, but it should be refused")
                    continue
                }
                guard let output else { continue }
                let description = try Generator.validate(Array(json.utf8), file: file)
                let renamed = files.map { GeneratedFile(name: "Hostile\(index).\($0.name)", contents: $0.contents) }
                try OutputWriter.write(renamed, to: output.appendingPathComponent("FuzzDoubles"))
                try SDKSynthesizer.source(for: description).write(
                    to: output.appendingPathComponent("FuzzSDK/Hostile\(index).swift"), atomically: true, encoding: .utf8)
            } catch {
                guard case .refused(let message) = testCase.expect else {
                    XCTFail("\(testCase.name): refused, but it should be accepted: \(error)")
                    continue
                }
                let text = "\(error)"
                XCTAssertTrue(text.contains(message), "\(testCase.name): expected \"\(message)\" in: \(text)")
                if case .description(let diagnostics)? = error as? GeneratorError {
                    // Located: every diagnostic names the file with a line and column inside it.
                    for diagnostic in diagnostics.diagnostics {
                        XCTAssertGreaterThan(diagnostic.location.line, 0, testCase.name)
                        XCTAssertTrue(
                            diagnostic.description.hasPrefix("\(file):\(diagnostic.location.line):\(diagnostic.location.column): error:"),
                            testCase.name)
                    }
                }
            }
        }
    }
}
