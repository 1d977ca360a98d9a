/// An SDK value type the app reads but a test cannot make (no public initialiser): generated as
/// a struct with the members the app reads, named as the SDK names them, and a public memberwise
/// initialiser. Calls that list it in `mirrors` return it where their result holds the SDK type;
/// the live adapter copies the SDK value into it member by member.
public struct MirroredType: Sendable {
    /// Short name: the struct is the prefix and this (`RecordZoneModification` →
    /// `CloudRecordZoneModification`).
    public var name: Located<String>
    /// The SDK type it mirrors, e.g. `CKDatabase.RecordZoneChange.Modification`.
    public var sdkType: DeclaredType
    public var members: [MirroredMember]
    /// Whether the struct is declared `Sendable` (default): every member's type must be.
    public var sendable: Bool
    /// Whether the mirror keeps the SDK value it was copied from (`sdkValue_`), so that calls
    /// taking the SDK value back (a share's metadata to `accept`) can take the mirror.
    public var keepsSDKValue: Bool = false
    /// Whether the struct is `Hashable` (`"hashable": true`), so that it can be a per-item input
    /// and key a per-item result (`accept` of several share metadatas): by the kept SDK object's
    /// identity where there is one, else by its members.
    public var hashable: Bool = false
    /// Other mirrors whose SDK types its members hold (`ownerIdentity: CKUserIdentity` in
    /// `ShareMetadata`): the members hold those mirrors instead, and the live copy makes them
    /// with their own `init(_:)`. Member types stay the SDK's, so `check` compares them as they are.
    public var mirrors: [Located<String>] = []
    public var documentation: String?
    public var location: SourceLocation
}

/// A member of the SDK value the app reads: the mirror has a stored property of the same name,
/// copied from the SDK value by the live adapter.
public struct MirroredMember: Sendable {
    public var name: Located<String>
    public var type: DeclaredType
    /// `@available(…)` attributes of a member newer than the description's floor
    /// (`CKDatabase.DatabaseChange.Deletion.reason`): the mirror has it only where the SDK does.
    public var availability: [DeclaredAvailability] = []
    public var documentation: String?
    public var location: SourceLocation
}
