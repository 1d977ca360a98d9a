/// What every generated live adapter is: the protocol over one SDK object, `base_`.
///
/// A generated class declares its own members with names ending in `_`, a spelling no
/// description name can take; the readable name is declared here, so a described member named
/// `base` hides it on that adapter only, and the code still compiles.
public protocol LiveAdapter: AnyObject {
    /// The SDK class (`CKDatabase`).
    associatedtype Base_
    var base_: Base_ { get }
}

extension LiveAdapter {
    /// The SDK object every member forwards to.
    public var base: Base_ { base_ }
}

/// What every generated fault-injecting wrapper is: any conforming instance, `wrapped_`, with
/// faults from `faults_`. The readable names are declared here, as for ``LiveAdapter``.
public protocol FaultInjectingWrapper: AnyObject {
    /// The protocol it wraps (`any CloudDatabase`).
    associatedtype Wrapped_
    var wrapped_: Wrapped_ { get }
    var faults_: FaultInjector { get }
}

extension FaultInjectingWrapper {
    /// The instance every call is forwarded to.
    public var wrapped: Wrapped_ { wrapped_ }
    /// The plan engine, shared with the wrappers of related objects.
    public var faults: FaultInjector { faults_ }
}
