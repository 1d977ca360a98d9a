/// A described type's members: properties, calls and their forms, per-item results, item inputs
/// and atomic requests, omitted members.
extension ValidationPass {
    /// `typeNames`: the described types' valid names, which references must name.
    func members(of type: DescribedType, operationNames: [String], typeNames: [String: SourceLocation]) {
        // Properties and call ids share one namespace: both are stub keys of the mock.
        var ids: [String: (location: SourceLocation, derived: Bool)] = [:]
        func claim(_ id: String, at location: SourceLocation, derived: Bool, what: String) {
            if GeneratedNames.callKeyTypeMembers.contains(id) {
                let keys =
                    "\(GeneratedNames(prefix: description.prefix.value).callKeyName(type.name.value))<\(GeneratedNames.callKeyArguments), \(GeneratedNames.callKeyValue)>"
                sink.error(
                    "\(what) \"\(id)\" of \(type.name.value) would be a static member of \(keys), which has a type of that name", at: location,
                    hint: "give the call an explicit \"id\", or describe the property under another type")
                return
            }
            if let first = ids[id] {
                let hint =
                    derived || first.derived
                    ? "two members derive the id \"\(id)\"; give one an explicit \"id\""
                    : nil
                sink.error("\(what) \"\(id)\" of \(type.name.value) collides with the one at line \(first.location.line)", at: location, hint: hint)
            } else {
                ids[id] = (location, derived)
            }
        }
        for property in type.properties {
            memberName(property.name, what: "property")
            if case .swift(let declared) = property.type, property.mockDefault == nil, let model = declared.model,
                MockDefaults.expression(for: model) == nil
            {
                sink.error(
                    "the mock cannot make up a value of type \(declared.value) for the property \"\(property.name.value)\"",
                    at: declared.location, hint: "add \"mockDefault\" with a Swift expression, e.g. \"mockDefault\": \".private\"")
            }
            if case .reference(let written) = property.type {
                // One object, an optional one or an array (`DescribedReference`): its name must be described.
                typeUse(.reference(DescribedReference(written).name), at: .property, typeNames: typeNames)
            } else {
                typeUse(property.type, at: .property, typeNames: typeNames)
            }
            expression(property.mockDefault, what: "\"mockDefault\"")
            if let store = property.store, property.settable || reference(property.type) != nil {
                sink.error("only a get-only property of a Swift type can be answered by a store", at: store.location)
            }
            for attribute in property.availability { availability(attribute) }
            requirementAvailability(property.availability, of: "the property \"\(property.name.value)\"", isAsync: false)
            deprecation(property.deprecation, at: property.name.location)
            claim(property.name.value, at: property.name.location, derived: false, what: "the property")
        }
        // Each form's overload key (`overloadKey(of:in:)`), at the first form that has it.
        var overloads: [String: SourceLocation] = [:]
        for call in type.calls {
            if let id = call.id {
                if !SwiftNames.isIdentifier(id.value) || SwiftNames.isReservedMemberName(id.value) {
                    sink.error("the call id \"\(id.value)\" is not a valid Swift identifier", at: id.location)
                } else {
                    generatedSpelling(id, what: "call id")
                }
                claim(id.value, at: id.location, derived: false, what: "the call id")
            } else if let first = call.forms.first {
                claim(first.name.value, at: first.name.location, derived: true, what: "the derived call id")
            }
            self.call(call, of: type, overloads: &overloads, typeNames: typeNames)
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
            for form in call.forms { described.insert(SwiftNames.fullName(of: form, in: call.parameters)) }
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
                    let hint =
                        Spelling.closest(to: name.value, in: operationNames).map { "did you mean \"\($0)\"?" }
                        ?? "described operations: \(operationNames.isEmpty ? "none" : operationNames.joined(separator: ", "))"
                    sink.error("\"\(name.value)\" is not a described operation", at: name.location, hint: hint)
                }
            }
            return known
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

