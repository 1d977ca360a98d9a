/// A name with its hash (`String.hashValue`), made where the name is made: a type's generated
/// names and SDK name are made on any core, with its checks, so the serial claim of every
/// generated name (`ValidationPass.generatedNames(_:)`) hashes none of them again. As a key, it
/// hashes as its hash alone and compares its text only when the hashes are the same. (Keyed by
/// the names themselves, a `Dictionary` hashed each name again for every lookup and insertion:
/// three times per claim, ~80% of the serial checks' time.)
struct HashedName: Hashable, Sendable {
    let name: String
    let hash: Int

    init(_ name: String) {
        self.name = name
        hash = name.hashValue
    }

    static func == (lhs: HashedName, rhs: HashedName) -> Bool {
        lhs.hash == rhs.hash && lhs.name == rhs.name
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
