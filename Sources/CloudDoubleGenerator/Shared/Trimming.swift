extension StringProtocol {
    /// The text without the spaces and tabs at either end: what Foundation's
    /// `trimmingCharacters(in: .whitespaces)` keeps, in plain Swift. On Linux Foundation's goes
    /// through `NSString` and UTF-16, which was 40% of validating the shipped CloudKit description
    /// (every availability attribute is split and trimmed part by part).
    func trimmingSpaces() -> String {
        let text = String(self)
        let scalars = text.unicodeScalars
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        // The kept scalars as one slice of the text's bytes, not appended one by one.
        return String(Substring(scalars[first...last]))
    }
}
