/// What every async member of the made-up SDK throws.
public struct FuzzSDKError: Swift.Error {
    public init() {}
}
