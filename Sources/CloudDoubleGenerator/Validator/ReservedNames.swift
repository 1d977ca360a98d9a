/// The names the bundled templates declare where a description's names are in scope, each list
/// with the template code that declares it. The validator refuses description names that would
/// take one; `ReservedNamesTests` reads every template and fails when it declares a local,
/// closure parameter or member that no list reserves, so a new one cannot be forgotten here.
///
/// Several of them are also the names a description's copied Swift may use on purpose (a
/// block's `arguments` read `value`, `key`, `error`): they are part of the format
/// (`docs/DescriptionFormat.md`, "Block"), so they keep readable names rather than mangled ones.
enum ReservedNames {
    /// Members every generated double declares itself (`mocks.mustache`, `faultInjecting.mustache`,
    /// `live.mustache`: `base`, `wrapped`, `faults`, `recorder`, `backing`, `wrappers`, and the
    /// mock's entry points); a described member may not reuse them.
    static let doubleMembers: Set<String> = [
        "base", "wrapped", "faults", "recorder", "log", "stub", "arguments", "callCount", "calls", "settled", "backing", "wrappers",
    ]

    /// The closure parameters of a fault wrapper's per-item call (`faultInjecting.mustache`,
    /// `{ items in`, `{ items, deliver in`, `{ value, items in`), in scope where the call's
    /// parameters are used: a parameter of such a call may not take them.
    static let itemFaultLocals: Set<String> = ["items", "value", "deliver"]

    /// Names the generated outcome type declares itself (`protocols.mustache`, the outcome struct).
    static let outcomeMembers: Set<String> = ["events", "result", "failsRequestedItems", "failure", "replay", "delivery", "intercept", "key", "backed"]

    /// Names generated block calls have in scope (`protocols.mustache`, `blockCalls.mustache`).
    static let blockScope: Set<String> = [
        "operation", "key", "result", "value", "error", "event", "outcome", "failures", "events", "reported", "inventsProgress", "delivery",
    ]

    /// Local names of the generated operation code (`protocols.mustache`: replay, intercept,
    /// delivery), which block and input property names cannot take: the intercept keeps inputs
    /// and swapped blocks in locals of their own names and restores them inside the final
    /// block's `{ result in`, so `result` is one of them.
    static let operationLocals: Set<String> = [
        "completionBlock", "delivery", "deprecated", "faults", "errorModel", "operation", "inventsProgress", "events", "failures", "reported",
        "result",
    ]

    /// Every reserved name, for the test that reads the templates.
    static var all: Set<String> { doubleMembers.union(itemFaultLocals).union(outcomeMembers).union(blockScope).union(operationLocals) }
}
