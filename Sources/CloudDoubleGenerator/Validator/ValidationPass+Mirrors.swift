/// Mirrored value types: their names, SDK types and members, and the calls that return them.
extension ValidationPass {
    /// The valid mirrors, by name.
    func mirrors() -> [String: MirroredType] {
        var valid: [String: MirroredType] = [:]
        for mirror in description.mirrors {
            let name = mirror.name
            var ok = namedType(mirror.sdkType, what: "the mirrored SDK type")
            if !SwiftNames.isIdentifier(name.value) || SwiftNames.isKeyword(name.value) {
                sink.error("the mirror name \"\(name.value)\" is not a valid Swift identifier", at: name.location)
                ok = false
            } else if generatedSpelling(name, what: "mirror") {
                ok = false
            } else if let first = valid[name.value] {
                sink.error("the mirror \"\(name.value)\" is declared twice (first at line \(first.name.location.line))", at: name.location)
                ok = false
            }
            if mirror.members.isEmpty {
                sink.error(
                    "the mirror \"\(name.value)\" has no members; list the members of \(mirror.sdkType.value) the app reads", at: mirror.location)
            }
            var members: [String: SourceLocation] = [:]
            for member in mirror.members {
                memberName(member.name, what: "mirrored member")
                if let first = members[member.name.value] {
                    sink.error("the member \"\(member.name.value)\" is listed twice (first at line \(first.line))", at: member.name.location)
                }
                members[member.name.value] = member.name.location
                declaredType(member.type, at: .property)
            }
            memberAvailability(mirror)
            if ok { valid[name.value] = mirror }
        }
        return valid
    }

    /// A call's `mirrors`: each names a mirror whose SDK type the result holds where a value can
    /// be copied into the mirror, or a parameter holds where the kept SDK value can be taken back
    /// out (`mirrorParameters`), and only forms that can convert the SDK's result use them.
    func mirrorUses(_ call: Call, mirrors: [String: MirroredType]) {
        guard !call.mirrors.isEmpty else { return }
        let takesMirrors = mirrorParameters(call, mirrors: mirrors)
        var result: (text: String, type: SwiftType)?
        if case .swift(let returns)? = call.returns {
            guard let model = returns.model else { return }  // reported with the type
            result = (returns.value, model)
        } else if !takesMirrors {
            sink.error("\"mirrors\" needs a \"returns\" type or a parameter that holds the mirrored SDK types", at: call.mirrors[0].location)
            return
        }
        var seen: Set<String> = []
        for used in call.mirrors {
            guard let mirror = mirrors[used.value] else {
                if description.mirrors.contains(where: { $0.name.value == used.value }) { continue }  // invalid, reported
                let names = description.mirrors.map(\.name.value).sorted()
                sink.error(
                    "\"\(used.value)\" is not a declared mirror", at: used.location,
                    hint: Spelling.closest(to: used.value, in: names).map { "did you mean \"\($0)\"?" }
                        ?? "declare it under the top-level \"mirrors\"")
                continue
            }
            if !seen.insert(used.value).inserted {
                sink.error("the mirror \"\(used.value)\" is listed twice", at: used.location)
                continue
            }
            guard let sdkType = mirror.sdkType.model else { continue }
            let one = MirrorSubstitution(mirrors: [(sdkType.canonical, used.value)])
            guard let result, one.holdsMirroredType(result.type) else {
                if !call.parameters.contains(where: { $0.type.model.map(one.holdsMirroredType) ?? false }) {
                    let neither = result.map { "neither the result \"\($0.text)\" nor a parameter holds" } ?? "no parameter holds"
                    sink.error("\(neither) \(mirror.sdkType.value), which the mirror \"\(used.value)\" mirrors", at: used.location)
                }
                continue
            }
            if one.holdsMirroredType(one.substituted(result.type)) {
                sink.error(
                    "the result holds \(mirror.sdkType.value) where a mirror cannot be copied in", at: used.location,
                    hint: "a mirror can be the result, or inside optionals, arrays ([T]), dictionary keys and values, Result successes and tuples")
            } else if !mirror.hashable, one.keysDictionary(result.type) {
                sink.error(
                    "the result's dictionary is keyed by \(mirror.sdkType.value), but the mirror \"\(used.value)\" is not hashable",
                    at: used.location,
                    hint: "add \"hashable\": true to the mirror, so that it can key a dictionary")
            }
        }
        for form in call.forms where form.handlerValueType != nil {
            sink.error(
                "a completion form with \"handlerValueType\" cannot return mirrors", at: form.location,
                hint: "use a \"result\" or \"async\" form for a call whose result holds mirrors")
        }
    }
}
