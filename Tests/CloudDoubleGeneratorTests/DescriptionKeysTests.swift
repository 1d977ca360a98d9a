@testable import CloudDoubleGenerator
import XCTest

/// An object reader keeps each key's value at the key's place (`ObjectKey.slot`), read from the
/// enum's stored case number: it must be the key's index in `keys`, for every key of every object.
final class DescriptionKeysTests: XCTestCase {
    func testEveryKeysSlotIsItsPlace() {
        func check<Key: ObjectKey>(_: Key.Type) {
            XCTAssertEqual(MemoryLayout<Key>.size, 1, "\(Key.self)")
            XCTAssertLessThanOrEqual(Key.keys.count, 16, "\(Key.self): a reader keeps at most 16 keys")
            XCTAssertEqual(Key.keys.map(\.slot), Array(Key.keys.indices), "\(Key.self)")
            XCTAssertEqual(Key.keys.map(\.rawValue), Key.allCases.map(\.rawValue), "\(Key.self)")
        }
        check(DescriptionKey.self)
        check(TypeKey.self)
        check(OmittedKey.self)
        check(PropertyKey.self)
        check(CallKey.self)
        check(OperationKey.self)
        check(StreamKey.self)
        check(ItemInputKey.self)
        check(AtomicKey.self)
        check(FieldKey.self)
        check(OperationResultKey.self)
        check(BlockKey.self)
        check(BindingKey.self)
        check(ParameterKey.self)
        check(FormKind.self)
        check(FormKey.self)
        check(DeprecatedKey.self)
        check(ErrorModelKey.self)
        check(ErrorCodeKey.self)
    }
}
