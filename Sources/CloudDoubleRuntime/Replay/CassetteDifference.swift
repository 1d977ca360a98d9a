/// Where two calls first differ, for a mismatch message: the path of the first differing value
/// (`recordName`, `recordsToSave[0].fields.title`) and both values, or the call itself when the
/// cassette holds another call.
struct CassetteDifference: CustomStringConvertible {
    /// `nil`: the calls differ by type or call id, not by an argument.
    let path: String?
    /// What the cassette holds there (`nil`: nothing).
    let expected: String?
    /// What the app passed there (`nil`: nothing).
    let actual: String?

    /// The first difference between the call on the cassette and the app's call; `nil` when they
    /// match.
    init?(expected: CassetteInteraction, actual: CassetteInteraction) {
        guard expected.type == actual.type, expected.call == actual.call else {
            path = nil
            self.expected = "\(expected.type).\(expected.call)"
            self.actual = "\(actual.type).\(actual.call)"
            return
        }
        guard let (path, left, right) = Self.first(expected.arguments, actual.arguments, at: "") else { return nil }
        self.path = path
        self.expected = left?.line
        self.actual = right?.line
    }

    var description: String {
        let cassette = expected ?? "nothing"
        let app = actual ?? "nothing"
        guard let path else { return "the cassette has \(cassette), the app called \(app)" }
        return "the arguments differ at \(path.isEmpty ? "the top" : path): the cassette has \(cassette), the app passed \(app)"
    }

    /// The first differing value of `left` and `right`, depth first, object keys in sorted order.
    private static func first(_ left: CassetteJSON?, _ right: CassetteJSON?, at path: String) -> (String, CassetteJSON?, CassetteJSON?)? {
        switch (left, right) {
        case (.object(let a)?, .object(let b)?):
            for key in Set(a.keys).union(b.keys).sorted() {
                if let found = first(a[key], b[key], at: path.isEmpty ? key : path + "." + key) { return found }
            }
            return nil
        case (.array(let a)?, .array(let b)?):
            for index in 0..<max(a.count, b.count) {
                if let found = first(index < a.count ? a[index] : nil, index < b.count ? b[index] : nil, at: path + "[\(index)]") { return found }
            }
            return nil
        default:
            return left == right ? nil : (path, left, right)
        }
    }
}
