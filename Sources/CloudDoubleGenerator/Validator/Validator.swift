import Foundation
import CloudDoubleCatalogue

/// Checks the rules that need the whole description: names are valid Swift, nothing is declared
/// twice, ids and generated names do not collide, references point at described types, forms are
/// consistent. Every problem is reported, each at the value that causes it.
public enum Validator {
    public static func validate(_ description: APIDescription, file: String) throws(DiagnosticsError) {
        let sink = DiagnosticSink(file: file)
        Check(description: description, sink: sink).run()
        if !sink.diagnostics.isEmpty { throw DiagnosticsError(sink.diagnostics) }
    }

    /// The Swift name of a form: `fetch(withRecordID:completionHandler:)`.
    public static func fullName(of form: CallFormSpec, in call: Call) -> String {
        var labels = form.labels?.map(\.value) ?? call.parameters.map(\.label.value)
        if form.kind.value == .completion || form.kind.value == .result { labels.append(form.handlerLabel) }
        return form.name.value + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// `name`, or `name(label:_:)`.
    static func isMemberName(_ text: String) -> Bool {
        guard let open = text.firstIndex(of: "(") else { return SwiftNames.isIdentifier(text) }
        guard text.hasSuffix(")"), SwiftNames.isIdentifier(String(text[..<open])) else { return false }
        let labels = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard labels.isEmpty || labels.hasSuffix(":") else { return false }
        return labels.split(separator: ":", omittingEmptySubsequences: false).dropLast().allSatisfy { $0 == "_" || SwiftNames.isIdentifier(String($0)) }
    }
}

private struct Check {
    let description: APIDescription
    let sink: DiagnosticSink

    func run() {
        moduleName(description.module)
        for module in description.imports { moduleName(module) }
        if !SwiftNames.isIdentifier(description.prefix.value) {
            sink.error("the prefix \"\(description.prefix.value)\" is not a valid start of a Swift name", at: description.prefix.location)
        }
        for attribute in description.availability { availability(attribute) }
        if description.types.isEmpty {
            sink.error("the description has no types; describe at least one in \"types\"", at: description.module.location)
        }
        var typeNames: [String: SourceLocation] = [:]
        for type in description.types {
            let name = type.name.value
            if !SwiftNames.isIdentifier(name) || SwiftNames.keywords.contains(name) {
                sink.error("the type name \"\(name)\" is not a valid Swift identifier", at: type.name.location)
            } else if let first = typeNames[name] {
                sink.error("the type \"\(name)\" is described twice (first at line \(first.line))", at: type.name.location)
            } else {
                typeNames[name] = type.name.location
            }
            namedType(type.sdkType, what: "the SDK type")
        }
        if let condition = description.liveCondition, !SwiftSnippets.isCompilationCondition(condition.value) {
            sink.error(
                "\"liveCondition\" must be one compilation condition such as \"canImport(CloudKit)\" or \"os(iOS) || os(macOS)\", found \(SwiftNames.literal(condition.value))",
                at: condition.location)
        }
        let operationNames = operations()
        // Each type's members are checked on their own: on all cores, each into its own sink,
        // the diagnostics then taken in the types' order.
        let (description, file, names) = (self.description, sink.file, typeNames)
        let perType = description.types.parallelMap { type in
            let typeSink = DiagnosticSink(file: file)
            Check(description: description, sink: typeSink).members(of: type, typeNames: names, operationNames: operationNames)
            return typeSink.diagnostics
        }
        for diagnostics in perType {
            for diagnostic in diagnostics { sink.append(diagnostic) }
        }
        if let model = description.errorModel { errorModel(model) }
        generatedNames()
    }