    func call(_ call: Call, of type: DescribedType, overloads: inout [String: SourceLocation], typeNames: [String: SourceLocation]) {
        var parameterNames: Set<String> = []
        var nonEscapingClosures = 0
        for parameter in call.parameters {
            let name = parameter.name
            memberName(name, what: "parameter")
            if !parameterNames.insert(name.value).inserted {
                sink.error("the parameter \"\(name.value)\" appears twice", at: name.location)
            }
            label(parameter.label)
            if parameter.reference != nil {
                describedParameter(parameter, of: call, typeNames: typeNames)
                continue
            }
            if let model = declaredType(parameter.type, at: .parameter), model.isFunction, !model.attributes.contains("@escaping") {
                nonEscapingClosure(parameter, of: call, isFirst: nonEscapingClosures == 0)
                nonEscapingClosures += 1
            }
            if let defaultValue = parameter.defaultValue {
                expression(Located(defaultValue, parameter.defaultLocation ?? name.location), what: "the \"default\" of \"\(name.value)\"")
            }
        }
        expression(call.mockDefault, what: "\"mockDefault\"")
        let returnsReference: Located<String>? = {
            if case .reference(let name)? = call.returns { return DescribedReference(name).name }
            return nil
        }()
        if let returnsReference {
            typeUse(.reference(returnsReference), at: .value, typeNames: typeNames)
            describedResultShape(call)
        } else if let returns = call.returns {
            typeUse(returns, at: .value, typeNames: typeNames)
        }
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
        newEachCall(call)
        streamShape(call)
        itemInputs(of: call)
        var kinds: Set<FormKind> = []
        for form in call.forms {
            self.form(form, of: call, in: type, returnsReference: returnsReference, overloads: &overloads)
            if !kinds.insert(form.kind.value).inserted { sink.error("the call has two \"\(form.kind.value.rawValue)\" forms", at: form.location) }
        }
        if let listener = call.listener { self.listener(listener, of: call, in: type) }
        removesListeners(call, in: type)
        genericParameters(of: call)
    }

