@_spi(StandIn) import FirebaseDatabase

/// `DataSnapshot` has no public initialiser (in Firebase and in the stand-in), so a test cannot
/// make the snapshot a mock hands the app. On Linux the stand-in can: write the value to a
/// fresh in-process database and read it back. On Apple platforms, with the real SDK, there is
/// no such way without a server or emulator (README: what the generator cannot express yet).
enum Snapshots {
    static func of(_ value: Any, at path: String) async throws -> DataSnapshot {
        let reference = Database.database(url: "https://snapshots.invalid").reference(withPath: path)
        _ = try await reference.setValue(value)
        return try await reference.getData()
    }

    /// A `DatabaseReference` for the mocks' `setValue` results (also without a public initialiser).
    static func reference(_ path: String = "rooms/general") -> DatabaseReference {
        Database.database(url: "https://snapshots.invalid").reference(withPath: path)
    }
}
