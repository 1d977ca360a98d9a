import CloudDoubleRuntime
import CloudDoubleTestSupport
import Foundation
import KitchenSinkSDK
import XCTest

@testable import KitchenSinkDoubles

/// `"inherits"`: `Folder` inherits `Node` (as `SettingsFolder` subclasses `SettingsNode`), and its
/// protocol, adapter, fault wrapper and mock have Node's members without the description
/// repeating them.
final class HierarchyTests: XCTestCase {
    /// App code written against the parent takes the child: the child's protocol refines it.
    func testAChildIsUsableAsItsParent() async throws {
        func sizeOf(_ node: any SinkNode) async throws -> Int { try await node.size() }
        let folder = MockSinkFolder(delivery: .immediate)
        folder.stub(.size, .value(4))
        let size = try await sizeOf(folder)
        XCTAssertEqual(size, 4)
    }

    /// An inherited call keeps its id: the child mock stubs and counts it by the parent's id, and
    /// the log records it under the type that received it.
    func testTheChildMockAnswersInheritedCallsByTheirIds() async throws {
        let folder = MockSinkFolder(delivery: .immediate)
        folder.stub(.path, .value("/a"))
        folder.stub(.describe, .value("a folder"))
        folder.stub(.size, .value(2))
        XCTAssertEqual(folder.path, "/a")
        XCTAssertEqual(folder.describe(), "a folder")
        let size = try await folder.size()
        XCTAssertEqual(size, 2)
        let delivered = Locked<Int?>(nil)
        folder.size { value, _ in delivered.withLock { $0 = value } }
        XCTAssertEqual(delivered.snapshot, 2)
        try await folder.add("x")
        XCTAssertEqual(folder.callCount(.size), 2, "both forms of the inherited call count as one call")
        XCTAssertEqual(
            folder.log.records.map { "\($0.type).\($0.call)" }, ["Folder.path", "Folder.describe", "Folder.size", "Folder.size", "Folder.add"])
        XCTAssertEqual(folder.log.records(of: SinkFolderCall.size).count, 2)
    }

    /// A fault rule on the child's key of an inherited call fails it; the parent's own rules
    /// name the parent's objects.
    func testFaultRulesReachInheritedCalls() async throws {
        let folder = MockSinkFolder(delivery: .immediate)
        folder.stub(.size, .value(1))
        let faulty = FaultInjectingSinkFolder(wrapping: folder, plan: FaultPlan { FaultRule.fail(.call(SinkFolderCall.size), with: 1) })
        do {
            _ = try await faulty.size()
            XCTFail("the inherited call should have failed")
        } catch {
            XCTAssertEqual((error as NSError).code, 1)
        }
        let byID = FaultInjectingSinkFolder(wrapping: folder, plan: FaultPlan { FaultRule.fail(.named("size"), with: 3) })
        do {
            _ = try await byID.size()
            XCTFail("a rule by id should reach the inherited call")
        } catch {
            XCTAssertEqual((error as NSError).code, 3)
        }
        let parentRule = FaultInjectingSinkFolder(wrapping: folder, plan: FaultPlan { FaultRule.fail(.call(SinkNodeCall.size), with: 3) })
        let size = try await parentRule.size()
        XCTAssertEqual(size, 1, "a Node rule names Node objects")
    }

    /// The live adapter forwards inherited members to the SDK subclass, which has them (and
    /// answers with its override where it has one).
    func testTheLiveAdapterForwardsInheritedMembers() async throws {
        let live = LiveSinkFolder(SettingsFolder(path: "/root"))
        XCTAssertEqual(live.path, "/root")
        XCTAssertEqual(live.describe(), "folder /root")
        XCTAssertEqual(LiveSinkNode(SettingsNode(path: "/n")).describe(), "node /n")
        try await live.add("x")
        let size = try await live.size()
        XCTAssertEqual(size, 1)
        let child = live.child(named: "b")
        XCTAssertEqual(child.path, "/root/b")
    }
}
