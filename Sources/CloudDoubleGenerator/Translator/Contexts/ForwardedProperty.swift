/// A property a live adapter or a fault wrapper forwards (properties cannot fail, so both do the
/// same, in the `forwardedProperty` partial): read from and written to the object it wraps, a
/// described type it holds handed out as that type's adapter or wrapper; a fault wrapper's reads
/// of other values go through its engine, for cassettes.
struct ForwardedProperty: TemplateContext {
    var attributes: [Attribute]
    /// `public var name: Type`.
    var declaration: String
    /// The property's name as an identifier (escaped when a keyword).
    var name: String
    var settable: Bool
    /// What a settable property's setter passes on: `newValue`, or for a described type the
    /// objects under it (`ForwardedObjects`).
    var newValue: String
    /// How the described type the property holds is handed out, if it holds one.
    var child: ChildWrapping?
    /// A value read goes through the fault engine (a fault wrapper's: a cassette records or
    /// answers it; no rule applies to a property).
    var throughFaults: Bool

    static let fields: [TemplateField<Self>] = [
        .init("name") { .string($0.name) },
        .init("attributes") { Attribute.lines($0.attributes) },
        .init("declaration") { .string($0.declaration) },
        .init("child") { $0.child.templateValue },
        .init("settable") { .bool($0.settable) },
        .init("newValue") { .string($0.newValue) },
        .init("throughFaults") { .bool($0.throughFaults) },
    ]
}

/// How a live adapter or a fault wrapper hands out a described type a member returns: the
/// one decision in which the two differ (an adapter over the SDK object, a wrapper under the
/// same faults), made here so the templates forward both alike.
struct ChildWrapping: TemplateContext {
    /// The child made from the returned object, `$0`.
    var make: String

    /// A live adapter's: an adapter over the SDK object.
    /// `type` is the adapter's, `LiveCloudDatabase`.
    static func live(_ type: String) -> ChildWrapping {
        ChildWrapping(make: "\(type)($0)")
    }

    /// A fault wrapper's: under the same faults. `type` is the wrapper's, `FaultInjectingCloudDatabase`.
    static func faults(_ type: String) -> ChildWrapping {
        ChildWrapping(make: "\(type)(wrapping: $0, faults: self.faults_)")
    }

    static let fields: [TemplateField<Self>] = [
        .init("make") { .string($0.make) }
    ]
}
