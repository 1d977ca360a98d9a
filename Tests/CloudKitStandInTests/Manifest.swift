import Foundation

/// `CloudKit.manifest`: Apple's CloudKit declarations, one a line (`path | declaration | availability`),
/// and `CloudKit.knowngaps`: the differences the stand-in keeps on purpose (`subject | reason`).
/// Both files describe themselves in their headers.
struct Manifest {
    enum Entry {
        case declaration(path: String, text: String, availability: Set<AvailabilityClause>)
        /// `protocolName` is unavailable when `available` is false (`@available(*, unavailable) extension`).
        case conformance(path: String, protocolName: String, available: Bool)
        /// `path | complete |`: Apple declares the type in Swift, so the manifest lists every member
        /// it has; the stand-in may declare nothing more under it.
        case complete(path: String)
    }

    var entries: [Entry] = []

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    init(contentsOf url: URL = directory.appendingPathComponent("CloudKit.manifest")) throws {
        for (number, line) in try Self.lines(of: url) {
            let fields = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 3, !fields[0].isEmpty, !fields[1].isEmpty else {
                throw ManifestError(description: "\(url.lastPathComponent):\(number): expected `path | declaration | availability`, got `\(line)`")
            }
            let availability = try AvailabilityClause.parse(fields[2], at: "\(url.lastPathComponent):\(number)")
            if fields[1] == "complete" {
                entries.append(.complete(path: fields[0]))
            } else if fields[1].hasPrefix("conforms ") {
                let name = String(fields[1].dropFirst("conforms ".count))
                entries.append(.conformance(path: fields[0], protocolName: name, available: !availability.contains { $0.kind == .unavailable }))
            } else {
                entries.append(.declaration(path: fields[0], text: fields[1], availability: availability))
            }
        }
    }

    /// The known gaps: each subject (a manifest path, or `path conforms P`) with its reason.
    static func knownGaps(contentsOf url: URL = directory.appendingPathComponent("CloudKit.knowngaps")) throws -> [(subject: String, reason: String)]
    {
        try lines(of: url).map { number, line in
            let fields = line.split(separator: "|", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2, !fields[0].isEmpty, !fields[1].isEmpty else {
                throw ManifestError(description: "\(url.lastPathComponent):\(number): expected `subject | reason`, got `\(line)`")
            }
            return (fields[0], fields[1])
        }
    }

    /// The file's lines that are neither blank nor comments, with their line numbers.
    private static func lines(of url: URL) throws -> [(Int, String)] {
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed.hasPrefix("#") ? nil : (index + 1, trimmed)
        }
    }
}

struct ManifestError: Error, CustomStringConvertible {
    var description: String
}

/// One platform's constraint on a declaration, as it matters to an app deploying to the package's
/// floor: introduced after the floor, deprecated (`version` "-" when unversioned), or unavailable.
struct AvailabilityClause: Hashable, Comparable, CustomStringConvertible {
    enum Kind: String, Comparable {
        case introduced, deprecated, unavailable
        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    var kind: Kind
    var domain: String
    var version: String

    /// The package's deployment floor (`platforms:` in Package.swift): introductions at or below
    /// it constrain nothing.
    static let floor: [String: [Int]] = ["macOS": [12, 0], "iOS": [15, 0], "tvOS": [15, 0], "watchOS": [8, 0]]
    /// The domains the manifest records: the floor's platforms, Swift-language versions, and `*`.
    static let domains: Set<String> = Set(floor.keys).union(["Swift", "*"])

    var description: String { "\(kind.rawValue) \(domain)\(version.isEmpty ? "" : " \(version)")" }

    static func < (a: Self, b: Self) -> Bool { (a.kind, a.domain, a.version) < (b.kind, b.domain, b.version) }

    /// Parses `introduced macOS 14.0, iOS 17.0; deprecated iOS 17.0` (empty: no constraint).
    static func parse(_ text: String, at location: String) throws -> Set<AvailabilityClause> {
        var clauses: Set<AvailabilityClause> = []
        for clause in text.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) where !clause.isEmpty {
            let words = clause.split(separator: " ", maxSplits: 1).map(String.init)
            guard words.count == 2, let kind = Kind(rawValue: words[0]) else {
                throw ManifestError(description: "\(location): availability clause `\(clause)` is not `introduced|deprecated|unavailable platforms`")
            }
            for item in words[1].split(separator: ",") {
                let parts = item.split(separator: " ").map(String.init)
                guard let domain = parts.first, domains.contains(domain), parts.count <= 2 else {
                    throw ManifestError(description: "\(location): `\(item)` is not `platform [version]` for a platform of \(domains.sorted())")
                }
                clauses.insert(AvailabilityClause(kind: kind, domain: domain, version: parts.count == 2 ? parts[1] : ""))
            }
        }
        return clauses
    }

    /// Whether `version` (major, minor) is later than the floor of `domain`.
    static func isAboveFloor(_ version: [Int], on domain: String) -> Bool {
        guard let floor = floor[domain] else { return false }
        return floor.lexicographicallyPrecedes(version)
    }
}
