extension ObjectReader where Key == CallKey {
    /// A call's `"removesListeners": true|false`, where it was written; `nil` when absent or not a
    /// bool (reported).
    func removesListeners() -> Located<Bool>? {
        guard let value = value(.removesListeners) else { return nil }
        let flag = bool(.removesListeners, default: false)
        return value.bool == nil ? nil : Located(flag, value.location)
    }
}
