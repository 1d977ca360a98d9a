@_spi(Generated) import CloudDoubleRuntime
import Foundation

/// The names a keyed archive gives each class (`$classname`, and `$classes` and `$classhints`),
/// worked out once per class for a service's `KeyedArchiveWriter`s: `NSStringFromClass` parses a
/// Swift class's qualified name on every call in swift-corelibs-foundation (about 4% of the CPU of
/// a user's exploration scenario in a debug build, target g in docs/Benchmarks.md, when each
/// archive named its classes afresh). Classes live as long as the process, so their identifiers
/// stay theirs. A name mapped by `NSKeyedArchiver.setClassName(_:for:)` after a class was first
/// archived by the service is not seen by it.
final class KeyedArchiveClassNames: Sendable {
    struct Names: Sendable {
        /// `$classname`.
        var name: String
        /// The class and its superclasses, `nil` for a class archived under a mapped name (the
        /// archivers then write the name alone).
        var chain: [String]?
        /// `classFallbacksForKeyedArchiver()`.
        var hints: [String]
        /// Whether it is Foundation's (its name unqualified, "NS" or "_" first): those write
        /// their keys for `NSKeyedArchiver` only.
        var isFoundation: Bool
    }

    private let known = Locked<[ObjectIdentifier: Names]>([:])

    func names(of archivedClass: AnyClass) -> Names {
        if let names = known.withLock({ $0[ObjectIdentifier(archivedClass)] }) { return names }
        let name = NSStringFromClass(archivedClass)
        let isFoundation = !name.contains(".") && (name.hasPrefix("NS") || name.hasPrefix("_"))
        var names = Names(name: name, chain: nil, hints: [], isFoundation: isFoundation)
        if let mapped = NSKeyedArchiver.classNameForClass(archivedClass), mapped != name {
            names.name = mapped
        } else {
            var chain: [String] = []
            var next: AnyClass? = archivedClass
            while let current = next {
                chain.append(NSStringFromClass(current))
                next = Self.superclass(of: current)
            }
            names.chain = chain
            names.hints = (archivedClass as? NSObject.Type)?.classFallbacksForKeyedArchiver() ?? []
        }
        known.withLock { $0[ObjectIdentifier(archivedClass)] = names }
        return names
    }

    private static func superclass(of archivedClass: AnyClass) -> AnyClass? {
        #if canImport(Darwin)
            return class_getSuperclass(archivedClass)
        #else
            return (archivedClass as? NSObject.Type)?.superclass
        #endif
    }
}
