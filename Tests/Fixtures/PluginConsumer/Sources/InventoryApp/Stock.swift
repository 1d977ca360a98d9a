/// App code over an internal generated protocol.
struct Stock {
    let store: any InventoryStore

    func count(of item: String) async throws -> Int {
        Int(try await store.value(forKey: item) ?? "") ?? 0
    }
}
