import Foundation

/// An SDK's public API as drafting and the drift check see it: per type, its instance methods
/// and properties with their Swift signatures, availability and docs, read from symbol graphs.
struct SDKSurface: Sendable {
    var module: String
    /// Instance members by type path (`CKDatabase`), in declaration order.
    var types: [String: SDKType]
    /// Enum cases by enum path, in declaration order: a draft's guess for a value it cannot infer.
    var enumCases: [String: [String]]
    /// `typealias ID = String` by path (`CKSubscription.ID` → `String`), parsed, to compare types.
    var typealiasModels: [String: SwiftType]
    /// Instance properties by type path, for an item's key path (`CKRecord.recordID`).
    var allProperties: [String: [SDKProperty]]
    /// The type paths that conform to `Sendable`, directly or through a superclass or a protocol
    /// of the graphs; `nil` when the graphs record no relationships, so nothing is known.
    var sendableTypes: Set<String>?
    /// Each class's superclass among the graphs' types, by path (`DatabaseReference` →
    /// `DatabaseQuery`); `nil` when the graphs record no relationships, so nothing is known.
    var superclasses: [String: String]?
    /// The protocols that refine others (`ListenerRegistration: NSObjectProtocol`), by path, with
    /// the precise identifiers of what each refines; `nil` when the graphs record no
    /// relationships, so nothing is known.
    var protocolRefinements: [String: Set<String>]?

    /// `Swift.Sendable`'s precise identifier, the target of a `conformsTo` relationship.
    static let sendableIdentifier = "s:s8SendableP"

    init(graphs: [SymbolGraph]) {
        module = graphs.first?.module.name ?? ""
        types = [:]
        enumCases = [:]
        typealiasModels = [:]
        allProperties = [:]
        let typeKinds: Set<String> = ["swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.actor"]
        var actors = Set<String>()
        var associatedTypes: [String: Set<String>] = [:]
        var order: [String: (String, Int, Int)] = [:]
        var paths: [String: String] = [:]
        for graph in graphs {
            for symbol in graph.symbols {
                // Members a protocol extension of another module gives every conformer
                // (`hash(into:)`, `isEmpty`) are not the SDK's own API.
                if let extended = symbol.swiftExtension?.extendedModule, extended != graph.module.name { continue }
                if symbol.identifier.precise.contains("::SYNTHESIZED::") { continue }
                if let access = symbol.accessLevel, access != "public", access != "open" { continue }
                if symbol.spi == true { continue }
                let path = symbol.pathComponents.joined(separator: ".")
                let parent = symbol.parentPath
                if let location = symbol.location {
                    order[symbol.identifier.precise] = (location.uri, location.position.line, location.position.character)
                }
                switch symbol.kind.identifier {
                case let kind where typeKinds.contains(kind):
                    paths[symbol.identifier.precise] = path
                    if types[path] == nil { types[path] = SDKType(name: path, documentation: symbol.documentation) }
                    // Symbol graphs give an actor the kind `swift.class` and declare it `actor`.
                    if kind == "swift.actor" || SwiftDeclarationTokens(symbol.declaration)?.tokens.first?.text == "actor" { actors.insert(path) }
                    if kind == "swift.protocol" { types[path]?.isProtocol = true }
                case "swift.associatedtype":
                    associatedTypes[parent, default: []].insert(symbol.pathComponents.last ?? "")
                case "swift.enum.case":
                    enumCases[parent, default: []].append(symbol.pathComponents.last ?? "")
                case "swift.typealias":
                    let declaration = symbol.declaration
                    if let equals = declaration.range(of: " = "),
                        case .success(let target) = SwiftTypeParser.parse(String(declaration[equals.upperBound...]))
                    {
                        typealiasModels[path] = target
                    }
                case "swift.property":
                    guard let property = SDKProperty(symbol) else { continue }
                    allProperties[parent, default: []].append(property)
                    types[parent, default: SDKType(name: parent, documentation: nil)].properties.append(property)
                case "swift.method":
                    guard let method = SDKMethod(symbol) else { continue }
                    types[parent, default: SDKType(name: parent, documentation: nil)].methods.append(method)
                case "swift.init", "swift.subscript", "swift.type.method", "swift.type.property", "swift.type.subscript":
                    guard let name = symbol.pathComponents.last else { continue }
                    types[parent, default: SDKType(name: parent, documentation: nil)].otherMembers.insert(name)
                default:
                    continue
                }
            }
        }
        sendableTypes = Self.sendable(graphs, paths: paths)
        superclasses = Self.superclasses(graphs, paths: paths, types: types)
        protocolRefinements = Self.protocolRefinements(graphs, paths: paths, types: types)
        // Declaration order, so drafts read like the SDK's header (graphs do not promise an order).
        for (name, var type) in types {
            type.methods = type.methods.enumerated().sorted { a, b in
                let left = order[a.element.preciseIdentifier]
                let right = order[b.element.preciseIdentifier]
                if let left, let right, left.0 == right.0 { return (left.1, left.2) < (right.1, right.2) }
                if let left, let right { return left.0 < right.0 }
                return a.offset < b.offset
            }.map(\.element)
            if actors.contains(name) { type.isolateToActor() }
            if let names = associatedTypes[name] { type.omitMembers(using: names) }
            types[name] = type
        }
    }

