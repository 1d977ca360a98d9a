@testable import CloudDoubleGenerator
import XCTest

/// `TextBuilder` takes literal pieces from their static bytes and other pieces from the string;
/// `String(copying:)` makes a string from bytes as `String(decoding:as:)` does. Both are fast
/// paths for the same text, so each is compared with the plain one.
final class TextBuilderTests: XCTestCase {
    func testLiteralAndStringPiecesMakeTheSameText() {
        // A single-scalar literal is a `StaticString` without a pointer; a non-ASCII one has
        // more bytes than characters; a long one is copied by `update(from:)`.
        let name = "wörld"
        let long = String(repeating: "long piece ", count: 8)
        var text = TextBuilder(capacity: 16)
        text += "("
        text += "é"
        text += ""
        text += name
        text += ", "
        text += long
        text += "日本語 beyond sixteen bytes"
        text += name.isEmpty ? "a" : "b"
        let made = text.text()
        XCTAssertEqual(made, "(é" + name + ", " + long + "日本語 beyond sixteen bytes" + "b")
    }

    func testStringsFromBytesAreDecodedAsStringDecodingDoes() {
        let inputs: [[UInt8]] = [
            [], Array("key".utf8), Array("fifteen bytes!!".utf8), Array("sixteen bytes!!!".utf8), Array("é€日本".utf8),
            [0x61, 0xFF, 0x62], [0xC3], Array(repeating: 0x41, count: 40) + [0xE2, 0x82],
        ]
        for bytes in inputs {
            let made = bytes.withUnsafeBufferPointer { String(copying: $0) }
            let decoded = String(decoding: bytes, as: UTF8.self)
            XCTAssertEqual(made, decoded, "\(bytes)")
            XCTAssertEqual(Array(made.utf8), Array(decoded.utf8), "\(bytes)")
        }
    }
}
