/// One described type after the checks that need only itself and the description's other
/// parts, made on any core (where it is decoded, when it can be): its diagnostics, the
/// references it makes to described types (checked when every type's name is known), what the
/// whole-description checks read of it, and the type resolved when its own checks pass. A
/// class: the arrays that hand it from the cores to the join retain it once, not each field.
final class CheckedType: Sendable {
    let name: Located<String>
    let sdkType: DeclaredType
    /// The SDK type's name (`CKRecord.ID` for `CKRecord.ID?`), which no generated name may be.
    let sdkName: String
    /// The top-level names generated for it (`ValidationPass.generatedNames(of:_:)`).
    let generatedNames: [String]
    let diagnostics: [Diagnostic]
    let references: [PendingReference]
    /// `nil` when its own checks failed: the description is refused then.
    let resolved: ResolvedType?

    init(
        name: Located<String>, sdkType: DeclaredType, sdkName: String, generatedNames: [String], diagnostics: [Diagnostic],
        references: [PendingReference], resolved: ResolvedType?
    ) {
        self.name = name
        self.sdkType = sdkType
        self.sdkName = sdkName
        self.generatedNames = generatedNames
        self.diagnostics = diagnostics
        self.references = references
        self.resolved = resolved
    }
}

/// What each type is checked against: the description's parts other than its types, and the
/// names of its valid operations (`ValidationPass.operations()`, which the whole-description
/// pass runs again for its diagnostics: operations are few).
struct TypeChecks: Sendable {
    /// The description without its types.
    let description: APIDescription
    let file: String
    private let operationNames: [String]
    private let names: GeneratedNames

    init(_ description: APIDescription, file: String) {
        self.description = description
        self.file = file
        operationNames = ValidationPass(description: description, sink: DiagnosticSink(file: file)).operations()
        names = GeneratedNames(prefix: description.prefix.value)
    }

    /// Checks `type` and, when that finds nothing, resolves it: the type is taken apart into
    /// the resolved one, not copied.
    func check(_ type: consuming DescribedType) -> CheckedType {
        let sink = DiagnosticSink(file: file)
        let pass = ValidationPass(description: description, sink: sink)
        pass.members(of: type, operationNames: operationNames)
        let (name, sdkType, generatedNames) = (type.name, type.sdkType, pass.generatedNames(of: type, names))
        let resolved = sink.diagnostics.isEmpty ? ResolvedType(resolving: type, operations: description.operations, names: names) : nil
        return CheckedType(
            name: name, sdkType: sdkType, sdkName: SDKTypeName.nominal(sdkType), generatedNames: generatedNames, diagnostics: sink.diagnostics,
            references: sink.references, resolved: resolved)
    }
}
