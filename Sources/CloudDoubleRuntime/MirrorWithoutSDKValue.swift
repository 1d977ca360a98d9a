/// Thrown (or delivered to the completion handler) by a live adapter handed a mirror that holds
/// no SDK value: a mirror a test made with its memberwise initialiser, not one the live adapter
/// copied from the SDK. The SDK takes back only the objects it handed out (a share's metadata to
/// `accept`), so such a mirror can reach mocks and in-memory stores, never the real SDK.
public struct MirrorWithoutSDKValue: Error, CustomStringConvertible, Sendable, Hashable {
    /// The mirror's generated name (`CloudShareMetadata`).
    public let mirror: String
    /// The SDK type the live adapter needed (`CKShare.Metadata`).
    public let sdkType: String

    public init(mirror: String, sdkType: String) {
        self.mirror = mirror
        self.sdkType = sdkType
    }

    public var description: String {
        "a \(mirror) made by its memberwise initialiser holds no \(sdkType), so a live adapter cannot hand it to the SDK; "
            + "pass the \(mirror) the live adapter returned (it keeps the SDK's value), or use a mock or an in-memory store in tests"
    }
}
