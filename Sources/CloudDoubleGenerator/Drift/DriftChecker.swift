/// Compares a description with the SDK's symbol graph, both ways: what the description says
/// that the SDK no longer matches (errors: removed or renamed members, changed labels, types,
/// optionality, async/throws, availability) and what the SDK has that the description does not
/// say (warnings: new members, new deprecations). Members listed under `omitted` are skipped.
struct DriftChecker {
    let description: APIDescription
    let file: String
    let surface: SDKSurface
    private(set) var findings: [DriftFinding] = []

    init(description: APIDescription, file: String, surface: SDKSurface) {
        self.description = description
        self.file = file
        self.surface = surface
    }

    mutating func run() -> [DriftFinding] {
        for type in description.types { check(type) }
        for mirror in description.mirrors { check(mirror) }
        checkErrorModel()
        var seen = Set<String>()
        return
            findings
            .filter { seen.insert("\($0.location.line):\($0.location.column):\($0.message)").inserted }
            .sorted { ($0.location, $0.message) < ($1.location, $1.message) }
    }

    mutating func error(_ message: String, at location: SourceLocation, hint: String? = nil) {
        findings.append(DriftFinding(.error, file: file, location: location, message: message, hint: hint))
    }

    private mutating func warning(_ message: String, at location: SourceLocation, hint: String? = nil) {
        findings.append(DriftFinding(.warning, file: file, location: location, message: message, hint: hint))
    }

    /// The SDK type a type use means: the Swift type, or the referenced type's `sdkType`.
    func sdkType(_ use: TypeUse?) -> Located<String>? {
        switch use {
        case .swift(let type)?: return Located(type.value, type.location)
        case .reference(let written)?:
            // `returnsRef` may be an optional or an array (`Section?`, `[Section]`): the SDK's is of its `sdkType`.
            let returned = DescribedReference(written)
            let target = description.types.first { $0.name.value == returned.name.value }
            guard let sdkType = target?.sdkType.value else { return written }
            switch returned.shape {
            case .one: return Located(sdkType, written.location)
            case .optional: return Located(sdkType + "?", written.location)
            case .array: return Located("[" + sdkType + "]", written.location)
            }
        case nil: return nil
        }
    }

    /// The SDK type a parameter takes: its Swift type, or its described type's `sdkType`.
    func sdkType(of parameter: Parameter) -> String {
        guard let reference = parameter.reference else { return parameter.type.value }
        return sdkType(.reference(reference))?.value ?? reference.value
    }

    /// `T?` → `T` on the type model; other types as they are.
    static func strippingOptional(_ type: String) -> String {
        guard case .success(let model) = SwiftTypeParser.parse(type) else { return type }
        return (model.optionalWrapped ?? model).description
    }

    /// "type changed from A to B", or "optionality changed" when only a `?` differs.
    func change(_ described: String, _ actual: String) -> String {
        if Self.strippingOptional(described) == Self.strippingOptional(actual)
            || surface.sameType(Self.strippingOptional(described), Self.strippingOptional(actual))
        {
            return "optionality changed: the description says \(described), the SDK now has \(actual)"
        }
        return "type changed: the description says \(described), the SDK now has \(actual)"
    }

    // MARK: Types

    mutating func check(_ type: DescribedType) {
        let typeName = SDKTypeName.nominal(type.sdkType.value)
        guard let sdk = surface.types[typeName] else {
            let hint = Spelling.closest(to: typeName, in: surface.types.keys.sorted()).map { "the symbol graph has \"\($0)\": renamed?" }
            error("\(typeName) is not in the symbol graph of \(surface.module) (removed or renamed)", at: type.sdkType.location, hint: hint)
            return
        }
        var usedProperties = Set<String>()
        var usedMethods = Set<String>()
        checkProperties(type, sdk, used: &usedProperties)
        checkCalls(type, sdk, used: &usedMethods)
        checkInheritance(type)

        // What the SDK has that the description does not say (an override of a member the
        // parent describes is described there).
        let inherited = inheritedMemberNames(of: type)
        func omitted(_ names: String...) -> Bool { type.omitted.contains { names.contains($0.name.value) } }
        for property in sdk.properties
        where !usedProperties.contains(property.name) && !omitted(property.name) && !inherited.contains(property.name) {
            warning(
                "\(typeName) has a property `\(property.name): \(property.type)` that \(type.name.value) does not describe",
                at: type.sdkType.location,
                hint: "describe it in \"properties\", or list it in \"omitted\" with a reason")
        }
        let fresh = sdk.methods.filter {
            !usedMethods.contains($0.preciseIdentifier) && !omitted($0.fullName, $0.baseName) && !inherited.contains($0.fullName)
        }
        for call in CallGrouping.group(fresh, surface: surface) {
            warning(
                "\(typeName) has \(call.names), which \(type.name.value) does not describe", at: type.sdkType.location,
                hint: "describe it as a call, or list it in \"omitted\" with a reason")
        }
        for member in type.omitted {
            let name = member.name.value
            let exists =
                sdk.properties.contains { $0.name == name } || sdk.methods.contains { $0.fullName == name || $0.baseName == name }
                || sdk.otherMembers.contains(name) || sdk.otherMembers.contains { $0.hasPrefix(name + "(") }
            if !exists {
                warning(
                    "\(typeName) no longer has `\(name)`, which \(type.name.value) lists as omitted", at: member.name.location,
                    hint: "remove the entry")
            }
        }
    }

