/// One logical request (parameters to result), exposed by the SDK in one or more forms. One call
/// is one stub slot, one fault-rule target and one name in the call log, whatever form is used.
public struct Call: Sendable {
    /// Explicit id; derived from the first form's name when absent.
    public var id: Located<String>?
    public var parameters: [Parameter]
    /// The result of the async form; `nil` for none (`Void`).
    public var returns: TypeUse?
    /// Which parts of the result are per-item maps of ID to `Result` (fault wrappers fail
    /// chosen items there): the whole result, or named fields of a result tuple.
    public var perItem: PerItemResults?
    /// When the request is atomic, and how its items group: one failed item fails its group.
    public var atomic: AtomicSpec?
    public var forms: [CallFormSpec]
    /// Set when the call's one parameter is an operation object the doubles run.
    public var operations: OperationsUse?
    /// What the call does to the service's data, when a mock's backing (an in-memory store)
    /// should answer it.
    public var store: Located<StoreAction>?
    /// Swift expression a mock returns when a synchronous call is not stubbed.
    public var mockDefault: Located<String>?
    public var documentation: String?
    public var location: SourceLocation
    /// Mirrors (by name) the result carries: where the result holds a mirror's SDK type, the
    /// generated members return the mirror.
    public var mirrors: [Located<String>] = []
    /// Set when the call registers a listener (`Model/ListenerSpec.swift`).
    public var listener: ListenerSpec? = nil
    /// Set when the SDK makes a new object at each call of a call returning a described type
    /// (Firebase's `childByAutoId()`): mocks hand out a new child mock each time.
    public var newEachCall: Located<Bool>? = nil
    /// Set when the call removes every registration of the type's listeners made on the object
    /// (Firebase's `removeAllObservers()`).
    public var removesListeners: Located<Bool>? = nil
    /// The call's generic parameters (`Model/GenericParameter.swift`); empty for most calls.
    public var genericParameters: [GenericParameter] = []
}

public enum PerItemResults: Sendable {
    case whole
    case fields([Located<String>])
}

/// A parameter of a call, shared by all its forms.
public struct Parameter: Sendable {
    /// The argument label (`_` for none); a form may override it.
    public var label: Located<String>
    public var name: Located<String>
    public var type: DeclaredType
    /// Default argument value as Swift source (e.g. `nil`, `.ifServerRecordUnchanged`).
    public var defaultValue: String?
    /// Where `defaultValue` is in the description.
    public var defaultLocation: SourceLocation?
    /// Set when the parameter is the list of items a per-item result answers (records to save):
    /// fault wrappers send only the items not chosen to fail.
    public var items: ItemInput?
    /// Set when the parameter takes a described type (`"ref"`): `type` then holds its name as
    /// written, and the validator spells it as the type's protocol (`ResolvedCall`).
    public var reference: Located<String>? = nil
}

/// A list of items in a request that a per-item result answers, one result per item.
public struct ItemInput: Sendable {
    /// The parameter (calls) or operation property (operations) holding the items.
    public var source: Located<String>
    /// The per-item field of the result the items are answered in (calls whose result has
    /// several); `nil` for the whole result or an operation stream.
    public var result: Located<String>?
    /// The property path from an item to its key (`recordID`); `nil` when items are their keys.
    public var key: Located<String>?
    public var location: SourceLocation
}

/// An atomic request: when `when` (a `Bool` parameter or operation property) is true and one
/// item fails, the other items of its group fail with `error` and none is sent.
public struct AtomicSpec: Sendable {
    /// The `Bool` parameter (calls) or operation property (operations) that makes it atomic.
    public var when: Located<String>
    /// The property path from an item's key to its group (`zoneID`).
    public var groupBy: Located<String>
    /// A Swift expression for the one group that is never atomic (`CKRecordZone.ID.default`).
    public var except: Located<String>?
    /// The error code name the group's other items fail with (`batchRequestFailed`).
    public var error: Located<String>
    public var location: SourceLocation
}

