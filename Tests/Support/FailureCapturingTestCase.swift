import CloudDoubleRuntime
import XCTest

/// A test case that checks that the code under test records test failures (an unstubbed mock
/// call does): `expectFailures` runs its body, keeps the failures recorded meanwhile instead of
/// failing the test, and returns their messages. `XCTExpectFailure` exists on Apple platforms
/// only; XCTest's recording hook exists in both XCTests (`record(_:)` on Apple platforms,
/// `recordFailure(withDescription:inFile:atLine:expected:)` in swift-corelibs-xctest).
open class FailureCapturingTestCase: XCTestCase {
    private let captured = Locked<[String]?>(nil)

    public func expectFailures(_ body: () throws -> Void) rethrows -> [String] {
        captured.withLock { $0 = [] }
        defer { captured.withLock { $0 = nil } }
        try body()
        return captured.snapshot ?? []
    }

    public func expectFailures(_ body: () async throws -> Void) async rethrows -> [String] {
        captured.withLock { $0 = [] }
        defer { captured.withLock { $0 = nil } }
        try await body()
        return captured.snapshot ?? []
    }

    /// Keeps `message` when failures are expected; `false` otherwise.
    private func capture(_ message: String) -> Bool {
        captured.withLock { captured in
            guard captured != nil else { return false }
            captured?.append(message)
            return true
        }
    }

    #if canImport(Darwin)
        override open func record(_ issue: XCTIssue) {
            if !capture(issue.compactDescription) { super.record(issue) }
        }
    #else
        override open func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
            if !capture(description) { super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected) }
        }
    #endif
}
