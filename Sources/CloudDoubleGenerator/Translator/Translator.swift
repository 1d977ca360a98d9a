import Foundation

/// Options that change what is generated, not how: extra imports for the generated files (the
/// module that declares the protocols, when mocks are generated in a test target).
public struct TranslationOptions: Sendable {
    /// Modules imported by every generated file, after the description's own imports.
    public var extraImports: [String]
    /// Modules imported with `@testable` (for internal protocols in another module).
    public var testableImports: [String]

    public init(extraImports: [String] = [], testableImports: [String] = []) {
        self.extraImports = extraImports
        self.testableImports = testableImports
    }
}

/// Turns a validated description into the typed context of each artifact's template. Every
/// decision about names, signatures, forwarding and delegation is made by the translators; the
/// templates only lay out code they show.
///
/// This type holds what the four artifacts' translators share (the description, the namer, the
/// types as Swift spells them); each artifact has its own translator with its own typed output:
/// ``ProtocolsTranslator``, ``LiveTranslator``, ``FaultTranslator``, ``MockTranslator``.
public struct Translator: Sendable {
    /// The validated description, with what the validator resolved (translators cannot take an unchecked one).
    let description: ValidatedDescription
    let sourceFile: String
    let options: TranslationOptions

    /// The description's path as given, for `#sourceLocation`.
    let descriptionPath: String

    /// `public`, or empty for internal descriptions; and `public ` (or empty), written before
    /// each declaration: made once, not for each of the members that read them.
    let access: String
    let accessPrefix: String

    /// Each call spelled once per translation, for the four artifacts (`spelling(of:)`).
    private let spellings: [ObjectIdentifier: CallSpelling]

    public init(
        description: ValidatedDescription, sourceFile: String, descriptionPath: String? = nil, options: TranslationOptions = TranslationOptions()
    ) {
        self.description = description
        self.sourceFile = sourceFile
        self.descriptionPath = descriptionPath ?? sourceFile
        self.options = options
        access = description.access.value == .internal ? "" : description.access.value.rawValue
        accessPrefix = access.isEmpty ? "" : access + " "
        let names = GeneratedNames(prefix: description.prefix.value)
        var spellings: [ObjectIdentifier: CallSpelling] = [:]
        for call in description.types.flatMap(\.calls) { spellings[ObjectIdentifier(call)] = CallSpelling(call, names: names) }
        self.spellings = spellings
    }

    /// The context of `artifact`'s template.
    public func context(for artifact: Artifact) -> TemplateValue {
        switch artifact {
        case .protocols: return ProtocolsTranslator(self).file().templateValue
        case .live: return LiveTranslator(self).file().templateValue
        case .faultInjecting: return FaultTranslator(self).file().templateValue
        case .mocks: return MockTranslator(self).file().templateValue
        }
    }

    var prefix: String { description.prefix.value }

    /// Every generated name comes from here (the validator claims the same ones).
    var names: GeneratedNames { GeneratedNames(prefix: prefix) }

    func protocolName(_ type: String) -> String { names.protocolName(type) }

    func swiftType(_ use: TypeUse) -> String {
        switch use {
        case .swift(let type): return type.value
        case .reference(let written): return referenceType(DescribedReference(written)).description
        }
    }

    /// The structure of a type use: the parsed Swift type, or a reference's (`referenceType`).
    func typeModel(_ use: TypeUse) -> SwiftType? {
        switch use {
        case .swift(let type): return type.model
        case .reference(let written): return referenceType(DescribedReference(written))
        }
    }

    /// A described type as its protocol's existential, in the shape written: `any SinkSection`,
    /// `(any SinkSection)?`, `[any SinkSection]`.
    func referenceType(_ reference: DescribedReference) -> SwiftType {
        reference.swiftType(protocolName: protocolName(reference.name.value))
    }

    /// The described type a property holds, in the shape written.
    func reference(_ use: TypeUse?) -> DescribedReference? {
        if case .reference(let written)? = use { return DescribedReference(written) }
        return nil
    }

