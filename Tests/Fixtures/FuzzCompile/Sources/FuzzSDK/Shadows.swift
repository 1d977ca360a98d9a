// Types named like the runtime's, Swift's and Foundation's names that generated code uses: every
// file the fuzz sample compiles imports this module, so an unqualified name in generated code
// would find one of these instead and fail to compile (issue #23, "names looked up in the
// user's scope"). Descriptions and the synthesized SDK spell these names qualified.
public struct Result {}
public struct Error {}
public struct CallLog {}
public struct CallKey {}
public struct FaultPlan {}
public struct FaultInjector {}
public struct ErrorModel {}
public struct MockRecorder {}
public struct Stub {}
public struct TimeSource {}
public struct TimeInterval {}
public struct ChildWrappers {}
public struct AtomicGroups {}
public struct ErrorCatalogue {}
public struct ErrorCodeInfo {}
public struct OperationBlocks {}
public struct ItemFaults {}
public struct RecordedCalls {}
public struct RecordingMock {}
public struct CompletionDelivery {}
public struct UInt64 {}
