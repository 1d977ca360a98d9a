import CloudDoubleRuntime
import Foundation

/// Makes random valid descriptions, and for each the Swift source of a made-up SDK with exactly
/// the described members, so the generated code for it can be compiled (the fuzz sample in CI).
struct RandomDescription {
    struct Output {
        var json: String
        var sdk: String
    }

    /// Types a member can use, with a value of each (for the SDK's bodies and `mockDefault`).
    static let palette: [(type: String, value: String)] = [
        ("String", "\"\""), ("Int", "0"), ("Bool", "false"), ("Double", "0"), ("[String]", "[]"), ("[String: Int]", "[:]"),
        ("String?", "nil"), ("Data", "Data()"), ("Int64", "0"),
        // One type in other spellings (the type model makes them equal), and string values a
        // scanner would misread: raw strings, comment markers and interpolations inside literals.
        ("Swift.String", ##"#"\"#"##), ("Optional<Int>", "nil"), ("Swift.Array<Swift.Int>", "[]"), ("[String:Int]", "[:]"),
        ("Dictionary<String, [Int]>", "[:]"), ("(any Swift.Error)?", "nil"), ("String", #""// not /* a comment""#),
        ("String", #""\("(")""#), ("String", ###"##"a"#b"##"###),
    ]

    /// Whether a palette type is optional, however it is spelled.
    static func isOptional(_ type: String) -> Bool { type.hasSuffix("?") || type.hasPrefix("Optional<") }
    /// Base words, with the names generated code declared before it spelled its own with a
    /// trailing `_`: members and locals of the doubles, which descriptions may now use.
    static let names = [
        "alpha", "beta", "gamma", "delta", "fetch", "save", "value", "item", "record", "zone", "token", "key",
        "result", "events", "operation", "items", "backing", "recorder", "wrapped", "faults", "base", "log", "origin", "stub", "calls", "deliver",
        "wrappers", "delivery", "Arguments", "Value",
    ]
    /// Keywords Swift allows as member and parameter names when escaped.
    static let keywords = ["default", "repeat", "in", "is", "where", "func"]

    var random: SeededGenerator
    let index: Int

    init(seed: UInt64, index: Int) {
        random = SeededGenerator(seed: seed &+ UInt64(index))
        self.index = index
    }

    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }
    mutating func count(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    /// A name unique in its scope: a base word, sometimes a keyword, with a counter.
    mutating func name(_ used: inout Set<String>) -> String {
        if chance(0.15) {
            let keyword = pick(Self.keywords)
            if used.insert(keyword).inserted { return keyword }
        }
        var candidate = pick(Self.names)
        var suffix = 1
        while !used.insert(candidate).inserted {
            suffix += 1
            candidate = "\(pick(Self.names))\(suffix)"
        }
        return candidate
    }

    static func escaped(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

    /// Pieces of documentation text that break naive generators: line breaks of every kind,
    /// comment closers, quotes, backslashes, control characters, non-ASCII.
    static let docPieces = [
        "Reads a value.", "\n", "\r\n", "\r", "\u{2028}", "*/", "/*", "\"quoted\"", "\\", "\u{0}", "\t", "Ünïcødé ✓", "func smuggled() {}", "///",
        "`code`",
    ]

    /// A documentation string of a few random pieces.
    mutating func doc() -> String {
        // Never only white space, which the format refuses as empty.
        "Doc " + (0..<count(1...5)).map { _ in pick(Self.docPieces) }.joined()
    }

    static func literal(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text])
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    mutating func make() -> Output {
        let sdkModule = "FuzzSDK"
        var types: [String] = []
        var sdk: [String] = []
        for typeIndex in 0..<count(1...3) {
            let typeName = "T\(typeIndex)"
            let sdkName = "SDK\(index)_\(typeIndex)"
            var used = Set<String>()
            var members: [String] = []
            var sdkMembers: [String] = []
            for _ in 0..<count(0...2) {
                let property = name(&used)
                let (type, value) = pick(Self.palette)
                let settable = chance(0.5)
                var json = "{ \"name\": \(Self.literal(property)), \"type\": \(Self.literal(type))"
                if chance(0.3) { json += ", \"doc\": \(Self.literal(doc()))" }
                if settable { json += ", \"settable\": true" }
                if type == "Data" { json += ", \"mockDefault\": \"Data()\"" }
                members.append(json + " }")
                sdkMembers.append("    public var \(Self.escaped(property)): \(type) = \(value)")
            }
            var calls: [String] = []
            for _ in 0..<count(1...4) {
                let id = name(&used)
                var parameterNames = Set<String>()
                let parameters = (0..<count(0...3)).map { _ -> (label: String, name: String, type: String, value: String) in
                    let parameterName = name(&parameterNames)
                    let (type, value) = pick(Self.palette)
                    let label = chance(0.3) ? "_" : (chance(0.3) ? "with" : parameterName)
                    return (label, parameterName, type, value)
                }
                let defaulted = parameters.indices.filter { _ in chance(0.2) }
                let returns: (type: String, value: String)? = chance(0.3) ? nil : pick(Self.palette)
                var kinds = ["sync", "async", "completion", "result"].filter { _ in chance(0.5) }
                if kinds.isEmpty { kinds = ["async"] }
                if let returns, Self.isOptional(returns.type) { kinds.removeAll { $0 == "completion" } }
                if kinds.isEmpty { kinds = ["result"] }
                var formsJSON: [String] = []
                for kind in kinds {
                    // Each form gets its own base name, so no two forms of a type can collide.
                    let base = "\(id.trimmingCharacters(in: CharacterSet(charactersIn: "`")))\(kind.capitalized)"
                    // Half the completion forms take the error first, as Firebase's do.
                    let errorFirst = kind == "completion" && returns != nil && chance(0.5)
                    // Some sync forms throw, as Firestore's `Transaction.getDocument(_:)`.
                    let throwing = kind == "sync" && chance(0.3)
                    formsJSON.append(
                        "\"\(kind)\": { \"name\": \"\(base)\"\(errorFirst ? ", \"handlerOrder\": \"errorFirst\"" : "")\(throwing ? ", \"throws\": true" : "") }"
                    )
                    let declared = parameters.map { parameter in
                        parameter.label == parameter.name
                            ? "\(Self.escaped(parameter.name)): \(parameter.type)"
                            : "\(parameter.label) \(Self.escaped(parameter.name)): \(parameter.type)"
                    }
                    let returnType = returns?.type ?? "Void"
                    switch kind {
                    case "sync":
                        sdkMembers.append(
                            "    public func \(base)(\(declared.joined(separator: ", "))) \(throwing ? "throws " : "")-> \(returnType) { \(returns?.value ?? "()") }"
                        )
                    case "async":
                        sdkMembers.append(
                            "    public func \(base)(\(declared.joined(separator: ", "))) async throws -> \(returnType) { throw FuzzSDKError() }")
                    case "completion":
                        let handler =
                            returns == nil
                            ? "((any Swift.Error)?) -> Void"
                            : errorFirst ? "((any Swift.Error)?, \(returnType)?) -> Void" : "(\(returnType)?, (any Swift.Error)?) -> Void"
                        sdkMembers.append(
                            "    public func \(base)(\((declared + ["completionHandler: @escaping @Sendable \(handler)"]).joined(separator: ", "))) {}"
                        )
                    default:
                        sdkMembers.append(
                            "    public func \(base)(\((declared + ["completionHandler: @escaping @Sendable (Swift.Result<\(returnType), any Swift.Error>) -> Void"]).joined(separator: ", "))) {}"
                        )
                    }
                }
                let parametersJSON = parameters.enumerated().map { offset, parameter in
                    var json =
                        "{ \"label\": \(Self.literal(parameter.label)), \"name\": \(Self.literal(parameter.name)), \"type\": \(Self.literal(parameter.type))"
                    if defaulted.contains(offset) { json += ", \"default\": \(Self.literal(parameter.value))" }
                    return json + " }"
                }
                var call = "{ \"id\": \(Self.literal(id)), \"parameters\": [\(parametersJSON.joined(separator: ", "))]"
                if chance(0.4) { call += ", \"doc\": \(Self.literal(doc()))" }
                if let returns { call += ", \"returns\": \(Self.literal(returns.type))" }
                if returns?.type == "Data", kinds.contains("sync") { call += ", \"mockDefault\": \"Data()\"" }
                calls.append(call + ", \"forms\": { \(formsJSON.joined(separator: ", ")) } }")
            }
            types.append(
                """
                { "name": "\(typeName)", "sdkType": "\(sdkName)", "doc": \(Self.literal(doc())), "properties": [\(members.joined(separator: ", "))], "calls": [\(calls.joined(separator: ", "))] }
                """)
            sdk.append("public final class \(sdkName): @unchecked Sendable {\n    public init() {}\n\(sdkMembers.joined(separator: "\n"))\n}")
        }
        let json = """
            { "formatVersion": 1, "module": "\(sdkModule)", "imports": ["Foundation"], "prefix": "Fuzz\(index)", "types": [\(types.joined(separator: ", "))] }
            """
        return Output(json: json, sdk: "import Foundation\n\n" + sdk.joined(separator: "\n\n") + "\n")
    }
}