    mutating func checkProperties(_ type: DescribedType, _ sdk: SDKType, used: inout Set<String>) {
        var unmatched: [Property] = []
        for property in type.properties {
            guard let actual = sdk.properties.first(where: { $0.name == property.name.value }) else {
                unmatched.append(property)
                continue
            }
            used.insert(actual.name)
            if let reason = actual.unsupported {
                error(
                    "the property `\(property.name.value)` of \(sdk.name) cannot be described: \(reason)", at: property.name.location,
                    hint: "list it in \"omitted\" with that reason")
            }
            if let described = sdkType(property.type), !surface.sameType(described.value, actual.type) {
                error("the property `\(property.name.value)` of \(sdk.name): \(change(described.value, actual.type))", at: described.location)
            }
            if property.settable, !actual.settable {
                error("the property `\(property.name.value)` of \(sdk.name) is no longer settable", at: property.name.location)
            }
            deprecations(
                of: "the property `\(property.name.value)`", in: sdk.name, sdk: actual.availability, availability: property.availability,
                deprecation: property.deprecation, at: property.name.location)
        }
        for property in unmatched {
            let described = sdkType(property.type)?.value ?? ""
            let candidates = sdk.properties.filter { !used.contains($0.name) && surface.sameType($0.type, described) }
            if candidates.count == 1 {
                used.insert(candidates[0].name)
                error(
                    "the property `\(property.name.value)` is no longer in \(sdk.name); it has `\(candidates[0].name)` of the same type (renamed?)",
                    at: property.name.location)
            } else {
                error("the property `\(property.name.value)` is no longer in \(sdk.name) (removed or renamed)", at: property.name.location)
            }
        }
    }

    // MARK: Calls

    /// The labels of a form in the SDK's name: its own or the call's, then the handler's.
    func fullName(_ form: CallFormSpec, _ call: Call) -> String { SwiftNames.fullName(of: form, in: call.parameters) }

    /// What the form says the request answers (`nil` for nothing); for completion handlers
    /// with a non-optional value, that value.
    func expectedValue(_ form: CallFormSpec, _ call: Call) -> String? {
        if form.kind.value == .completion, let handlerValue = form.handlerValueType?.value {
            return form.handlerValueType?.model?.optionalWrapped?.description ?? handlerValue
        }
        return sdkType(call.returns)?.value
    }

    func sameValue(_ form: CallFormSpec, _ call: Call, _ method: SDKMethod) -> Bool {
        if form.kind.value == .stream { return sameSequence(form, call, method) }
        let expected = expectedValue(form, call)
        let actual = method.value
        switch (expected, actual) {
        case (nil, nil): return true
        case (let x?, let y?):
            // A completion handler passes `T?` both for `T` and for `T?` results.
            if form.kind.value == .completion { return surface.sameType(Self.strippingOptional(x), Self.strippingOptional(y)) }
            return surface.sameType(x, y)
        case (let x?, nil), (nil, let x?): return SwiftDeclarationTokens.isVoid(x)
        }
    }

    func sameSignature(_ form: CallFormSpec, _ call: Call, _ method: SDKMethod) -> Bool {
        let request = method.requestParameters
        guard request.count == call.parameters.count, sameKind(form, method) else { return false }
        if case .completion(_?, _, let errorFirst)? = method.handler, errorFirst != (form.handlerOrder == .errorFirst) { return false }
        return zip(call.parameters, request).allSatisfy { surface.sameType(sdkType(of: $0), $1.type) } && sameValue(form, call, method)
    }

    enum Outcome {
        case matched(SDKMethod)
        case renamed(SDKMethod)
        case removed
    }