/// The kinds of form a call can take.
public enum FormKind: String, Sendable, CaseIterable {
    /// Plain synchronous method, non-throwing.
    case sync
    /// `async throws -> T`.
    case async
    /// Completion handler `(T?, Error?) -> Void` (or `(Error?) -> Void` for no result).
    case completion
    /// Completion handler `(Result<T, Error>) -> Void`.
    case result
    /// A sequence of `T`s: `AsyncThrowingStream<T, any Error>` in the protocols, whatever
    /// `AsyncSequence` the SDK returns (`CallFormSpec.sequence`).
    case stream
}

/// How one form of a call is spelled in Swift.
public struct CallFormSpec: Sendable {
    public var kind: Located<FormKind>
    /// Base name, e.g. `record` for `record(for:)`.
    public var name: Located<String>
    /// Argument labels for this form, one per parameter, when they differ from the call's.
    public var labels: [Located<String>]?
    /// The completion handler's argument label, `completionHandler` by default.
    public var handlerLabel: String
    /// The completion handler's value type when it is not `T?` (e.g. `CKAccountStatus`).
    public var handlerValueType: DeclaredType?
    /// What the SDK passes as the value when it reports an error, for non-optional handler values.
    public var errorValue: Located<String>?
    /// Whether the completion handler takes the value or the error first.
    public var handlerOrder: HandlerOrder
    public var discardableResult: Bool
    /// A `sync` form that throws: `func f(…) throws -> T` (Firestore's `Transaction.getDocument(_:)`).
    public var throwing: Bool
    /// `@preconcurrency` on the declaration.
    public var preconcurrency: Bool
    /// Whether the handler is `@Sendable` (true for CloudKit).
    public var sendableHandler: Bool
    public var availability: [DeclaredAvailability]
    public var deprecation: Deprecation?
    public var location: SourceLocation
    /// A `stream` form's result as the SDK spells it (`PaginatorSequence<ScanInput, ScanOutput>`,
    /// `some AsyncSequence<Int, any Error>`), for `check`; `nil`: `AsyncThrowingStream<T, any Error>`.
    public var sequence: Located<String>? = nil
}

/// The SDK's error model: expressions for its domain and userInfo keys, and its catalogue.
public struct ErrorModelSpec: Sendable {
    /// The model's name on `ErrorModel` in generated code (`ErrorModel.cloudKit`); by default the
    /// module's name with a lowercase first letter.
    public var name: Located<String>?
    /// Swift expression for the domain string, e.g. `CKErrorDomain`.
    public var domain: Located<String>
    public var retryAfterKey: Located<String>?
    public var partialErrorsKey: Located<String>?
    public var partialFailureCode: Int?
    /// The name of the catalogue's code that means the request was too large (CloudKit's
    /// `limitExceeded`): batches are split on it.
    public var requestTooLargeCode: Located<String>?
    /// The name of the catalogue's code a cancelled call fails with (CloudKit's `operationCancelled`).
    public var cancelledCode: Located<String>?
    public var serverRecordKey: Located<String>?
    public var clientRecordKey: Located<String>?
    public var ancestorRecordKey: Located<String>?
    /// The SDK's Swift error type wrapping its `NSError`s (`CKError`), which injected errors are
    /// made as; it must have `init(_nsError:)`, as bridged error types do.
    public var errorType: DeclaredType?
    /// `cloudKit` for the shipped table, or the SDK's own codes.
    public var catalogue: CatalogueSpec
}

public enum CatalogueSpec: Sendable {
    case cloudKit
    case codes([ErrorCodeSpec])
}

public struct ErrorCodeSpec: Sendable {
    public var name: Located<String>
    public var rawValue: Located<Int>
    public var meaning: String
    public var retryable: Bool
    public var throttling: Bool
    /// The request did not reach the service or its answer did not come back (`"network"`).
    public var network: Bool
    public var userAction: Bool
    public var defaultRetryAfter: Double?
    /// The Swift error type the SDK throws for this code; `nil`: an error of the model's domain.
    public var swiftError: SwiftErrorSpec?
}

/// What a call or operation does to the service's data. Calls and operations marked with one are
/// requirements of the mock's backing protocol, which answers them when no stub does.
public enum StoreAction: String, Sendable, CaseIterable {
    case fetch, save, delete, modify, query, changes
}
