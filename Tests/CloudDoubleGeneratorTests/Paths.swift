import Foundation

/// Files of this repository that tests read (never anything outside it).
enum Paths {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let cloudKitDescription = root.appendingPathComponent("Descriptions/CloudKit.clouddouble.json")
    static let cloudKitDoubles = root.appendingPathComponent("Sources/CloudKitDoubles")
    static let cloudKitMocks = root.appendingPathComponent("Sources/CloudKitMocks")
    static let templates = root.appendingPathComponent("Templates")

    static func bytes(_ url: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url))
    }
}
