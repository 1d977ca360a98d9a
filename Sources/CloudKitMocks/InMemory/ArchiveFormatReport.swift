import CloudDoubleRuntime
import Foundation

/// Where the in-memory CloudKit says that one of CloudKit's archive formats is not the one it was
/// written against: the store gives objects server-set values (change tags, dates, tokens) by
/// decoding archives in Apple's format (see `SystemFields`, `OpaqueValues`), so a future SDK that
/// renames a key would otherwise make it lose those values silently. Each problem is reported
/// once per service: on standard error, which every test run shows, and in `problems`, which a
/// test can assert on. What the store does instead is said in the message.
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
public final class ArchiveFormatReport: Sendable {
    private let reported = Locked<[String]>([])

    public init() {}

    /// The problems reported so far, oldest first.
    public var problems: [String] { reported.snapshot }

    func report(_ problem: String) {
        let isNew = reported.withLock { problems in
            guard !problems.contains(problem) else { return false }
            problems.append(problem)
            return true
        }
        if isNew { FileHandle.standardError.write(Data("CloudDouble: \(problem)\n".utf8)) }
    }
}
