/// "Did you mean …?": the closest of a list of known words to a misspelt one. Used for unknown
/// keys, names and references in descriptions, and for unknown options on the command line.
public enum Spelling {
    /// The closest of `known` by edit distance (case-insensitive), when it is close enough to be
    /// a typo of `word`.
    public static func closest(to word: String, in known: [String]) -> String? {
        let scored = known.map { ($0, editDistance(word.lowercased(), $0.lowercased())) }.min { $0.1 < $1.1 }
        guard let (best, distance) = scored, distance <= max(2, word.count / 3) else { return nil }
        return best
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
