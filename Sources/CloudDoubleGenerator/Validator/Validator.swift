import Foundation


/// Checks the rules that need the whole description: names are valid Swift, nothing is declared
/// twice, ids and generated names do not collide, references point at described types, forms are
/// consistent. Every problem is reported, each at the value that causes it.
public enum Validator {
    /// The description, resolved, when it passes every rule; every problem otherwise.
    @discardableResult
    public static func validate(_ description: consuming APIDescription, file: String) throws(DiagnosticsError) -> ValidatedDescription {
        let sink = DiagnosticSink(file: file)
        ValidationPass(description: copy description, sink: sink).run()
        if !sink.diagnostics.isEmpty { throw DiagnosticsError(sink.diagnostics) }
        return ValidatedDescription(resolving: consume description)
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

    /// Takes the description over: each type's members are moved into the resolved model as it
    /// goes, so a large description is not held twice while it is resolved.
    fileprivate init(resolving description: consuming APIDescription) {
        let described = description.types
        description.types = []
        let operations = description.operations
        let names = GeneratedNames(prefix: description.prefix.value)
        // The validator parsed each attribute with the same parser and refused what did not parse.
        let availability = description.availability.compactMap { Availability(parsing: $0.value) }
        // On all cores, each type taken out of the description as it is resolved: its members are
        // freed where the resolved ones are made, so the model is not held twice.
        let types = described.parallelMapTakingElements { (type: consuming DescribedType) in
            var type = type
            let properties = type.properties
            let calls = type.calls
            type.properties = []
            type.calls = []
            return ResolvedType(
                type,
                properties: properties.map { ResolvedProperty(spec: $0, availability: $0.availability.compactMap { Availability(parsing: $0.value) }) },
                calls: calls.map { call in
                    let runs: [OperationSpec]
                    switch call.operations {
                    case nil: runs = []
                    case .all: runs = operations
                    case .named(let names): runs = operations.filter { operation in names.contains { $0.value == operation.name.value } }
                    }
                    return ResolvedCall(call, callID: call.id?.value ?? call.forms.first?.name.value ?? "", runs: runs, names: names)
                })
        }
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

    init(_ type: DescribedType, properties: [ResolvedProperty], calls: [ResolvedCall]) {
        var spec = type
        spec.properties = []
        spec.calls = []
        self.spec = spec
        self.properties = properties
        self.calls = calls
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