    mutating func checkCalls(_ type: DescribedType, _ sdk: SDKType, used: inout Set<String>) {
        let forms = type.calls.flatMap { call in call.forms.map { (call: call, form: $0) } }
        var outcomes: [Int: Outcome] = [:]
        func available(_ method: SDKMethod) -> Bool { !used.contains(method.preciseIdentifier) }
        // 1. Same name, same signature.
        for (index, entry) in forms.enumerated() {
            let name = fullName(entry.form, entry.call)
            if let method = sdk.methods.first(where: { available($0) && $0.fullName == name && sameSignature(entry.form, entry.call, $0) }) {
                used.insert(method.preciseIdentifier)
                outcomes[index] = .matched(method)
            }
        }
        // 2. Same name, something changed: the differences are reported below.
        for (index, entry) in forms.enumerated() where outcomes[index] == nil {
            let name = fullName(entry.form, entry.call)
            let candidates = sdk.methods.filter { available($0) && $0.fullName == name }
            if let method = candidates.first(where: { $0.kind == entry.form.kind.value }) ?? candidates.first {
                used.insert(method.preciseIdentifier)
                outcomes[index] = .matched(method)
            }
        }
        // 3. Another name, the same signature: renamed, or relabelled.
        for (index, entry) in forms.enumerated() where outcomes[index] == nil {
            let candidates = sdk.methods.filter { available($0) && sameSignature(entry.form, entry.call, $0) }
            let method = candidates.first { $0.baseName == entry.form.name.value } ?? (candidates.count == 1 ? candidates.first : nil)
            if let method {
                used.insert(method.preciseIdentifier)
                outcomes[index] = .renamed(method)
            } else {
                outcomes[index] = .removed
            }
        }
        // Report, once per call when every form of it went the same way.
        var index = 0
        for call in type.calls {
            let range = index..<(index + call.forms.count)
            index += call.forms.count
            let callOutcomes = range.map { outcomes[$0] ?? .removed }
            let id = GeneratedNames.callID(call)
            let callLocation = call.id?.location ?? call.location
            let names = call.forms.map { "`\(fullName($0, call))`" }.joined(separator: " and ")
            if call.forms.count > 1, callOutcomes.allSatisfy({ if case .removed = $0 { return true } else { return false } }) {
                error(
                    "the call `\(id)` (\(names)) is no longer in \(sdk.name) (removed)", at: callLocation,
                    hint: "remove it, or describe what replaced it")
                continue
            }
            var newDeprecations: [(location: SourceLocation, text: String)] = []
            for (offset, form) in call.forms.enumerated() {
                let name = fullName(form, call)
                switch callOutcomes[offset] {
                case .removed:
                    error(
                        "`\(name)` is no longer in \(sdk.name) (removed)", at: form.name.location,
                        hint: "remove the form, or describe what replaced it")
                case .renamed(let method):
                    let what = method.baseName == form.name.value ? "its labels changed" : "renamed?"
                    error(
                        "`\(name)` is no longer in \(sdk.name); it has `\(method.fullName)` with the same signature (\(what))",
                        at: form.name.location,
                        hint: "rename the form to \(method.baseName) with the SDK's labels")
                case .matched(let method):
                    // The rule `import` follows: what it would omit, a description cannot say.
                    if let reason = method.unsupported {
                        error(
                            "`\(name)` in \(sdk.name) cannot be described: \(reason)", at: form.name.location,
                            hint: "list it in \"omitted\" with that reason")
                    }
                    compare(form, call, method, in: sdk.name)
                    compareGenerics(form, call, method, in: sdk.name)
                    if let text = newDeprecation(form, method) { newDeprecations.append((form.location, text)) }
                }
            }
            if !newDeprecations.isEmpty {
                if newDeprecations.count == call.forms.count, call.forms.count > 1, Set(newDeprecations.map(\.text)).count == 1 {
                    warning(
                        "the call `\(id)` (\(names)) is deprecated in \(sdk.name) (\(newDeprecations[0].text)); the description does not say so",
                        at: callLocation,
                        hint: "add the deprecation to each form's \"availability\" or \"deprecated\"")
                } else {
                    for (offset, form) in call.forms.enumerated() {
                        guard let found = newDeprecations.first(where: { $0.location == form.location }) else { continue }
                        _ = offset
                        warning(
                            "`\(fullName(form, call))` is deprecated in \(sdk.name) (\(found.text)); the description does not say so",
                            at: form.location,
                            hint: "add the deprecation to the form's \"availability\" or \"deprecated\"")
                    }
                }
            }
        }
    }

