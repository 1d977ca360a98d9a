import Foundation

/// Turns one described operation into the code every double shares: the outcome type a test
/// stubs, the replay that calls the app's blocks in the SDK's order, the capture a fault wrapper
/// uses to collect a real run, and the rewrite that fails chosen items.
///
/// Block argument lists are Swift expressions from the description; around each block call the
/// generated code declares only the names the expressions use, so nothing goes unused.
struct OperationTranslator {
    let operation: OperationSpec
    let prefix: String
    let accessPrefix: String
    /// Wraps lines that carry Swift from the description in `#sourceLocation` directives.
    let located: ([String], SourceLocation?) -> [String]

    var outcomeName: String { GeneratedNames(prefix: prefix).outcomeName(operation.name.value) }
    var legacyProtocol: String { GeneratedNames(prefix: prefix).deprecatedBlocksName(operation.name.value) }
    var legacyAccess: String { GeneratedNames(prefix: prefix).deprecatedBlockAccessName(operation.name.value) }
    var sdkType: String { operation.sdkType.value }
    var finalType: String { operation.result.type.value }
    var resultType: String { "Result<\(finalType), any Error>" }
    var allBlocks: [OperationBlock] { operation.streams.flatMap(\.blocks) + operation.result.blocks }
    var deprecatedBlocks: [OperationBlock] { allBlocks.filter { $0.deprecation != nil } }
    var itemStreams: [OperationStream] { operation.streams.filter(\.isItems) }

    func context() -> OperationContext {
        let names = GeneratedNames(prefix: prefix)
        return OperationContext(
            sdkType: sdkType, outcomeName: outcomeName, keyName: GeneratedNames.operationKey(operation.name.value),
            storeAction: operation.store?.value.rawValue, backingName: names.operationBackingName(operation.name.value),
            doc: DocComment(operation.documentation.map { [$0] } ?? []), resultType: resultType, finalType: finalType,
            eventCases: operation.streams.map(eventCase), streamInit: streamInit(), replay: replay(), delivery: delivery(), intercept: intercept(),
            legacyProtocol: legacyProtocol, legacyAccess: legacyAccess,
            legacyRequirements: deprecatedBlocks.flatMap { legacyAccessors($0, body: false) },
            legacyWitnesses: deprecatedBlocks.flatMap { legacyAccessors($0, body: true) })
    }

    // MARK: The outcome type

    /// The Swift types of a stream's event payload, in order.
    func fieldTypes(_ stream: OperationStream) -> [(name: String, type: String)] {
        switch stream.kind {
        case .items(let key, let value, _): return [("key", key.value), ("result", "Result<\(value.value), any Error>")]
        case .events(let fields): return fields.map { ($0.name.value, $0.type.value) }
        }
    }

    func eventCase(_ stream: OperationStream) -> (doc: DocComment, declaration: String) {
        let payload: String
        switch stream.kind {
        case .items: payload = fieldTypes(stream).map(\.type).joined(separator: ", ")
        case .events: payload = fieldTypes(stream).map { "\($0.name): \($0.type)" }.joined(separator: ", ")
        }
        let doc = stream.documentation ?? (stream.isItems ? "A per-item result (`\(stream.name.value)`)." : "An event (`\(stream.name.value)`).")
        return (DocComment(doc), "case \(stream.name.value)(\(payload))")
    }

