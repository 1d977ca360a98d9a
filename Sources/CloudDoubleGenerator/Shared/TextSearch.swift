extension String {
    /// Whether `needle` occurs in the text, byte for byte. The generator searches for ASCII
    /// markers (`->`, `@escaping`) on every member; Foundation's `contains` goes through NSString
    /// for each one, many times slower.
    func containsBytes(_ needle: String) -> Bool {
        let pattern = needle.utf8
        guard let first = pattern.first else { return true }
        let bytes = utf8
        var start = bytes.startIndex
        while let found = bytes[start...].firstIndex(of: first) {
            if bytes[found...].starts(with: pattern) { return true }
            start = bytes.index(after: found)
        }
        return false
    }
}
