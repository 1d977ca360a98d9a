/// A described type a call returns, as `returnsRef` writes it: one object (`"Section"`), an
/// optional one (`"Section?"`) or an array of them (`"[Section]"`).
struct ReturnedReference: Sendable {
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
