extension ObjectReader where Key == CallKey {
    /// A call's `"newEachCall": true|false`, where it was written; `nil` when absent or not a bool
    /// (reported).
    func newEachCall() -> Located<Bool>? {
        guard let value = value(.newEachCall) else { return nil }
        let flag = bool(.newEachCall, default: false)
        return value.bool == nil ? nil : Located(flag, value.location)
    }
}