    /// Every top-level name the generator emits has one owner: no two generated names are the
    /// same, and none is an SDK type or the SDK module (a protocol named like the SDK class would
    /// make the live adapter wrap the protocol, silently).
    func generatedNames() {
        let prefix = description.prefix.value
        var owners: [String: (what: String, location: SourceLocation)] = [:]
        var sdkNames: [String: SourceLocation] = [description.module.value: description.module.location]
        for type in description.types { sdkNames[type.sdkType.value] = type.sdkType.location }
        for operation in description.operations { sdkNames[operation.sdkType.value] = operation.sdkType.location }
        func claim(_ name: String, _ what: String, at location: SourceLocation) {
            if let first = owners[name] {
                sink.error(
                    "the generated name \(name) (\(what)) is also \(first.what), from line \(first.location.line)", at: location,
                    hint: "rename one, or change the prefix")
            } else if sdkNames[name] != nil {
                sink.error(
                    "the generated name \(name) (\(what)) is the name of an SDK type or module, which it would hide in generated code",
                    at: location, hint: "change the prefix or the type's name")
            } else {
                owners[name] = (what, location)
            }
        }
        let names = GeneratedNames(prefix: prefix)
        for type in description.types {
            let name = type.name.value
            claim(names.protocolName(name), "the protocol of \(name)", at: type.name.location)
            claim(names.liveName(name), "its live adapter", at: type.name.location)
            claim(names.faultName(name), "its fault wrapper", at: type.name.location)
            claim(names.mockName(name), "its mock", at: type.name.location)
            claim(names.callKeyName(name), "its call keys", at: type.name.location)
            let backed = type.properties.contains { $0.store != nil }
                || type.calls.contains { call in call.store != nil || runOperations(call).contains { $0.store != nil } }
            if backed { claim(names.backingName(name), "its mock's backing protocol", at: type.name.location) }
        }
        for operation in description.operations {
            let name = operation.name.value
            claim(names.outcomeName(name), "the outcome of \(name)", at: operation.name.location)
            if operation.store != nil { claim(names.operationBackingName(name), "the backing of \(name)", at: operation.name.location) }
            if operation.streams.contains(where: { $0.blocks.contains { $0.deprecation != nil } }) || operation.result.blocks.contains(where: { $0.deprecation != nil }) {
                claim(names.deprecatedBlocksName(name), "its deprecated-block protocol", at: operation.name.location)
                claim(names.deprecatedBlockAccessName(name), "its deprecated-block accessor", at: operation.name.location)
            }
        }
    }

    func moduleName(_ module: Located<String>) {
        let parts = module.value.split(separator: ".", omittingEmptySubsequences: false)
        if parts.isEmpty || !parts.allSatisfy({ SwiftNames.isIdentifier(String($0)) }) {
            sink.error("\"\(module.value)\" is not a valid module name", at: module.location)
        }
    }

    func availability(_ attribute: Located<String>) {
        let text = attribute.value
        if case .failure(let problem) = Availability.parse(text) {
            sink.error(
                "availability must be one attribute such as \"@available(iOS 15.0, *)\" on one line, found \(SwiftNames.literal(text)): \(problem.reason)",
                at: attribute.location)
        }
    }

    /// A Swift expression copied into generated code: one expression (or argument list) on one
    /// line, read by the lexer, so a comment, string or directive cannot reach past it.
    func expression(_ value: Located<String>?, what: String, shape: SwiftExpression.Shape = .expression) {
        guard let value, let problem = SwiftExpression.problem(in: value.value, as: shape) else { return }
        sink.error(
            "\(what) must be one Swift expression on one line, with its brackets and quotes closed; found \(SwiftNames.literal(value.value)): \(problem)",
            at: value.location)
    }

    /// A Swift type the description declares: one type, which the generated code can carry at
    /// `position`. Returns its model when it is both.
    @discardableResult
    func declaredType(_ type: DeclaredType, at position: TypePosition) -> SwiftType? {
        switch type.parsed {
        case .failure(let error):
            sink.error("\"\(type.value)\" is not a valid Swift type: \(error.reason)", at: type.location)
            return nil
        case .success(let model):
            if let reason = model.refusal(at: position) {
                sink.error("the generated code cannot carry the type \"\(type.value)\": \(reason)", at: type.location)
                return nil
            }
            return model
        }
    }

    /// An SDK class, struct or error type: a named type (`CKDatabase`, `CKRecord.ID`).
    @discardableResult
    func namedType(_ type: DeclaredType, what: String) -> Bool {
        guard let model = declaredType(type, at: .value) else { return false }
        if case .nominal = model { return true }
        sink.error("\(what) \"\(type.value)\" must be a named type such as CKDatabase", at: type.location)
        return false
    }

