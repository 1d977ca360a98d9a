/// Mirrored members newer than the description's floor: each attribute one the live adapter can
/// check with `#available`, and one availability for all such members of a mirror (they share
/// the initialiser that takes them).
extension ValidationPass {
    func memberAvailability(_ mirror: MirroredType) {
        var shared: (texts: [String], location: SourceLocation)?
        for member in mirror.members where !member.availability.isEmpty {
            var texts: [String] = []
            for attribute in member.availability {
                availability(attribute)
                guard let parsed = attribute.model else { continue }
                if parsed.condition == nil {
                    sink.error(
                        "a mirrored member's availability is written with platform versions and *, as #available takes it, found \(SwiftNames.literal(attribute.value))",
                        at: attribute.location, hint: "write it as \"@available(iOS 17.0, macOS 14.0, *)\"")
                }
                texts.append(parsed.text)
            }
            guard let first = shared else {
                shared = (texts, member.availability[0].location)
                continue
            }
            if first.texts != texts {
                sink.error(
                    "the members of the mirror \"\(mirror.name.value)\" that have availability must all have the same (first at line \(first.location.line))",
                    at: member.availability[0].location, hint: "they are taken by one initialiser, available where all of them are")
            }
        }
    }
}
