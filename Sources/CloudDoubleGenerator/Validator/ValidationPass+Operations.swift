/// Operations: their streams, blocks and roles, inputs and atomic requests.
extension ValidationPass {
    /// Checks every operation; returns the names of the valid ones.
    func operations() -> [String] {
        var names: [String: SourceLocation] = [:]
        var classes: [String: SourceLocation] = [:]
        for operation in description.operations {
            let name = operation.name.value
            if !SwiftNames.isIdentifier(name) || SwiftNames.keywords.contains(name) {
                sink.error("the operation name \"\(name)\" is not a valid Swift identifier", at: operation.name.location)
            } else if generatedSpelling(operation.name, what: "operation") {
                // Reported.
            } else if let first = names[name] {
                sink.error("the operation \"\(name)\" is described twice (first at line \(first.line))", at: operation.name.location)
            } else {
                names[name] = operation.name.location
            }
            if !namedType(operation.sdkType, what: "the operation class") {
                // Reported.
            } else if let first = classes[operation.sdkType.value] {
                sink.error(
                    "the class \(operation.sdkType.value) is described by two operations (first at line \(first.line))",
                    at: operation.sdkType.location)
            } else {
                classes[operation.sdkType.value] = operation.sdkType.location
            }
            check(operation)
        }
        return description.operations.map(\.name.value).filter { names[$0] != nil }
    }

    func check(_ operation: OperationSpec) {
        var streamNames = Set<String>()
        var blockNames: [String: SourceLocation] = [:]
        for stream in operation.streams {
            let name = stream.name.value
            if !SwiftNames.isIdentifier(name) || SwiftNames.keywords.contains(name) {
                sink.error("the stream name \"\(name)\" is not a valid Swift identifier", at: stream.name.location)
            } else if generatedSpelling(stream.name, what: "stream") || copiedScopeName(stream.name, what: "stream") {
                // Reported: final blocks read each stream by name.
            } else if !streamNames.insert(name).inserted {
                sink.error("the stream \"\(name)\" appears twice in \(operation.name.value)", at: stream.name.location)
            }
            switch stream.kind {
            case .items(let key, let value, _):
                declaredType(key, at: .itemKey)
                declaredType(value, at: .value)
                roles(
                    stream.blocks, allowed: [.progress, .itemResult, .legacyItem], required: .itemResult, single: [.legacyItem], at: stream.location,
                    what: "a per-item stream")
            case .events(let fields):
                if fields.isEmpty { sink.error("an event stream needs at least one field", at: stream.location) }
                var fieldNames = Set<String>()
                for field in fields {
                    if !SwiftNames.isIdentifier(field.name.value) || SwiftNames.keywords.contains(field.name.value) {
                        sink.error("the field name \"\(field.name.value)\" is not a valid Swift identifier here", at: field.name.location)
                    } else if generatedSpelling(field.name, what: "field") || copiedScopeName(field.name, what: "field") {
                        // Reported: event blocks read each field by name.
                    } else if !fieldNames.insert(field.name.value).inserted {
                        sink.error("the field \"\(field.name.value)\" appears twice", at: field.name.location)
                    }
                    declaredType(field.type, at: .value)
                }
                roles(stream.blocks, allowed: [.event], required: .event, single: [], at: stream.location, what: "an event stream")
            }
            for block in stream.blocks { self.block(block, names: &blockNames, scope: streamNames) }
        }
        declaredType(operation.result.type, at: .value)
        roles(
            operation.result.blocks, allowed: [.finalResult, .legacyFinal], required: .finalResult, single: [.legacyFinal],
            at: operation.result.location, what: "an operation result")
        for block in operation.result.blocks { self.block(block, names: &blockNames, scope: streamNames) }
        if let fallback = operation.result.defaultValue { expression(fallback, what: "the result's \"default\"") }
        for stream in operation.streams {
            if case .items(_, _, let requested?) = stream.kind { expression(requested, what: "\"requested\"") }
            for block in stream.blocks { blockCode(block, stream: stream) }
        }
        for block in operation.result.blocks { blockCode(block, stream: nil) }
        // The intercept keeps each input in a local of its name: one input answers one stream.
        var inputSources: [String: SourceLocation] = [:]
        for stream in operation.streams {
            guard let input = stream.input else { continue }
            if let first = inputSources[input.source.value] {
                sink.error(
                    "the stream \"\(stream.name.value)\" takes its items from \"\(input.source.value)\", as the stream at line \(first.line) does",
                    at: input.source.location, hint: "one input property answers one stream")
            }
            inputSources[input.source.value] = inputSources[input.source.value] ?? input.source.location
            if !SwiftNames.isIdentifier(input.source.value) || SwiftNames.keywords.contains(input.source.value) {
                sink.error("the input property \"\(input.source.value)\" is not a valid Swift identifier here", at: input.source.location)
            } else if !generatedSpelling(input.source, what: "input property") {
                // The intercept keeps the input in a local of its name, where `requested` reads `operation`.
                copiedScopeName(input.source, what: "input property")
            }
            if operation.streams.contains(where: { $0.blocks.contains { $0.name.value == input.source.value } }) {
                sink.error("the input property \"\(input.source.value)\" is also a block's name", at: input.source.location)
            }
            if let key = input.key { keyPath(key, what: "key") }
        }
        if let atomic = operation.atomic {
            if !operation.streams.contains(where: { $0.input != nil }) {
                sink.error("an atomic operation needs a stream with \"input\": the requested items it groups", at: atomic.location)
            }
            if !SwiftNames.isIdentifier(atomic.when.value) || SwiftNames.keywords.contains(atomic.when.value) {
                sink.error(
                    "\"when\" must name a Bool property of the operation; \"\(atomic.when.value)\" is not an identifier", at: atomic.when.location)
            } else {
                generatedSpelling(atomic.when, what: "\"when\" property")
            }
            self.atomic(atomic)
        }
    }

