import Foundation
import XCTest

@testable import CloudDoubleGenerator

/// `trimmingSpaces()` keeps what Foundation's `trimmingCharacters(in: .whitespaces)` keeps.
final class TrimmingTests: XCTestCase {
    func testTrimmingSpacesAgreesWithFoundation() {
        let texts = [
            "", " ", "\t", "  a  ", "\ta b\t", "iOS 15.0", " introduced: 15.0 ", "\u{00A0}x\u{00A0}", "\u{3000}y\u{2003}",
            "\nkept\n", " \n z \n ", "é ", " 👩‍👩‍👧 ", "a\u{0301} ",
        ]
        for text in texts {
            XCTAssertEqual(text.trimmingSpaces(), text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
            XCTAssertEqual(text[...].trimmingSpaces(), text.trimmingCharacters(in: .whitespaces))
        }
    }
}
