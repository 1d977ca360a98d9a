/// An SDK operation class (`CKFetchRecordsOperation`) whose callback blocks the doubles call.
/// The app hands a real instance to a call that runs operations (`database.add(_:)`); a mock
/// calls its blocks with a stubbed outcome, a fault wrapper with a failed or rewritten one.
public struct OperationSpec: Sendable {
    /// Short name used in generated names and stub keys: `FetchRecords`.
    public var name: Located<String>
    /// The SDK class, e.g. `CKFetchRecordsOperation`.
    public var sdkType: DeclaredType
    public var documentation: String?
    /// The callbacks made before the final one, grouped by what they report.
    public var streams: [OperationStream]
    /// The final result and the blocks that receive it.
    public var result: OperationResultSpec
    /// What the operation does to the service's data, when a mock's backing should answer it.
    public var store: Located<StoreAction>?
    /// When the operation is atomic, and how its requested items group.
    public var atomic: AtomicSpec?
    public var location: SourceLocation
}

/// One kind of callback an operation makes before its final one: per-item results (one per
/// record, zone, subscription), or events with fields of their own (a deletion, a token update).
public struct OperationStream: Sendable {
    public enum Kind: Sendable {
        /// `(key, Result<value, Error>)` per item. `requested` is a Swift expression over
        /// `operation` giving the keys the app asked for, which a whole failure fails one by one.
        case items(key: DeclaredType, value: DeclaredType, requested: Located<String>?)
        /// Callbacks carrying these fields.
        case events([OperationField])
    }

    public var name: Located<String>
    public var kind: Kind
    public var blocks: [OperationBlock]
    /// The operation property holding the requested items (`recordsToSave`), for per-item
    /// streams with `requested`: fault wrappers take the items chosen to fail out of it.
    public var input: ItemInput?
    public var documentation: String?
    public var location: SourceLocation

    /// Whether the items are ones the app asked for (rather than ones the SDK returns).
    public var isRequested: Bool {
        if case .items(_, _, _?) = kind { return true }
        return false
    }

    public var isItems: Bool {
        if case .items = kind { return true }
        return false
    }
}

/// A named, typed field of an event stream.
public struct OperationField: Sendable {
    public var name: Located<String>
    public var type: DeclaredType
}

/// The operation's final result: its success type and the blocks that receive it.
public struct OperationResultSpec: Sendable {
    /// The success type of the final `Result` (`Void`, `CKQueryOperation.Cursor?`).
    public var type: DeclaredType
    /// Swift expression for the success value when an outcome gives none; derived for types
    /// with an obvious empty value.
    public var defaultValue: Located<String>?
    public var blocks: [OperationBlock]
    public var location: SourceLocation
}

/// What a block is for, which fixes when a double calls it.
public enum BlockRole: String, Sendable, CaseIterable {
    /// Per-item progress, called before the item's result.
    case progress
    /// The per-item `Result` block (`perRecordResultBlock`).
    case itemResult
    /// The pre-`Result` per-item block, called only when the `itemResult` block is not set.
    case legacyItem
    /// A block of an event stream, called for each of its events.
    case event
    /// The final `Result` block, called once after every per-item callback.
    case finalResult
    /// The pre-`Result` final block, called only when the `finalResult` block is not set.
    case legacyFinal
}

/// A callback block property of the operation.
public struct OperationBlock: Sendable {
    /// The property name, e.g. `perRecordResultBlock`.
    public var name: Located<String>
    public var role: Located<BlockRole>
    /// The block's Swift function type without the optional, e.g. `(CKRecord.ID, Double) -> Void`.
    public var type: DeclaredType
    /// The Swift argument list the block is called with; the stream's fields (or `key, result`,
    /// or `result`) when absent.
    public var arguments: Located<String>?
    /// Optional values unwrapped before the call; the block is skipped when one is `nil`.
    public var unwrap: [OperationBinding]
    public var deprecation: Deprecation?
    public var location: SourceLocation
}

/// `let name = value` in the `if let` before a block call.
public struct OperationBinding: Sendable {
    public var name: Located<String>
    public var value: Located<String>
}

/// How a call that takes an operation object (`add(_:)`) chooses the operations it runs.
public enum OperationsUse: Sendable {
    /// Every operation the description declares.
    case all
    /// These, by name.
    case named([Located<String>])
}