    /// The fields every file's context starts with.
    var fileContext: FileContext {
        var imports = (description.imports.map(\.value) + options.extraImports).map { "import \($0)" }
        imports += options.testableImports.map { "@testable import \($0)" }
        return FileContext(
            source: sourceFile, module: description.module.value, imports: imports, access: access, accessPrefix: accessPrefix,
            typeAttributes: typeAttributes)
    }

    /// The description's `availability`, on every top-level declaration.
    var typeAttributes: [Attribute] { description.availability.map(Attribute.available) }

    /// Whether the type hands out described types (a container's databases), whose adapters and
    /// wrappers it keeps one per object.
    func hasChildren(_ type: ResolvedType) -> Bool {
        type.properties.contains { reference($0.type) != nil } || type.calls.contains { $0.returnsReference != nil }
    }

    /// How `call`, one of the description's, is spelled in Swift.
    func spelling(of call: ResolvedCall) -> CallSpelling {
        spellings[ObjectIdentifier(call)] ?? CallSpelling(call, names: names)
    }

    func operationTranslator(_ operation: OperationSpec) -> OperationTranslator {
        OperationTranslator(operation: operation, prefix: prefix, copied: copied)
    }

    /// Where Swift copied from the description at `location` came from, for `#sourceLocation`.
    func copied(at location: SourceLocation?) -> CopiedSwift? {
        location.map { CopiedSwift(file: descriptionPath, line: $0.line) }
    }

    /// How mocks and fault wrappers reach the description's error model: the one the protocols
    /// file declares on `ErrorModel`, or, for a description without one, a model with the module's
    /// name as its domain and no codes (such an SDK reports no errors of its own).
    var errorModelReference: String {
        guard description.errorModel != nil else { return "\(Qualified.errorModel)(domain: \(SwiftNames.literal(description.module.value)))" }
        return "\(Qualified.errorModel).\(SwiftNames.escaped(GeneratedNames.errorModelName(description.description, file: sourceFile)))"
    }

    /// `, atomic: flag ? AtomicGroups(…) : nil`, or nothing for a request that is not atomic.
    static func atomicArgument(_ atomic: AtomicSpec?, flag: String?) -> String {
        guard let atomic, let flag else { return "" }
        var arguments = ["by: \\.\(atomic.groupBy.value)"]
        if let except = atomic.except { arguments.append("except: \(except.value)") }
        arguments.append("error: \(SwiftNames.literal(atomic.error.value))")
        return ", atomic: \(flag) ? \(Qualified.atomicGroups)(\(arguments.joined(separator: ", "))) : nil"
    }
}

extension Translator {
    /// A property's availability and deprecation, as every artifact declares it.
    static func attributes(of property: ResolvedProperty) -> [Attribute] {
        var attributes = property.availability.map(Attribute.available)
        if let deprecation = property.deprecation { attributes.append(Attribute(deprecation)) }
        return attributes
    }

    /// `public var name: Type`: a property as a conforming class declares it.
    func declaration(of property: ResolvedProperty) -> String {
        "\(accessPrefix)var \(SwiftNames.escaped(property.name.value)): \(swiftType(property.type))"
    }

    /// The type's properties as a live adapter or fault wrapper forwards them; a described type
    /// a property holds is handed out by `child(name)` and set through `ForwardedObjects`, other
    /// values read through the fault engine when `throughFaults`.
    func forwardedProperties(_ type: ResolvedType, throughFaults: Bool, child: (String) -> ChildWrapping) -> [ForwardedProperty] {
        var properties: [ForwardedProperty] = []
        for property in type.properties {
            let reference = reference(property.type)
            properties.append(
                ForwardedProperty(
                    attributes: Self.attributes(of: property), declaration: declaration(of: property), name: SwiftNames.escaped(property.name.value),
                    settable: property.settable,
                    newValue: reference.map { ForwardedObjects.expression("newValue", named: property.name.value, shape: $0.shape) } ?? "newValue",
                    child: reference.map { child($0.name.value) }, throughFaults: throughFaults))
        }
        return properties
    }
}
