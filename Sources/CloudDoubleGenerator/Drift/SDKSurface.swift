import Foundation

/// An SDK's public API as drafting and the drift check see it: per type, its instance methods
/// and properties with their Swift signatures, availability and docs, read from symbol graphs.
struct SDKSurface: Sendable {
    var module: String
    /// Instance members by type path (`CKDatabase`), in declaration order.
    var types: [String: SDKType]
    /// Enum cases by enum path, in declaration order: a draft's guess for a value it cannot infer.
    var enumCases: [String: [String]]
    /// `typealias ID = String` by path (`CKSubscription.ID` → `String`), to compare types.
    var typealiases: [String: String]
    /// Instance properties by type path, for an item's key path (`CKRecord.recordID`).
    var allProperties: [String: [SDKProperty]]

    init(graphs: [SymbolGraph]) {
        module = graphs.first?.module.name ?? ""
        types = [:]
        enumCases = [:]
        typealiases = [:]
        allProperties = [:]
        let typeKinds: Set<String> = ["swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.actor"]
        var order: [String: (String, Int, Int)] = [:]
        for graph in graphs {
            for symbol in graph.symbols {
                // Members a protocol extension of another module gives every conformer
                // (`hash(into:)`, `isEmpty`) are not the SDK's own API.
                if let extended = symbol.swiftExtension?.extendedModule, extended != graph.module.name { continue }
                if symbol.identifier.precise.contains("::SYNTHESIZED::") { continue }
                if let access = symbol.accessLevel, access != "public", access != "open" { continue }
                let path = symbol.pathComponents.joined(separator: ".")
                let parent = symbol.parentPath
                if let location = symbol.location {
                    order[symbol.identifier.precise] = (location.uri, location.position.line, location.position.character)
                }
                switch symbol.kind.identifier {
                case let kind where typeKinds.contains(kind):
                    if types[path] == nil { types[path] = SDKType(name: path, documentation: symbol.documentation) }
                case "swift.enum.case":
                    enumCases[parent, default: []].append(symbol.pathComponents.last ?? "")
                case "swift.typealias":
                    let declaration = symbol.declaration
                    if let equals = declaration.range(of: " = ") {
                        typealiases[path] = String(declaration[equals.upperBound...]).trimmingCharacters(in: .whitespaces)
                    }
                case "swift.property":
                    guard let property = SDKProperty(symbol) else { continue }
                    allProperties[parent, default: []].append(property)
                    types[parent, default: SDKType(name: parent, documentation: nil)].properties.append(property)
                case "swift.method":
                    guard let method = SDKMethod(symbol) else { continue }
                    types[parent, default: SDKType(name: parent, documentation: nil)].methods.append(method)
                default:
                    continue
                }
            }
        }
        // Declaration order, so drafts read like the SDK's header (graphs do not promise an order).
        for (name, var type) in types {
            type.methods = type.methods.enumerated().sorted { a, b in
                let left = order[a.element.preciseIdentifier], right = order[b.element.preciseIdentifier]
                if let left, let right, left.0 == right.0 { return (left.1, left.2) < (right.1, right.2) }
                if let left, let right { return left.0 < right.0 }
                return a.offset < b.offset
            }.map(\.element)
            types[name] = type
        }
    }

    /// `CKSubscription.ID` → `String`, through any chain of typealiases, for comparing types.
    func resolved(_ type: String) -> String {
        var result = TypeText.normalized(type)
        for (alias, target) in typealiases.sorted(by: { $0.key.count > $1.key.count }) {
            result = TypeText.replacingName(alias, with: TypeText.normalized(target), in: result)
        }
        return result
    }

    /// Whether two type spellings mean the same type here (whitespace, `Void`/`()`, typealiases).
    func sameType(_ a: String, _ b: String) -> Bool {
        resolved(a) == resolved(b)
    }
}

/// One SDK type's instance members.
struct SDKType: Sendable {
    var name: String
    var documentation: String?
    var properties: [SDKProperty] = []
    var methods: [SDKMethod] = []
}

/// An instance property.
struct SDKProperty: Sendable {
    var name: String
    var type: String
    var settable: Bool
    var availability: [SymbolGraph.Symbol.Availability]
    var documentation: String?
    /// Why a description cannot express the property (its getter is async or throws, or it is
    /// isolated to a global actor), or `nil`.
    var unsupported: String?

