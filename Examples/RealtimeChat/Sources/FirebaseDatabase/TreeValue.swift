// The stand-in's own model of the data at a location (Firebase's is `FNode`, not public): a leaf
// (string, number, bool) or a tree of children. An empty tree is no value, as in Firebase.

import Foundation

/// Data is copied in on write and out on read, so it is safe to share between threads; the
/// leaves are the immutable values an app writes (strings, numbers, booleans).
struct TreeValue: @unchecked Sendable {
    private(set) var leaf: Any?
    private(set) var children: [String: TreeValue]

    /// `nil` for `nil`, `NSNull` and empty dictionaries (Firebase stores none of them).
    init?(_ value: Any?) {
        let children: [String: TreeValue]
        switch value {
        case nil, is NSNull:
            return nil
        case let dictionary as [String: Any]:
            children = dictionary.compactMapValues { TreeValue($0) }
        case let dictionary as [AnyHashable: Any]:
            children = Dictionary(uniqueKeysWithValues: dictionary.compactMap { key, value in TreeValue(value).map { ("\(key)", $0) } })
        case let array as [Any]:
            children = Dictionary(uniqueKeysWithValues: array.enumerated().compactMap { index, value in TreeValue(value).map { ("\(index)", $0) } })
        case let value?:
            self.init(leaf: value, children: [:])
            return
        }
        if children.isEmpty { return nil }
        self.init(leaf: nil, children: children)
    }

    private init(leaf: Any?, children: [String: TreeValue]) {
        self.leaf = leaf
        self.children = children
    }

    /// What `DataSnapshot.value` returns: the leaf, or a dictionary of the children.
    var exported: Any { leaf ?? children.mapValues(\.exported) }

    func value(at path: some Collection<String>) -> TreeValue? {
        guard let first = path.first else { return self }
        return children[first]?.value(at: path.dropFirst())
    }

    /// `self` with `value` at `path` (`nil` removes it); `nil` when nothing is left.
    static func replacing(_ tree: TreeValue?, at path: some Collection<String>, with value: TreeValue?) -> TreeValue? {
        guard let first = path.first else { return value }
        var children = tree?.leaf == nil ? tree?.children ?? [:] : [:]
        children[first] = replacing(children[first], at: path.dropFirst(), with: value)
        return children.isEmpty ? nil : TreeValue(leaf: nil, children: children)
    }
}
