import CloudDoubleCatalogue
import Foundation

/// One validation of one description: every rule, each reporting into `sink`. Split by subject:
/// names and the error model here, Swift types and expressions (`ValidationPass+Types.swift`),
/// a type's members and calls (`+Members`), operations (`+Operations`).
struct ValidationPass {
    let description: APIDescription
    let sink: DiagnosticSink

    /// Every rule.
    func run() {
        let types = description.types
        moduleName(description.module)
        for module in description.imports { moduleName(module) }
        if !SwiftNames.isIdentifier(description.prefix.value) {
            sink.error("the prefix \"\(description.prefix.value)\" is not a valid start of a Swift name", at: description.prefix.location)
        }
        for attribute in description.availability { availability(attribute) }
        if types.isEmpty {
            sink.error("the description has no types; describe at least one in \"types\"", at: description.module.location)
        }
        // The valid names of described types, which references must name.
        var typeNames: [String: SourceLocation] = [:]
        for type in types {
            let name = type.name.value
            if !SwiftNames.isIdentifier(name) || SwiftNames.isKeyword(name) {
                sink.error("the type name \"\(name)\" is not a valid Swift identifier", at: type.name.location)
            } else if generatedSpelling(type.name, what: "type") {
                // Reported.
            } else if let first = typeNames[name] {
                sink.error("the type \"\(name)\" is described twice (first at line \(first.line))", at: type.name.location)
            } else {
                typeNames[name] = type.name.location
            }
            namedType(type.sdkType, what: "the SDK type", existential: true)
        }
        if let condition = description.liveCondition, !SwiftSnippets.isCompilationCondition(condition.value) {
            sink.error(
                "\"liveCondition\" must be one compilation condition such as \"canImport(CloudKit)\" or \"os(iOS) || os(macOS)\", found \(SwiftNames.literal(condition.value))",
                at: condition.location)
        }
        let operationNames = operations()
        for type in types { members(of: type, operationNames: operationNames, typeNames: typeNames) }
        inheritance(types, typeNames: typeNames)
        let mirrorNames = mirrors()
        for call in types.flatMap(\.calls) { mirrorUses(call, mirrors: mirrorNames) }
        nestedMirrors(mirrorNames)
        if let model = description.errorModel { errorModel(model) }
        generatedNames(types)
        outcomeMemberTypeNames()
    }

    /// The top-level names generated for `type`, in the order `generatedNames(_:)` claims them
    /// (`typeNameOwners` says what each is).
    func generatedNames(of type: DescribedType, _ names: GeneratedNames, backed: BackedTypes) -> [String] {
        let name = type.name.value
        var generated = [names.protocolName(name), names.liveName(name), names.faultName(name), names.mockName(name), names.callKeyName(name)]
        if backed.contains(name) { generated.append(names.backingName(name)) }
        return generated
    }

    /// What each of a type's generated names is, after the first (the protocol of the type).
    private static let typeNameOwners = ["", "its live adapter", "its fault wrapper", "its mock", "its call keys", "its mock's backing protocol"]

    /// What claimed a generated name: the generated name at `index` of a type's names
    /// (`generatedNames(of:_:backed:)`), or another name the description generates, and where.
    private struct NameOwner {
        enum What {
            case type(name: String, index: Int)
            case text(String)
        }

        let what: What
        let location: SourceLocation

        /// As a diagnostic says it: spelled only for a diagnostic.
        var description: String {
            switch what {
            case .type(let name, 0): "the protocol of \(name)"
            case .type(_, let index): ValidationPass.typeNameOwners[index]
            case .text(let text): text
            }
        }
    }