    init?(_ symbol: SymbolGraph.Symbol) {
        let declaration = symbol.declaration
        guard let name = symbol.pathComponents.last, let colon = TypeText.firstTopLevel(":", in: declaration) else { return nil }
        var type = String(declaration[declaration.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        var settable = declaration.contains("var ") && !declaration.contains("{ get }")
        if let brace = type.range(of: " {") {
            let accessors = type[brace.lowerBound...]
            settable = accessors.contains("set")
            if accessors.contains("async") || accessors.contains("throws") {
                unsupported = "its getter is async or throws, and the generated protocols have plain { get } properties; describe it as a call with an \"async\" form"
            }
            type = String(type[..<brace.lowerBound])
        }
        let attributes = declaration[..<(declaration.range(of: "var ")?.lowerBound ?? declaration.startIndex)]
        if let actor = attributes.split(separator: " ").first(where: { $0.hasPrefix("@") && $0.hasSuffix("Actor") }) {
            unsupported = "it is isolated to \(actor), and the generated protocols' requirements are nonisolated"
        }
        if let equals = TypeText.firstTopLevel("=", in: type) { type = String(type[..<equals]).trimmingCharacters(in: .whitespaces) }
        self.name = name
        self.type = TypeText.pretty(type)
        self.settable = settable
        availability = symbol.availability ?? []
        documentation = symbol.documentation
    }
}

/// A parameter as declared: `withRecordID recordID: CKRecord.ID = nil`.
struct SDKParameter: Sendable, Equatable {
    var label: String
    var name: String
    var type: String
    var defaultValue: String?
}

/// How a method reports its result through a trailing handler.
enum SDKHandler: Sendable, Equatable {
    /// `(T?, (any Error)?) -> Void` (`optional`), `(T, (any Error)?) -> Void`, or `((any Error)?) -> Void` (`value == nil`).
    case completion(value: String?, optional: Bool)
    /// `(Result<T, any Error>) -> Void`.
    case result(String)
}

/// An instance method, parsed from its declaration.
struct SDKMethod: Sendable {
    var preciseIdentifier: String
    /// `fetch(withRecordID:completionHandler:)`.
    var fullName: String
    var baseName: String
    var parameters: [SDKParameter]
    /// `nil` for `Void`.
    var returns: String?
    var isAsync: Bool
    var throwsErrors: Bool
    var attributes: [String]
    var availability: [SymbolGraph.Symbol.Availability]
    var documentation: String?
    /// The trailing completion handler, when the method has one.
    var handler: SDKHandler?
    var handlerLabel: String?
    var sendableHandler: Bool

    init?(_ symbol: SymbolGraph.Symbol) {
        guard let declaration = SwiftDeclaration(symbol.declaration) else { return nil }
        preciseIdentifier = symbol.identifier.precise
        fullName = symbol.pathComponents.last ?? declaration.baseName
        baseName = declaration.baseName
        parameters = declaration.parameters
        returns = declaration.returns
        isAsync = declaration.isAsync
        throwsErrors = declaration.throwsErrors
        attributes = declaration.attributes
        availability = symbol.availability ?? []
        documentation = symbol.documentation
        sendableHandler = true
        if !isAsync, returns == nil, let last = parameters.last, let handler = Self.handler(last) {
            self.handler = handler
            handlerLabel = last.label
            sendableHandler = last.type.contains("@Sendable")
        }
    }

    var kind: FormKind {
        switch handler {
        case .completion?: return .completion
        case .result?: return .result
        case nil: return isAsync ? .async : .sync
        }
    }

    /// The parameters of the request: all but the handler.
    var requestParameters: [SDKParameter] { handler == nil ? parameters : Array(parameters.dropLast()) }

    /// What the request answers: the async result, or the handler's value (`nil` for none).
    var value: String? {
        switch handler {
        case .completion(let value, let optional)?:
            guard let value else { return nil }
            return optional ? String(value.dropLast()) : value
        case .result(let type)?: return TypeText.isVoid(type) ? nil : type
        case nil: return returns
        }
    }

    var isDiscardable: Bool { attributes.contains("@discardableResult") }
    /// The global actor the method is isolated to (`@MainActor`), if any.
    var globalActor: String? { attributes.first { $0.hasSuffix("Actor") } }
    var isPreconcurrency: Bool { attributes.contains("@preconcurrency") }

    /// A trailing parameter is a handler when it is a function returning `Void` whose label or
    /// name says so, as in every Objective-C completion handler Swift imports.
    static func handler(_ parameter: SDKParameter) -> SDKHandler? {
        let words = (parameter.label + " " + parameter.name).lowercased()
        guard ["completion", "handler", "reply"].contains(where: words.contains) else { return nil }
        var type = parameter.type
        for attribute in ["@escaping", "@Sendable", "@MainActor"] { type = type.replacingOccurrences(of: attribute, with: "") }
        type = type.trimmingCharacters(in: .whitespaces)
        if type.hasPrefix("("), type.hasSuffix(")"), let inner = TypeText.unwrapOptionalFunction(type) { type = inner }
        guard type.hasPrefix("("), let arrow = TypeText.lastTopLevelArrow(in: type), TypeText.isVoid(String(type[arrow...].dropFirst(2)).trimmingCharacters(in: .whitespaces))
        else { return nil }
        let argumentList = String(type[type.index(after: type.startIndex)..<arrow]).trimmingCharacters(in: .whitespaces)
        guard argumentList.hasSuffix(")") else { return nil }
        let arguments = TypeText.splitTopLevel(String(argumentList.dropLast()), separator: ",")
        let isError = { (text: String) in ["(anyError)?", "Error?", "(Error)?", "(anyError)?"].contains(TypeText.normalized(text)) }
        switch arguments.count {
        case 1:
            let only = arguments[0]
            if isError(only) { return .completion(value: nil, optional: true) }
            let normalized = TypeText.normalized(only)
            if normalized.hasPrefix("Result<"), normalized.hasSuffix(",anyError>") || normalized.hasSuffix(",Error>") {
                let inner = String(only.drop { $0 != "<" }.dropFirst().dropLast())
                let parts = TypeText.splitTopLevel(inner, separator: ",")
                return parts.count == 2 ? .result(TypeText.pretty(parts[0])) : nil
            }
            return nil
        case 2:
            guard isError(arguments[1]) else { return nil }
            let value = TypeText.pretty(arguments[0])
            return .completion(value: value, optional: value.hasSuffix("?"))
        default:
            return nil
        }
    }
}

/// A function declaration split into its parts: attributes, base name, parameters, effects, result.
struct SwiftDeclaration {
    var attributes: [String] = []
    var baseName: String
    var parameters: [SDKParameter] = []
    var isAsync = false
    var throwsErrors = false
    var returns: String?

    init?(_ text: String) {
        guard let funcRange = text.range(of: "func ") else { return nil }
        attributes = text[..<funcRange.lowerBound].split(separator: " ").map(String.init).filter { $0.hasPrefix("@") }
        let rest = text[funcRange.upperBound...]
        guard let open = rest.firstIndex(where: { $0 == "(" || $0 == "<" }) else { return nil }
        baseName = String(rest[..<open]).replacingOccurrences(of: "`", with: "")
        // Generic methods are beyond what a description can say; their parameters still parse.
        var index = open
        if rest[index] == "<" {
            guard let close = TypeText.matching(rest, from: index) else { return nil }
            index = rest.index(after: close)
        }
        guard index < rest.endIndex, rest[index] == "(", let close = TypeText.matching(rest, from: index) else { return nil }
        let list = String(rest[rest.index(after: index)..<close])
        for part in TypeText.splitTopLevel(list, separator: ",") where !part.isEmpty {
            guard let colon = TypeText.firstTopLevel(":", in: part) else { return nil }
            let names = part[..<colon].split(separator: " ").map(String.init)
            var type = String(part[part.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            var defaultValue: String?
            if let equals = TypeText.firstTopLevel("=", in: type) {
                defaultValue = String(type[type.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
                type = String(type[..<equals]).trimmingCharacters(in: .whitespaces)
            }
            guard let first = names.first else { return nil }
            let label = first.replacingOccurrences(of: "`", with: "")
            let name = (names.count > 1 ? names[1] : first).replacingOccurrences(of: "`", with: "")
            parameters.append(SDKParameter(label: label, name: name, type: TypeText.pretty(type), defaultValue: defaultValue))
        }
        var effects = String(rest[rest.index(after: close)...]).trimmingCharacters(in: .whitespaces)
        if let whereClause = effects.range(of: " where ") { effects = String(effects[..<whereClause.lowerBound]) }
        if let arrow = effects.range(of: "->") {
            returns = TypeText.pretty(String(effects[arrow.upperBound...]).trimmingCharacters(in: .whitespaces))
            effects = String(effects[..<arrow.lowerBound])
        }
        if let returns, TypeText.isVoid(returns) { self.returns = nil }
        let words = effects.split(separator: " ").map(String.init)
        isAsync = words.contains("async")
        throwsErrors = words.contains { $0 == "throws" || $0.hasPrefix("throws(") || $0 == "rethrows" }
    }
}

/// Small helpers over Swift type text: top-level splitting, normalising, pretty-printing.
enum TypeText {
    /// Without whitespace, and `()` as `Void`: two spellings of one type compare equal.
    static func normalized(_ type: String) -> String {
        let compact = type.filter { !$0.isWhitespace }
        return compact == "()" ? "Void" : compact
    }

    static func isVoid(_ type: String) -> Bool { normalized(type) == "Void" }

    /// `[CKRecord.ID : CKRecord]` → `[CKRecord.ID: CKRecord]`, the way descriptions are written.
    static func pretty(_ type: String) -> String {
        var text = type.replacingOccurrences(of: " : ", with: ": ")
        while text.contains("  ") { text = text.replacingOccurrences(of: "  ", with: " ") }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// Replaces whole-name occurrences of `name` (not `name` inside a longer dotted name).
    static func replacingName(_ name: String, with replacement: String, in text: String) -> String {
        guard text.contains(name) else { return text }
        var result = ""
        var index = text.startIndex
        let isNameCharacter = { (c: Character) in c.isLetter || c.isNumber || c == "_" || c == "." }
        while index < text.endIndex {
            if text[index...].hasPrefix(name) {
                let end = text.index(index, offsetBy: name.count)
                let before = index == text.startIndex ? nil : text[text.index(before: index)]
                let after = end == text.endIndex ? nil : text[end]
                if !(before.map(isNameCharacter) ?? false), !(after.map(isNameCharacter) ?? false) {
                    result += replacement
                    index = end
                    continue
                }
            }
            result.append(text[index])
            index = text.index(after: index)
        }
        return result
    }

    /// The index of the bracket closing the one at `open`.
    static func matching(_ text: Substring, from open: Substring.Index) -> Substring.Index? {
        var depth = 0
        var index = open
        while index < text.endIndex {
            switch text[index] {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">":
                // `->` is an arrow, not a closing angle bracket.
                if index > text.startIndex, text[text.index(before: index)] == "-" { break }
                depth -= 1
            default: break
            }
            if depth == 0 { return index }
            index = text.index(after: index)
        }
        return nil
    }

    static func splitTopLevel(_ text: String, separator: Character) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        var previous: Character = " "
        var inString = false
        for character in text {
            if character == "\"" { inString.toggle() }
            if !inString {
                switch character {
                case "(", "[", "<": depth += 1
                case ")", "]": depth -= 1
                case ">" where previous != "-": depth -= 1
                default: break
                }
            }
            if character == separator, depth == 0, !inString {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        let last = current.trimmingCharacters(in: .whitespaces)
        if !last.isEmpty || !parts.isEmpty { parts.append(last) }
        return parts
    }

    static func firstTopLevel(_ target: Character, in text: some StringProtocol) -> String.Index? {
        let string = String(text)
        var depth = 0
        var previous: Character = " "
        for index in string.indices {
            let character = string[index]
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where previous != "-": depth -= 1
            default: break
            }
            if character == target, depth == 0 { return text.index(text.startIndex, offsetBy: string.distance(from: string.startIndex, to: index)) }
            previous = character
        }
        return nil
    }

    /// The top-level `->` of a function type `(A, B) -> C`.
    static func lastTopLevelArrow(in text: String) -> String.Index? {
        var depth = 0
        var found: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "-", next < text.endIndex, text[next] == ">" {
                if depth == 0 { found = index }
                index = text.index(after: next)
                continue
            }
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth -= 1
            default: break
            }
            index = next
        }
        return found
    }

    /// `((A) -> Void)?` → `(A) -> Void`; `nil` when the parentheses are the argument list.
    static func unwrapOptionalFunction(_ type: String) -> String? {
        guard type.hasPrefix("(") else { return nil }
        let substring = Substring(type)
        guard let close = matching(substring, from: substring.startIndex), close == type.index(before: type.endIndex) else { return nil }
        let inner = String(type.dropFirst().dropLast())
        return inner.hasPrefix("(") && lastTopLevelArrow(in: inner) != nil && !inner.hasSuffix(")") ? inner : nil
    }
}
