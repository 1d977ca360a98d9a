import Foundation

/// Turns one described operation into its `OperationContext`: what the protocols template needs
/// for the outcome type a test stubs, the delivery that calls the app's blocks in the SDK's order,
/// the replay a mock answers with and the intercept a fault wrapper runs a real operation under.
///
/// Block argument lists are Swift expressions from the description; around each block call the
/// generated code declares only the names the expressions use, so nothing goes unused.
struct OperationTranslator {
    let operation: OperationSpec
    let prefix: String
    /// Where Swift copied from the description at a location came from, for `#sourceLocation`.
    let copied: (SourceLocation?) -> CopiedSwift?

    var outcomeName: String { GeneratedNames(prefix: prefix).outcomeName(operation.name.value) }
    var legacyProtocol: String { GeneratedNames(prefix: prefix).deprecatedBlocksName(operation.name.value) }
    var legacyAccess: String { GeneratedNames(prefix: prefix).deprecatedBlockAccessName(operation.name.value) }
    var sdkType: String { operation.sdkType.value }
    var finalType: String { operation.result.type.value }
    var allBlocks: [OperationBlock] { operation.streams.flatMap(\.blocks) + operation.result.blocks }
    var itemStreams: [OperationStream] { operation.streams.filter(\.isItems) }

    func context() -> OperationContext {
        let names = GeneratedNames(prefix: prefix)
        let finalScope = operation.result.blocks.map(expressionText).joined(separator: " ")
        let streams = operation.streams.map(stream)
        let fallback = operation.result.defaultValue?.value ?? operation.result.type.model.flatMap(MockDefaults.expression(for:))
        var requested: [OperationContext.RequestedFailure] = []
        var requestedCopied: CopiedSwift?
        for stream in itemStreams {
            guard case .items(_, _, let expression?) = stream.kind else { continue }
            if requested.isEmpty { requestedCopied = copied(expression.location) }
            requested.append(OperationContext.RequestedFailure(stream: stream.name.value, requested: expression.value))
        }
        return OperationContext(
            sdkType: sdkType, outcomeName: outcomeName, keyName: GeneratedNames.operationKey(operation.name.value),
            storeAction: operation.store?.value.rawValue, backingName: names.operationBackingName(operation.name.value),
            doc: DocComment(operation.documentation.map { [$0] } ?? []), finalType: finalType, streams: streams, blocks: allBlocks.map(block),
            requestedFailures: requested, requestedCopied: requestedCopied,
            finalDefault: fallback.map { $0 == "nil" ? ".some(nil)" : $0 } ?? "nil",
            finalDefaultCopied: copied(operation.result.defaultValue?.location),
            collected: zip(operation.streams, streams).filter { mentions(finalScope, $0.0.name.value) }.map(\.1),
            finalBindsValue: mentions(finalScope, "value"), finalBindsError: mentions(finalScope, "error"),
            finalCalls: calls(operation.result.blocks, primary: .finalResult, legacy: .legacyFinal),
            intercept: intercept(), legacyProtocol: legacyProtocol, legacyAccess: legacyAccess)
    }

    func block(_ block: OperationBlock) -> OperationContext.Block {
        let name = block.name.value
        return OperationContext.Block(
            name: name, deprecated: block.deprecation != nil, setter: "set" + name.prefix(1).uppercased() + name.dropFirst(), type: block.type.value)
    }

    // MARK: The outcome type

    /// The Swift types of a stream's event payload, in order.
    func fieldTypes(_ stream: OperationStream) -> [(name: String, type: String)] {
        switch stream.kind {
        case .items(let key, let value, _): return [("key", key.value), ("result", Qualified.result(value.value))]
        case .events(let fields): return fields.map { ($0.name.value, $0.type.value) }
        }
    }

    /// A stream's case, initialiser parameter and delivery.
    func stream(_ stream: OperationStream) -> OperationContext.Stream {
        let name = stream.name.value
        let fields = fieldTypes(stream)
        let payload: String
        let element: String
        let mapping: String
        switch stream.kind {
        case .items:
            payload = fields.map(\.type).joined(separator: ", ")
            element = "(\(payload))"
            mapping = "$0.0, $0.1"
        case .events:
            payload = fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
            element = fields.count == 1 ? fields[0].type : "(\(payload))"
            mapping = fields.count == 1 ? "\(fields[0].name): $0" : fields.map { "\($0.name): $0.\($0.name)" }.joined(separator: ", ")
        }
        var calls: [OperationContext.BlockCall] = []
        var scope = ""
        switch stream.kind {
        case .items:
            scope = stream.blocks.map(expressionText).joined(separator: " ")
            calls += stream.blocks.filter { $0.role.value == .progress }.map { call($0, isProgress: true) }
            calls += self.calls(stream.blocks, primary: .itemResult, legacy: .legacyItem)
        case .events:
            calls = stream.blocks.map { call($0, isProgress: false) }
        }
        let doc = stream.documentation ?? (stream.isItems ? "A per-item result (`\(name)`)." : "An event (`\(name)`).")
        return OperationContext.Stream(
            name: name, doc: DocComment(doc), payload: payload, element: element, mapping: mapping,
            pattern: fields.map { "let \($0.name)" }.joined(separator: ", "), tuple: fields.map { "\($0.name): \($0.type)" }.joined(separator: ", "),
            labeled: fields.map { "\($0.name): \($0.name)" }.joined(separator: ", "),
            bindsValue: stream.isItems && mentions(scope, "value"), bindsError: stream.isItems && mentions(scope, "error"), calls: calls,
            returns: stream.isRequested ? "CloudDoubleRuntime.OperationBlocks.failure(of: key, result)" : "nil")
    }

