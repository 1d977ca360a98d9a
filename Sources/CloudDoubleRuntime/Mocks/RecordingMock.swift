/// What every generated mock is: a class whose state lives in one ``MockRecorder``.
///
/// The API shared by all mocks is written once, here (with the entry points its members call, in
/// `RecordingMock+Members.swift`); a generated mock adds only its `recorder_`, `typeName_` and
/// `init(recorder_:)`, its members and the typed entry points that take its own key type (`stub`,
/// `calls`, `arguments`, `callCount`), which is what keeps generated mocks short and quick to
/// type-check.
///
/// Members a generated class declares for itself end in `_` (`recorder_`), a spelling no
/// description name can take; the readable names (`log`, `backing`) are declared here, so a
/// described member of the same name only hides them on that mock, and the code still compiles.
///
/// A mock describes itself by its class and, for a child mock, the call that handed it out
/// (`MockSinkSection(Settings.section(general))`): the call log shows which object the app passed
/// back to a call taking a described type.
public protocol RecordingMock: AnyObject, Sendable, CustomStringConvertible {
    /// All of this mock's state, behind one lock.
    var recorder_: MockRecorder { get }
    /// The described type's name, as the call log shows it (`Database`).
    static var typeName_: String { get }
    /// A mock whose state is `recorder_`; `init(log:delivery:)` makes one.
    init(recorder_: MockRecorder)
}

extension RecordingMock {
    /// A mock appending to `log` (pass one log to several mocks to see one ordered sequence),
    /// calling completion handlers as `delivery` says.
    ///
    /// Declared once here rather than in every generated mock: a generated initialiser's default
    /// arguments and its `MockRecorder(…)` call were type-checked again for each mock. The mock's
    /// name in messages is its class name.
    public init(log: CallLog = CallLog(), delivery: CompletionDelivery = .asynchronous) {
        self.init(log: log, delivery: delivery, origin: nil)
    }

    /// A mock `origin` handed out as a child.
    @usableFromInline
    init(log: CallLog, delivery: CompletionDelivery, origin: MockOrigin?) {
        self.init(recorder_: MockRecorder(mockName: "\(Self.self)", typeName: Self.typeName_, log: log, delivery: delivery, origin: origin))
    }

    /// The call log this mock appends to; share one log between mocks to see one ordered sequence.
    public var log: CallLog { recorder_.log }

    /// The mock's class and, for a child mock, the call that handed it out.
    public var description: String {
        recorder_.mockName + (origin_.map { "(\($0))" } ?? "")
    }

    /// Returns once every completion handler this mock has started delivering has run.
    public func settled() async {
        await recorder_.settled()
    }
}

/// A mock with a backing protocol: the calls the description marks with a store action can be
/// answered by an object conforming to it (`Backing_`, `any CloudDatabaseBacking`).
public protocol BackedMock: RecordingMock {
    associatedtype Backing_
}

extension BackedMock {
    /// Answers the calls and operations no stub answers, the way the service would (an in-memory
    /// store, for instance). Stubs still win, so a test can combine the two.
    ///
    /// A child mock without one of its own gets one from the nearest ``GraphBacking`` above it,
    /// so one store set on the first mock answers every object the app reaches from it.
    public var backing: Backing_? {
        get { backing_ }
        set { recorder_.backing = newValue.map { $0 as AnyObject } }
    }

    /// `backing`, under the name generated members read it by, which no described member hides.
    @_spi(Generated) @inlinable public var backing_: Backing_? {
        if let own = recorder_.backing as? Backing_ { return own }
        guard let origin = origin_ else { return nil }
        return graphBacking(below: origin)
    }
}

/// The calls made to one call of one mock, oldest first, with checks that throw a
/// ``VerificationFailure`` saying what happened instead. Under Swift Testing a thrown error is
/// recorded as the test's issue, with its message; under XCTest a throwing test fails with it.
///
/// ```swift
/// #expect(database.calls(.saveRecord).count == 1)
/// let record = try database.calls(.saveRecord).only()
/// ```
public struct RecordedCalls<Arguments> {
    /// `MockCloudDatabase.saveRecord`, for messages.
    public let name: String
    /// Each call's arguments, oldest first.
    public let arguments: [Arguments]

    public init(name: String, arguments: [Arguments]) {
        self.name = name
        self.arguments = arguments
    }

    public var count: Int { arguments.count }
    public var isEmpty: Bool { arguments.isEmpty }
    public var first: Arguments? { arguments.first }
    public var last: Arguments? { arguments.last }

    /// The arguments of the one call made; throws when there were none or several.
    public func only(fileID: String = #fileID, line: Int = #line) throws -> Arguments {
        guard arguments.count == 1 else {
            throw VerificationFailure("\(name) was called \(Self.times(arguments.count)), expected exactly once\(listing)", at: .init(fileID, line))
        }
        return arguments[0]
    }

    /// Throws unless the call was made exactly `expected` times.
    public func expectCount(_ expected: Int, fileID: String = #fileID, line: Int = #line) throws {
        guard arguments.count == expected else {
            throw VerificationFailure(
                "\(name) was called \(Self.times(arguments.count)), expected \(Self.times(expected))\(listing)", at: .init(fileID, line))
        }
    }

    /// Throws when the call was made at all.
    public func expectNone(fileID: String = #fileID, line: Int = #line) throws {
        try expectCount(0, fileID: fileID, line: line)
    }

    private var listing: String {
        arguments.isEmpty ? "" : ":" + arguments.enumerated().map { "\n  \($0.offset + 1). \($0.element)" }.joined()
    }

    static func times(_ count: Int) -> String {
        switch count {
        case 0: return "never"
        case 1: return "once"
        default: return "\(count) times"
        }
    }
}

extension RecordedCalls: @unchecked Sendable {}

/// A failed check of the calls a mock recorded. Its description is the whole message: what was
/// expected, and what the log holds instead.
public struct VerificationFailure: Error, CustomStringConvertible, Sendable {
    /// Where the check was written, so the message points at the test line under any framework.
    public struct Location: Sendable, Hashable {
        public var fileID: String
        public var line: Int

        public init(_ fileID: String, _ line: Int) {
            self.fileID = fileID
            self.line = line
        }
    }

    public let message: String
    public let location: Location

    public init(_ message: String, at location: Location) {
        self.message = message
        self.location = location
    }

    public var description: String { "\(location.fileID):\(location.line): \(message)" }
}

extension CallLog {
    /// Throws unless the log holds these calls in this order (other calls may come between
    /// them). The message lists the whole log, so a failure shows what happened instead:
    ///
    /// ```swift
    /// try log.expectOrder(CloudContainerCall.accountStatus, CloudDatabaseCall.saveRecord)
    /// ```
    public func expectOrder(_ keys: any CallKey..., fileID: String = #fileID, line: Int = #line) throws {
        let records = self.records
        var next = 0
        for record in records where next < keys.count {
            let key = keys[next]
            if record.type == type(of: key).typeName && record.call == key.id { next += 1 }
        }
        guard next < keys.count else { return }
        let expected = keys.map { "\($0)" }.joined(separator: " then ")
        let logged = records.isEmpty ? " (the log is empty)" : ":" + records.map { "\n  \($0)" }.joined()
        throw VerificationFailure(
            "expected \(expected); \(keys[next]) is missing after the calls before it. The log holds\(logged)", at: .init(fileID, line))
    }

    /// The records of one call, oldest first.
    public func records(of key: some CallKey) -> [CallRecord] {
        records(type: type(of: key).typeName, call: key.id)
    }
}
