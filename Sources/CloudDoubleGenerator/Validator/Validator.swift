import Foundation


/// Checks the rules that need the whole description: names are valid Swift, nothing is declared
/// twice, ids and generated names do not collide, references point at described types, forms are
/// consistent. Every problem is reported, each at the value that causes it.
public enum Validator {
    /// The description, resolved, when it passes every rule; every problem otherwise.
    @discardableResult
    public static func validate(_ description: consuming APIDescription, file: String) throws(DiagnosticsError) -> ValidatedDescription {
        let types = description.types
        description.types = []
        let checks = TypeChecks(description, file: file)
        return try validate(checks, types: types.parallelMap { checks.check($0) })
    }

    /// The description `checks` holds, with `types` checked against it already (where they
    /// were decoded, or above): the rules that need every type, then the resolved description.
    static func validate(_ checks: TypeChecks, types: consuming [CheckedType]) throws(DiagnosticsError) -> ValidatedDescription {
        let sink = DiagnosticSink(file: checks.file)
        ValidationPass(description: checks.description, sink: sink).run(types: types)
        if !sink.diagnostics.isEmpty { throw DiagnosticsError(sink.diagnostics) }
        // Every type's own checks passed (its diagnostics would be the sink's), so each kept its
        // type. Resolved here, on all cores, each type taken out of its checked type as it goes
        // (so the model is not held twice), the checked type let go of on the same core, and
        // not where it was checked: made after every type's JSON was let go of, the resolved
        // model's blocks are not spread among the JSON's freed ones (resolved there, malloc's
        // search of its fragmented free lists took ~15% more of the whole generation's CPU
        // time, docs/Benchmarks.md).
        let resolved = (consume types).parallelMapTakingElements { checked in
            guard let type = checked.takeType() else { preconditionFailure("a type whose checks passed keeps its type") }
            return checks.resolve(type)
        }
        return ValidatedDescription(checks.description, types: resolved)
    }

    /// The Swift name of a form: `fetch(withRecordID:completionHandler:)`.
    public static func fullName(of form: CallFormSpec, in call: Call) -> String {
        var labels = form.labels?.map(\.value) ?? call.parameters.map(\.label.value)
        if form.kind.value == .completion || form.kind.value == .result { labels.append(form.handlerLabel) }
        return form.name.value + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// `name`, or `name(label:_:)`.
    static func isMemberName(_ text: String) -> Bool {
        guard let open = text.firstIndex(of: "(") else { return SwiftNames.isIdentifier(text) }
        guard text.hasSuffix(")"), SwiftNames.isIdentifier(String(text[..<open])) else { return false }
        let labels = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard labels.isEmpty || labels.hasSuffix(":") else { return false }
        return labels.split(separator: ":", omittingEmptySubsequences: false).dropLast().allSatisfy { $0 == "_" || SwiftNames.isIdentifier(String($0)) }
    }
}


/// A description the validator accepted, with what it resolved: each form's and property's
/// availability parsed, each call's id, the operations it runs, its result and recorded
/// arguments spelled, and each form's signature (`ResolvedForm`: declaration, forwarded call,
/// selector, attributes), built once for the four artifacts. Only `Validator.validate`
/// makes one, and translators take only this, so nothing is generated from an unchecked
/// description and nothing the validator knew is worked out again. Every field of the
/// description reads through (`validated.prefix`), with the resolved parts in its place.
@dynamicMemberLookup
public struct ValidatedDescription: Sendable {
    /// One reference: translators and their contexts each hold the description, and a copy of
    /// the whole value would retain each of its fields every time.
    private let storage: Storage

    private final class Storage: Sendable {
        /// The description without its types, which `types` holds (each value once: a large
        /// description's calls are not kept twice).
        let stored: APIDescription
        let types: [ResolvedType]
        let availability: [Availability]

        init(stored: APIDescription, types: [ResolvedType], availability: [Availability]) {
            self.stored = stored
            self.types = types
            self.availability = availability
        }
    }

    var types: [ResolvedType] { storage.types }
    /// The description's `availability`, parsed.
    var availability: [Availability] { storage.availability }

    /// The description as it was read.
    public var description: APIDescription {
        var description = storage.stored
        description.types = types.map(\.described)
        return description
    }

    /// `description` without its types, which `types` holds resolved.
    fileprivate init(_ description: APIDescription, types: [ResolvedType]) {
        // The validator parsed each attribute with the same parser and refused what did not parse.
        let availability = description.availability.compactMap { Availability(parsing: $0.value) }
        storage = Storage(stored: description, types: types, availability: availability)
    }

    public subscript<T>(dynamicMember keyPath: KeyPath<APIDescription, T>) -> T { storage.stored[keyPath: keyPath] }
}

/// A described type with its members resolved.
@dynamicMemberLookup
struct ResolvedType: Sendable {
    /// The type without its properties and calls, which are here resolved.
    let spec: DescribedType
    let properties: [ResolvedProperty]
    let calls: [ResolvedCall]

    /// Takes `type` apart: its members are moved into the resolved ones, not copied. `operations`
    /// are the description's, `names` spells described types as their protocols.
    init(resolving type: consuming DescribedType, operations: [OperationSpec], names: GeneratedNames) {
        var spec = type
        let properties = spec.properties
        let calls = spec.calls
        spec.properties = []
        spec.calls = []
        self.spec = spec
        self.properties = (consume properties).mapTakingElements { _, property in
            let availability = property.availability.compactMap { Availability(parsing: $0.value) }
            return ResolvedProperty(spec: property, availability: availability)
        }
        // What each call resolves to besides its forms, and the texts of every form of the
        // type, in one string.
        let resolved = calls.indices.map { ResolvedCall.Resolved(calls, $0, operations: operations, names: names) }
        let texts = FormTexts(calls, resolved: resolved)
        self.calls = (consume calls).mapTakingElements { index, call in
            ResolvedCall(call, resolved: resolved[index], texts: texts.text, spans: texts.spans(ofCall: index))
        }
    }

    var described: DescribedType {
        var type = spec
        type.properties = properties.map(\.spec)
        type.calls = calls.map(\.described)
        return type
    }

    subscript<T>(dynamicMember keyPath: KeyPath<DescribedType, T>) -> T { spec[keyPath: keyPath] }
}

@dynamicMemberLookup
struct ResolvedProperty: Sendable {
    let spec: Property
    let availability: [Availability]

    subscript<T>(dynamicMember keyPath: KeyPath<Property, T>) -> T { spec[keyPath: keyPath] }
}
