/// Each distinct `@available` attribute of one description parsed once, for the validator and
/// the resolved description to share. Descriptions repeat a few attributes on many members (the
/// shipped CloudKit one: 86 attributes, most of them copies), and parsing one (lexing it,
/// checking its names and versions) took about a quarter of generating that description when
/// each was parsed where it was read: 62.3 ms against the baseline's 45.6 ms, and 39.1 against
/// 36.3 ms parsed once (Benchmarks.md row a, 21 interleaved runs each, 2026-11-28).
/// One per validation, used on one thread.
final class AvailabilityParses {
    private var results: [String: Result<Availability, Availability.Problem>] = [:]

    /// `text` parsed, or why Swift refuses it.
    func parse(_ text: String) -> Result<Availability, Availability.Problem> {
        if let known = results[text] { return known }
        let result = Availability.parse(text)
        results[text] = result
        return result
    }

    /// `text` parsed; `nil` for an attribute the validator refused.
    func parsed(_ text: String) -> Availability? {
        guard case .success(let availability) = parse(text) else { return nil }
        return availability
    }
}