    /// The types whose `conformsTo` / `inheritsFrom` edges reach `Sendable` (a subclass of a
    /// Sendable class, a conformer to a protocol refining it), or `nil` with no edges at all.
    static func sendable(_ graphs: [SymbolGraph], paths: [String: String]) -> Set<String>? {
        let edges = graphs.flatMap { $0.relationships ?? [] }.filter { $0.kind == "conformsTo" || $0.kind == "inheritsFrom" }
        guard graphs.contains(where: { $0.relationships != nil }) else { return nil }
        var targets: [String: [String]] = [:]
        for edge in edges { targets[edge.source, default: []].append(edge.target) }
        var known: [String: Bool] = [:]
        func reaches(_ identifier: String, depth: Int) -> Bool {
            if identifier == sendableIdentifier { return true }
            if let answer = known[identifier] { return answer }
            // A cycle (not valid Swift) or a chain this long ends as "not Sendable".
            guard depth < 64 else { return false }
            known[identifier] = false
            let answer = (targets[identifier] ?? []).contains { reaches($0, depth: depth + 1) }
            known[identifier] = answer
            return answer
        }
        return Set(paths.filter { reaches($0.key, depth: 0) }.map(\.value))
    }

    /// `CKSubscription.ID` → `String`, through any chain of typealiases, on the type model: each
    /// named type is looked up once (no pass over every typealias per comparison).
    func resolved(_ type: SwiftType, depth: Int = 0) -> SwiftType {
        // A typealias chain longer than this is a cycle.
        guard depth < 32 else { return type }
        if case .nominal(let parts) = type, parts.allSatisfy({ $0.arguments.isEmpty }) {
            let path = parts.map(\.name).joined(separator: ".")
            if let target = typealiasModels[path] ?? typealiasModels[path.hasPrefix(module + ".") ? String(path.dropFirst(module.count + 1)) : ""] {
                return resolved(target, depth: depth + 1)
            }
        }
        return type.mapChildren { resolved($0, depth: depth + 1) }
    }

    /// Whether two type spellings mean the same type here: compared on the type model
    /// (`[K:V]`/`[K: V]`, `Void`/`()`, `T?`/`Optional<T>`), typealiases resolved, and the
    /// SDK's `some P` the description's `any P` (the validator refuses `some`, and `import`
    /// advises writing `any` for it).
    func sameType(_ a: String, _ b: String) -> Bool {
        guard case .success(let left) = SwiftTypeParser.parse(a), case .success(let right) = SwiftTypeParser.parse(b) else {
            return a.filter { !$0.isWhitespace } == b.filter { !$0.isWhitespace }
        }
        return Self.existential(resolved(left)).isSame(as: Self.existential(resolved(right)))
    }

    /// `some P` as `any P`, wherever it is inside the type.
    static func existential(_ type: SwiftType) -> SwiftType {
        if case .opaque(let constraint) = type { return .existential(existential(constraint)) }
        return type.mapChildren(existential)
    }
}