    /// Every top-level name the generator emits has one owner: no two generated names are the
    /// same, and none is a module generated code names (the SDK's, an import, or one it qualifies
    /// names by) or a type the description writes (a protocol named like the SDK class would make
    /// the live adapter wrap the protocol, silently).
    func generatedNames(_ types: [DescribedType]) {
        var owners: [String: NameOwner] = [:]
        let sdkNames = Set([description.module.value] + description.imports.map(\.value) + types.map { SDKTypeName.nominal($0.sdkType) })
            .union(description.operations.map(\.sdkType.value)).union(writtenTypeNames())
        let qualifyingModules = Set(GeneratedNames.qualifyingModules)
        func claim(_ name: String, _ owner: NameOwner) {
            if let first = owners[name] {
                sink.error(
                    "the generated name \(name) (\(owner.description)) is also \(first.description), from line \(first.location.line)",
                    at: owner.location,
                    hint: "rename one, or change the prefix")
            } else if qualifyingModules.contains(name) {
                sink.error(
                    "the generated name \(name) (\(owner.description)) is the name of a module generated code qualifies names by (\(GeneratedNames.qualifyingModules.joined(separator: ", "))), which it would hide",
                    at: owner.location, hint: "change the prefix or the type's name")
            } else if sdkNames.contains(name) {
                sink.error(
                    "the generated name \(name) (\(owner.description)) is the name of a type or module the description names, which it would hide in generated code",
                    at: owner.location, hint: "change the prefix or the type's name")
            } else {
                owners[name] = owner
            }
        }
        let names = GeneratedNames(prefix: description.prefix.value)
        let backed = BackedTypes(description.types, runs: runOperations)
        for type in types {
            for (index, name) in generatedNames(of: type, names, backed: backed).enumerated() {
                claim(name, NameOwner(what: .type(name: type.name.value, index: index), location: type.name.location))
            }
        }
        for type in types where type.calls.contains(where: { $0.listener != nil }) {
            claim(
                names.listenerKeyName(type.name.value),
                NameOwner(what: .text("the listener keys of \(type.name.value)"), location: type.name.location))
        }
        // A mirror declared twice is reported as such, not as a name collision.
        var mirrorNames: Set<String> = []
        for mirror in description.mirrors where mirrorNames.insert(mirror.name.value).inserted {
            claim(names.mirrorName(mirror.name.value), NameOwner(what: .text("the mirror \(mirror.name.value)"), location: mirror.name.location))
        }
        for operation in description.operations {
            let name = operation.name.value
            let location = operation.name.location
            claim(names.outcomeName(name), NameOwner(what: .text("the outcome of \(name)"), location: location))
            if operation.store != nil {
                claim(names.operationBackingName(name), NameOwner(what: .text("the backing of \(name)"), location: location))
            }
            if operation.streams.contains(where: { $0.blocks.contains { $0.deprecation != nil } })
                || operation.result.blocks.contains(where: { $0.deprecation != nil })
            {
                claim(names.deprecatedBlocksName(name), NameOwner(what: .text("its deprecated-block protocol"), location: location))
                claim(names.deprecatedBlockAccessName(name), NameOwner(what: .text("its deprecated-block accessor"), location: location))
            }
        }
    }

    func moduleName(_ module: Located<String>) {
        let parts = module.value.split(separator: ".", omittingEmptySubsequences: false)
        if parts.isEmpty || !parts.allSatisfy({ SwiftNames.isIdentifier(String($0)) }) {
            sink.error("\"\(module.value)\" is not a valid module name", at: module.location)
        }
    }

    func availability(_ attribute: DeclaredAvailability) {
        if case .failure(let problem) = attribute.parsed {
            sink.error(
                "availability must be one attribute such as \"@available(iOS 15.0, *)\" on one line, found \(SwiftNames.literal(attribute.value)): \(problem.reason)",
                at: attribute.location)
        }
    }

    /// The availability of a member the generated protocol requires (a property or a form): Swift
    /// refuses a requirement marked unavailable (only an `@objc` protocol's may be), and an
    /// async one marked `noasync`. A platform's `unavailable` is left as it is: `clouddouble
    /// check` asks for it where the SDK no longer offers a member, and it compiles for other
    /// platforms (whether Swift takes it for that platform is not checked here).
    func requirementAvailability(_ attributes: [DeclaredAvailability], of what: String, isAsync: Bool) {
        for attribute in attributes {
            guard let parsed = attribute.model else { continue }
            if parsed.isUnconditionallyUnavailable {
                sink.error(
                    "\(what) cannot be unavailable: the generated protocol requires it, and Swift lets only an @objc protocol's members be unavailable",
                    at: attribute.location, hint: "leave it out of the description, and list it under \"omitted\" with the reason")
            } else if parsed.isNoAsync, isAsync {
                sink.error(
                    "\(what) cannot be noasync: Swift requires an async declaration to be available from asynchronous contexts",
                    at: attribute.location, hint: "remove noasync from the async form's availability")
            }
        }
    }

