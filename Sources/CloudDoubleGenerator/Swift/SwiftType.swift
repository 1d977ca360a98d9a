/// The structure of a Swift type, as a description writes it: the one model every stage reads a
/// type through (validation, translation, mock defaults, `import`, `check`). It follows the
/// "Types" chapter of The Swift Programming Language; `SwiftTypeParser` builds it from
/// `SwiftLexer`'s tokens, `canonical` makes spellings of one type equal, `description` prints it.
indirect enum SwiftType: Hashable, Sendable {
    /// `CKRecord.ID`, `Swift.Result<Int, any Error>`: a path of names, each with generic arguments.
    case nominal([NominalPart])
    /// `T?`
    case optional(SwiftType)
    /// `T!`
    case implicitlyUnwrapped(SwiftType)
    /// `[T]`
    case array(SwiftType)
    /// `[K: V]`
    case dictionary(key: SwiftType, value: SwiftType)
    /// `()`, `(a: T, U)`; one unlabelled element in parentheses is that element, not a tuple.
    case tuple([TupleElement])
    case function(FunctionType)
    /// `A & B`
    case composition([SwiftType])
    /// `any P`
    case existential(SwiftType)
    /// `some P`
    case opaque(SwiftType)
    /// `T.Type` (`isProtocol`: `P.Protocol`)
    case metatype(SwiftType, isProtocol: Bool)
    /// `@escaping @Sendable T`, the attributes as written (`@convention(c)` keeps its argument).
    case attributed([String], SwiftType)
    /// `inout T`, `borrowing T`, `consuming T`, `sending T`, `__owned T`.
    case specified(String, SwiftType)
    /// `T...`
    case variadic(SwiftType)

    struct NominalPart: Hashable, Sendable {
        /// The name without backticks.
        var name: String
        var arguments: [SwiftType]
    }

    struct TupleElement: Hashable, Sendable {
        var label: String?
        var type: SwiftType
    }

    struct FunctionType: Hashable, Sendable {
        var parameters: [TupleElement]
        var isAsync: Bool
        var throwing: Throwing
        var result: SwiftType
    }

    enum Throwing: Hashable, Sendable {
        case none
        case untyped
        /// `throws(E)`
        case typed(SwiftType)
    }
}

extension SwiftType {
    /// `Void`, `()`.
    static let void = SwiftType.tuple([])

    /// The type with its attributes and specifiers taken off: what a value of it is.
    var unattributed: SwiftType {
        switch self {
        case .attributed(_, let type), .specified(_, let type): return type.unattributed
        default: return self
        }
    }

    /// The attributes written on the type (`@escaping`, `@Sendable`).
    var attributes: [String] {
        switch self {
        case .attributed(let attributes, let type): return attributes + type.attributes
        case .specified(_, let type): return type.attributes
        default: return []
        }
    }

    var isOptional: Bool {
        if case .optional = unattributed.canonical { return true }
        return false
    }

    var isFunction: Bool {
        if case .function = unattributed { return true }
        return false
    }

    /// `[K: V]` → `(K, V)`, spelled either way.
    var dictionaryEntry: (key: SwiftType, value: SwiftType)? {
        if case .dictionary(let key, let value) = canonical { return (key, value) }
        return nil
    }

    /// `[T]` → `T`, spelled either way.
    var arrayElement: SwiftType? {
        if case .array(let element) = canonical { return element }
        return nil
    }

    /// `Result<Success, Failure>`'s two arguments, spelled `Result` or `Swift.Result`.
    var resultArguments: (success: SwiftType, failure: SwiftType)? {
        if case .nominal(let parts) = canonical, parts.count == 1, parts[0].name == "Result", parts[0].arguments.count == 2 {
            return (parts[0].arguments[0], parts[0].arguments[1])
        }
        return nil
    }

    /// The key of per-item results, `[K: Result<V, E>]` or `[(K, Result<V, E>)]`; `nil` for other types.
    var perItemKey: SwiftType? {
        if let entry = dictionaryEntry, entry.value.resultArguments != nil { return entry.key }
        if case .tuple(let pair)? = arrayElement?.canonical, pair.count == 2, pair[1].type.resultArguments != nil { return pair[0].type }
        return nil
    }

