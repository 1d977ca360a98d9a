/// A property a live adapter or a fault wrapper forwards (properties cannot fail, so both do the
/// same): read from and written to the object it wraps, a described type it holds handed out as
/// that type's adapter or wrapper.
struct ForwardedProperty: TemplateContext {
    var attributes: [Attribute]
    /// `public var name: Type`.
    var declaration: String
    /// The property's name as an identifier (escaped when a keyword).
    var name: String
    var settable: Bool
    /// The adapter or wrapper of the described type the property holds
    /// (`LiveCloudDatabase`, `FaultInjectingCloudDatabase`), if any.
    var childType: String?

    var templateValue: TemplateValue {
        .object([
            (key: "attributes", value: Attribute.lines(attributes)),
            ("declaration", .string(declaration)),
            ("name", .string(name)),
            ("settable", .bool(settable)),
            ("child", childType.map { .object([(key: "childType", value: .string($0))]) } ?? .bool(false)),
        ])
    }
}