    /// Reports what differs between a form and the SDK method of the same name.
    mutating func compare(_ form: CallFormSpec, _ call: Call, _ method: SDKMethod, in typeName: String) {
        let name = fullName(form, call)
        let kind = form.kind.value
        if !sameKind(form, method) {
            let now: String
            switch method.kind {
            case .async: now = "async"
            case .sync: now = "synchronous"
            case .completion: now = "a completion-handler method"
            case .result: now = "a Result-handler method"
            case .stream: now = "a method returning a sequence"
            }
            error("`\(name)` in \(typeName) is now \(now), the description has a \"\(kind.rawValue)\" form", at: form.kind.location)
        } else if kind == .async, !method.throwsErrors {
            error("`\(name)` in \(typeName) no longer throws; the description's \"async\" form is `async throws`", at: form.kind.location)
        } else if kind == .sync, method.throwsErrors, !form.throwing {
            error(
                "`\(name)` in \(typeName) now throws; the description's \"sync\" form does not", at: form.kind.location,
                hint: "add \"throws\": true to the form")
        } else if kind == .sync, !method.throwsErrors, form.throwing {
            error(
                "`\(name)` in \(typeName) no longer throws; the description's \"sync\" form does", at: form.kind.location,
                hint: "remove \"throws\" from the form")
        }
        if kind == .completion, case .completion(_?, _, let errorFirst)? = method.handler, errorFirst != (form.handlerOrder == .errorFirst) {
            let order = errorFirst ? HandlerOrder.errorFirst : .valueFirst
            error(
                "`\(name)` in \(typeName) has a handler that takes the \(errorFirst ? "error" : "value") first; the description's form is \(form.handlerOrder.rawValue)",
                at: form.location, hint: "set \"handlerOrder\": \"\(order.rawValue)\"")
        }
        let request = method.requestParameters
        if request.count == call.parameters.count {
            for (parameter, actual) in zip(call.parameters, request) where !surface.sameType(sdkType(of: parameter), actual.type) {
                error(
                    "the parameter `\(parameter.name.value)` of `\(GeneratedNames.callID(call))`: \(change(sdkType(of: parameter), actual.type))",
                    at: parameter.type.location)
            }
        }
        if sameKind(form, method), !sameValue(form, call, method) {
            let described = (kind == .stream ? sequence(form, call) : expectedValue(form, call)) ?? "Void"
            let actual = method.value ?? "Void"
            let location = form.sequence?.location ?? form.handlerValueType?.location ?? sdkType(call.returns)?.location ?? form.location
            error("the result of `\(GeneratedNames.callID(call))`: \(change(described, actual))", at: location)
        }
        // A platform where the SDK no longer offers it: the live adapter would not compile there.
        for entry in method.availability where entry.isUnconditionallyUnavailable == true || entry.obsoleted != nil {
            let domain = entry.platform ?? entry.domain ?? "*"
            // Read from the attribute as the decoder parsed it, not from its text.
            let said = form.availability.contains { attribute in
                guard let arguments = attribute.model?.arguments, case .name(domain, version: nil)? = arguments.first else {
                    return false
                }
                return arguments.dropFirst().contains { argument in
                    if case .name("unavailable", version: nil) = argument { return true }
                    if case .labeledVersion("obsoleted", _) = argument { return true }
                    return false
                }
            }
            if !said {
                error(
                    "`\(name)` is unavailable on \(domain) in \(typeName)\(entry.obsoleted.map { " (obsoleted in \($0.text))" } ?? "")",
                    at: form.location)
            }
        }
        deprecations(
            of: "`\(name)`", in: typeName, sdk: method.availability, availability: form.availability, deprecation: form.deprecation,
            at: form.location, reportNew: false)
    }