    func typeUse(_ use: TypeUse, at position: TypePosition, typeNames: [String: SourceLocation]) {
        switch use {
        case .swift(let type):
            declaredType(type, at: position)
        case .reference(let name):
            if typeNames[name.value] == nil {
                let hint = Spelling.closest(to: name.value, in: typeNames.keys.sorted()).map { "did you mean \"\($0)\"?" }
                    ?? "described types: \(typeNames.keys.sorted().joined(separator: ", "))"
                sink.error("\"\(name.value)\" refers to a type that is not described", at: name.location, hint: hint)
            }
        }
    }

    func members(of type: DescribedType, typeNames: [String: SourceLocation], operationNames: [String]) {
        // Properties and call ids share one namespace: both are stub keys of the mock.
        var ids: [String: (location: SourceLocation, derived: Bool)] = [:]
        func claim(_ id: String, at location: SourceLocation, derived: Bool, what: String) {
            if GeneratedNames.callKeyTypeMembers.contains(id) {
                let keys = "\(GeneratedNames(prefix: description.prefix.value).callKeyName(type.name.value))<\(GeneratedNames.callKeyArguments), \(GeneratedNames.callKeyValue)>"
                sink.error(
                    "\(what) \"\(id)\" of \(type.name.value) would be a static member of \(keys), which has a type of that name", at: location,
                    hint: "give the call an explicit \"id\", or describe the property under another type")
                return
            }
            if let first = ids[id] {
                let hint = derived || first.derived
                    ? "two members derive the id \"\(id)\"; give one an explicit \"id\""
                    : nil
                sink.error("\(what) \"\(id)\" of \(type.name.value) collides with the one at line \(first.location.line)", at: location, hint: hint)
            } else {
                ids[id] = (location, derived)
            }
        }
        for property in type.properties {
            memberName(property.name, what: "property")
            if case .swift(let declared) = property.type, property.mockDefault == nil, let model = declared.model, MockDefaults.expression(for: model) == nil {
                sink.error(
                    "the mock cannot make up a value of type \(declared.value) for the property \"\(property.name.value)\"",
                    at: declared.location, hint: "add \"mockDefault\" with a Swift expression, e.g. \"mockDefault\": \".private\"")
            }
            typeUse(property.type, at: .property, typeNames: typeNames)
            expression(property.mockDefault, what: "\"mockDefault\"")
            if let store = property.store, property.settable || reference(property.type) != nil {
                sink.error("only a get-only property of a Swift type can be answered by a store", at: store.location)
            }
            for attribute in property.availability { availability(attribute) }
            deprecation(property.deprecation, at: property.name.location)
            claim(property.name.value, at: property.name.location, derived: false, what: "the property")
        }
        var signatures: [String: SourceLocation] = [:]
        for call in type.calls {
            if let id = call.id {
                if !SwiftNames.isIdentifier(id.value) || SwiftNames.reservedMemberNames.contains(id.value) {
                    sink.error("the call id \"\(id.value)\" is not a valid Swift identifier", at: id.location)
                }
                claim(id.value, at: id.location, derived: false, what: "the call id")
            } else if let first = call.forms.first {
                claim(first.name.value, at: first.name.location, derived: true, what: "the derived call id")
            }
            self.call(call, of: type, typeNames: typeNames, signatures: &signatures)
            for operation in operationsRun(by: call, operationNames: operationNames) {
                claim(GeneratedNames.operationKey(operation.value), at: operation.location, derived: true, what: "the operation stub key")
            }
        }
        omitted(type)
    }

    /// `omitted` names a property, a base name or a full name (`fetch(withRecordID:completionHandler:)`),
    /// once each, not a member the type describes.
    func omitted(_ type: DescribedType) {
        guard !type.omitted.isEmpty else { return }
        var seen: [String: SourceLocation] = [:]
        var described = Set(type.properties.map(\.name.value))
        for call in type.calls {
            for form in call.forms { described.insert(Validator.fullName(of: form, in: call)) }
        }
        for member in type.omitted {
            let name = member.name.value
            if !Validator.isMemberName(name) {
                sink.error(
                    "\"\(name)\" is not a member name; write a property or base name (\"perform\") or a full name (\"perform(_:inZoneWith:)\")",
                    at: member.name.location)
            } else if let first = seen[name] {
                sink.error("\"\(name)\" is omitted twice (first at line \(first.line))", at: member.name.location)
            } else if described.contains(name) {
                sink.error("\"\(name)\" is described by \(type.name.value), so it cannot be omitted too", at: member.name.location)
            }
            seen[name] = seen[name] ?? member.name.location
        }
    }

