/// Which Swift types the generated code can carry, and where. A described type is declared in a
/// protocol, forwarded by a live adapter and a fault wrapper, stored in a mock's call log and
/// stub table (generic containers) and, for completion forms, made optional. Types that do not
/// survive one of these are refused here, with the reason, rather than left to the compiler.
enum TypePosition: Sendable {
    /// A call's parameter: `@escaping` closures are allowed (and required of closures).
    case parameter
    /// A result, handler value, stream value, field or operation result.
    case value
    /// A property: stored by the mock, forwarded by the adapters.
    case property
    /// The key of a per-item result or an item stream: the doubles key dictionaries by it.
    case itemKey
}

extension SwiftType {
    /// The attributes a type may carry; others (`@autoclosure`, unknown ones) are refused.
    private static let carriedAttributes: Set<String> = [
        "@escaping", "@Sendable", "@MainActor", "@convention(block)", "@convention(c)", "@convention(swift)",
    ]

    /// Why the generated code cannot carry this type at `position`; `nil` when it can.
    func refusal(at position: TypePosition) -> String? {
        if let problem = firstUncarriedPart(topLevelParameter: position == .parameter) { return problem }
        switch position {
        case .property:
            if unattributed.isFunction || !attributes.isEmpty {
                return "a property cannot hold a function: mocks and adapters keep properties as stored values; describe it as a call"
            }
        case .itemKey:
            if let reason = notHashable { return "an item key must be Hashable, and \(reason)" }
        case .parameter, .value:
            break
        }
        return nil
    }

    /// The first part of the type nothing generated can carry, anywhere inside it.
    private func firstUncarriedPart(topLevelParameter: Bool) -> String? {
        var problem: String?
        var isTop = true
        walk { part in
            defer { isTop = false }
            guard problem == nil else { return }
            switch part {
            case .opaque:
                problem = "some is an opaque type, which each double would have to choose; write any instead"
            case .variadic:
                problem = "a variadic parameter cannot be forwarded (Swift cannot pass its values on); take an array"
            case .specified(let specifier, _):
                problem = "\(specifier) changes how the value is passed, which the doubles cannot forward or record"
            case .implicitlyUnwrapped:
                problem = "an implicitly unwrapped optional cannot be stored in the doubles' generic containers or made optional; write T?"
            case .nominal(let parts) where parts.contains(where: { $0.name == "Self" }):
                problem = "Self would mean a different type in each generated double; name the type"
            case .attributed(let attributes, let inner):
                if let unknown = attributes.first(where: { !Self.carriedAttributes.contains($0) }) {
                    problem =
                        unknown == "@autoclosure"
                        ? "@autoclosure cannot be forwarded: the doubles would evaluate it; take a closure"
                        : "the attribute \(unknown) is not one the generator knows (\(Self.carriedAttributes.sorted().joined(separator: ", ")))"
                } else if !inner.unattributed.isFunction {
                    problem = "\(attributes.joined(separator: " ")) applies to function types only"
                } else if attributes.contains("@escaping"), !(isTop && topLevelParameter) {
                    problem = "@escaping is written only on a parameter's own closure type"
                }
            default:
                break
            }
        }
        return problem
    }

    /// Why values of the type cannot be `Hashable`, judged by its structure: tuples, functions,
    /// existentials and metatypes never are. Named types are trusted (the compiler checks them).
    var notHashable: String? {
        // Read as written, not canonically: `any P` and `P` are one type, but only the first
        // says it is an existential.
        switch self {
        case .tuple(let elements) where elements.count == 1 && elements[0].label == nil: return elements[0].type.notHashable
        case .tuple: return "a tuple is not"
        case .function, .attributed: return "a function is not"
        case .composition, .existential: return "an existential is not (use a concrete type)"
        case .metatype: return "a metatype is not"
        case .opaque, .specified, .variadic, .implicitlyUnwrapped: return "this type is not"
        case .optional(let wrapped), .array(let wrapped): return wrapped.notHashable
        case .dictionary(let key, let value): return key.notHashable ?? value.notHashable
        case .nominal(let parts):
            if canonical == .void { return "Void is not" }
            if let name = simpleName, ["Any", "AnyObject", "Error"].contains(name) { return "\(name) is not" }
            for part in parts {
                for argument in part.arguments {
                    if let reason = argument.notHashable { return reason }
                }
            }
            return nil
        }
    }
}