    /// The name of a one-part nominal type without generic arguments (`Bool`), canonically.
    var simpleName: String? {
        if case .nominal(let parts) = canonical, parts.count == 1, parts[0].arguments.isEmpty { return parts[0].name }
        return nil
    }

    /// Whether `T?` must be written `(T)?`: functions, compositions, `any` and `some` bind looser than `?`.
    var needsParenthesesWhenOptional: Bool {
        switch self {
        case .function, .composition, .existential, .opaque, .attributed, .specified: return true
        default: return false
        }
    }

    /// The type without parentheses around it: `((A) -> Void)` → `(A) -> Void`.
    var unparenthesized: SwiftType {
        if case .tuple(let elements) = self, elements.count == 1, elements[0].label == nil { return elements[0].type.unparenthesized }
        return self
    }

    /// `T?` → `T`, as written (not canonically, so `(any P)?` gives `any P`); `nil` when not optional.
    var optionalWrapped: SwiftType? {
        switch unparenthesized {
        case .optional(let wrapped): return wrapped.unparenthesized
        case .nominal(let parts)
        where parts.last?.name == "Optional" && parts.last?.arguments.count == 1
            && (parts.count == 1 || (parts.count == 2 && parts[0].name == "Swift")):
            return parts.last?.arguments[0]
        default: return nil
        }
    }

    /// The type with `transform` applied to each type directly inside it.
    func mapChildren(_ transform: (SwiftType) -> SwiftType) -> SwiftType {
        switch self {
        case .nominal(let parts): return .nominal(parts.map { NominalPart(name: $0.name, arguments: $0.arguments.map(transform)) })
        case .optional(let type): return .optional(transform(type))
        case .implicitlyUnwrapped(let type): return .implicitlyUnwrapped(transform(type))
        case .array(let type): return .array(transform(type))
        case .dictionary(let key, let value): return .dictionary(key: transform(key), value: transform(value))
        case .tuple(let elements): return .tuple(elements.map { TupleElement(label: $0.label, type: transform($0.type)) })
        case .function(var function):
            function.parameters = function.parameters.map { TupleElement(label: $0.label, type: transform($0.type)) }
            if case .typed(let error) = function.throwing { function.throwing = .typed(transform(error)) }
            function.result = transform(function.result)
            return .function(function)
        case .composition(let types): return .composition(types.map(transform))
        case .existential(let type): return .existential(transform(type))
        case .opaque(let type): return .opaque(transform(type))
        case .metatype(let type, let isProtocol): return .metatype(transform(type), isProtocol: isProtocol)
        case .attributed(let attributes, let type): return .attributed(attributes, transform(type))
        case .specified(let specifier, let type): return .specified(specifier, transform(type))
        case .variadic(let type): return .variadic(transform(type))
        }
    }

    /// Every type inside this one, itself first.
    func walk(_ visit: (SwiftType) -> Void) {
        visit(self)
        switch self {
        case .nominal(let parts): for part in parts { for argument in part.arguments { argument.walk(visit) } }
        case .optional(let type), .implicitlyUnwrapped(let type), .array(let type), .existential(let type), .opaque(let type),
            .metatype(let type, _), .attributed(_, let type), .specified(_, let type), .variadic(let type):
            type.walk(visit)
        case .dictionary(let key, let value):
            key.walk(visit)
            value.walk(visit)
        case .tuple(let elements): for element in elements { element.type.walk(visit) }
        case .function(let function):
            for parameter in function.parameters { parameter.type.walk(visit) }
            if case .typed(let error) = function.throwing { error.walk(visit) }
            function.result.walk(visit)
        case .composition(let types): for type in types { type.walk(visit) }
        }
    }
}

// MARK: Canonical form

