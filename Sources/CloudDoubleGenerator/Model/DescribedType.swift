/// An SDK class the app holds (container, database, key-value store).
public struct DescribedType: Sendable {
    /// Short name used in generated names and the call log: `Database`.
    public var name: Located<String>
    /// The SDK class, e.g. `CKDatabase`.
    public var sdkType: DeclaredType
    public var documentation: String?
    public var properties: [Property]
    public var calls: [Call]
    /// The SDK class is thread-safe but not marked `Sendable` (NSUbiquitousKeyValueStore): the
    /// live adapter is declared `@unchecked Sendable` instead of checked.
    public var uncheckedSendable: Bool
    /// SDK members the description leaves out on purpose, with the reason: `clouddouble check`
    /// does not report them as missing.
    public var omitted: [OmittedMember] = []
    /// The described type this one extends (`Reference` inherits `Query`, as `DatabaseReference`
    /// subclasses `DatabaseQuery`): its members are this type's too, described once, on it.
    public var inherits: Located<String>? = nil
    public var location: SourceLocation
}

/// A member of the SDK type that the description leaves out on purpose.
public struct OmittedMember: Sendable {
    /// A property name, a method's base name (every overload), or a full name
    /// (`perform(_:inZoneWith:completionHandler:)`).
    public var name: Located<String>
    public var reason: Located<String>
    public var location: SourceLocation
}

/// A type position: an SDK type written as Swift, or a reference to another described type
/// (wrapped in its adapter, fault wrapper or child mock).
public enum TypeUse: Sendable {
    case swift(DeclaredType)
    case reference(Located<String>)
}

/// Deprecation carried into the generated code as `@available(*, deprecated, ...)`.
public struct Deprecation: Sendable {
    public var message: String?
    public var renamed: String?
}

/// A property of a described type.
public struct Property: Sendable {
    public var name: Located<String>
    public var type: TypeUse
    public var settable: Bool
    /// Swift expression a mock returns when the property is not stubbed.
    public var mockDefault: Located<String>?
    /// What reading the property does to the service's data (`fetch`), when a mock's backing
    /// should answer it.
    public var store: Located<StoreAction>?
    public var availability: [DeclaredAvailability]
    public var deprecation: Deprecation?
    public var documentation: String?
    public var location: SourceLocation
}
