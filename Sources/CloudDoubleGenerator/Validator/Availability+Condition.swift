extension Availability {
    /// The run-time check for a shorthand attribute, `#available(iOS 17.0, macOS 14.0, *)`;
    /// `nil` for the detailed form (`@available(iOS, introduced: 17.0)`), which `#available`
    /// does not take.
    var condition: String? {
        let shorthand = arguments.allSatisfy { argument in
            switch argument {
            case .wildcard: return true
            case .name(let name, let version): return version != nil && Self.platforms.contains(name)
            case .labeledVersion, .labeledString: return false
            }
        }
        guard shorthand, arguments.contains(.wildcard) else { return nil }
        return "#available(" + arguments.map(\.text).joined(separator: ", ") + ")"
    }
}
