/// A described type a call returns, a parameter takes or a property holds, as `returnsRef` and
/// `ref` write it: one object (`"Section"`), an optional one (`"Section?"`) or an array of them
/// (`"[Section]"`).
struct DescribedReference: Sendable {
    enum Shape: Sendable {
        case one, optional, array
    }

    /// The described type's name, located where it is written.
    let name: Located<String>
    let shape: Shape

    init(_ written: Located<String>) {
        let text = written.value
        if text.hasSuffix("?") {
            name = Located(String(text.dropLast()), written.location)
            shape = .optional
        } else if text.hasPrefix("["), text.hasSuffix("]"), text.count > 2 {
            name = Located(String(text.dropFirst().dropLast()), written.location)
            shape = .array
        } else {
            name = written
            shape = .one
        }
    }
}

extension DescribedReference {
    /// The reference on the type model, its described type as the existential of `protocolName`:
    /// `any SinkSection`, `(any SinkSection)?` or `[any SinkSection]`.
    func swiftType(protocolName: String) -> SwiftType {
        let one = SwiftType.existential(.nominal([SwiftType.NominalPart(name: protocolName, arguments: [])]))
        switch shape {
        case .one: return one
        case .optional: return .optional(one)
        case .array: return .array(one)
        }
    }
}
