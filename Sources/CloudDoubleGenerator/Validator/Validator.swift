import Foundation

/// Checks the rules that need the whole description: names are valid Swift, nothing is declared
/// twice, ids and generated names do not collide, references point at described types, forms are
/// consistent. Every problem is reported, each at the value that causes it.
public enum Validator {
    public static func validate(_ description: APIDescription, file: String) throws(DiagnosticsError) {
        let sink = DiagnosticSink(file: file)
        Check(description: description, sink: sink).run()
        if !sink.diagnostics.isEmpty { throw DiagnosticsError(sink.diagnostics) }
    }

    /// The id of a call: explicit, or the first form's base name.
    public static func callID(_ call: Call) -> String {
        call.id?.value ?? call.forms.first?.name.value ?? ""
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
        for opaque in description.opaqueTypes where !SwiftNames.isPlausibleType(opaque.value) {
            sink.error("\"\(opaque.value)\" is not a valid Swift type", at: opaque.location)
        }
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
            if !SwiftNames.isPlausibleType(type.sdkType.value) {
                sink.error("\"\(type.sdkType.value)\" is not a valid Swift type", at: type.sdkType.location)
            }
        }
        for type in description.types { members(of: type, typeNames: typeNames) }
        if let model = description.errorModel { errorModel(model) }
    }

    func moduleName(_ module: Located<String>) {
        let parts = module.value.split(separator: ".", omittingEmptySubsequences: false)
        if parts.isEmpty || !parts.allSatisfy({ SwiftNames.isIdentifier(String($0)) }) {
            sink.error("\"\(module.value)\" is not a valid module name", at: module.location)
        }
    }

    func availability(_ attribute: Located<String>) {
        let text = attribute.value
        if !(text.hasPrefix("@available(") && text.hasSuffix(")")) {
            sink.error("availability must be a full attribute such as \"@available(iOS 15.0, *)\", found \"\(text)\"", at: attribute.location)
        }
    }

    func typeUse(_ use: TypeUse, typeNames: [String: SourceLocation]) {
        switch use {
        case .swift(let type):
            if !SwiftNames.isPlausibleType(type.value) {
                sink.error("\"\(type.value)\" is not a valid Swift type", at: type.location)
            }
        case .reference(let name):
            if typeNames[name.value] == nil {
                let hint = ObjectReader.closest(to: name.value, in: typeNames.keys.sorted()).map { "did you mean \"\($0)\"?" }
                    ?? "described types: \(typeNames.keys.sorted().joined(separator: ", "))"
                sink.error("\"\(name.value)\" refers to a type that is not described", at: name.location, hint: hint)
            }
        }
    }

    func members(of type: DescribedType, typeNames: [String: SourceLocation]) {
        // Properties and call ids share one namespace: both are stub keys of the mock.
        var ids: [String: (location: SourceLocation, derived: Bool)] = [:]
        func claim(_ id: String, at location: SourceLocation, derived: Bool, what: String) {
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
            if case .swift(let declared) = property.type, property.mockDefault == nil, MockDefaults.expression(for: declared.value) == nil {
                sink.error(
                    "the mock cannot make up a value of type \(declared.value) for the property \"\(property.name.value)\"",
                    at: declared.location, hint: "add \"mockDefault\" with a Swift expression, e.g. \"mockDefault\": \".private\"")
            }
            typeUse(property.type, typeNames: typeNames)
            for attribute in property.availability { availability(attribute) }
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
        }
    }

    func memberName(_ name: Located<String>, what: String) {
        if what != "parameter", SwiftNames.doubleMemberNames.contains(name.value) {
            sink.error(
                "\"\(name.value)\" is a member of the generated doubles (\(SwiftNames.doubleMemberNames.sorted().joined(separator: ", "))) and cannot be a \(what) name",
                at: name.location)
        } else if !SwiftNames.isIdentifier(name.value) {
            sink.error("the \(what) name \"\(name.value)\" is not a valid Swift identifier", at: name.location)
        } else if SwiftNames.reservedMemberNames.contains(name.value) {
            sink.error("\"\(name.value)\" cannot be used as a \(what) name, even escaped with backticks", at: name.location)
        }
    }

    func call(_ call: Call, of type: DescribedType, typeNames: [String: SourceLocation], signatures: inout [String: SourceLocation]) {
        var parameterNames = Set<String>()
        for parameter in call.parameters {
            memberName(parameter.name, what: "parameter")
            if !parameterNames.insert(parameter.name.value).inserted {
                sink.error("the parameter \"\(parameter.name.value)\" appears twice", at: parameter.name.location)
            }
            label(parameter.label)
            if !SwiftNames.isPlausibleType(parameter.type.value) {
                sink.error("\"\(parameter.type.value)\" is not a valid Swift type", at: parameter.type.location)
            }
        }
        if let returns = call.returns { typeUse(returns, typeNames: typeNames) }
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
        if call.perItem != nil, call.returns == nil {
            sink.error("\"perItem\" needs a result: add \"returns\"", at: call.location)
        }
        for form in call.forms {
            memberName(form.name, what: "method")
            if form.kind.value == .sync, case .swift(let declared)? = call.returns, call.mockDefault == nil,
                MockDefaults.expression(for: declared.value) == nil {
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
            if let reference = returnsReference, form.kind.value != .sync {
                sink.error(
                    "a described type (\"\(reference.value)\") can only be returned by a \"sync\" form or a property; the \(form.kind.value.rawValue) form cannot wrap it",
                    at: form.location)
            }
            if let handlerValue = form.handlerValueType, !handlerValue.value.hasSuffix("?"), form.errorValue == nil {
                sink.error(
                    "the handler value \"\(handlerValue.value)\" is not optional, so the form needs \"errorValue\": what the SDK passes with an error",
                    at: handlerValue.location)
            }
            let labels = (form.labels?.map(\.value) ?? call.parameters.map(\.label.value)).map { $0 + ":" }.joined()
            let types = call.parameters.map(\.type.value).joined(separator: ",")
            let handler = form.kind.value == .completion || form.kind.value == .result ? form.handlerLabel + ":" : ""
            let key = "\(form.kind.value == .async ? "async " : "")\(form.name.value)(\(labels)\(handler))[\(types)]"
            if let first = signatures[key] {
                sink.error(
                    "\(form.name.value)(\(labels)\(handler)) with these parameter types is declared twice in \(type.name.value) (first at line \(first.line))",
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

    func label(_ label: Located<String>) {
        if label.value != "_" && !SwiftNames.isIdentifier(label.value) {
            sink.error("the argument label \"\(label.value)\" is not a valid Swift identifier (use \"_\" for none)", at: label.location)
        }
    }

    func errorModel(_ model: ErrorModelSpec) {
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