    /// `renamed` is a declaration name (`record(for:)`), so the attribute stays one attribute.
    func deprecation(_ deprecation: Deprecation?, at location: SourceLocation) {
        guard let renamed = deprecation?.renamed, !SwiftSnippets.isDeclarationName(renamed) else { return }
        sink.error(
            "\"renamed\" must be a declaration name such as \"record(for:)\" or \"CKDatabase.save(_:)\"; found \(SwiftNames.literal(renamed))",
            at: location)
    }

    func label(_ label: Located<String>) {
        if label.value != "_" && !SwiftNames.isIdentifier(label.value) {
            sink.error("the argument label \"\(label.value)\" is not a valid Swift identifier (use \"_\" for none)", at: label.location)
        }
    }

    func memberName(_ name: Located<String>, what: String) {
        if !SwiftNames.isIdentifier(name.value) {
            sink.error("the \(what) name \"\(name.value)\" is not a valid Swift identifier", at: name.location)
        } else if SwiftNames.isReservedMemberName(name.value) {
            sink.error("\"\(name.value)\" cannot be used as a \(what) name, even escaped with backticks", at: name.location)
        } else {
            generatedSpelling(name, what: what)
        }
    }

    /// Refuses a description name with the generated spelling (`SwiftNames.generated`): every
    /// name generated code declares for itself has it, so no description name may. True when
    /// `name` has it (and was reported).
    @discardableResult
    func generatedSpelling(_ name: Located<String>, what: String) -> Bool {
        guard SwiftNames.hasGeneratedSpelling(name.value) else { return false }
        sink.error(
            "the \(what) name \"\(name.value)\" ends in \"_\", the spelling generated code keeps for its own names", at: name.location,
            hint: "rename it without the trailing underscore")
        return true
    }

    /// Refuses a name a description gives where copied Swift reads one of the names the
    /// templates declare for it (`OperationContext.copiedScope`). True when refused.
    @discardableResult
    func copiedScopeName(_ name: Located<String>, what: String) -> Bool {
        guard OperationContext.copiedScope.contains(name.value) else { return false }
        sink.error(
            "the \(what) name \"\(name.value)\" would hide what a block's copied Swift reads by that name", at: name.location,
            hint: "names copied Swift reads: \(OperationContext.copiedScope.sorted().joined(separator: ", "))")
        return true
    }

    func reference(_ use: TypeUse) -> String? {
        if case .reference(let name) = use { return name.value }
        return nil
    }

    /// `zoneID`, `record.zoneID`: a property path written as a Swift key path (`\.zoneID`).
    func keyPath(_ path: Located<String>, what: String) {
        let parts = path.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.isEmpty || parts.contains(where: { !SwiftNames.isIdentifier($0) || SwiftNames.keywords.contains($0) }) {
            sink.error("\"\(what)\" must be a property path such as \"recordID\" or \"recordID.zoneID\"; found \"\(path.value)\"", at: path.location)
        }
    }

    func errorModel(_ model: ErrorModelSpec) {
        if let name = model.name, !SwiftNames.isIdentifier(name.value) || SwiftNames.keywords.contains(name.value) {
            sink.error(
                "the error model's name \"\(name.value)\" is not a Swift identifier", at: name.location,
                hint: "it names the model in generated code: ErrorModel.<name>")
        } else if let name = model.name, generatedSpelling(name, what: "error model") {
            // Reported.
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
        swiftErrors(model)
        for (code, key) in [(model.requestTooLargeCode, "requestTooLargeCode"), (model.cancelledCode, "cancelledCode")] {
            guard let code, !errorCodeNames.contains(code.value) else { continue }
            sink.error(
                "\"\(key)\" names the error code \"\(code.value)\", which is not in the error catalogue", at: code.location,
                hint: Spelling.closest(to: code.value, in: errorCodeNames).map { "did you mean \"\($0)\"?" })
        }
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