/// One SDK type's instance members.
struct SDKType: Sendable {
    var name: String
    var documentation: String?
    var properties: [SDKProperty] = []
    var methods: [SDKMethod] = []
    /// Initialisers, subscripts and type members by full name (`init(zoneID:)`, `default()`):
    /// not drafted, but a description may list them as omitted, and `check` finds them.
    var otherMembers: Set<String> = []
    /// A protocol: the live adapter holds an `any` of it.
    var isProtocol = false

    /// An actor's members are isolated to it unless declared `nonisolated`. The generated
    /// protocols' requirements are nonisolated, so only async methods can forward (the call hops
    /// to the actor); synchronous methods and state are left out, with the reason.
    mutating func isolateToActor() {
        for index in properties.indices where !properties[index].isNonisolated && properties[index].unsupported == nil {
            properties[index].unsupported = "it is state isolated to the actor \(name), and the generated protocols' requirements are nonisolated"
        }
        for index in methods.indices where !methods[index].isNonisolated && !methods[index].isAsync && methods[index].unsupported == nil {
            methods[index].unsupported =
                "it is isolated to the actor \(name) and synchronous, and the generated protocols' requirements are nonisolated"
        }
    }

    /// A protocol's members that use one of its associated types (or `Self`): the existential
    /// the live adapter holds cannot carry them, and a description has no name for them.
    mutating func omitMembers(using associatedTypes: Set<String>) {
        func used(in types: [String]) -> String? {
            for text in types {
                guard case .success(let model) = SwiftTypeParser.parse(text) else { continue }
                var found: String?
                model.walk { type in
                    guard found == nil, case .nominal(let parts) = type, let first = parts.first?.name else { return }
                    if associatedTypes.contains(first) {
                        found = first
                    } else if first == "Self" {
                        found = parts.count > 1 && associatedTypes.contains(parts[1].name) ? parts[1].name : "Self"
                    }
                }
                if let found { return found }
            }
            return nil
        }
        func reason(_ name: String) -> String {
            name == "Self"
                ? "it uses Self, which the existential the live adapter holds cannot carry"
                : "it uses the associated type \(name), which a description cannot name and the existential the live adapter holds cannot carry"
        }
        for index in properties.indices where properties[index].unsupported == nil {
            if let name = used(in: [properties[index].type]) { properties[index].unsupported = reason(name) }
        }
        for index in methods.indices where methods[index].unsupported == nil {
            let method = methods[index]
            if let name = used(in: method.parameters.map(\.type) + (method.returns.map { [$0] } ?? [])) { methods[index].unsupported = reason(name) }
        }
    }
}

/// An instance property.
struct SDKProperty: Sendable {
    var name: String
    var type: String
    var settable: Bool
    var availability: [SymbolGraph.Symbol.Availability]
    var documentation: String?
    /// Declared `nonisolated`: reachable synchronously even on an actor.
    var isNonisolated = false
    /// Why a description cannot say this property, when it cannot.
    var unsupported: String?

