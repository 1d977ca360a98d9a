/// The Swift a description carries: types, read on the type model and checked against what the
/// generated code can carry; copied expressions, read by the lexer.
extension ValidationPass {
    /// A Swift expression copied into generated code: one expression (or argument list) on one
    /// line, read by the lexer, so a comment, string or directive cannot reach past it.
    func expression(_ value: Located<String>?, what: String, shape: SwiftExpression.Shape = .expression) {
        guard let value, let problem = SwiftExpression.problem(in: value.value, as: shape) else { return }
        sink.error(
            "\(what) must be one Swift expression on one line, with its brackets and quotes closed; found \(SwiftNames.literal(value.value)): \(problem)",
            at: value.location)
    }

    /// A Swift type the description declares: one type, which the generated code can carry at
    /// `position`. Returns its model when it is both.
    @discardableResult
    func declaredType(_ type: DeclaredType, at position: TypePosition) -> SwiftType? {
        switch type.parsed {
        case .failure(let error):
            // `Int { get async }`: the protocol's property requirements are plain `{ get }`.
            let hint =
                type.value.contains("{")
                ? "a property whose getter is async or throws cannot be described: describe it as a call with an \"async\" form" : nil
            sink.error("\"\(type.value)\" is not a valid Swift type: \(error.reason)", at: type.location, hint: hint)
            return nil
        case .success(let model):
            if let reason = model.refusal(at: position) ?? model.unhashableKey {
                sink.error("the generated code cannot carry the type \"\(type.value)\": \(reason)", at: type.location)
                return nil
            }
            return model
        }
    }

    /// An SDK class, struct or error type: a named type (`CKDatabase`, `CKRecord.ID`).
    @discardableResult
    /// `existential`: `any P` is accepted too (an SDK protocol, which the live adapter holds as
    /// an existential).
    func namedType(_ type: DeclaredType, what: String, existential: Bool = false) -> Bool {
        guard let model = declaredType(type, at: .value) else { return false }
        if case .nominal = model { return true }
        if existential, case .existential(.nominal) = model { return true }
        sink.error("\(what) \"\(type.value)\" must be a named type such as CKDatabase", at: type.location)
        return false
    }

    /// A Swift type the generated code can carry at `position`, or a reference that names a
    /// described type (`typeNames`: the described types' valid names).
    func typeUse(_ use: TypeUse, at position: TypePosition, typeNames: [String: SourceLocation]) {
        switch use {
        case .swift(let type):
            declaredType(type, at: position)
        case .reference(let name):
            guard typeNames[name.value] == nil else { return }
            let hint =
                Spelling.closest(to: name.value, in: typeNames.keys.sorted()).map { "did you mean \"\($0)\"?" }
                ?? "described types: \(typeNames.keys.sorted().joined(separator: ", "))"
            sink.error("\"\(name.value)\" refers to a type that is not described", at: name.location, hint: hint)
        }
    }
}

extension SwiftType {
    /// Why a dictionary's key or a set's element inside the type cannot be `Hashable`, as far
    /// as its structure tells (`SwiftType.notHashable`): Swift refuses `[(Int, Int): String]`
    /// wherever it is written, so the description may not carry it. `nil` when none is known not to be.
    var unhashableKey: String? {
        var problem: String?
        walk { part in
            guard problem == nil else { return }
            switch part.canonical {
            case .dictionary(let key, _):
                problem = key.notHashable.map { "a dictionary's key must be Hashable, and \($0)" }
            case .nominal(let parts) where parts.count == 1 && parts[0].name == "Set" && parts[0].arguments.count == 1:
                problem = parts[0].arguments[0].notHashable.map { "a set's element must be Hashable, and \($0)" }
            default:
                break
            }
        }
        return problem
    }
}
