import CloudDoubleCatalogue

extension ErrorModelSpec {
    /// The names of the catalogue's codes: the description's own, or the shipped CloudKit table.
    var codeNames: [String] {
        switch catalogue {
        case .codes(let codes): return codes.map(\.name.value)
        case .cloudKit: return ErrorCatalogue.cloudKit.codes.map(\.name)
        }
    }

    /// The raw value of the catalogue's code `name`; `nil` when it has none (the validator
    /// refuses such a name).
    func rawValue(named name: Located<String>) -> Int? {
        switch catalogue {
        case .codes(let codes): return codes.first { $0.name.value == name.value }?.rawValue.value
        case .cloudKit: return ErrorCatalogue.cloudKit[name: name.value]?.rawValue
        }
    }
}
