/// Where a piece of Swift copied from the description (a default, a `mockDefault`, block
/// arguments) came from. Templates put the code it covers between
/// `#sourceLocation(file: {{file}}, line: {{descriptionLine}})` and `#sourceLocation()`, so a
/// compile error in it points at the description's line and Xcode shows it on the JSON.
struct CopiedSwift: TemplateContext, Equatable {
    /// The description's path as a string literal.
    let file: StringLiteral
    /// The line of the description the code was copied from.
    let line: Int

    init(file: String, line: Int) {
        self.file = StringLiteral(file)
        self.line = line
    }

    static let fields: [TemplateField<Self>] = [
        .init("file") { $0.file.templateValue },
        .init("descriptionLine") { .string(String($0.line)) },
    ]
}
