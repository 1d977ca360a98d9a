import Foundation

/// How the in-memory store writes the keyed archives it makes CloudKit objects from.
enum KeyedArchives {
    /// The bytes of a secure-coding archive that `encode` fills.
    ///
    /// On Apple platforms these are the archiver's `encodedData`. swift-corelibs-foundation's
    /// `encodedData` turns the archiver's `NSMutableData` into `Data` one byte at a time (0.45 ms
    /// for an 8.7 KB archive with 6.3.1, 9% of seeds-bench's CPU, docs/Benchmarks.md), so on Linux
    /// the archiver writes into an `NSMutableData` of ours, copied out in one go. Linux only:
    /// `init(forWritingWith:)` is deprecated on Apple platforms (macOS 10.14, iOS 12), not in
    /// swift-corelibs-foundation.
    static func data(_ encode: (NSKeyedArchiver) -> Void) -> Data {
        #if canImport(Darwin)
            let archiver = NSKeyedArchiver(requiringSecureCoding: true)
            encode(archiver)
            archiver.finishEncoding()
            return archiver.encodedData
        #else
            let bytes = NSMutableData()
            let archiver = NSKeyedArchiver(forWritingWith: bytes)
            archiver.requiresSecureCoding = true
            encode(archiver)
            archiver.finishEncoding()
            return Data(bytes: bytes.bytes, count: bytes.length)
        #endif
    }
}
