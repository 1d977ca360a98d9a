#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

#if DEBUG
    import Foundation
#endif

/// Records a failure in the test that is running: a Swift Testing issue when a Swift Testing test
/// is running on this task, else an XCTest failure when XCTest is loaded. Without either, nothing.
///
/// The runtime links neither framework (an app links the runtime, and neither exists in an app on
/// a device). Swift Testing is reached first through `CloudDoubleTesting`, which links it: its
/// `SwiftTestingIssues` class (a ``SwiftTestingIssueRecorder``), found by name with Foundation's
/// `NSClassFromString`, which finds it in a statically linked test binary, where `dlsym` does
/// not (SwiftPM does not export a test binary's symbols on Linux). A test target that does not
/// link `CloudDoubleTesting` falls back to Swift Testing's public entry points by their mangled
/// names, and XCTest's `XCTFail` is always reached that way (the way
/// pointfreeco/swift-issue-reporting reaches XCTest; our code, not theirs).
///
/// Compiled only into debug builds (`#if DEBUG`): a release build of an app that links the
/// runtime contains no lookup and not even the symbol names; the caller still throws its error.
enum TestFailure {
    /// Records `message` as a failure of the running test; `true` when a framework took it.
    @discardableResult
    static func record(_ message: String, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line) -> Bool {
        #if DEBUG
            if let recorder = NSClassFromString(testIssueRecorderName) as? any SwiftTestingIssueRecorder.Type {
                if recorder.recordIssue(message) { return true }
            } else if SwiftTestingEntryPoints.recordIfTesting(message, fileID: fileID, filePath: "\(filePath)", line: Int(line)) {
                return true
            }
            return XCTestEntryPoints.fail(message, file: filePath, line: line)
        #else
            return false
        #endif
    }
}

/// What `CloudDoubleTesting` implements so that the runtime reaches Swift Testing without linking
/// it: one class, named `CloudDoubleTesting.SwiftTestingIssues`, that `TestFailure` finds by name.
@_spi(TestSupport) public protocol SwiftTestingIssueRecorder: AnyObject {
    /// Records `message` as an issue of the Swift Testing test running on this task, at the
    /// test's declaration (the app's call site is in the app, not in the test); `false` when no
    /// Swift Testing test is running on this task.
    static func recordIssue(_ message: String) -> Bool
}

#if DEBUG
    /// The class of `CloudDoubleTesting` that conforms to ``SwiftTestingIssueRecorder``.
    let testIssueRecorderName = "CloudDoubleTesting.SwiftTestingIssues"

    /// A symbol of a library loaded in this process, or `nil`.
    private func loadedSymbol(_ name: String) -> UnsafeMutableRawPointer? {
        #if canImport(Darwin)
            // RTLD_DEFAULT, `(void *)-2` in <dlfcn.h>: every image, including test bundles the runner
            // loaded itself.
            dlsym(UnsafeMutableRawPointer(bitPattern: -2), name)
        #else
            // The program and the libraries it was linked with: the test runner links XCTest and Testing.
            dlsym(dlopen(nil, RTLD_NOW), name)
        #endif
    }

    /// Swift Testing's public entry points, by their mangled names (stable: Testing is built with
    /// library evolution), for test targets that do not link `CloudDoubleTesting`. Swift Testing
    /// 6.2 added `Issue.record(_:severity:sourceLocation:)`; the overload used here, without a
    /// severity, is in every version from 6.0 on (its `Severity` argument could not be made without
    /// spelling the type). `Comment`, `SourceLocation`, `Test` and `Issue` are resilient, so they are
    /// passed and returned indirectly: calling through a function type over opened generic types
    /// gives exactly that convention, with sizes from the real metadata.
    enum SwiftTestingEntryPoints {
        /// A Swift type metadata accessor: `(MetadataRequest) -> MetadataResponse`.
        typealias MetadataAccessor = @convention(thin) (Int) -> (UnsafeRawPointer, Int)

        static func type(_ accessor: String) -> Any.Type? {
            guard let symbol = loadedSymbol(accessor) else { return nil }
            let response = unsafeBitCast(symbol, to: MetadataAccessor.self)(0)  // 0: complete metadata
            return unsafeBitCast(response.0, to: Any.Type.self)
        }

        static func recordIfTesting(_ message: String, fileID: String, filePath: String, line: Int) -> Bool {
            guard let test = type("$s7Testing4TestVMa"), let comment = type("$s7Testing7CommentVMa"),
                let location = type("$s7Testing14SourceLocationVMa"), let issue = type("$s7Testing5IssueVMa"),
                // static Test.current: Test?
                let current = loadedSymbol("$s7Testing4TestV7currentACSgvgZ"),
                // Comment.init(rawValue: String)
                let makeComment = loadedSymbol("$s7Testing7CommentV8rawValueACSS_tcfC"),
                // SourceLocation.init(fileID: String, filePath: String, line: Int, column: Int)
                let makeLocation = loadedSymbol("$s7Testing14SourceLocationV6fileID0D4Path4line6columnACSS_SSS2itcfC"),
                // static Issue.record(_: Comment?, sourceLocation: SourceLocation) -> Issue
                let record = loadedSymbol("$s7Testing5IssueV6record_14sourceLocationAcA7CommentVSg_AA06SourceE0VtFZ")
            else { return false }
            guard isRunning(test, current: current) else { return false }
            recordIssue(
                comment, location, issue, message: message, fileID: fileID, filePath: filePath, line: line,
                makeComment: makeComment, makeLocation: makeLocation, record: record)
            return true
        }

        /// Whether `Test.current` is not `nil`: a Swift Testing test is running on this task.
        static func isRunning<Test>(_: Test.Type, current: UnsafeMutableRawPointer) -> Bool {
            unsafeBitCast(current, to: (@convention(thin) () -> Test?).self)() != nil
        }

        static func recordIssue<Comment, Location, Issue>(
            _: Comment.Type, _: Location.Type, _: Issue.Type, message: String, fileID: String, filePath: String, line: Int,
            makeComment: UnsafeMutableRawPointer, makeLocation: UnsafeMutableRawPointer, record: UnsafeMutableRawPointer
        ) {
            // Initialisers take their arguments +1 (`__owned`); static methods borrow them.
            let comment = unsafeBitCast(makeComment, to: (@convention(thin) (__owned String) -> Comment).self)(message)
            let location = unsafeBitCast(makeLocation, to: (@convention(thin) (__owned String, __owned String, Int, Int) -> Location).self)(
                fileID, filePath, line, 1)
            _ = unsafeBitCast(record, to: (@convention(thin) (Comment?, Location) -> Issue).self)(comment, location)
        }
    }

    /// XCTest's `XCTFail(_:file:line:)`, whose types are the standard library's.
    private enum XCTestEntryPoints {
        static func fail(_ message: String, file: StaticString, line: UInt) -> Bool {
            // In XCTest's Swift overlay on Apple platforms, in XCTest itself on Linux.
            guard let symbol = loadedSymbol("$s6XCTest7XCTFail_4file4lineySS_s12StaticStringVSutF") else { return false }
            unsafeBitCast(symbol, to: (@convention(thin) (String, StaticString, UInt) -> Void).self)(message, file, line)
            return true
        }
    }
#endif
