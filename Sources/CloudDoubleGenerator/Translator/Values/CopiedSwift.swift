/// Where a piece of Swift copied from the description (a default, a `mockDefault`, block
/// arguments) came from. Templates put the code it covers between
/// `#sourceLocation(file: {{file}}, line: {{descriptionLine}})` and `#sourceLocation()`, so a
/// compile error in it points at the description's line and Xcode shows it on the JSON.
struct CopiedSwift: TemplateScope, Equatable {
    /// The description's path as a string literal.
    let file: StringLiteral
    /// The line of the description the code was copied from.
    let line: Int

    init(file: String, line: Int) {
        self.file = StringLiteral(file)
        self.line = line
    }

    /// `{file, descriptionLine}`, or false when nothing was copied (the section renders nothing).
    static func templateValue(_ copied: CopiedSwift?) -> TemplateValue {
        copied?.templateValue ?? .bool(false)
    }

    func value(of field: TemplateField) -> TemplateValue? {
        switch field {
        case .file: file.templateValue
        case .descriptionLine: .string(String(line))
        default: nil
        }
    }
}
