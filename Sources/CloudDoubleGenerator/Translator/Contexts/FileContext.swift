/// The fields every generated file's template has, whatever the artifact: each file's context
/// starts its own fields with these (`fields.map { $0.of(\.file) }`).
struct FileContext: TemplateContext {
    /// The description's file name, for the header comment.
    var source: String
    /// The SDK's module (`CloudKit`), imported by every file.
    var module: String
    /// `import X` lines: the description's imports, then `--import`s, then `@testable` ones.
    var imports: [String]
    /// `public`, or empty for internal descriptions.
    var access: String
    /// `public `, or empty: written before each declaration.
    var accessPrefix: String
    /// The description's `availability` attributes, put on every top-level declaration.
    var typeAttributes: [Attribute]

    static let fields: [TemplateField<Self>] = [
        .init("source") { .string($0.source) },
        .init("module") { .string($0.module) },
        .init("imports") { .list($0.imports.map(TemplateValue.line)) },
        .init("access") { .string($0.access) },
        .init("accessPrefix") { .string($0.accessPrefix) },
        .init("typeAttributes") { Attribute.lines($0.typeAttributes) },
    ]
}

/// The names generated for one described type, which every artifact's template may use (the
/// protocols file names all four conformers in its comments): each type's context starts its
/// own fields with these.
struct TypeNames: TemplateContext {
    /// The described name, `Database`.
    let name: String
    /// The SDK's class, `CKDatabase`.
    let sdkType: String
    let names: GeneratedNames

    init(_ type: ResolvedType, names: GeneratedNames) {
        name = type.name.value
        sdkType = type.sdkType.value
        self.names = names
    }

    static let fields: [TemplateField<Self>] = [
        .init("name") { .string($0.name) },
        .init("nameLiteral") { .string(SwiftNames.literal($0.name)) },
        .init("sdkType") { .string($0.sdkType) },
        .init("protocolName") { .string($0.names.protocolName($0.name)) },
        .init("liveName") { .string($0.names.liveName($0.name)) },
        .init("faultName") { .string($0.names.faultName($0.name)) },
        .init("mockName") { .string($0.names.mockName($0.name)) },
        .init("callKeyName") { .string($0.names.callKeyName($0.name)) },
        .init("backingName") { .string($0.names.backingName($0.name)) },
    ]
}