extension SwiftType {
    /// Names of the standard library's types that a `Swift.` qualification may spell.
    private static let standardLibraryNames: Set<String> = [
        "Array", "Bool", "Character", "Dictionary", "Double", "Error", "Float", "Int", "Int8", "Int16", "Int32", "Int64", "Never",
        "Optional", "Result", "Set", "String", "Substring", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Void", "AnyObject",
        "Hashable", "Equatable", "Sendable", "Codable", "Comparable", "Identifiable", "AnyHashable", "Float80", "CustomStringConvertible",
    ]

    /// One spelling per type, so signatures compare structurally: `Optional<T>` is `T?`,
    /// `Array<T>` `[T]`, `Dictionary<K, V>` `[K: V]`, `Swift.String` `String`, `Void` `()`,
    /// `any P` `P` (the same existential, in the spelling Swift 5 used), and attributes in order.
    var canonical: SwiftType {
        // Most types are written canonically already: then nothing is rebuilt.
        if isCanonical { return self }
        switch self {
        case .nominal(var parts):
            if parts.count == 2, parts[0].name == "Swift", parts[0].arguments.isEmpty, Self.standardLibraryNames.contains(parts[1].name) {
                parts.removeFirst()
            }
            for index in parts.indices { parts[index].arguments = parts[index].arguments.map(\.canonical) }
            if parts.count == 1 {
                let arguments = parts[0].arguments
                switch (parts[0].name, arguments.count) {
                case ("Optional", 1): return .optional(arguments[0])
                case ("Array", 1): return .array(arguments[0])
                case ("Dictionary", 2): return .dictionary(key: arguments[0], value: arguments[1])
                case ("Void", 0): return .void
                default: break
                }
            }
            return .nominal(parts)
        case .optional(let type): return .optional(type.canonical)
        case .implicitlyUnwrapped(let type): return .implicitlyUnwrapped(type.canonical)
        case .array(let type): return .array(type.canonical)
        case .dictionary(let key, let value): return .dictionary(key: key.canonical, value: value.canonical)
        case .tuple(let elements):
            if elements.count == 1, elements[0].label == nil { return elements[0].type.canonical }
            return .tuple(elements.map { TupleElement(label: $0.label, type: $0.type.canonical) })
        case .function(var function):
            function.parameters = function.parameters.map { TupleElement(label: $0.label, type: $0.type.canonical) }
            if case .typed(let error) = function.throwing {
                // `throws(any Error)` is `throws`; `throws(Never)` does not throw.
                switch error.canonical {
                case .nominal(let parts) where parts == [NominalPart(name: "Error", arguments: [])]: function.throwing = .untyped
                case .nominal(let parts) where parts == [NominalPart(name: "Never", arguments: [])]: function.throwing = .none
                case let canonicalError: function.throwing = .typed(canonicalError)
                }
            }
            function.result = function.result.canonical
            return .function(function)
        case .composition(let types): return .composition(types.map(\.canonical))
        case .existential(let type): return type.canonical
        case .opaque(let type): return .opaque(type.canonical)
        case .metatype(let type, let isProtocol): return .metatype(type.canonical, isProtocol: isProtocol)
        case .attributed(let attributes, let type):
            let inner = type.canonical
            if case .attributed(let more, let innermost) = inner { return .attributed((attributes + more).sorted(), innermost) }
            return .attributed(attributes.sorted(), inner)
        case .specified(let specifier, let type): return .specified(specifier, type.canonical)
        case .variadic(let type): return .variadic(type.canonical)
        }
    }

