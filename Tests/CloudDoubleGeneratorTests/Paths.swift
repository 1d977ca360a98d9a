import Foundation

/// Files of this repository that tests read (never anything outside it).
enum Paths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let cloudKitDescription = root.appendingPathComponent("Descriptions/CloudKit.clouddouble.json")
    static let cloudKitDoubles = root.appendingPathComponent("Sources/CloudKitDoubles")
    static let cloudKitMocks = root.appendingPathComponent("Sources/CloudKitMocks")
    static let templates = root.appendingPathComponent("Templates")

    /// `url`'s path from the package root, as CI passes descriptions to the generator (the path
    /// is written into `#sourceLocation` directives, so goldens depend on it).
    static func relative(_ url: URL) -> String {
        String(url.path.dropFirst(root.path.count + 1))
    }

    static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }
}
