/// The wrappers a live adapter or fault wrapper made for the objects its own object hands out (a
/// container's databases): one wrapper per object, so reading `privateCloudDatabase` twice gives
/// the same wrapper, as CloudKit gives the same `CKDatabase`.
///
/// Objects are held, so their identity is never reused while their wrapper is remembered. Values
/// that are not class instances cannot be told apart by identity and get a new wrapper each time.
@_spi(Generated) public final class ChildWrappers: Sendable {
    private let wrappers = Locked<[ObjectIdentifier: (object: AnyObject, wrapper: Any)]>([:])

    public init() {}

    /// The wrapper made for `object` before, or a new one made by `make`.
    public func wrapper<Object, Wrapper>(for object: Object, make: (Object) -> Wrapper) -> Wrapper {
        guard type(of: object as Any) is AnyClass else { return make(object) }
        let instance = object as AnyObject
        let key = ObjectIdentifier(instance)
        if let known = wrappers.withLock({ $0[key]?.wrapper as? Wrapper }) { return known }
        let made = make(object)
        return wrappers.withLock { wrappers in
            if let known = wrappers[key]?.wrapper as? Wrapper { return known }  // another thread made one first
            wrappers[key] = (instance, made)
            return made
        }
    }

    /// The wrapper of the object, if there is one (`"returnsRef": "Section?"`).
    public func wrapper<Object, Wrapper>(for object: Object?, make: (Object) -> Wrapper) -> Wrapper? {
        object.map { wrapper(for: $0, make: make) }
    }

    /// The wrapper of each object, in order (`"returnsRef": "[Section]"`).
    public func wrapper<Object, Wrapper>(for objects: [Object], make: (Object) -> Wrapper) -> [Wrapper] {
        objects.map { wrapper(for: $0, make: make) }
    }
}