    /// The `Result` block, or when it is not set the legacy one, as CloudKit does.
    func calls(_ blocks: [OperationBlock], primary: BlockRole, legacy: BlockRole) -> [OperationContext.BlockCall] {
        guard let main = blocks.first(where: { $0.role.value == primary }) else { return [] }
        var call = call(main, isProgress: false)
        call.isPrimary = true
        if let old = blocks.first(where: { $0.role.value == legacy }) {
            call.legacy = OperationContext.LegacyCall(condition: condition(old), arguments: arguments(old))
            call.copied = call.copied ?? copied(pastedLocation(old))
        }
        return [call]
    }

    func call(_ block: OperationBlock, isProgress: Bool) -> OperationContext.BlockCall {
        OperationContext.BlockCall(
            condition: condition(block), arguments: arguments(block), isProgress: isProgress, isPrimary: false, legacy: nil,
            copied: copied(pastedLocation(block)))
    }

    /// Where the description's Swift for a block call is: its `arguments`, else its first `unwrap`.
    func pastedLocation(_ block: OperationBlock) -> SourceLocation? {
        block.arguments?.location ?? block.unwrap.first?.value.location
    }

    func condition(_ block: OperationBlock) -> String {
        (["let block_ = \(block.name.value)"] + block.unwrap.map { "let \($0.name.value) = \($0.value.value)" }).joined(separator: ", ")
    }

    func arguments(_ block: OperationBlock) -> String {
        if let arguments = block.arguments { return arguments.value }
        switch block.role.value {
        case .itemResult, .legacyItem: return "key, result"
        case .progress: return "key, 1.0"
        case .finalResult, .legacyFinal: return "result"
        case .event:
            let stream = operation.streams.first { $0.blocks.contains { $0.name.value == block.name.value } }
            return stream.map { fieldTypes($0).map(\.name).joined(separator: ", ") } ?? ""
        }
    }

    /// The text of a block's call and bindings, to see which names it uses.
    func expressionText(_ block: OperationBlock) -> String {
        ([arguments(block)] + block.unwrap.map(\.value.value)).joined(separator: " ")
    }

    /// Whether `name` occurs in `text` as a whole identifier (not as `.name` member access).
    func mentions(_ text: String, _ name: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        let target = Array(name.unicodeScalars)
        guard scalars.count >= target.count else { return false }
        func isIdentifier(_ scalar: Unicode.Scalar) -> Bool { scalar == "_" || scalar.properties.isXIDContinue }
        for start in 0...(scalars.count - target.count) where Array(scalars[start..<(start + target.count)]) == target {
            let before = start > 0 ? scalars[start - 1] : " "
            let afterIndex = start + target.count
            let after = afterIndex < scalars.count ? scalars[afterIndex] : " "
            if !isIdentifier(before), before != ".", before != "$", !isIdentifier(after), after != ":" { return true }
        }
        return false
    }

    // MARK: Intercept

    /// What a fault wrapper's run of the app's operation under item faults swaps: requested items
    /// chosen to fail are taken out of the request; each callback the SDK makes reaches the app's
    /// blocks as it comes (returned items chosen to fail rewritten); in the SDK's final callback
    /// the app gets its request and blocks back, the chosen items fail, then the final result: all
    /// before the operation finishes. Progress blocks stay the app's own, so the SDK's progress
    /// reaches it as reported.
    func intercept() -> OperationContext.Intercept {
        let swapped = allBlocks.filter { $0.role.value != .progress }
        var inputs: [OperationContext.Intercept.Input] = []
        for stream in operation.streams where stream.input != nil && stream.isRequested {
            guard let input = stream.input, case .items(let key, _, let requested?) = stream.kind else { continue }
            let index = inputs.count
            inputs.append(
                OperationContext.Intercept.Input(
                    property: input.source.value, index: index, requested: requested.value,
                    atomic: Translator.atomicArgument(operation.atomic, flag: operation.atomic.map { "operation.\($0.when.value)" }),
                    keyPath: input.key.map { ", by: \\.\($0.value)" } ?? "", copied: copied(requested.location), keyType: key.value,
                    stream: stream.name.value))
        }
        var assignments: [OperationContext.Intercept.Assignment] = []
        for stream in operation.streams {
            let primary = stream.blocks.first { $0.role.value == (stream.isItems ? .itemResult : .event) }
            for block in stream.blocks where block.role.value != .progress {
                guard block.name.value == primary?.name.value else {
                    assignments.append(.init(block: self.block(block), value: "nil"))
                    continue
                }
                let fields = fieldTypes(stream).map(\.name)
                let payload: String
                switch stream.kind {
                case .items where stream.isRequested: payload = "key_, result_"
                case .items: payload = "key_, faults_.rewritten(result_, for: key_)"
                case .events: payload = fields.map { "\($0): \($0)" }.joined(separator: ", ")
                }
                let parameters = stream.isItems ? ["key_", "result_"] : fields
                assignments.append(
                    .init(
                        block: self.block(block),
                        value: "{ \(parameters.joined(separator: ", ")) in delivery_.deliver(.\(stream.name.value)(\(payload))) }"))
            }
        }
        for block in operation.result.blocks where block.role.value != .finalResult {
            assignments.append(.init(block: self.block(block), value: "nil"))
        }
        return OperationContext.Intercept(
            swapped: swapped.map(block), swapsDeprecated: swapped.contains { $0.deprecation != nil }, inputs: inputs, assignments: assignments,
            finalBlock: operation.result.blocks.first { $0.role.value == .finalResult }.map(block))
    }
}
