/// `inherits`: a described type extends another one, whose members it has without repeating
/// them. The parent must be described, the links must not loop, and a child must not describe a
/// member again (its adapters, wrappers and mocks would declare it twice).
extension ValidationPass {
    func inheritance(_ types: [DescribedType], typeNames: [String: SourceLocation]) {
        let hierarchy = TypeHierarchy(types)
        let byName = Dictionary(types.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        var reportedCycles: Set<String> = []
        for type in types {
            guard let parent = type.inherits else { continue }
            guard typeNames[parent.value] != nil else {
                let hint =
                    Spelling.closest(to: parent.value, in: typeNames.keys.sorted()).map { "did you mean \"\($0)\"?" }
                    ?? "\"inherits\" names another described type: \(typeNames.keys.sorted().joined(separator: ", "))"
                sink.error("\(type.name.value) inherits \"\(parent.value)\", which is not a described type", at: parent.location, hint: hint)
                continue
            }
            if let cycle = cycle(from: type, byName: byName) {
                // One error per cycle, at the first of its types the description gives.
                let key = cycle.sorted().joined(separator: ",")
                if reportedCycles.insert(key).inserted {
                    sink.error(
                        "\(type.name.value) inherits from itself: " + (cycle + [type.name.value]).joined(separator: " inherits "),
                        at: parent.location, hint: "remove one \"inherits\" of the cycle")
                }
                continue
            }
            if let parentType = byName[parent.value] { subclassing(type, of: parentType, at: parent.location) }
            redeclared(type, ancestors: hierarchy.ancestors(of: type))
        }
    }

    /// What the description alone shows cannot be a subclass: the parent's own SDK class, or an
    /// SDK protocol under a class. (Whether one class subclasses another, `check` reads from
    /// the symbol graph.)
    private func subclassing(_ type: DescribedType, of parent: DescribedType, at location: SourceLocation) {
        let child = type.sdkType.model.map(\.canonical.description) ?? type.sdkType.value
        let ancestor = parent.sdkType.model.map(\.canonical.description) ?? parent.sdkType.value
        if child == ancestor {
            sink.error(
                "\(type.name.value) inherits \(parent.name.value), but both describe \(type.sdkType.value), which cannot subclass itself",
                at: location,
                hint:
                    "\"inherits\" names the described type of a class \(type.sdkType.value) subclasses; remove it, or give the subclass as \"sdkType\""
            )
        } else if Self.isProtocol(type.sdkType), !Self.isProtocol(parent.sdkType) {
            sink.error(
                "\(type.name.value) describes the protocol \(type.sdkType.value), which cannot subclass \(parent.name.value)'s class \(parent.sdkType.value)",
                at: location, hint: "a protocol type can inherit only the described type of a protocol it refines")
        }
    }

    private static func isProtocol(_ type: DeclaredType) -> Bool {
        if case .existential? = type.model { return true }
        return false
    }

    /// The types on the loop through `type`, starting with it; nil when its chain ends.
    private func cycle(from type: DescribedType, byName: [String: DescribedType]) -> [String]? {
        var chain = [type.name.value]
        var next = type.inherits?.value
        while let name = next, let parent = byName[name] {
            if name == type.name.value { return chain }
            if chain.contains(name) { return nil }  // A loop further up, reported at its own types.
            chain.append(name)
            next = parent.inherits?.value
        }
        return nil
    }

    /// A member of `type` that one of its ancestors describes already: the same property or call
    /// id (one stub key), or a form with the same selector and parameter types.
    private func redeclared(_ type: DescribedType, ancestors: [DescribedType]) {
        var inherited: [String: (owner: String, location: SourceLocation)] = [:]
        var forms: [String: (owner: String, location: SourceLocation)] = [:]
        for ancestor in ancestors.reversed() {
            for property in ancestor.properties { inherited[property.name.value] = (ancestor.name.value, property.name.location) }
            for call in ancestor.calls {
                inherited[callID(call)] = (ancestor.name.value, call.location)
                for form in call.forms {
                    let key = overloadKey(of: form, selector: Validator.fullName(of: form, in: call), in: call)
                    forms[key] = (ancestor.name.value, form.name.location)
                }
            }
        }
        let hint = "an inherited member is described once, on the type that declares it: remove it here"
        for property in type.properties {
            if let first = inherited[property.name.value] {
                sink.error(
                    "\(type.name.value) inherits \"\(property.name.value)\" from \(first.owner) (line \(first.location.line)) and describes it again",
                    at: property.name.location, hint: hint)
            }
        }
        for call in type.calls {
            let id = callID(call)
            if let first = inherited[id] {
                sink.error(
                    "\(type.name.value) inherits \"\(id)\" from \(first.owner) (line \(first.location.line)) and describes it again",
                    at: call.id?.location ?? call.location, hint: hint)
                continue
            }
            for form in call.forms {
                let selector = Validator.fullName(of: form, in: call)
                if let first = forms[overloadKey(of: form, selector: selector, in: call)] {
                    sink.error(
                        "\(type.name.value) inherits \(selector) with these parameter types from \(first.owner) (line \(first.location.line)) and declares it again",
                        at: form.name.location, hint: hint)
                    break
                }
            }
        }
    }

    /// A call's id: the given one, else its first form's name.
    private func callID(_ call: Call) -> String {
        call.id?.value ?? call.forms.first?.name.value ?? ""
    }
}
