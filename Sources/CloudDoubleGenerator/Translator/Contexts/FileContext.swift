/// The fields every generated file's template has, whatever the artifact.
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

    var templateValue: TemplateValue {
        .object(fields)
    }

    /// The fields, for a file context to start its own with.
    var fields: [(key: String, value: TemplateValue)] {
        [
            (key: "source", value: .string(source)),
            ("module", .string(module)),
            ("imports", .list(imports.map { .line($0) })),
            ("access", .string(access)),
            ("accessPrefix", .string(accessPrefix)),
            ("typeAttributes", Attribute.lines(typeAttributes)),
        ]
    }
}

/// The names generated for one described type, which every artifact's template may use (the
/// protocols file names all four conformers in its comments).
struct TypeNames: Sendable {
    /// The described name, `Database`.
    var name: String
    /// The SDK's class, `CKDatabase`.
    var sdkType: String
    /// `CloudDatabase`, and `LiveCloudDatabase`, `FaultInjectingCloudDatabase`, `MockCloudDatabase`.
    var protocolName: String
    var liveName: String
    var faultName: String
    var mockName: String
    /// `CloudDatabaseCall`: the key type.
    var callKeyName: String
    /// `CloudDatabaseBacking`.
    var backingName: String
    /// `name` and `mockName` as string literals, for messages and logs.
    var nameLiteral: StringLiteral
    var mockNameLiteral: StringLiteral

    init(_ type: ResolvedType, names: GeneratedNames) {
        let name = type.name.value
        self.name = name
        nameLiteral = StringLiteral(name)
        sdkType = type.sdkType.value
        protocolName = names.protocolName(name)
        liveName = names.liveName(name)
        faultName = names.faultName(name)
        mockName = names.mockName(name)
        callKeyName = names.callKeyName(name)
        backingName = names.backingName(name)
        mockNameLiteral = StringLiteral(mockName)
    }

    /// The field of a type's context that is one of its names, if `field` is.
    func value(of field: TemplateField) -> TemplateValue? {
        switch field {
        case .name: .string(name)
        case .nameLiteral: nameLiteral.templateValue
        case .sdkType: .string(sdkType)
        case .protocolName: .string(protocolName)
        case .liveName: .string(liveName)
        case .faultName: .string(faultName)
        case .mockName: .string(mockName)
        case .mockNameLiteral: mockNameLiteral.templateValue
        case .callKeyName: .string(callKeyName)
        case .backingName: .string(backingName)
        default: nil
        }
    }
}
