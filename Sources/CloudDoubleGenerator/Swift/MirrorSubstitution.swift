/// The mirrors one call's result carries: where the SDK's result type holds a mirrored SDK type
/// in a position a value can be copied through (the whole result, an optional, an array's
/// elements, a dictionary's values or keys, a `Result`'s success, a tuple's elements), the generated
/// result holds the mirror instead, and the live adapter copies each SDK value into it.
struct MirrorSubstitution: Sendable {
    /// Each mirrored SDK type, canonically, and the mirror's generated name.
    let mirrors: [(sdkType: SwiftType, name: String)]

    var isEmpty: Bool { mirrors.isEmpty }

    func mirror(of type: SwiftType) -> String? {
        let canonical = type.canonical
        return mirrors.first { $0.sdkType == canonical }?.name
    }

    /// `type` with each mirrored SDK type it carries in a copyable position replaced by its mirror.
    func substituted(_ type: SwiftType) -> SwiftType {
        if let name = mirror(of: type) { return .nominal([SwiftType.NominalPart(name: name, arguments: [])]) }
        switch type {
        case .optional(let wrapped): return .optional(substituted(wrapped))
        case .array(let element): return .array(substituted(element))
        case .dictionary(let key, let value): return .dictionary(key: substitutedKey(key), value: substituted(value))
        case .tuple(let elements): return .tuple(elements.map { SwiftType.TupleElement(label: $0.label, type: substituted($0.type)) })
        case .nominal(let parts) where type.resultArguments != nil:
            var parts = parts
            parts[parts.count - 1].arguments[0] = substituted(parts[parts.count - 1].arguments[0])
            return .nominal(parts)
        default: return type
        }
    }

    /// A Swift expression copying `value`, of the SDK's `type`, into the substituted type; `nil`
    /// when `type` carries no mirror (the value passes as it is). `depth` names closure parameters.
    func conversion(of type: SwiftType, from value: String, depth: Int = 0) -> String? {
        if let name = mirror(of: type) { return "\(name)(\(value))" }
        let parameter = "value\(depth)_"
        func mapped(_ method: String, _ inner: SwiftType) -> String? {
            conversion(of: inner, from: parameter, depth: depth + 1).map { "\(value).\(method) { \(parameter) in \($0) }" }
        }
        switch type {
        case .optional(let wrapped): return mapped("map", wrapped)
        case .array(let element): return mapped("map", element)
        case .dictionary(let key, let element):
            guard let keyMirror = mirror(of: key) else { return mapped("mapValues", element) }
            // A hashable mirror keeping its SDK value equals the caller's own where both kept the
            // same SDK object, so a fresh copy of each key finds the caller's mirror again.
            let entry = "\(parameter).value"
            let copied = conversion(of: element, from: entry, depth: depth + 1) ?? entry
            return "Swift.Dictionary(uniqueKeysWithValues: \(value).map { \(parameter) in (\(keyMirror)(\(parameter).key), \(copied)) })"
        case .nominal where type.resultArguments != nil: return mapped("map", type.resultArguments!.success)
        case .tuple(let elements) where elements.count > 1:
            let converted = elements.enumerated().map { index, element in
                let access = "\(value).\(element.label.map(SwiftNames.escaped) ?? String(index))"
                return (element.label, conversion(of: element.type, from: access, depth: depth), access)
            }
            guard converted.contains(where: { $0.1 != nil }) else { return nil }
            return "("
                + converted.map { label, expression, access in (label.map { $0 + ": " } ?? "") + (expression ?? access) }.joined(separator: ", ")
                + ")"
        case .tuple(let elements) where elements.count == 1:
            return conversion(of: elements[0].type, from: value, depth: depth)
        default: return nil
        }
    }

    /// A dictionary key: the mirror where the key is the mirrored SDK type itself (the validator
    /// checks that the mirror is hashable).
    func substitutedKey(_ key: SwiftType) -> SwiftType {
        mirror(of: key).map { .nominal([SwiftType.NominalPart(name: $0, arguments: [])]) } ?? key
    }

    /// Whether a dictionary in `type` is keyed by a mirrored SDK type.
    func keysDictionary(_ type: SwiftType) -> Bool {
        var found = false
        type.walk { if case .dictionary(let key, _) = $0, mirror(of: key) != nil { found = true } }
        return found
    }

    /// Whether `type` still holds a mirrored SDK type anywhere (after substitution: in a position
    /// the value cannot be copied through).
    func holdsMirroredType(_ type: SwiftType) -> Bool {
        var found = false
        type.walk { if mirror(of: $0) != nil { found = true } }
        return found
    }
}
