/// A generic parameter of a call (`"genericParameters"`): `T` of Firestore's
/// `getDocument<T: Decodable>(as: T.Type)`. Every form of the call declares it, the live adapter
/// and fault wrapper forward it, and a mock stores its stubs type-erased and casts them to it.
public struct GenericParameter: Sendable {
    /// The parameter's name as the declaration spells it (`T`).
    public var name: Located<String>
    /// The protocols (or class) it conforms to, each one type (`Decodable`).
    public var conformsTo: [DeclaredType]
    public var location: SourceLocation
}
