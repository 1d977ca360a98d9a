/// A name with its hash (`String.hashValue`), made where the name is made: a type's generated
/// names and SDK name are made on any core, with its checks, so the serial claim of every
/// generated name (`ValidationPass.generatedNames(_:)`) hashes none of them again.
struct HashedName: Sendable {
    let name: String
    let hash: Int

    init(_ name: String) {
        self.name = name
        hash = name.hashValue
    }
}

/// Names claimed so far, each with what claimed it: an open-addressing table looked up by a
/// name's hash, made already (`HashedName`), and its text compared only when the hashes are the
/// same. (A `Dictionary` of the names hashed each name again for every lookup and insertion:
/// three times per claim, ~80% of the serial checks' time.)
struct ClaimedNames<Owner> {
    /// Per slot, the index of its entry plus one; 0 for an empty slot.
    private var slots: [Int32]
    private var entries: [(name: HashedName, owner: Owner)] = []
    private var mask: Int

    /// Room for `capacity` names without growing: the table is never more than half full.
    init(capacity: Int) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        entries.reserveCapacity(capacity)
    }

    /// The slot of `name`: where it is, or the empty slot it would take.
    private func slot(of name: HashedName) -> Int {
        var slot = name.hash & mask
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if entries[entry].name.hash == name.hash && entries[entry].name.name == name.name { return slot }
            slot = (slot + 1) & mask
        }
        return slot
    }

    /// What claimed `name`, if anything has.
    func owner(of name: HashedName) -> Owner? {
        let slot = slot(of: name)
        return slots[slot] == 0 ? nil : entries[Int(slots[slot]) - 1].owner
    }

    /// Claims `name` for `owner` when nothing has claimed it (else keeps the first owner).
    mutating func claim(_ name: HashedName, for owner: Owner) {
        if entries.count * 2 >= slots.count { grow() }
        let slot = slot(of: name)
        guard slots[slot] == 0 else { return }
        entries.append((name, owner))
        slots[slot] = Int32(entries.count)
    }

    /// Twice the slots, every entry placed again (only when more names come than were made room for).
    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        mask = slots.count - 1
        for index in entries.indices {
            var slot = entries[index].name.hash & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index + 1)
        }
    }
}
