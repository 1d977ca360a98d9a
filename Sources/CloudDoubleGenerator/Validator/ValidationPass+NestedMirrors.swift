/// Mirrors holding mirrors: a mirror's `mirrors` name other mirrors whose SDK types its members
/// hold where a value can be copied in, a `Sendable` mirror holds only `Sendable` ones, and no
/// mirror holds itself, directly or through others (a struct cannot contain itself).
extension ValidationPass {
    func nestedMirrors(_ valid: [String: MirroredType]) {
        for mirror in description.mirrors where !mirror.mirrors.isEmpty {
            var seen: Set<String> = []
            for used in mirror.mirrors {
                guard let nested = valid[used.value] else {
                    if description.mirrors.contains(where: { $0.name.value == used.value }) { continue }  // invalid, reported
                    let names = description.mirrors.map(\.name.value).filter { $0 != mirror.name.value }.sorted()
                    sink.error(
                        "\"\(used.value)\" is not a declared mirror", at: used.location,
                        hint: Spelling.closest(to: used.value, in: names).map { "did you mean \"\($0)\"?" }
                            ?? "declare it under the top-level \"mirrors\"")
                    continue
                }
                guard seen.insert(used.value).inserted else {
                    sink.error("the mirror \"\(used.value)\" is listed twice", at: used.location)
                    continue
                }
                if mirror.sendable && !nested.sendable {
                    sink.error(
                        "the Sendable mirror \"\(mirror.name.value)\" cannot hold \"\(used.value)\", which is not Sendable", at: used.location,
                        hint: "add \"sendable\": false to \"\(mirror.name.value)\"")
                }
                if mirror.hashable && !nested.hashable {
                    sink.error(
                        "the hashable mirror \"\(mirror.name.value)\" cannot hold \"\(used.value)\", which is not hashable", at: used.location,
                        hint: "add \"hashable\": true to \"\(used.value)\"")
                }
                guard let sdkType = nested.sdkType.model else { continue }
                let one = MirrorSubstitution(mirrors: [(sdkType.canonical, used.value)])
                let holding = mirror.members.compactMap(\.type.model).filter(one.holdsMirroredType)
                if holding.isEmpty {
                    sink.error(
                        "no member of the mirror \"\(mirror.name.value)\" holds \(nested.sdkType.value), which \"\(used.value)\" mirrors",
                        at: used.location)
                } else if holding.contains(where: { one.holdsMirroredType(one.substituted($0)) }) {
                    sink.error(
                        "a member holds \(nested.sdkType.value) where a mirror cannot be copied in", at: used.location,
                        hint:
                            "a mirror can be the member's type, or inside optionals, arrays ([T]), dictionary keys and values, Result successes and tuples"
                    )
                } else if !nested.hashable, holding.contains(where: one.keysDictionary) {
                    sink.error(
                        "a member's dictionary is keyed by \(nested.sdkType.value), but the mirror \"\(used.value)\" is not hashable",
                        at: used.location,
                        hint: "add \"hashable\": true to \"\(used.value)\"")
                }
            }
        }
        mirrorCycles(valid)
    }

    /// One error per cycle, at the `mirrors` entry that closes it, naming the mirrors on it.
    private func mirrorCycles(_ valid: [String: MirroredType]) {
        var done: Set<String> = []
        var path: [String] = []
        func visit(_ mirror: MirroredType) {
            path.append(mirror.name.value)
            for used in mirror.mirrors {
                guard let nested = valid[used.value], !done.contains(used.value) else { continue }
                if let start = path.firstIndex(of: used.value) {
                    let cycle = (path[start...] + [used.value]).map { "\"\($0)\"" }.joined(separator: " → ")
                    sink.error(
                        "the mirror \"\(mirror.name.value)\" would hold itself (\(cycle)): a struct cannot contain itself", at: used.location,
                        hint: "leave the member out of one of these mirrors, or keep it the SDK's type there")
                    continue
                }
                visit(nested)
            }
            path.removeLast()
            done.insert(mirror.name.value)
        }
        for mirror in description.mirrors where valid[mirror.name.value] != nil && !done.contains(mirror.name.value) {
            visit(valid[mirror.name.value]!)
        }
    }
}
