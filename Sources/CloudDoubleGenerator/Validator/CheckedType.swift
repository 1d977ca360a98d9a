/// One described type after the checks that need only itself and the description's other
/// parts, made on any core (where it is decoded, when it can be): its diagnostics, the
/// references it makes to described types (checked when every type's name is known), what the
/// whole-description checks read of it, and the type when its own checks pass. A class: the
/// arrays that hand it from the cores to the join retain it once, not each field. Unchecked
/// `Sendable` for `type` alone, which one job takes out (`takeType()`), after every check
/// has read the other fields, and nothing else reads.
final class CheckedType: @unchecked Sendable {
    let name: Located<String>
    let sdkType: DeclaredType
    /// The SDK type's name (`CKRecord.ID` for `CKRecord.ID?`), which no generated name may be.
    let sdkName: HashedName
    /// The top-level names generated for it (`ValidationPass.generatedNames(of:_:)`).
    let generatedNames: [HashedName]
    let diagnostics: [Diagnostic]
    let references: [PendingReference]
    /// The type, to resolve once every check has passed; `nil` when its own checks failed (the
    /// description is refused then), or once taken.
    private var type: DescribedType?

    init(
        name: Located<String>, sdkType: DeclaredType, sdkName: HashedName, generatedNames: [HashedName], diagnostics: [Diagnostic],
        references: [PendingReference], type: DescribedType?
    ) {
        self.name = name
        self.sdkType = sdkType
        self.sdkName = sdkName
        self.generatedNames = generatedNames
        self.diagnostics = diagnostics
        self.references = references
        self.type = type
    }

    /// The type, moved out (not copied: the job that resolves it takes its members apart), for
    /// the one job that resolves it.
    func takeType() -> DescribedType? {
        type.take()
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

    /// Checks `type` on its own; it is kept when that finds nothing.
    func check(_ type: DescribedType) -> CheckedType {
        let sink = DiagnosticSink(file: file)
        let pass = ValidationPass(description: description, sink: sink)
        pass.members(of: type, operationNames: operationNames)
        return CheckedType(
            name: type.name, sdkType: type.sdkType, sdkName: HashedName(SDKTypeName.nominal(type.sdkType)), generatedNames: pass.generatedNames(of: type, names),
            diagnostics: sink.diagnostics, references: sink.references, type: sink.diagnostics.isEmpty ? type : nil)
    }

    /// `type` resolved, taken apart into the resolved one, not copied.
    func resolve(_ type: consuming DescribedType) -> ResolvedType {
        ResolvedType(resolving: type, operations: description.operations, names: names)
    }
}
