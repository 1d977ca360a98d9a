/// A whole API description (format v1): the SDK module, naming, and the described types.
/// Every value remembers its location for diagnostics.
public struct APIDescription: Sendable {
    public var formatVersion: Located<Int>
    /// The SDK module to import, e.g. `CloudKit`.
    public var module: Located<String>
    /// Further modules the generated code imports.
    public var imports: [Located<String>]
    /// Prefix of every generated name: `Cloud` gives `CloudDatabase`, `MockCloudDatabase`, ...
    public var prefix: Located<String>
    public var access: Located<AccessLevel>
    /// Attributes placed on every generated declaration, e.g. `@available(iOS 15.0, *)`.
    public var availability: [DeclaredAvailability]
    public var errorModel: ErrorModelSpec?
    public var types: [DescribedType]
    /// The compilation condition of the live adapters; `canImport(<module>)` when absent. An SDK
    /// class inside a module that exists everywhere (Foundation's NSUbiquitousKeyValueStore)
    /// needs a narrower one, e.g. `canImport(Darwin)`.
    public var liveCondition: Located<String>?
    /// SDK operation classes whose blocks the doubles call.
    public var operations: [OperationSpec]
    /// SDK value types without a public initialiser, generated as structs a test can make.
    public var mirrors: [MirroredType] = []
}

/// Access level of the generated declarations.
public enum AccessLevel: String, Sendable, CaseIterable {
    case `public`, package, `internal`
}

/// A value with the place it was written.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, _ location: SourceLocation) {
        self.value = value
        self.location = location
    }
}
