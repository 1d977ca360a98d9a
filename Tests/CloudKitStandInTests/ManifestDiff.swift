/// The differences between the manifest (Apple's declarations) and the stand-in's symbols.
struct ManifestDiff {
    struct Difference: CustomStringConvertible {
        /// The manifest path, or `path conforms P`, that a known gap names to cover it.
        var subject: String
        var detail: String

        var description: String { "\(subject): \(detail)" }

        /// A gap covers its subject and everything under it (`CKShare.SystemFieldKey` covers
        /// `CKShare.SystemFieldKey.title`; `CKRecord` covers `CKRecord conforms Sequence`).
        func isCovered(by gap: String) -> Bool {
            subject == gap || subject.hasPrefix(gap + ".") || subject.hasPrefix(gap + " conforms ")
        }
    }

    private(set) var differences: [Difference] = []

    /// Members a conformance brings, which the manifest records as the conformance, not as lines.
    static let witnesses: Set<String> = [
        "description", "debugDescription", "==(_:_:)", "!=(_:_:)", "hash(into:)", "hashValue", "encode(to:)", "init(from:)",
    ]

    init(manifest: Manifest, standIn: StandInSymbols) {
        var declared: Set<String> = []
        for case .declaration(let path, _, _) in manifest.entries { declared.insert(standIn.resolved(path)) }
        for entry in manifest.entries {
            switch entry {
            case .complete(let path):
                let root = standIn.resolved(path)
                let extras = standIn.symbolsByPath.filter { candidate, _ in
                    (candidate == root || candidate.hasPrefix(root + ".")) && !declared.contains(candidate)
                        && !Self.witnesses.contains(String(candidate.split(separator: ".").last ?? ""))
                }
                for (extra, symbols) in extras.sorted(by: { $0.key < $1.key }) {
                    differences.append(
                        Difference(
                            subject: extra,
                            detail: "Apple does not declare `\(symbols[0].declaration)`; \(path) is all Swift, so the manifest lists all it has"))
                }
            case .declaration(let path, let text, let availability):
                let candidates = standIn.symbolsByPath[standIn.resolved(path)] ?? []
                guard !candidates.isEmpty else {
                    // An app can call a declaration Apple marks unavailable (`init()` of an ObjC class that says
                    // NS_UNAVAILABLE) no more than one the stand-in does not declare.
                    if availability.contains(where: { $0.kind == .unavailable && $0.domain == "*" }) { continue }
                    differences.append(Difference(subject: path, detail: "missing; Apple declares `\(text)`"))
                    continue
                }
                let shape = DeclarationShape(text)
                guard let match = candidates.first(where: { DeclarationShape($0.declaration) == shape }) else {
                    let found = candidates.map { "`\($0.declaration)`" }.joined(separator: " or ")
                    differences.append(Difference(subject: path, detail: "differs; Apple declares `\(text)`, the stand-in \(found)"))
                    continue
                }
                if match.availability != availability {
                    differences.append(
                        Difference(
                            subject: path,
                            detail: "availability differs; Apple: \(Self.spelled(availability)), the stand-in: \(Self.spelled(match.availability))"))
                }
            case .conformance(let path, let name, let available):
                let subject = "\(path) conforms \(name)"
                let protocols = name == "Codable" ? ["Encodable", "Decodable"] : [name]
                let conformances = standIn.conformancesByPath[standIn.resolved(path)] ?? []
                let conforms = protocols.allSatisfy(conformances.contains)
                if available, !conforms {
                    differences.append(Difference(subject: subject, detail: "missing"))
                } else if !available, conforms {
                    differences.append(
                        Difference(
                            subject: subject,
                            detail: "Apple marks it unavailable; the stand-in conforms, so code that compiles here fails on Apple platforms"))
                }
            }
        }
    }

    private static func spelled(_ clauses: Set<AvailabilityClause>) -> String {
        clauses.isEmpty ? "none" : clauses.sorted().map(\.description).joined(separator: ", ")
    }
}
