/// A rarely set, large optional field of a model value, held behind one reference: a large
/// description holds tens of thousands of calls, parameters and forms, and each would otherwise
/// carry the field's whole size inline, set or not. A value: setting it makes a new box.
@propertyWrapper
public struct OutOfLine<Wrapped: Sendable>: Sendable {
    private final class Box: Sendable {
        let value: Wrapped
        init(_ value: Wrapped) { self.value = value }
    }

    private var box: Box?

    public init(wrappedValue: Wrapped?) {
        box = wrappedValue.map(Box.init)
    }

    public var wrappedValue: Wrapped? {
        get { box?.value }
        set { box = newValue.map(Box.init) }
    }
}
