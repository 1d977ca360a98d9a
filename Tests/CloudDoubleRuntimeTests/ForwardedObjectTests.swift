import XCTest

@_spi(Generated) @testable import CloudDoubleRuntime

/// How the generated code forwards a described object the app passes back (`forwardedObject_`):
/// the callee's type chooses the layer, and a mock handed to a live adapter is refused by name.
final class ForwardedObjectTests: XCTestCase {
    final class SDKThing {}
    protocol Thing: AnyObject {}
    final class LiveThing: Thing, LiveAdapter {
        let base_ = SDKThing()
    }
    final class MockThing: Thing {}
    final class FaultyThing: Thing, FaultInjectingWrapper {
        let wrapped_: any Thing
        let faults_ = FaultInjector(errorModel: .cloudKit)
        init(_ wrapped: any Thing) { wrapped_ = wrapped }
    }

    func testALiveAdapterGetsTheSDKObjectUnderAnAdapterOrAFaultWrapper() throws {
        let live = LiveThing()
        XCTAssertTrue(try forwardedObject(live, as: SDKThing.self).get() === live.base_)
        XCTAssertTrue(try forwardedObject(FaultyThing(live), as: SDKThing.self).get() === live.base_)
    }

    func testAFaultWrapperGetsWhatTheArgumentWraps() throws {
        let mock = MockThing()
        XCTAssertTrue(try forwardedObject(FaultyThing(mock), as: (any Thing).self).get() === mock)
        XCTAssertTrue(try forwardedObject(mock, as: (any Thing).self).get() === mock, "anything else as it is")
    }

    func testAMockHandedToALiveAdapterIsRefusedByName() {
        switch forwardedObject(FaultyThing(MockThing()), as: SDKThing.self) {
        case .success: XCTFail("a mock has no SDK object under it")
        case .failure(let problem):
            XCTAssertEqual(
                problem.description,
                "a MockThing, which has no SDKThing under it: a live adapter passes the SDK the objects it wraps, "
                    + "so pass an object the live adapters handed out, not a mock")
        }
    }
}