    /// Platforms (and Swift-wide) where the SDK deprecates the member and the description does not say so.
    func newDeprecation(_ form: CallFormSpec, _ method: SDKMethod) -> String? {
        let described = DescribedAvailability(form.availability)
        var parts: [String] = []
        for entry in method.availability {
            guard let domain = entry.platform else { continue }
            if domain == "Swift" || domain == "*" {
                if entry.deprecated != nil || entry.isUnconditionallyDeprecated == true, form.deprecation == nil, !described.deprecatedEverywhere {
                    parts.append(domain == "Swift" ? "in Swift \(entry.deprecated?.text ?? "")" : "everywhere")
                }
            } else if entry.deprecated != nil || entry.isUnconditionallyDeprecated == true,
                described.deprecated[domain.lowercased()] == nil, form.deprecation == nil, !described.deprecatedEverywhere
            {
                parts.append("on \(domain)" + (entry.deprecated.map { " \($0.text)" } ?? ""))
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Deprecations and introductions the description states that the SDK no longer matches
    /// (errors); with `reportNew`, deprecations the SDK added (a warning).
    mutating func deprecations(
        of what: String, in typeName: String, sdk: [SymbolGraph.Symbol.Availability], availability: [DeclaredAvailability], deprecation: Deprecation?,
        at location: SourceLocation, reportNew: Bool = true
    ) {
        var sdkDeprecated: [String: String] = [:]
        var sdkIntroduced: [String: String] = [:]
        var sdkAnyDeprecation = false
        for entry in sdk {
            let domain = (entry.platform ?? entry.domain ?? "*").lowercased()
            if let version = entry.deprecated {
                sdkDeprecated[domain] = version.text
                sdkAnyDeprecation = true
            }
            if entry.isUnconditionallyDeprecated == true {
                sdkDeprecated[domain] = ""
                sdkAnyDeprecation = true
            }
            if let version = entry.introduced { sdkIntroduced[domain] = version.text }
        }
        for attribute in availability {
            let described = DescribedAvailability([attribute])
            for (platform, version) in described.deprecated.sorted(by: { $0.key < $1.key }) {
                guard let actual = sdkDeprecated[platform] else {
                    error("\(what) is no longer deprecated on \(platform) in \(typeName)", at: attribute.location)
                    continue
                }
                if let version, !actual.isEmpty, !Self.sameVersion(version, actual) {
                    error("\(what) is deprecated on \(platform) \(actual) in \(typeName), the description says \(version)", at: attribute.location)
                }
            }
            for (platform, version) in described.introduced.sorted(by: { $0.key < $1.key }) {
                if let actual = sdkIntroduced[platform], !Self.sameVersion(version, actual) {
                    error("\(what) is introduced on \(platform) \(actual) in \(typeName), the description says \(version)", at: attribute.location)
                }
            }
        }
        if deprecation != nil, !sdkAnyDeprecation {
            error("\(what) is no longer deprecated in \(typeName)", at: location)
        }
        if reportNew {
            let described = DescribedAvailability(availability)
            let fresh = sdk.filter { entry in
                let domain = (entry.platform ?? entry.domain ?? "*").lowercased()
                guard entry.deprecated != nil || entry.isUnconditionallyDeprecated == true else { return false }
                return deprecation == nil && !described.deprecatedEverywhere && described.deprecated[domain] == nil
            }
            if !fresh.isEmpty {
                let platforms = fresh.map { "\($0.domain ?? "*") \($0.deprecated?.text ?? "")".trimmingCharacters(in: .whitespaces) }.joined(
                    separator: ", ")
                warning("\(what) is deprecated in \(typeName) (\(platforms)); the description does not say so", at: location)
            }
        }
    }

    static func sameVersion(_ a: String, _ b: String) -> Bool {
        func parts(_ text: String) -> [Int] {
            var numbers = text.split(separator: ".").map { Int($0) ?? 0 }
            while numbers.count < 3 { numbers.append(0) }
            return numbers
        }
        return parts(a) == parts(b)
    }
}

/// What `@available(…)` attributes of a description say, per lowercased platform: read from the
/// attributes as the decoder parsed them (`DeclaredAvailability.model`), not scanned again.
struct DescribedAvailability {
    var deprecated: [String: String?] = [:]
    var introduced: [String: String] = [:]
    var deprecatedEverywhere = false

    init(_ attributes: [DeclaredAvailability]) {
        for attribute in attributes {
            guard let availability = attribute.model, let first = availability.arguments.first else { continue }
            if case .name(_, version: _?) = first {
                // `@available(iOS 15.0, macOS 12.0, *)`
                for case .name(let platform, version: let version?) in availability.arguments { introduced[platform.lowercased()] = version }
                continue
            }
            let platform: String
            switch first {
            case .name(let name, version: nil): platform = name.lowercased()
            default: platform = "*"
            }
            for argument in availability.arguments.dropFirst() {
                switch argument {
                case .name("deprecated", version: nil), .labeledVersion("deprecated", _):
                    var version: String?
                    if case .labeledVersion(_, let value) = argument { version = value }
                    if platform == "*" || platform == "swift" {
                        deprecatedEverywhere = true
                    } else {
                        deprecated.updateValue(version, forKey: platform)
                    }
                case .labeledVersion("introduced", let version):
                    introduced[platform] = version
                default: break
                }
            }
        }
    }
}
