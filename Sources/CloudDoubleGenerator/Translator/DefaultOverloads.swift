extension FormSpelling {
    /// A way of calling the form without some defaulted arguments.
    struct DefaultOverload: Sendable {
        /// The declaration without the omitted parameters (without access or attributes).
        let declaration: String
        /// The form called with the omitted parameters' defaults: `fetch(withRecordID: recordID, zone: nil)`.
        let invocation: String
        /// Where the first of the pasted defaults is in the description.
        let pasted: SourceLocation?
    }

    /// Protocols cannot declare default argument values: one overload per way of leaving
    /// defaulted arguments out (of the last four defaulted), forwarding with the defaults.
    func defaultOverloads() -> [DefaultOverload] {
        let defaulted = parameters.indices.filter { parameters[$0].defaultValue != nil }
        guard !defaulted.isEmpty else { return [] }
        let limited = Array(defaulted.suffix(4))
        return (1..<(1 << limited.count)).map { mask in
            let omitted = Set(limited.indices.filter { mask & (1 << $0) != 0 }.map { limited[$0] })
            return DefaultOverload(
                declaration: declaration(omitting: omitted),
                invocation: callExpression(handler: nil, substitutingDefaultsFor: omitted, replacing: [:], forwarding: false),
                pasted: omitted.compactMap { parameters[$0].defaultLocation }.min { $0.line < $1.line })
        }
    }
}