    init?(_ symbol: SymbolGraph.Symbol) {
        guard let name = symbol.pathComponents.last, let declaration = SwiftDeclarationTokens(symbol.declaration),
            let colon = declaration.firstTopLevel(":")
        else { return nil }
        let body = declaration.firstTopLevel("{", from: colon + 1)
        let end = declaration.firstTopLevel("=", from: colon + 1) ?? body ?? declaration.tokens.count
        guard let type = declaration.text(colon + 1, end) else { return nil }
        self.name = name
        self.type = SwiftDeclarationTokens.spelled(type)
        // `var x: T { get async throws }`: a protocol requirement the adapters forward as a plain property cannot be.
        if let body, declaration.tokens[body...].contains(where: { $0.kind == .identifier && ($0.text == "async" || $0.text == "throws") }) {
            unsupported =
                "its getter is async or throws, which the generated property requirement cannot forward; describe it as a call with an \"async\" form"
        }
        // `@MainActor var x: T`: an isolated property cannot witness a nonisolated requirement.
        let head = declaration.tokens[..<colon]
        isNonisolated = head.contains { $0.kind == .identifier && $0.text == "nonisolated" }
        if let actor = zip(head, head.dropFirst()).first(where: { $0.0.text == "@" && $0.1.text.hasSuffix("Actor") })?.1 {
            unsupported = "it is isolated to @\(actor.text), and the generated protocols' requirements are nonisolated"
        }
        // `var x: T` is settable; `var x: T { get }` is not; `let` never is.
        let isVar = declaration.tokens.contains { $0.kind == .identifier && $0.text == "var" }
        settable = isVar && (body.map { declaration.tokens[$0...].contains { $0.kind == .identifier && $0.text == "set" } } ?? true)
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
    /// `(T?, (any Error)?) -> Void` (`optional`), `(T, (any Error)?) -> Void`, or `((any Error)?) -> Void` (`value == nil`);
    /// `((any Error)?, T?) -> Void` when `errorFirst`.
    case completion(value: String?, optional: Bool, errorFirst: Bool = false)
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
    /// Declared `nonisolated`: reachable synchronously even on an actor.
    var isNonisolated: Bool
    /// Why a description cannot say this method, when it cannot (generic, `mutating`).
    var unsupported: String?
    /// The method's generic parameters; empty for most methods.
    var genericParameters: [SDKGenericParameter]

    init?(_ symbol: SymbolGraph.Symbol) {
        guard let declaration = SwiftDeclaration(symbol.declaration) else { return nil }
        unsupported = declaration.unsupported
        genericParameters = declaration.genericParameters
        isNonisolated = declaration.isNonisolated
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
        // A synchronous method isolated to a global actor cannot witness the protocol's
        // nonisolated requirement (an async one can: the call hops to the actor).
        if unsupported == nil, !isAsync, let actor = attributes.first(where: { $0.hasSuffix("Actor") }) {
            unsupported = "it is isolated to \(actor) and synchronous, and the generated protocols' requirements are nonisolated"
        }
        if !isAsync, returns == nil, let last = parameters.last, let handler = Self.handler(last) {
            self.handler = handler
            handlerLabel = last.label
            sendableHandler = last.type.contains("@Sendable")
        }
        if unsupported == nil { unsupported = genericRefusal }
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
        case .completion(let value, let optional, _)?:
            guard let value else { return nil }
            guard optional, case .success(let model) = SwiftTypeParser.parse(value), let wrapped = model.optionalWrapped else { return value }
            return wrapped.description
        case .result(let type)?: return SwiftDeclarationTokens.isVoid(type) ? nil : type
        case nil: return returns
        }
    }

    var isDiscardable: Bool { attributes.contains("@discardableResult") }
    var isPreconcurrency: Bool { attributes.contains("@preconcurrency") }

    /// A trailing parameter is a handler when it is a function returning `Void` whose label or
    /// name says so, as in every Objective-C completion handler Swift imports. Read on the type model.
    static func handler(_ parameter: SDKParameter) -> SDKHandler? {
        let words = (parameter.label + " " + parameter.name).lowercased()
        guard ["completion", "handler", "reply"].contains(where: words.contains) else { return nil }
        guard case .success(let model) = SwiftTypeParser.parse(parameter.type) else { return nil }
        var type = model.unattributed.unparenthesized
        if let wrapped = type.optionalWrapped { type = wrapped.unattributed.unparenthesized }
        guard case .function(let function) = type, function.result.isSame(as: .void) else { return nil }
        let error = SwiftType.optional(.nominal([SwiftType.NominalPart(name: "Error", arguments: [])]))
        let arguments = function.parameters.map(\.type)
        switch arguments.count {
        case 1:
            if arguments[0].isSame(as: error) { return .completion(value: nil, optional: true) }
            guard case .nominal(let parts) = arguments[0].unparenthesized, let result = parts.last, arguments[0].resultArguments != nil,
                result.arguments[1].isSame(as: .nominal([SwiftType.NominalPart(name: "Error", arguments: [])]))
            else { return nil }
            return .result(result.arguments[0].description)
        case 2:
            if arguments[1].isSame(as: error) {
                return .completion(value: arguments[0].description, optional: arguments[0].optionalWrapped != nil)
            }
            // Firebase's blocks take the error first.
            guard arguments[0].isSame(as: error) else { return nil }
            return .completion(value: arguments[1].description, optional: arguments[1].optionalWrapped != nil, errorFirst: true)
        default:
            return nil
        }
    }
}
