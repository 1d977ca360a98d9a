import Foundation
import XCTest

/// The stand-in's public declarations as `swift-symbolgraph-extract` sees them, indexed the way the
/// manifest names them.
struct StandInSymbols {
    struct Symbol {
        var path: String
        var kind: String
        var declaration: String
        var availability: Set<AvailabilityClause>
    }

    private(set) var symbolsByPath: [String: [Symbol]] = [:]
    /// Protocol names (last path component) each type conforms to, by the type's path.
    private(set) var conformancesByPath: [String: Set<String>] = [:]
    /// The stand-in's type aliases to its own types (`CKRecord.ID` → `__CKRecordID`): Apple's
    /// imported names for Objective-C classes, which the stand-in declares under their ObjC names.
    private(set) var aliases: [String: String] = [:]

    init(graphs: [Data]) throws {
        let decoded = try graphs.map { try JSONDecoder().decode(Graph.self, from: $0) }
        var pathsByIdentifier: [String: String] = [:]
        for graph in decoded {
            for symbol in graph.symbols {
                let path = symbol.pathComponents.joined(separator: ".")
                // Extracted at internal level so that `__CKRecordID` and its kin are kept: keep what
                // an app can call (public, not `@_spi`).
                guard graph.module.name == "CloudKit", symbol.accessLevel == "public" || symbol.accessLevel == "open", symbol.spi != true else {
                    continue
                }
                let declaration = (symbol.declarationFragments ?? []).map(\.spelling).joined()
                symbolsByPath[path, default: []].append(
                    Symbol(path: path, kind: symbol.kind.identifier, declaration: declaration, availability: Self.clauses(symbol.availability ?? [])))
                pathsByIdentifier[symbol.identifier.precise] = path
                if symbol.kind.identifier == "swift.typealias" {
                    let types = (symbol.declarationFragments ?? []).filter { $0.kind == "typeIdentifier" }
                    if types.count == 1, let precise = types[0].preciseIdentifier, precise.hasPrefix("s:8CloudKit") {
                        aliases[path] = types[0].spelling
                    }
                }
            }
        }
        for graph in decoded {
            for relationship in graph.relationships where relationship.kind == "conformsTo" {
                guard let type = pathsByIdentifier[relationship.source] ?? Self.standardTypeName(relationship.source) else { continue }
                let name = relationship.targetFallback.map { String($0.split(separator: ".").last ?? "") } ?? pathsByIdentifier[relationship.target]
                if let name { conformancesByPath[type, default: []].insert(name) }
            }
        }
    }

    /// `path` with a leading alias replaced by the type it names (`CKRecord.ID.init(recordName:zoneID:)`
    /// → `__CKRecordID.init(recordName:zoneID:)`).
    func resolved(_ path: String) -> String {
        let parts = path.split(separator: ".").map(String.init)
        for count in stride(from: parts.count, through: 1, by: -1) {
            let prefix = parts[..<count].joined(separator: ".")
            if let target = aliases[prefix] {
                return resolved(([target] + parts[count...]).joined(separator: "."))
            }
        }
        return path
    }

    /// The name of a type of another module from its USR, for conformances the stand-in adds to
    /// them (`s:Si` → `Int`, `s:20FoundationEssentials4DateV` → `Date`).
    static func standardTypeName(_ usr: String) -> String? {
        let substitutions: [String: String] = [
            "s:Si": "Int", "s:Su": "UInt", "s:SS": "String", "s:Sb": "Bool", "s:Sd": "Double", "s:Sf": "Float", "s:Sa": "Array", "s:SD": "Dictionary",
            "s:Sh": "Set",
        ]
        if let name = substitutions[usr] { return name }
        // s: <module> <length><name> <kind>; the Swift module is spelled `s`.
        var rest = Substring(usr)
        guard rest.hasPrefix("s:") else { return nil }
        rest = rest.dropFirst(2)
        if rest.hasPrefix("s") {
            rest = rest.dropFirst()
        } else {
            guard let module = identifier(&rest), !module.isEmpty else { return nil }
        }
        guard let name = identifier(&rest), rest.count == 1, "VCOP".contains(rest) else { return nil }
        return name
    }

    private static func identifier(_ text: inout Substring) -> String? {
        let digits = text.prefix { $0.isNumber }
        guard let length = Int(digits), text.count >= digits.count + length else { return nil }
        text = text.dropFirst(digits.count)
        defer { text = text.dropFirst(length) }
        return String(text.prefix(length))
    }

    private static func clauses(_ entries: [Graph.Symbol.Availability]) -> Set<AvailabilityClause> {
        var clauses: Set<AvailabilityClause> = []
        for entry in entries {
            let domain = entry.domain ?? "*"
            guard AvailabilityClause.domains.contains(domain) else { continue }
            if let introduced = entry.introduced, AvailabilityClause.isAboveFloor(introduced.components, on: domain) {
                clauses.insert(AvailabilityClause(kind: .introduced, domain: domain, version: introduced.text))
            }
            if let deprecated = entry.deprecated {
                clauses.insert(AvailabilityClause(kind: .deprecated, domain: domain, version: deprecated.text))
            } else if entry.isUnconditionallyDeprecated == true {
                clauses.insert(AvailabilityClause(kind: .deprecated, domain: domain, version: "-"))
            }
            if entry.isUnconditionallyUnavailable == true || entry.obsoleted != nil {
                clauses.insert(AvailabilityClause(kind: .unavailable, domain: domain, version: ""))
            }
        }
        return clauses
    }

    /// What of a symbol graph (format 0.x) this check reads.
    private struct Graph: Decodable {
        struct Module: Decodable { var name: String }
        struct Symbol: Decodable {
            struct Kind: Decodable { var identifier: String }
            struct Identifier: Decodable { var precise: String }
            struct Fragment: Decodable {
                var kind: String
                var spelling: String
                var preciseIdentifier: String?
            }
            struct Version: Decodable {
                var major: Int
                var minor: Int?
                var components: [Int] { [major, minor ?? 0] }
                var text: String { "\(major).\(minor ?? 0)" }
            }
            struct Availability: Decodable {
                var domain: String?
                var introduced: Version?
                var deprecated: Version?
                var obsoleted: Version?
                var isUnconditionallyDeprecated: Bool?
                var isUnconditionallyUnavailable: Bool?
            }
            var kind: Kind
            var identifier: Identifier
            var pathComponents: [String]
            var declarationFragments: [Fragment]?
            var availability: [Availability]?
            var accessLevel: String?
            var spi: Bool?
        }
        struct Relationship: Decodable {
            var kind: String
            var source: String
            var target: String
            var targetFallback: String?
        }
        var module: Module
        var symbols: [Symbol]
        var relationships: [Relationship]
    }
}
