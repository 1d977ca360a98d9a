/// How a live adapter or a fault wrapper passes on the described objects the app hands it (a
/// parameter's `ref`, the value set on a property holding one): each through the runtime's
/// `forwardedObject_` (`DescribedArguments.swift`), which unwraps it to the type the callee takes
/// (the SDK object under a live adapter, what a fault wrapper wraps) and stops the program, naming
/// `name`, on a mock handed to a live adapter. An optional or an array is unwrapped element by
/// element, so each element is checked as one object would be.
enum ForwardedObjects {
    /// `value`, a Swift expression of the reference's shape, as the callee takes it.
    static func expression(_ value: String, named name: String, shape: DescribedReference.Shape) -> String {
        let forwarded = { (object: String) in "\(Qualified.runtimeModule).forwardedObject_(\(object), \(StringLiteral(name).text))" }
        switch shape {
        case .one: return forwarded(value)
        case .optional, .array: return value + ".map { " + forwarded("$0") + " }"
        }
    }
}
