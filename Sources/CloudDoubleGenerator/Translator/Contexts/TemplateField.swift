/// The names the typed contexts answer as ``TemplateScope``s: one case per name, spelled once,
/// here (the raw value is the name a template writes). Each context's `value(of:)` says which it
/// has; `TemplateContextTests` checks that every name a bundled template looks up is answered.
enum TemplateField: String, CaseIterable, Sendable {
    // A described type's generated names (`TypeNames`).
    case name, nameLiteral, sdkType, protocolName, liveName, faultName, mockName, mockNameLiteral, callKeyName, backingName
    // A type's members and what a wrapper or adapter forwards to.
    case target, uncheckedSendable, hasChildren, properties, calls
    // A member.
    case attributes, declaration, invocation, isAsync, child, settable, throughFaults, id, handler, arguments, kind, copied, doc
    // How a described type a member returns is handed out (`ChildWrapping`).
    case childType, make, unwrap
    // Mocks.
    case hasBacking, backingRequirements, backingRefinements, key, backed, fallback, errorValue, method, mock, childProtocol
    // The one field of a fault wrapper call's `kind` and of a mock call's `method`.
    case forwarded, async, items, completion, result, operation
    case respondWithoutFailing, respond, deliverError, deliverOptional, deliverValue, deliverResult, run
    // Protocols.
    case protocolMembers, defaultOverloads, hasDefaultOverloads, callKeys, callKeyParameters, whereClause
    // `#sourceLocation` (`CopiedSwift`).
    case file, descriptionLine
}
