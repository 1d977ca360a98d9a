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
/// protocols file names all four conformers in its comments). Kept as the type's name and the
/// prefix: a name a template writes is written in its pieces (`write`), one it reads as a value
/// is made then (`value(of:)`), so no type's context makes the eight names whether or not its
/// template uses them.
struct TypeNames: Sendable {
    /// The described name, `Database`.
    let name: String
    /// The SDK's class, `CKDatabase`.
    let sdkType: String
    let names: GeneratedNames
    /// Whether the string literals of the type's name and of its mock's are the names in quotes
    /// (nothing escaped), as for nearly every name: they are then written in their pieces.
    private let plainLiterals: Bool

    init(_ type: ResolvedType, names: GeneratedNames) {
        name = type.name.value
        sdkType = type.sdkType.value
        self.names = names
        // A literal is longer than its text and its quotes exactly when something is escaped.
        plainLiterals = Self.isPlainLiteral(name) && Self.isPlainLiteral(names.prefix)
    }

    private static func isPlainLiteral(_ text: String) -> Bool {
        SwiftNames.literal(text).utf8.count == text.utf8.count + 2
    }

    /// The generated name a field is, if it is one: `CloudDatabase`, `LiveCloudDatabase`, …
    private static func declaration(_ field: TemplateField) -> GeneratedNames.TypeDeclaration? {
        switch field {
        case .protocolName: .protocolName
        case .liveName: .liveName
        case .faultName: .faultName
        case .mockName: .mockName
        case .callKeyName: .callKeyName
        case .backingName: .backingName
        default: nil
        }
    }

    /// The field of a type's context that is one of its names, if `field` is.
    func value(of field: TemplateField) -> TemplateValue? {
        switch field {
        case .name: .string(name)
        case .nameLiteral: .string(SwiftNames.literal(name))
        case .sdkType: .string(sdkType)
        case .mockNameLiteral: .string(SwiftNames.literal(names.mockName(name)))
        default: Self.declaration(field).map { .string(names.name($0, of: name)) }
        }
    }

    /// Writes the name `field` is, as `value(of:)` would give it; false when `field` is none of
    /// the names (or a literal with something escaped, which `value(of:)` makes).
    func write(_ field: TemplateField, to output: inout RenderOutput) -> Bool {
        switch field {
        case .name: output.append(name)
        case .sdkType: output.append(sdkType)
        case .nameLiteral where plainLiterals:
            output += "\""
            output.append(name)
            output += "\""
        case .mockNameLiteral where plainLiterals:
            output += "\""
            names.append(.mockName, of: name, to: &output)
            output += "\""
        default:
            guard let declaration = Self.declaration(field) else { return false }
            names.append(declaration, of: name, to: &output)
        }
        return true
    }
}
