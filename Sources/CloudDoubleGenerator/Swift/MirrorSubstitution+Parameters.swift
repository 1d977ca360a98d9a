/// Mirrors a call takes back: where a parameter's SDK type holds a mirrored SDK type in a
/// position the live adapter can take the kept SDK value back out of (the whole parameter, an
/// optional, an array's elements, a dictionary's values), the generated parameter holds the
/// mirror, and the live adapter hands the SDK the value each mirror kept (`keepsSDKValue`).
extension MirrorSubstitution {
    /// `type` with each mirrored SDK type it carries in such a position replaced by its mirror.
    func substitutedParameter(_ type: SwiftType) -> SwiftType {
        if let name = mirror(of: type) { return .nominal([SwiftType.NominalPart(name: name, arguments: [])]) }
        switch type {
        case .optional(let wrapped): return .optional(substitutedParameter(wrapped))
        case .array(let element): return .array(substitutedParameter(element))
        case .dictionary(let key, let value): return .dictionary(key: key, value: substitutedParameter(value))
        default: return type
        }
    }

    /// A Swift expression taking the SDK values back out of `value` (the substituted parameter,
    /// of the SDK's `type`), to be written after `try`: `metadata.keptSDKValue_()`,
    /// `metadatas.map { value0_ in try value0_.keptSDKValue_() }`; `nil` when `type` carries no
    /// mirror (the argument passes as it is).
    func sdkArgument(of type: SwiftType, from value: String, depth: Int = 0) -> String? {
        if mirror(of: type) != nil { return "\(value).keptSDKValue_()" }
        let parameter = "value\(depth)_"
        func mapped(_ method: String, _ inner: SwiftType) -> String? {
            sdkArgument(of: inner, from: parameter, depth: depth + 1).map { "\(value).\(method) { \(parameter) in try \($0) }" }
        }
        switch type {
        case .optional(let wrapped): return mapped("map", wrapped)
        case .array(let element): return mapped("map", element)
        case .dictionary(_, let element): return mapped("mapValues", element)
        default: return nil
        }
    }
}