    /// Whether `canonical` would give the type back unchanged (checked without building anything).
    private var isCanonical: Bool {
        switch self {
        case .nominal(let parts):
            if parts.count == 2, parts[0].name == "Swift", parts[0].arguments.isEmpty, Self.standardLibraryNames.contains(parts[1].name) {
                return false
            }
            if parts.count == 1 {
                switch (parts[0].name, parts[0].arguments.count) {
                case ("Optional", 1), ("Array", 1), ("Dictionary", 2), ("Void", 0): return false
                default: break
                }
            }
            return parts.allSatisfy { $0.arguments.allSatisfy(\.isCanonical) }
        case .optional(let type), .implicitlyUnwrapped(let type), .array(let type), .opaque(let type), .metatype(let type, _),
            .specified(_, let type), .variadic(let type):
            return type.isCanonical
        case .dictionary(let key, let value): return key.isCanonical && value.isCanonical
        case .tuple(let elements):
            if elements.count == 1, elements[0].label == nil { return false }
            return elements.allSatisfy { $0.type.isCanonical }
        case .function(let function):
            if case .typed = function.throwing { return false }
            return function.parameters.allSatisfy { $0.type.isCanonical } && function.result.isCanonical
        case .composition(let types): return types.allSatisfy(\.isCanonical)
        case .existential: return false
        case .attributed(let attributes, let type):
            if case .attributed = type { return false }
            return attributes == attributes.sorted() && type.isCanonical
        }
    }

    /// Whether two types are one type, however they are spelled.
    func isSame(as other: SwiftType) -> Bool {
        canonical == other.canonical
    }
}

// MARK: Printing

extension SwiftType: CustomStringConvertible {
    /// The type in Swift's usual spelling: `[K: V]`, `(a: T, U)`, `(T) async throws -> U`, `(any P)?`.
    var description: String {
        var text = ""
        write(to: &text)
        return text
    }

    func write(to text: inout String) {
        switch self {
        case .nominal(let parts):
            for (index, part) in parts.enumerated() {
                if index > 0 { text += "." }
                text += part.name == "Any" || part.name == "Self" ? part.name : SwiftNames.escaped(part.name)
                if !part.arguments.isEmpty {
                    text += "<"
                    Self.writeList(part.arguments, to: &text)
                    text += ">"
                }
            }
        case .optional(let type): type.writeWrapped(suffix: "?", to: &text)
        case .implicitlyUnwrapped(let type): type.writeWrapped(suffix: "!", to: &text)
        case .array(let element):
            text += "["
            element.write(to: &text)
            text += "]"
        case .dictionary(let key, let value):
            text += "["
            key.write(to: &text)
            text += ": "
            value.write(to: &text)
            text += "]"
        case .tuple(let elements):
            Self.writeElements(elements, to: &text)
        case .function(let function):
            Self.writeElements(function.parameters, to: &text)
            if function.isAsync { text += " async" }
            switch function.throwing {
            case .none: break
            case .untyped: text += " throws"
            case .typed(let error):
                text += " throws("
                error.write(to: &text)
                text += ")"
            }
            text += " -> "
            function.result.write(to: &text)
        case .composition(let types):
            for (index, type) in types.enumerated() {
                if index > 0 { text += " & " }
                type.write(to: &text)
            }
        case .existential(let type):
            text += "any "
            type.write(to: &text)
        case .opaque(let type):
            text += "some "
            type.write(to: &text)
        case .metatype(let type, let isProtocol):
            type.writeWrapped(suffix: isProtocol ? ".Protocol" : ".Type", to: &text)
        case .attributed(let attributes, let type):
            for attribute in attributes {
                text += attribute
                text += " "
            }
            type.write(to: &text)
        case .specified(let specifier, let type):
            text += specifier
            text += " "
            type.write(to: &text)
        case .variadic(let type):
            type.write(to: &text)
            text += "..."
        }
    }

    /// `T?`, `(any P)?`: a suffix applied to the type, parenthesised when it binds looser.
    private func writeWrapped(suffix: String, to text: inout String) {
        if needsParenthesesWhenOptional {
            text += "("
            write(to: &text)
            text += ")"
        } else {
            write(to: &text)
        }
        text += suffix
    }

    private static func writeList(_ types: [SwiftType], to text: inout String) {
        for (index, type) in types.enumerated() {
            if index > 0 { text += ", " }
            type.write(to: &text)
        }
    }

    private static func writeElements(_ elements: [TupleElement], to text: inout String) {
        text += "("
        for (index, element) in elements.enumerated() {
            if index > 0 { text += ", " }
            if let label = element.label {
                text += SwiftNames.escaped(label)
                text += ": "
            }
            element.type.write(to: &text)
        }
        text += ")"
    }
}