    /// The operations a call runs, each at the place that names it; checks the call's shape.
    func operationsRun(by call: Call, operationNames: [String]) -> [Located<String>] {
        guard let use = call.operations else { return [] }
        if call.parameters.count != 1 || call.returns != nil || call.forms.contains(where: { $0.kind.value != .sync }) {
            sink.error(
                "a call that runs operations takes the operation as its one parameter, returns nothing and has only a \"sync\" form",
                at: call.location)
        }
        switch use {
        case .all:
            if operationNames.isEmpty {
                sink.error("\"operations\": true, but the description declares no operations", at: call.location)
            }
            return description.operations.map { Located($0.name.value, call.location) }
        case .named(let names):
            var known: [Located<String>] = []
            for name in names {
                if operationNames.contains(name.value) {
                    known.append(name)
                } else {
                    let hint = Spelling.closest(to: name.value, in: operationNames).map { "did you mean \"\($0)\"?" }
                        ?? "described operations: \(operationNames.isEmpty ? "none" : operationNames.joined(separator: ", "))"
                    sink.error("\"\(name.value)\" is not a described operation", at: name.location, hint: hint)
                }
            }
            return known
        }
    }

    // MARK: Operations

    /// Checks every operation; returns the names of the valid ones.
    func operations() -> [String] {
        var names: [String: SourceLocation] = [:]
        var classes: [String: SourceLocation] = [:]
        for operation in description.operations {
            let name = operation.name.value
            if !SwiftNames.isIdentifier(name) || SwiftNames.keywords.contains(name) {
                sink.error("the operation name \"\(name)\" is not a valid Swift identifier", at: operation.name.location)
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
            } else if ReservedNames.outcomeMembers.contains(name) || ReservedNames.blockScope.contains(name) {
                sink.error(
                    "\"\(name)\" is used by the generated outcome type and cannot name a stream", at: stream.name.location,
                    hint: "reserved: \(ReservedNames.outcomeMembers.union(ReservedNames.blockScope).sorted().joined(separator: ", "))")
            } else if !streamNames.insert(name).inserted {
                sink.error("the stream \"\(name)\" appears twice in \(operation.name.value)", at: stream.name.location)
            }
            switch stream.kind {
            case .items(let key, let value, _):
                declaredType(key, at: .itemKey)
                declaredType(value, at: .value)
                roles(stream.blocks, allowed: [.progress, .itemResult, .legacyItem], required: .itemResult, single: [.legacyItem], at: stream.location, what: "a per-item stream")
            case .events(let fields):
                if fields.isEmpty { sink.error("an event stream needs at least one field", at: stream.location) }
                var fieldNames = Set<String>()
                for field in fields {
                    if !SwiftNames.isIdentifier(field.name.value) || SwiftNames.keywords.contains(field.name.value) || ReservedNames.blockScope.contains(field.name.value) {
                        sink.error("the field name \"\(field.name.value)\" is not a valid Swift identifier here", at: field.name.location)
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
        roles(operation.result.blocks, allowed: [.finalResult, .legacyFinal], required: .finalResult, single: [.legacyFinal], at: operation.result.location, what: "an operation result")
        for block in operation.result.blocks { self.block(block, names: &blockNames, scope: streamNames) }
        if let fallback = operation.result.defaultValue { expression(fallback, what: "the result's \"default\"") }
        for stream in operation.streams {
            if case .items(_, _, let requested?) = stream.kind { expression(requested, what: "\"requested\"") }
            for block in stream.blocks { blockCode(block, stream: stream) }
        }
        for block in operation.result.blocks { blockCode(block, stream: nil) }
        for stream in operation.streams {
            guard let input = stream.input else { continue }
            if !SwiftNames.isIdentifier(input.source.value) || SwiftNames.keywords.contains(input.source.value)
                || ReservedNames.operationLocals.contains(input.source.value) {
                sink.error("the input property \"\(input.source.value)\" is not a valid Swift identifier here", at: input.source.location)
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
                sink.error("\"when\" must name a Bool property of the operation; \"\(atomic.when.value)\" is not an identifier", at: atomic.when.location)
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

    /// The operations a call runs (`"operations": true` or names).
    func runOperations(_ call: Call) -> [OperationSpec] {
        switch call.operations {
        case nil: return []
        case .all: return description.operations
        case .named(let names): return description.operations.filter { operation in names.contains { $0.value == operation.name.value } }
        }
    }

    /// `zoneID`, `record.zoneID`: a property path written as a Swift key path (`\.zoneID`).
    func keyPath(_ path: Located<String>, what: String) {
        let parts = path.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.isEmpty || parts.contains(where: { !SwiftNames.isIdentifier($0) || SwiftNames.keywords.contains($0) }) {
            sink.error("\"\(what)\" must be a property path such as \"recordID\" or \"recordID.zoneID\"; found \"\(path.value)\"", at: path.location)
        }
    }

    func atomic(_ atomic: AtomicSpec) {
        keyPath(atomic.groupBy, what: "groupBy")
        expression(atomic.except, what: "\"except\"")
        if !errorCodeNames.contains(atomic.error.value) {
            sink.error(
                "the error code \"\(atomic.error.value)\" is not in the error catalogue", at: atomic.error.location,
                hint: Spelling.closest(to: atomic.error.value, in: errorCodeNames).map { "did you mean \"\($0)\"?" })
        }
    }

    /// The names of the error codes the description's catalogue has.
    var errorCodeNames: [String] {
        switch description.errorModel?.catalogue {
        case .codes(let codes)?: return codes.map(\.name.value)
        case .cloudKit?, nil: return ErrorCatalogue.cloudKit.codes.map(\.name)
        }
    }

    /// Which roles the blocks of one stream (or the result) may have. The first block of the
    /// `required` role is the one a fault wrapper listens on, so it takes the default arguments.
    func roles(_ blocks: [OperationBlock], allowed: [BlockRole], required: BlockRole, single: [BlockRole], at location: SourceLocation, what: String) {
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
        if !SwiftNames.isIdentifier(name) || SwiftNames.keywords.contains(name) || ReservedNames.operationLocals.contains(name) {
            sink.error(
                "the block name \"\(name)\" is not a valid block property name here", at: block.name.location,
                hint: "generated operation code uses \(ReservedNames.operationLocals.sorted().joined(separator: ", ")) itself")
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
            if !SwiftNames.isIdentifier(bindingName) || SwiftNames.keywords.contains(bindingName) || ReservedNames.blockScope.contains(bindingName) || streams.contains(bindingName) {
                sink.error("\"\(bindingName)\" cannot be bound here: it is not an identifier or already names something in the block's scope", at: binding.name.location)
            } else if !bound.insert(bindingName).inserted {
                sink.error("\"\(bindingName)\" is bound twice", at: binding.name.location)
            }
        }
    }

    func reference(_ use: TypeUse) -> String? {
        if case .reference(let name) = use { return name.value }
        return nil
    }

    func memberName(_ name: Located<String>, what: String) {
        if what != "parameter", ReservedNames.doubleMembers.contains(name.value) {
            sink.error(
                "\"\(name.value)\" is a member of the generated doubles (\(ReservedNames.doubleMembers.sorted().joined(separator: ", "))) and cannot be a \(what) name",
                at: name.location)
        } else if !SwiftNames.isIdentifier(name.value) {
            sink.error("the \(what) name \"\(name.value)\" is not a valid Swift identifier", at: name.location)
        } else if SwiftNames.reservedMemberNames.contains(name.value) {
            sink.error("\"\(name.value)\" cannot be used as a \(what) name, even escaped with backticks", at: name.location)
        }
    }

    func call(_ call: Call, of type: DescribedType, typeNames: [String: SourceLocation], signatures: inout [String: SourceLocation]) {
        // A handful of parameters: a list is cheaper than a set.
        var parameterNames: [String] = []
        for parameter in call.parameters {
            memberName(parameter.name, what: "parameter")
            if call.perItem != nil, ReservedNames.itemFaultLocals.contains(parameter.name.value) {
                sink.error(
                    "the parameter \"\(parameter.name.value)\" of a call with per-item results has the name of a local of its fault wrapper",
                    at: parameter.name.location, hint: "reserved in such calls: \(ReservedNames.itemFaultLocals.sorted().joined(separator: ", "))")
            }
            if parameterNames.contains(parameter.name.value) {
                sink.error("the parameter \"\(parameter.name.value)\" appears twice", at: parameter.name.location)
            } else {
                parameterNames.append(parameter.name.value)
            }
            label(parameter.label)
            if let model = declaredType(parameter.type, at: .parameter), model.isFunction, !model.attributes.contains("@escaping") {
                sink.error(
                    "the closure parameter \"\(parameter.name.value)\" is not @escaping, so the mock cannot keep it for the test to call",
                    at: parameter.type.location,
                    hint: "write \"@escaping \(parameter.type.value)\": the live adapter still passes it to the SDK, which takes any closure")
            }
            if let defaultValue = parameter.defaultValue {
                expression(Located(defaultValue, parameter.defaultLocation ?? parameter.name.location), what: "the \"default\" of \"\(parameter.name.value)\"")
            }
        }
        expression(call.mockDefault, what: "\"mockDefault\"")
        if let returns = call.returns { typeUse(returns, at: .value, typeNames: typeNames) }
        let returnsReference: Located<String>? = {
            if case .reference(let name)? = call.returns { return name }
            return nil
        }()
        if case .fields(let fields)? = call.perItem {
            if fields.isEmpty { sink.error("\"perItem\" lists no fields; use true for the whole result", at: call.location) }
            for field in fields where !SwiftNames.isIdentifier(field.value) {
                sink.error("\"\(field.value)\" is not a valid tuple field name", at: field.location)
            }
        }
        if let store = call.store {
            if call.operations != nil {
                sink.error("a call that runs operations is not itself a store call; mark the operations with \"store\" instead", at: store.location)
            } else if returnsReference != nil {
                sink.error("a call that returns a described type cannot be answered by a store", at: store.location)
            }
        }
        if call.perItem != nil, call.returns == nil {
            sink.error("\"perItem\" needs a result: add \"returns\"", at: call.location)
        }
        perItemShape(call)
        itemInputs(of: call)
        for form in call.forms {
            memberName(form.name, what: "method")
            if form.kind.value == .sync, case .swift(let declared)? = call.returns, call.mockDefault == nil, let model = declared.model,
                MockDefaults.expression(for: model) == nil {
                sink.error(
                    "a synchronous call cannot fail, so the mock needs a value of type \(declared.value) when it is not stubbed",
                    at: declared.location, hint: "add \"mockDefault\" to the call with a Swift expression")
            }
            if let labels = form.labels {
                if labels.count != call.parameters.count {
                    sink.error(
                        "the \"\(form.kind.value.rawValue)\" form gives \(labels.count) label(s) for \(call.parameters.count) parameter(s)",
                        at: form.location)
                }
                for label in labels { self.label(label) }
            }
            for attribute in form.availability { availability(attribute) }
            deprecation(form.deprecation, at: form.location)
            expression(form.errorValue, what: "\"errorValue\"")
            if form.kind.value == .completion || form.kind.value == .result {
                if !SwiftNames.isIdentifier(form.handlerLabel) || SwiftNames.keywords.contains(form.handlerLabel) {
                    sink.error("the handler label \"\(form.handlerLabel)\" is not a valid Swift identifier", at: form.location)
                } else if let clash = call.parameters.first(where: { $0.name.value == form.handlerLabel }) {
                    sink.error(
                        "the parameter \"\(clash.name.value)\" has the name of the \(form.kind.value.rawValue) form's handler, which is a parameter too",
                        at: clash.name.location, hint: "rename the parameter, or give the form another \"handlerLabel\"")
                }
            }
            if let reference = returnsReference, form.kind.value != .sync {
                sink.error(
                    "a described type (\"\(reference.value)\") can only be returned by a \"sync\" form or a property; the \(form.kind.value.rawValue) form cannot wrap it",
                    at: form.location)
            }
            if let handlerValue = form.handlerValueType, let model = declaredType(handlerValue, at: .value), !model.isOptional, form.errorValue == nil {
                sink.error(
                    "the handler value \"\(handlerValue.value)\" is not optional, so the form needs \"errorValue\": what the SDK passes with an error",
                    at: handlerValue.location)
            }
            // `async fetch(_:completionHandler:)[String,Int]`, built in one string: every form has one.
            var builder = TextBuilder(capacity: 96)
            if form.kind.value == .async { builder += "async " }
            if let labels = form.labels {
                builder += form.name.value
                builder += "("
                for label in labels {
                    builder += label.value
                    builder += ":"
                }
            } else {
                builder += form.name.value
                builder += "("
                for parameter in call.parameters {
                    builder += parameter.label.value
                    builder += ":"
                }
            }
            if form.kind.value == .completion || form.kind.value == .result {
                builder += form.handlerLabel
                builder += ":"
            }
            builder += ")"
            let selectorEnd = builder.utf8Count
            builder += "["
            // Parameter types compare on the type model: `[String:Int]` is `[String: Int]`.
            for (index, parameter) in call.parameters.enumerated() {
                if index > 0 { builder += "," }
                builder += parameter.type.model.map { $0.canonical.description } ?? parameter.type.value
            }
            builder += "]"
            let key = builder.text()
            let selectorStart = form.kind.value == .async ? "async ".utf8.count : 0
            if let first = signatures[key] {
                let selector = String(decoding: Array(key.utf8)[selectorStart..<selectorEnd], as: UTF8.self)
                sink.error(
                    "\(selector) with these parameter types is declared twice in \(type.name.value) (first at line \(first.line))",
                    at: form.name.location, hint: "overloads must differ in labels or parameter types")
            } else {
                signatures[key] = form.name.location
            }
        }
        var kinds = Set<FormKind>()
        for form in call.forms where !kinds.insert(form.kind.value).inserted {
            sink.error("the call has two \"\(form.kind.value.rawValue)\" forms", at: form.location)
        }
    }

    /// A per-item result is a map of ID to `Result` or pairs of ID and `Result`; a per-item
    /// field names a field of the result tuple with that shape.
    func perItemShape(_ call: Call) {
        guard let perItem = call.perItem, case .swift(let returns)? = call.returns, let model = returns.model else { return }
        switch perItem {
        case .whole:
            perItemType(
                model, at: returns.location,
                what: "\"perItem\": true needs a result of per-item results, [ID: Result<Value, any Error>] or [(ID, Result<Value, any Error>)]; found \(returns.value)")
        case .fields(let fields):
            guard case .tuple(let elements) = model.canonical, elements.count > 1 else {
                sink.error("\"perItem\" lists fields, so the result must be a tuple with those fields; found \(returns.value)", at: returns.location)
                return
            }
            let labels = elements.compactMap(\.label)
            for field in fields {
                guard let element = elements.first(where: { $0.label == field.value }) else {
                    sink.error(
                        "the result has no field \"\(field.value)\"", at: field.location,
                        hint: Spelling.closest(to: field.value, in: labels.sorted()).map { "did you mean \"\($0)\"?" })
                    continue
                }
                perItemType(
                    element.type, at: field.location,
                    what: "the field \"\(field.value)\" is \(element.type), not per-item results ([ID: Result<Value, any Error>] or [(ID, Result<Value, any Error>)])")
            }
        }
    }

    /// `[K: Result<V, E>]` or `[(K, Result<V, E>)]`, with a `Hashable` key (the doubles key
    /// the items chosen to fail by it); `what` is the error when the shape is wrong.
    func perItemType(_ type: SwiftType, at location: SourceLocation, what: String) {
        guard let key = type.perItemKey else {
            sink.error(what, at: location)
            return
        }
        if let reason = key.notHashable {
            sink.error("the item key \(key) must be Hashable, and \(reason)", at: location)
        }
    }

    /// `renamed` is a declaration name (`record(for:)`), so the attribute stays one attribute.
    func deprecation(_ deprecation: Deprecation?, at location: SourceLocation) {
        guard let renamed = deprecation?.renamed, !SwiftSnippets.isDeclarationName(renamed) else { return }
        sink.error(
            "\"renamed\" must be a declaration name such as \"record(for:)\" or \"CKDatabase.save(_:)\"; found \(SwiftNames.literal(renamed))",
            at: location)
    }

    /// Parameters marked `items` and the call's `atomic`: each list of items answers one per-item
    /// result, so fault wrappers can keep the items chosen to fail out of the request.
    func itemInputs(of call: Call) {
        var answered: [String: SourceLocation] = [:]
        let inputs = call.parameters.compactMap { parameter in parameter.items.map { (parameter, $0) } }
        for (parameter, input) in inputs {
            var list = parameter.type.model?.canonical
            if case .optional(let wrapped)? = list { list = wrapped }
            if list?.arrayElement == nil {
                sink.error("\"items\" marks a list of items, but \"\(parameter.name.value)\" is a \(parameter.type.value), not an array", at: input.location)
            }
            if let key = input.key { keyPath(key, what: "key") }
            switch call.perItem {
            case nil:
                sink.error("\"items\" needs per-item results to answer them: add \"perItem\" to the call", at: input.location)
            case .whole?:
                if let result = input.result {
                    sink.error("the whole result is per-item, so \"items\" takes no \"result\"", at: result.location)
                }
            case .fields(let fields)?:
                guard let result = input.result else {
                    sink.error("\"items\" needs \"result\": the per-item field (\(fields.map(\.value).joined(separator: ", "))) that answers these items", at: input.location)
                    continue
                }
                if !fields.contains(where: { $0.value == result.value }) {
                    sink.error(
                        "\"\(result.value)\" is not a per-item field of the result", at: result.location,
                        hint: Spelling.closest(to: result.value, in: fields.map(\.value)).map { "did you mean \"\($0)\"?" })
                }
            }
            let answeredField = input.result?.value ?? ""
            if let first = answered[answeredField] {
                sink.error("two parameters give the items of the same result (first at line \(first.line))", at: input.location)
            }
            answered[answeredField] = input.location
        }
        guard let atomic = call.atomic else { return }
        if inputs.isEmpty {
            sink.error("an atomic call needs a parameter with \"items\": the requested items it groups", at: atomic.location)
        }
        if let flag = call.parameters.first(where: { $0.name.value == atomic.when.value }) {
            if flag.type.model?.simpleName != "Bool" {
                sink.error("\"when\" must name a Bool parameter; \"\(flag.name.value)\" is a \(flag.type.value)", at: atomic.when.location)
            }
        } else {
            sink.error(
                "\"when\" names no parameter of the call", at: atomic.when.location,
                hint: Spelling.closest(to: atomic.when.value, in: call.parameters.map(\.name.value)).map { "did you mean \"\($0)\"?" })
        }
        self.atomic(atomic)
    }

    func label(_ label: Located<String>) {
        if label.value != "_" && !SwiftNames.isIdentifier(label.value) {
            sink.error("the argument label \"\(label.value)\" is not a valid Swift identifier (use \"_\" for none)", at: label.location)
        }
    }

    func errorModel(_ model: ErrorModelSpec) {
        if let name = model.name, !SwiftNames.isIdentifier(name.value) || SwiftNames.keywords.contains(name.value) {
            sink.error("the error model's name \"\(name.value)\" is not a Swift identifier", at: name.location, hint: "it names the model in generated code: ErrorModel.<name>")
        } else if let name = model.name, !(name.value.drop { $0 == "_" }.first.map { $0.isLowercase || $0.isNumber } ?? false) {
            // A static member of `ErrorModel`: its type members (`Conflict`, `Type`) start with
            // capitals, so a lowercase name can never be one of them.
            sink.error(
                "the error model's name \"\(name.value)\" must start with a lowercase letter", at: name.location,
                hint: "it is a static member of ErrorModel (ErrorModel.<name>), beside its types such as ErrorModel.Conflict")
        }
        expression(model.domain, what: "\"domain\"")
        for key in [model.retryAfterKey, model.partialErrorsKey, model.serverRecordKey, model.clientRecordKey, model.ancestorRecordKey] {
            expression(key, what: "an error model key")
        }
        if let type = model.errorType { namedType(type, what: "the error type") }
        guard case .codes(let codes) = model.catalogue else { return }
        var names: [String: Int] = [:]
        var raws: [Int: Int] = [:]
        for code in codes {
            if !SwiftNames.isIdentifier(code.name.value) {
                sink.error("the error code name \"\(code.name.value)\" is not a valid Swift identifier", at: code.name.location)
            }
            if let line = names[code.name.value] {
                sink.error("the error code \"\(code.name.value)\" is listed twice (first at line \(line))", at: code.name.location)
            }
            if let line = raws[code.rawValue.value] {
                sink.error("the raw value \(code.rawValue.value) is used twice (first at line \(line))", at: code.rawValue.location)
            }
            names[code.name.value] = code.name.location.line
            raws[code.rawValue.value] = code.rawValue.location.line
        }
    }
}