    /// One form's checks; `overloads` are the overload keys of the type's forms so far.
    private func form(
        _ form: CallFormSpec, of call: Call, in type: DescribedType, returnsReference: Located<String>?, overloads: inout [String: SourceLocation]
    ) {
        memberName(form.name, what: "method")
        if form.kind.value == .sync, !form.throwing, call.listener == nil, case .swift(let declared)? = call.returns, call.mockDefault == nil,
            let model = declared.model, !GenericSignature(call.genericParameters).mentions(model),
            MockDefaults.expression(for: model) == nil
        {
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
        requirementAvailability(
            form.availability, of: "the \"\(form.kind.value.rawValue)\" form \"\(form.name.value)\"", isAsync: form.kind.value == .async)
        deprecation(form.deprecation, at: form.location)
        expression(form.errorValue, what: "\"errorValue\"")
        if form.kind.value == .completion || form.kind.value == .result {
            if !SwiftNames.isIdentifier(form.handlerLabel) || SwiftNames.isKeyword(form.handlerLabel) {
                sink.error("the handler label \"\(form.handlerLabel)\" is not a valid Swift identifier", at: form.location)
            } else if generatedSpelling(Located(form.handlerLabel, form.location), what: "handler label") {
                // Reported.
            } else if let clash = call.parameters.first(where: { $0.name.value == form.handlerLabel }) {
                sink.error(
                    "the parameter \"\(clash.name.value)\" has the name of the \(form.kind.value.rawValue) form's handler, which is a parameter too",
                    at: clash.name.location, hint: "rename the parameter, or give the form another \"handlerLabel\"")
            }
        }
        if let reference = returnsReference, form.kind.value == .stream {
            sink.error(
                "a described type (\"\(reference.value)\") cannot be the element of a \"stream\" form; a stream's elements are values the test sends",
                at: form.location, hint: "describe a \"sync\" or \"async\" form, or return the SDK's type with \"returns\"")
        }
        if let reference = returnsReference, case .reference(let written)? = call.returns, DescribedReference(written).shape == .one {
            describedHandlerValue(of: form, in: type, returning: reference)
        }
        if let handlerValue = form.handlerValueType, let model = declaredType(handlerValue, at: .value), !model.isOptional, form.errorValue == nil {
            sink.error(
                "the handler value \"\(handlerValue.value)\" is not optional, so the form needs \"errorValue\": what the SDK passes with an error",
                at: handlerValue.location)
        }
        let selector = SwiftNames.fullName(of: form, in: call.parameters)
        let key = overloadKey(of: form, selector: selector, in: call)
        if let first = overloads[key] {
            sink.error(
                "\(selector) with these parameter types is declared twice in \(type.name.value) (first at line \(first.line))",
                at: form.name.location, hint: "overloads must differ in labels or parameter types")
        } else {
            overloads[key] = form.name.location
        }
    }

    /// Two forms are declared twice when they have the same key: the same selector, parameter
    /// types that are the same on the type model (`[String:Int]` is `[String: Int]`), and both
    /// async or both not: `async fetch(_:completionHandler:)[String,Int]`.
    func overloadKey(of form: CallFormSpec, selector: String, in call: Call) -> String {
        let types = call.parameters.map { $0.type.model?.canonical.description ?? $0.type.value }
        return (form.kind.value == .async ? "async " : "") + selector + "[" + types.joined(separator: ",") + "]"
    }

    /// A per-item result is a map of ID to `Result` or pairs of ID and `Result`; a per-item
    /// field names a field of the result tuple with that shape.
    func perItemShape(_ call: Call) {
        guard let perItem = call.perItem, case .swift(let returns)? = call.returns, let model = returns.model else { return }
        switch perItem {
        case .whole:
            perItemType(
                model, at: returns.location,
                what:
                    "\"perItem\": true needs a result of per-item results, [ID: Result<Value, any Error>] or [(ID, Result<Value, any Error>)]; found \(returns.value)"
            )
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
                    what:
                        "the field \"\(field.value)\" is \(element.type), not per-item results ([ID: Result<Value, any Error>] or [(ID, Result<Value, any Error>)])"
                )
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

    /// Parameters marked `items` and the call's `atomic`: each list of items answers one per-item
    /// result, so fault wrappers can keep the items chosen to fail out of the request.
    func itemInputs(of call: Call) {
        var answered: [String: SourceLocation] = [:]
        // A described-type parameter's `items` is refused where it is read (`describedParameter`).
        let inputs = call.parameters.compactMap { parameter in parameter.reference == nil ? parameter.items.map { (parameter, $0) } : nil }
        for (parameter, input) in inputs {
            var list = parameter.type.model?.canonical
            if case .optional(let wrapped)? = list { list = wrapped }
            if list?.arrayElement == nil {
                sink.error(
                    "\"items\" marks a list of items, but \"\(parameter.name.value)\" is a \(parameter.type.value), not an array", at: input.location)
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
                    sink.error(
                        "\"items\" needs \"result\": the per-item field (\(fields.map(\.value).joined(separator: ", "))) that answers these items",
                        at: input.location)
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

    func atomic(_ atomic: AtomicSpec) {
        keyPath(atomic.groupBy, what: "groupBy")
        expression(atomic.except, what: "\"except\"")
        if !errorCodeNames.contains(atomic.error.value) {
            // Without an error model the generated model has no codes: the group's other items
            // would fail with the fault plan's "no such code" error, not the SDK's.
            let hint =
                description.errorModel == nil
                ? "the description has no \"errorModel\", so its catalogue has no codes; add one (\"catalogue\": \"cloudKit\" for CloudKit's)"
                : Spelling.closest(to: atomic.error.value, in: errorCodeNames).map { "did you mean \"\($0)\"?" }
            sink.error("the error code \"\(atomic.error.value)\" is not in the error catalogue", at: atomic.error.location, hint: hint)
        }
    }

    /// The names of the error codes the description's catalogue has (none without an error
    /// model: the generated model then has no codes).
    var errorCodeNames: [String] {
        description.errorModel?.codeNames ?? []
    }
}
