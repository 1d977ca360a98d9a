/// A described object the app passes back to the SDK (a batch's `delete(_ section:)`), as the
/// generated code forwards it: the type the callee takes (`Callee`) says which layer it goes to.
///
/// - A live adapter calls the SDK, which takes its own object (`SettingsSection`): the argument
///   must be a live adapter (possibly under a fault wrapper), and its `base` is passed.
/// - A fault wrapper calls what it wraps, which takes the protocol (`any SinkSection`): a fault
///   wrapper's argument is unwrapped once, to the live adapter or mock below it, so a mock sees
///   its own child mocks; anything else is passed as it is.
///
/// An object that cannot reach the SDK (a mock handed to a live adapter) stops the program with
/// a message naming the call and the parameter: the SDK would get no object of its own to act on.
@_spi(Generated) public func forwardedObject_<Callee>(
    _ argument: Any, _ parameter: StaticString, function: StaticString = #function
) -> Callee {
    switch forwardedObject(argument, as: Callee.self) {
    case .success(let object): return object
    case .failure(let problem): fatalError("CloudDouble: the argument \"\(parameter)\" of \(function) is \(problem)")
    }
}

/// Why an argument cannot be forwarded: it has nothing of the callee's type under it.
struct UnforwardableObject: Error, CustomStringConvertible {
    let argumentType: String
    let calleeType: String

    var description: String {
        "a \(argumentType), which has no \(calleeType) under it: a live adapter passes the SDK the objects it "
            + "wraps, so pass an object the live adapters handed out, not a mock"
    }
}

/// `argument` as the callee takes it (`forwardedObject_`), or why it cannot be.
func forwardedObject<Callee>(_ argument: Any, as _: Callee.Type) -> Result<Callee, UnforwardableObject> {
    var argument = argument
    if let wrapper = argument as? any FaultInjectingWrapper {
        if let wrapped = wrapper.wrapped_ as? Callee { return .success(wrapped) }
        argument = wrapper.wrapped_
    }
    if let adapter = argument as? any LiveAdapter, let base = adapter.base_ as? Callee { return .success(base) }
    if let same = argument as? Callee { return .success(same) }
    return .failure(UnforwardableObject(argumentType: String(describing: type(of: argument)), calleeType: String(describing: Callee.self)))
}
