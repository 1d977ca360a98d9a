/// The runtime's, Swift's and Foundation's names as generated code spells them: fully
/// qualified, so a module the description imports, or a described type, with the same name
/// (an SDK exporting `Result` or `CallLog`, a prefix and name spelling `ErrorModel`) cannot take
/// their place. Templates write the same qualified names in their text.
enum Qualified {
    static let runtimeModule = "CloudDoubleRuntime"
    static let catalogueModule = "CloudDoubleCatalogue"

    static let void = "Swift.Void"
    static let string = "Swift.String"
    /// `Any` is a keyword, so it needs no module and nothing can hide it.
    static let any = "Any"
    static let anyError = "any Swift.Error"
    static let errorModel = runtimeModule + ".ErrorModel"
    static let swiftErrorCode = runtimeModule + ".SwiftErrorCode"
    static let atomicGroups = runtimeModule + ".AtomicGroups"
    static let errorCatalogue = catalogueModule + ".ErrorCatalogue"
    static let errorCodeInfo = catalogueModule + ".ErrorCodeInfo"

    /// `Swift.Result<value, any Swift.Error>`.
    static func result(_ value: String) -> String {
        "Swift.Result<" + value + ", " + anyError + ">"
    }

    /// `Swift.AsyncThrowingStream<element, any Swift.Error>`: what the protocols declare for a
    /// `stream` form, whatever `AsyncSequence` the SDK returns.
    static func stream(_ element: String) -> String {
        "Swift.AsyncThrowingStream<" + element + ", " + anyError + ">"
    }
}
