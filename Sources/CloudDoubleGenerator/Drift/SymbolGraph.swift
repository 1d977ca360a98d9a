import Foundation

/// The parts of a symbol graph (`swift-symbolgraph-extract`'s JSON, format 0.x) that drafting and
/// the drift check read: each symbol's kind, path, declaration, availability and doc comment, and
/// which types conform to what.
/// Everything else in the file is ignored, so newer graphs with more fields still decode.
struct SymbolGraph: Decodable, Sendable {
    struct Module: Decodable, Sendable {
        var name: String
    }

    struct Symbol: Decodable, Sendable {
        struct Kind: Decodable, Sendable {
            var identifier: String
        }

        struct Identifier: Decodable, Sendable {
            var precise: String
        }

        struct Fragment: Decodable, Sendable {
            var kind: String
            var spelling: String
        }

        struct DocComment: Decodable, Sendable {
            struct Line: Decodable, Sendable {
                var text: String
            }
            var lines: [Line]
        }

        struct Version: Decodable, Sendable {
            var major: Int
            var minor: Int?
            var patch: Int?

            var text: String {
                var text = "\(major).\(minor ?? 0)"
                if let patch, patch != 0 { text += ".\(patch)" }
                return text
            }
        }

        struct Availability: Decodable, Sendable {
            var domain: String?
            var introduced: Version?
            var deprecated: Version?
            var obsoleted: Version?
            var message: String?
            var renamed: String?
            var isUnconditionallyDeprecated: Bool?
            var isUnconditionallyUnavailable: Bool?

            /// The name `@available` takes for this entry's domain, or the domain as it is (`Swift`,
            /// `*`). Symbol graphs name application extensions `iOSAppExtension` (SymbolKit's
            /// `SymbolGraph.Symbol.Availability.Domain`), Swift `iOSApplicationExtension`; `nil`
            /// for domains `@available` does not take (`Linux`, `SwiftPM`).
            var platform: String? {
                let domain = self.domain ?? "*"
                if domain == "Swift" || domain == "*" { return domain }
                let name = domain.hasSuffix("AppExtension") ? String(domain.dropLast("AppExtension".count)) + "ApplicationExtension" : domain
                return CloudDoubleGenerator.Availability.platforms.contains(name) ? name : nil
            }
        }

        struct Extension: Decodable, Sendable {
            var extendedModule: String?
        }

        struct Location: Decodable, Sendable {
            struct Position: Decodable, Sendable {
                var line: Int
                var character: Int
            }
            var uri: String
            var position: Position
        }

        var kind: Kind
        var identifier: Identifier
        var pathComponents: [String]
        var declarationFragments: [Fragment]?
        var docComment: DocComment?
        var availability: [Availability]?
        var accessLevel: String?
        /// `@_spi(…)`: a graph extracted below `public` lists them, and they are no public API.
        var spi: Bool?
        var swiftExtension: Extension?
        var location: Location?

        /// The declaration as Swift source: `func record(for recordID: CKRecord.ID) async throws -> CKRecord`.
        var declaration: String { (declarationFragments ?? []).map(\.spelling).joined() }

        /// The doc comment's text, lines joined, or `nil`.
        var documentation: String? {
            guard let lines = docComment?.lines.map(\.text), !lines.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
                return nil
            }
            return lines.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// The type the symbol is a member of (`CKDatabase`, `CKContainer.ApplicationPermissions`).
        var parentPath: String { pathComponents.dropLast().joined(separator: ".") }
    }

    /// `conformsTo` and `inheritsFrom` edges between symbols' precise identifiers; the rest is
    /// ignored. `nil` when the file has no relationships at all (a hand-made graph).
    struct Relationship: Decodable, Sendable {
        var kind: String
        var source: String
        var target: String
    }

    var module: Module
    var symbols: [Symbol]
    var relationships: [Relationship]?

    static func decode(_ data: Data) throws(DriftError) -> SymbolGraph {
        do {
            return try JSONDecoder().decode(SymbolGraph.self, from: data)
        } catch {
            // Foundation's decoder reports nesting past its limit as "not valid JSON": say which.
            let depth = nestingDepth(data)
            if depth > 500 {
                throw .symbolGraph("cannot read the symbol graph: its arrays and objects nest \(depth) deep, past what JSON decoding takes (512)")
            }
            throw .symbolGraph("cannot read the symbol graph: \(error)")
        }
    }

    /// How deep arrays and objects nest in JSON `data` (brackets inside strings not counted).
    static func nestingDepth(_ data: Data) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }
}

/// Why drafting or checking could not run at all (as opposed to drift findings).
public enum DriftError: Error, Sendable, CustomStringConvertible {
    /// The symbol graph is not a symbol graph.
    case symbolGraph(String)
    /// A requested SDK type is not in the symbol graph.
    case unknownType(String, suggestion: String?)
    /// The description does not parse or validate.
    case description(DiagnosticsError)

    public var description: String {
        switch self {
        case .symbolGraph(let message): return "error: \(message)"
        case .unknownType(let name, let suggestion):
            return "error: the symbol graph has no type \"\(name)\"" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? "")
        case .description(let error): return error.description
        }
    }
}
