@_spi(StandIn) import FirebaseDatabase

/// `DataSnapshot` has no initialiser that takes data (in Firebase and in the stand-in; NSObject's
/// `init()` makes an empty one), so a test cannot make the snapshot a mock hands the app. On Linux
/// the stand-in can: write the value to a fresh in-process database and read it back. On Apple
/// platforms, with the real SDK, there is no such way without a server or the emulator (README:
/// what the generator cannot express yet).
enum Snapshots {
    static func of(_ value: Any, at path: String) async throws -> DataSnapshot {
        let reference = Database.database(url: "https://snapshots.invalid").reference(withPath: path)
        _ = try await reference.setValue(value)
        return try await reference.getData()
    }
}