    /// The initialiser that takes each stream as an array and orders the events stream by stream.
    func streamInit() -> [String] {
        var parameters: [String] = []
        var parts: [String] = []
        for stream in operation.streams {
            let name = stream.name.value
            let fields = fieldTypes(stream)
            switch stream.kind {
            case .items:
                parameters.append("\(name): [(\(fields.map(\.type).joined(separator: ", ")))] = []")
                parts.append("\(name).map { .\(name)($0.0, $0.1) }")
            case .events where fields.count == 1:
                parameters.append("\(name): [\(fields[0].type)] = []")
                parts.append("\(name).map { .\(name)(\(fields[0].name): $0) }")
            case .events:
                parameters.append("\(name): [(\(fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ")))] = []")
                parts.append("\(name).map { .\(name)(\(fields.map { "\($0.name): $0.\($0.name)" }.joined(separator: ", "))) }")
            }
        }
        parameters.append("result: \(resultType)? = nil")
        let events = parts.isEmpty ? "[]" : parts.joined(separator: " + ")
        return ["\(accessPrefix)init(\(parameters.joined(separator: ", "))) {", "    self.init(events: \(events), result: result)", "}"]
    }

    // MARK: Delivery and replay

    /// The mock's replay: a whole outcome played through the delivery, then `completionBlock`.
    func replay() -> [String] {
        var body = ["let delivery = Self.delivery(operation, errorModel: errorModel, inventsProgress: true)", "return OperationReplay { outcome in"]
        var loop = ["var events = outcome.events"]
        let requested = itemStreams.compactMap { stream -> String? in
            guard case .items(_, _, let requested?) = stream.kind else { return nil }
            return "(\(requested.value)).map { Event.\(stream.name.value)($0, .failure(error)) }"
        }
        if requested.isEmpty {
            loop += ["// A whole failure reaches only the final block: no item was requested by key.", "if outcome.failsRequestedItems { events = [] }"]
        } else {
            let firstRequested = itemStreams.compactMap { stream -> SourceLocation? in
                if case .items(_, _, let requested?) = stream.kind { return requested.location }
                return nil
            }.first
            loop += [
                "if outcome.failsRequestedItems, let error = OperationBlocks.error(of: outcome.result) {",
                "    // A whole failure: every item the app asked for fails with the operation's error.",
            ]
            loop += located(["events = \(requested.joined(separator: " + "))"], firstRequested).map { $0.hasPrefix("#") ? $0 : "    " + $0 }
            loop.append("}")
        }
        loop += ["for event in events { delivery.deliver(event) }", "delivery.finish(outcome.result)", "delivery.complete()"]
        body += loop.map { "    " + $0 }
        body.append("}")
        return body
    }

    /// The app's blocks, read once, called one callback at a time: the per-event part and the
    /// final part of what the SDK does.
    func delivery() -> [String] {
        var body = readBlocks(into: "let")
        body.append("return OperationDelivery(")
        var deliver: [String] = []
        if operation.streams.isEmpty {
            deliver = ["deliver: { _ in nil },"]
        } else {
            deliver.append("deliver: { event in")
            deliver.append("    switch event {")
            for stream in operation.streams {
                deliver += eventHandling(stream).map { "    " + $0 }
            }
            deliver += ["    }", "},"]
        }
        body += deliver.map { "    " + $0 }
        let finalScope = operation.result.blocks.map(expressionText).joined(separator: " ")
        let collected = operation.streams.filter { mentions(finalScope, $0.name.value) }
        var finish = ["finish: { reported, \(collected.isEmpty ? "_" : "events"), failures in"]
        for stream in collected {
            let fields = fieldTypes(stream)
            let tuple = fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
            let pattern = fields.map { "let \($0.name)" }.joined(separator: ", ")
            finish += [
                "    let \(stream.name.value) = events.compactMap { event -> (\(tuple))? in",
                "        guard case .\(stream.name.value)(\(pattern)) = event else { return nil }",
                "        return (\(fields.map { "\($0.name): \($0.name)" }.joined(separator: ", ")))",
                "    }",
            ]
        }
        let fallback = operation.result.defaultValue?.value ?? MockDefaults.expression(for: finalType)
        let defaultArgument = fallback.map { $0 == "nil" ? ".some(nil)" : $0 } ?? "nil"
        finish += located([
            "let result = OperationBlocks.finalResult(reported: reported, failures: failures, default: \(defaultArgument), "
                + "errorModel: errorModel, operation: \(SwiftNames.literal(sdkType)))"
        ], operation.result.defaultValue?.location).map { $0.hasPrefix("#") ? $0 : "    " + $0 }
        finish += bindings(for: operation.result.blocks, resultName: "result").map { "    " + $0 }
        finish += calls(operation.result.blocks, primary: .finalResult, legacy: .legacyFinal).map { "    " + $0 }
        finish += ["},", "completionBlock: completionBlock)"]
        body += finish.map { "    " + $0 }
        return body
    }

    /// `let perRecordResultBlock = operation.perRecordResultBlock`, for every block and
    /// `completionBlock`; deprecated blocks go through the accessor.
    func readBlocks(into keyword: String) -> [String] {
        var lines: [String] = []
        if !deprecatedBlocks.isEmpty { lines.append("let deprecated: any \(legacyProtocol) = \(legacyAccess)()") }
        for block in allBlocks {
            let name = block.name.value
            let read = block.deprecation == nil ? "operation.\(name)" : "deprecated.\(name)(of: operation)"
            lines.append("\(keyword) \(name) = \(read)")
        }
        lines.append("\(keyword) completionBlock = operation.completionBlock")
        return lines
    }

    /// One event's blocks. Returns the failure of a requested item, which makes the final
    /// result a partial failure; returned items (query matches) and events do not.
    func eventHandling(_ stream: OperationStream) -> [String] {
        let name = stream.name.value
        let fields = fieldTypes(stream)
        var lines = ["case .\(name)(\(fields.map { "let \($0.name)" }.joined(separator: ", "))):"]
        var body: [String] = []
        switch stream.kind {
        case .items:
            body += bindings(for: stream.blocks, resultName: "result")
            for block in stream.blocks where block.role.value == .progress {
                body += call(block).map { $0.replacingOccurrences(of: "if let block", with: "if inventsProgress, let block") }
            }
            body += calls(stream.blocks, primary: .itemResult, legacy: .legacyItem)
            body.append(stream.isRequested ? "return OperationBlocks.failure(of: key, result)" : "return nil")
        case .events:
            for block in stream.blocks { body += call(block) }
            body.append("return nil")
        }
        lines += body.map { "    " + $0 }
        return lines
    }

    /// The `Result` block, or when it is not set the legacy one, as CloudKit does.
    func calls(_ blocks: [OperationBlock], primary: BlockRole, legacy: BlockRole) -> [String] {
        guard let main = blocks.first(where: { $0.role.value == primary }) else { return [] }
        var lines = ["if let block = \(main.name.value) {", "    block(\(arguments(main)))"]
        var pasted = pastedLocation(main)
        if let old = blocks.first(where: { $0.role.value == legacy }) {
            lines.append("} else if \(condition(old)) {")
            lines.append("    block(\(arguments(old)))")
            pasted = pasted ?? pastedLocation(old)
        }
        lines.append("}")
        return located(lines, pasted)
    }

    func call(_ block: OperationBlock) -> [String] {
        located(["if \(condition(block)) { block(\(arguments(block))) }"], pastedLocation(block))
    }

    /// Where the description's Swift for a block call is: its `arguments`, else its first `unwrap`.
    func pastedLocation(_ block: OperationBlock) -> SourceLocation? {
        block.arguments?.location ?? block.unwrap.first?.value.location
    }

    func condition(_ block: OperationBlock) -> String {
        (["let block = \(block.name.value)"] + block.unwrap.map { "let \($0.name.value) = \($0.value.value)" }).joined(separator: ", ")
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

    /// `let value = …` / `let error = …` when some block's expressions use them.
    func bindings(for blocks: [OperationBlock], resultName: String) -> [String] {
        let text = blocks.map(expressionText).joined(separator: " ")
        var lines: [String] = []
        if mentions(text, "value") { lines.append("let value = OperationBlocks.value(of: \(resultName))") }
        if mentions(text, "error") { lines.append("let error = OperationBlocks.error(of: \(resultName))") }
        return lines
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

    /// A fault wrapper's run of the app's operation under item faults: requested items chosen to
    /// fail are taken out of the request; each callback the SDK makes reaches the app's blocks as
    /// it comes (returned items chosen to fail rewritten); in the SDK's final callback the app
    /// gets its request and blocks back, the chosen items fail, then the final result: all
    /// before the operation finishes. Progress blocks stay the app's own, so the SDK's progress
    /// reaches it as reported.
    func intercept() -> [String] {
        var body = ["let delivery = Self.delivery(operation, errorModel: errorModel, inventsProgress: false)"]
        let swapped = allBlocks.filter { $0.role.value != .progress }
        if swapped.contains(where: { $0.deprecation != nil }) { body.append("let deprecated: any \(legacyProtocol) = \(legacyAccess)()") }
        for block in swapped {
            body.append("let \(block.name.value) = " + (block.deprecation == nil ? "operation.\(block.name.value)" : "deprecated.\(block.name.value)(of: operation)"))
        }
        let inputs = operation.streams.filter { $0.input != nil && $0.isRequested }
        if !inputs.isEmpty {
            body.append("// The items chosen to fail are taken out of the request: the SDK never sees them.")
        }
        for (index, stream) in inputs.enumerated() {
            guard let input = stream.input, case .items(_, _, let requested?) = stream.kind else { continue }
            let property = input.source.value
            let atomic = operation.atomic.map { _ in "operation.\(operation.atomic!.when.value)" }
            body.append("let \(property) = operation.\(property)")
            body += located(["faults.request(\(requested.value), input: \(index)\(Translator.atomicArgument(operation.atomic, flag: atomic)))"], requested.location)
            body.append("operation.\(property) = faults.kept(\(property), input: \(index)\(input.key.map { ", by: \\.\($0.value)" } ?? ""))")
        }
        for stream in operation.streams {
            let primary = stream.blocks.first { $0.role.value == (stream.isItems ? .itemResult : .event) }
            for block in stream.blocks where block.role.value != .progress {
                guard block.name.value == primary?.name.value else {
                    body.append(assign(block, "nil"))
                    continue
                }
                let fields = fieldTypes(stream).map(\.name)
                let payload: String
                switch stream.kind {
                case .items where stream.isRequested: payload = "key, result"
                case .items: payload = "key, faults.rewritten(result, for: key)"
                case .events: payload = fields.map { "\($0): \($0)" }.joined(separator: ", ")
                }
                body.append(assign(block, "{ \(fields.joined(separator: ", ")) in delivery.deliver(.\(stream.name.value)(\(payload))) }"))
            }
        }
        for block in operation.result.blocks where block.role.value != .finalResult { body.append(assign(block, "nil")) }
        if let final = operation.result.blocks.first(where: { $0.role.value == .finalResult }) {
            var last = ["// The SDK's last callback: give the app its request and blocks back, fail the items kept out of the request, then report."]
            for stream in inputs { last.append("operation.\(stream.input!.source.value) = \(stream.input!.source.value)") }
            for block in swapped { last.append(assign(block, block.name.value)) }
            for (index, stream) in inputs.enumerated() {
                guard case .items(let key, _, _) = stream.kind else { continue }
                last.append("for (key, error) in faults.failures(input: \(index), as: \(key.value).self) { delivery.deliver(.\(stream.name.value)(key, .failure(error))) }")
            }
            last.append("delivery.finish(result)")
            body.append(assign(final, "{ result in"))
            body += last.map { "    " + $0 }
            body.append("}")
        }
        return body
    }

    func assign(_ block: OperationBlock, _ value: String) -> String {
        guard block.deprecation != nil else { return "operation.\(block.name.value) = \(value)" }
        return "deprecated.\(setterName(block))(\(value), of: operation)"
    }

    func setterName(_ block: OperationBlock) -> String {
        let name = block.name.value
        return "set" + name.prefix(1).uppercased() + name.dropFirst()
    }

    // MARK: Deprecated blocks

    /// A getter and a setter per deprecated block: requirements of the accessor protocol, or
    /// their deprecated witnesses (which may use the deprecated property without a warning).
    func legacyAccessors(_ block: OperationBlock, body: Bool) -> [String] {
        let name = block.name.value
        let type = "(\(block.type.value))?"
        let getter = "func \(name)(of operation: \(sdkType)) -> \(type)"
        let setter = "func \(setterName(block))(_ block: \(type), of operation: \(sdkType))"
        guard body else { return [getter, setter] }
        let attribute = "@available(*, deprecated, message: \"reads the deprecated block the SDK still calls\")"
        return [attribute, getter + " { operation.\(name) }", attribute, setter + " { operation.\(name) = block }"]
    }
}