    /// A block's pasted Swift (its `arguments` and `unwrap` values) and its arity: the blocks the
    /// doubles call with what the SDK reports take exactly those values.
    func blockCode(_ block: OperationBlock, stream: OperationStream?) {
        expression(block.arguments, what: "a block's \"arguments\"", shape: .argumentList)
        for binding in block.unwrap { expression(binding.value, what: "an \"unwrap\" value") }
        guard block.arguments == nil, case .function(let function)? = block.type.model?.unattributed else { return }
        let count = function.parameters.count
        let expected: Int
        switch block.role.value {
        case .itemResult, .legacyItem, .progress: expected = 2
        case .finalResult, .legacyFinal: expected = 1
        case .event:
            guard case .events(let fields)? = stream?.kind else { return }
            expected = fields.count
        }
        if count != expected {
            sink.error(
                "the \(block.role.value.rawValue) block \"\(block.name.value)\" takes \(count) argument(s), but the doubles call it with \(expected)",
                at: block.type.location, hint: "fix its type, or give \"arguments\" to say what it receives")
        }
    }

    /// Which roles the blocks of one stream (or the result) may have. The first block of the
    /// `required` role is the one a fault wrapper listens on, so it takes the default arguments.
    func roles(_ blocks: [OperationBlock], allowed: [BlockRole], required: BlockRole, single: [BlockRole], at location: SourceLocation, what: String)
    {
        for block in blocks where !allowed.contains(block.role.value) {
            sink.error(
                "a \"\(block.role.value.rawValue)\" block cannot be in \(what); allowed roles: \(allowed.map(\.rawValue).joined(separator: ", "))",
                at: block.role.location)
        }
        let primary = blocks.filter { $0.role.value == required }
        if primary.isEmpty {
            sink.error("\(what) needs a \"\(required.rawValue)\" block", at: location)
        } else if let first = primary.first, first.arguments != nil || !first.unwrap.isEmpty {
            sink.error(
                "the first \"\(required.rawValue)\" block receives exactly what the SDK reports, so it takes no \"arguments\" or \"unwrap\"",
                at: first.location)
        }
        if required != .event, primary.count > 1 {
            sink.error("\(what) has more than one \"\(required.rawValue)\" block", at: primary[1].location)
        }
        for role in single where blocks.filter({ $0.role.value == role }).count > 1 {
            sink.error("\(what) has more than one \"\(role.rawValue)\" block", at: blocks.filter { $0.role.value == role }[1].location)
        }
    }

    func block(_ block: OperationBlock, names: inout [String: SourceLocation], scope streams: Set<String>) {
        let name = block.name.value
        if !SwiftNames.isIdentifier(name) || SwiftNames.keywords.contains(name) {
            sink.error("the block name \"\(name)\" is not a valid block property name", at: block.name.location)
        } else if generatedSpelling(block.name, what: "block") || copiedScopeName(block.name, what: "block") {
            // Reported: the delivery keeps each block in a local of its name.
        } else if let first = names[name] {
            sink.error("the block \"\(name)\" appears twice (first at line \(first.line))", at: block.name.location)
        } else {
            names[name] = block.name.location
        }
        if declaredType(block.type, at: .value).map({ !$0.isFunction }) ?? false {
            sink.error(
                "\"\(block.type.value)\" is not a block type; give the function type without the optional, e.g. \"(CKRecord.ID, Double) -> Void\"",
                at: block.type.location)
        }
        var bound = Set<String>()
        for binding in block.unwrap {
            let bindingName = binding.name.value
            if !SwiftNames.isIdentifier(bindingName) || SwiftNames.keywords.contains(bindingName)
                || OperationContext.copiedScope.contains(bindingName)
                || streams.contains(bindingName)
            {
                sink.error(
                    "\"\(bindingName)\" cannot be bound here: it is not an identifier or already names something in the block's scope",
                    at: binding.name.location)
            } else if generatedSpelling(binding.name, what: "\"unwrap\"") {
                // Reported.
            } else if !bound.insert(bindingName).inserted {
                sink.error("\"\(bindingName)\" is bound twice", at: binding.name.location)
            }
        }
    }
}
