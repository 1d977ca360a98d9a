/// The names the description's Swift types are written with, which generated code spells as the
/// description wrote them (unqualified): a generated declaration with one of them would take
/// their place, and a member type of the struct they are written in would too.
extension ValidationPass {
    /// The first name of every named type the description writes (`CKRecord` of
    /// `[CKRecord.ID: CKRecord]`), in any position.
    func writtenTypeNames() -> Set<String> {
        var names: Set<String> = []
        for type in writtenTypes() {
            type.model?.walk { if case .nominal(let parts) = $0, let first = parts.first { names.insert(first.name) } }
        }
        return names
    }

    /// Every Swift type the description writes.
    private func writtenTypes() -> [DeclaredType] {
        var types: [DeclaredType] = []
        for type in description.types {
            types.append(type.sdkType)
            for property in type.properties { if case .swift(let written) = property.type { types.append(written) } }
            for call in type.calls {
                types += call.parameters.map(\.type)
                if case .swift(let written)? = call.returns { types.append(written) }
                types += call.forms.compactMap(\.handlerValueType)
            }
        }
        for mirror in description.mirrors { types += [mirror.sdkType] + mirror.members.map(\.type) }
        types += description.operations.flatMap(operationTypes)
        if let model = description.errorModel {
            types += model.errorType.map { [$0] } ?? []
            if case .codes(let codes) = model.catalogue { types += codes.compactMap(\.swiftError?.type) }
        }
        return types
    }

    /// The Swift types an operation writes, all of which generated code spells inside its
    /// outcome struct.
    private func operationTypes(_ operation: OperationSpec) -> [DeclaredType] {
        var types = [operation.sdkType, operation.result.type] + operation.result.blocks.map(\.type)
        for stream in operation.streams {
            switch stream.kind {
            case .items(let key, let value, _): types += [key, value]
            case .events(let fields): types += fields.map(\.type)
            }
            types += stream.blocks.map(\.type)
        }
        return types
    }

    /// Refuses an operation type that names a member type of the outcome struct it is written
    /// in (`GeneratedNames.outcomeMemberTypes`): there the name means the member, not the type
    /// the description means.
    func outcomeMemberTypeNames() {
        let members = Set(GeneratedNames.outcomeMemberTypes)
        for operation in description.operations {
            for type in operationTypes(operation) {
                var named: Set<String> = []
                type.model?.walk {
                    if case .nominal(let parts) = $0, let first = parts.first, members.contains(first.name) { named.insert(first.name) }
                }
                for name in named.sorted() {
                    sink.error(
                        "the type \"\(type.value)\" names \(name), which inside the generated outcome of \(operation.name.value) means its own member type \(name)",
                        at: type.location, hint: "write the type qualified by its module (SDK.\(name))")
                }
            }
        }
    }
}
