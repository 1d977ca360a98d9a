/// The described types whose mocks have a backing protocol: a type with a member a store answers
/// (its own or inherited, or an operation a call of it runs), and a type that hands out such a
/// type (a property or a result of one object of it, or of a type that hands one out in turn).
/// A test sets one backing on the first mock, and every child mock below it without a backing of
/// its own uses it for the backing protocols it conforms to (the runtime's `BackedMock`).
struct BackedTypes: Sendable {
    private let names: Set<String>

    /// `runs` gives the operations a call runs.
    init(_ types: [DescribedType], runs: (Call) -> [OperationSpec]) {
        let hierarchy = TypeHierarchy(types)
        var backed: Set<String> = []
        var handsOut: [String: Set<String>] = [:]
        for type in types {
            let properties = hierarchy.inheritedProperties(of: type) + type.properties
            let calls = hierarchy.inheritedCalls(of: type) + type.calls
            let answersStoreCalls =
                properties.contains { $0.store != nil } || calls.contains { $0.store != nil || runs($0).contains { $0.store != nil } }
            if answersStoreCalls { backed.insert(type.name.value) }
            var children: Set<String> = []
            // An array is answered with the mocks the test stubbed (or set), which no member handed out.
            for property in properties {
                if case .reference(let written) = property.type, case let held = DescribedReference(written), held.shape != .array {
                    children.insert(held.name.value)
                }
            }
            for call in calls {
                if case .reference(let written)? = call.returns, case let returned = DescribedReference(written), returned.shape != .array {
                    children.insert(returned.name.value)
                }
            }
            handsOut[type.name.value] = children
        }
        // Until nothing changes: a type handing out a backed type is backed.
        var changed = true
        while changed {
            changed = false
            for (type, children) in handsOut where !backed.contains(type) && !children.isDisjoint(with: backed) {
                backed.insert(type)
                changed = true
            }
        }
        names = backed
    }

    /// Whether the mock of the type named `name` has a backing protocol.
    func contains(_ name: String) -> Bool { names.contains(name) }
}
