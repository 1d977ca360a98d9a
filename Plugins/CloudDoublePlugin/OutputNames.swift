// The artifacts and the names of their files, in one place for the generator and both plugins.
// Plugins cannot depend on a library and SwiftPM compiles a plugin from its own directory only, so
// the file lives here and the generator (`Sources/CloudDoubleGenerator/Shared/`) and the command
// plugin hold symbolic links to it. Keep it free of imports.

/// The four things generated from a description, one file each.
public enum Artifact: String, Sendable, CaseIterable, Comparable {
    case protocols
    case live
    case faultInjecting
    case mocks

    /// The template that renders it (`Templates/<name>.mustache`).
    public var templateName: String { rawValue }

    /// Suffix of its output file: `CloudKit.Protocols.swift`.
    public var fileSuffix: String {
        switch self {
        case .protocols: return "Protocols"
        case .live: return "Live"
        case .faultInjecting: return "FaultInjecting"
        case .mocks: return "Mocks"
        }
    }

    /// What a target builds from its own descriptions: everything but the mocks, which only a
    /// test target gets (app code never compiles them).
    public static func forOwnDescriptions(isTestTarget: Bool) -> [Artifact] {
        isTestTarget ? allCases : [.protocols, .live, .faultInjecting]
    }

    public static func < (lhs: Artifact, rhs: Artifact) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// How a description's file names its generated files.
public enum DescriptionFileName {
    /// What a description's file name ends with.
    public static let suffix = ".clouddouble.json"

    /// `CloudKit` for `CloudKit.clouddouble.json` (the last path component of a description).
    /// Empty when the name leaves none, which the generator and the plugins refuse.
    public static func baseName(_ fileName: String) -> String {
        var name = fileName.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? fileName
        for suffix in [".json", ".clouddouble"] where name.hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
        return name
    }

    /// `CloudKit.Protocols.swift`.
    public static func outputName(base: String, artifact: Artifact) -> String {
        "\(base).\(artifact.fileSuffix).swift"
    }
}
