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

    public static func < (lhs: Artifact, rhs: Artifact) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
