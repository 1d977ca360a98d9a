/// Where a child mock came from: the mock whose member handed it out, the member's call id (or
/// property name), and the arguments that call recorded. A backing reads it to tell which object
/// of the service a reference the app passes back denotes, by walking up the graph:
///
/// ```swift
/// // db.collection("notes").document("a") -> "notes/a"
/// let origin = document.origin!
/// let id = origin.arguments(SinkCollectionReferenceCall.document)!                // "a"
/// let collection = origin.parent?.origin?.arguments(SinkDocumentStoreCall.collection)  // "notes"
/// ```
///
/// A mock the test made has none, nor has a value a stub answered with. The parent is held
/// weakly, since it keeps its children: it is `nil` once nothing else holds it.
public struct MockOrigin: CustomStringConvertible, @unchecked Sendable {
    // `@unchecked`: `arguments` holds what the app passed, which the call log and the argument
    // histories hold the same way; the mock never changes it.

    /// The mock whose member handed this one out; `nil` once it is gone.
    public var parent: (any RecordingMock)? { parentReference }
    /// The call id, or the property name, of that member (`document`, `privateCloudDatabase`).
    public let call: String
    /// The call's arguments as the parent recorded them (`Void` for a property or a call without
    /// parameters); typed by the call's key with ``arguments(_:)``.
    public let arguments: Any
    /// The described type's name of the parent (`CollectionReference`), as the call log names it.
    public let parentTypeName: String

    private weak var parentReference: (any RecordingMock)?
    /// The member as the mock's description shows it: the property name, or the call and its
    /// arguments (`document(a)`).
    private let member: String

    @usableFromInline
    init(parent: any RecordingMock, call: String, arguments: Any, member: String) {
        parentReference = parent
        parentTypeName = parent.recorder_.typeName
        self.call = call
        self.arguments = arguments
        self.member = member
    }

    /// The arguments, when the call `key` of the parent's type handed the mock out; `nil` when
    /// another member did.
    public func arguments<Key: CallKey>(_ key: Key) -> Key.Arguments_? {
        guard call == key.id, parentTypeName == Key.typeName else { return nil }
        return arguments as? Key.Arguments_
    }

    /// `CollectionReference.document(a)`.
    public var description: String { parentTypeName + "." + member }

    /// The path from the first mock down to this origin: the parent's lineage, then this origin
    /// (`[DocumentStore.collection(notes), CollectionReference.document(a)]`). It starts below a mock the test
    /// made, or below a parent that is gone.
    public var lineage: [MockOrigin] {
        var origins = [self]
        while let above = origins.last?.parent?.origin_ { origins.append(above) }
        return origins.reversed()
    }
}

extension RecordingMock {
    /// The member that handed this mock out (``MockOrigin``); `nil` for a mock the test made.
    public var origin: MockOrigin? { origin_ }

    /// `origin`, under the name no described member hides.
    @inlinable public var origin_: MockOrigin? { recorder_.origin }
}
