extension StringProtocol {
    /// The text without the spaces and tabs at either end: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` keeps, in plain Swift. On Linux Foundation's goes
    /// through `NSString` and UTF-16, which was 40% of validating the shipped CloudKit description
    /// (every availability attribute is split and trimmed part by part).
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
