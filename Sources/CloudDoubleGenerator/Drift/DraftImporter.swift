/// Turns an SDK's symbol graph into a draft description of chosen types: properties and calls
/// with their Swift signatures, forms grouped, child types as `ref`s, availability and docs.
/// What a symbol graph cannot say (store roles, mock defaults that are guesses, operations) is
/// marked `TODO(clouddouble import)` in the draft's docs and listed in ``Drift/Draft/todos``;
/// members a description cannot express yet are listed under `"omitted"` with the reason, so the
/// draft validates as it is and `clouddouble check` stays quiet about them.
struct DraftImporter {
    let surface: SDKSurface
    let sdkTypes: [String]
    let module: String
    var todos: [String] = []
    /// What would break generated code unless a person acts (a type that is not `Sendable`).
    var warnings: [String] = []
    /// The description's prefix: the module's name, unless generated names would repeat a word.
    let prefix: String
    /// The availability of every member the draft keeps, for the description's floor.
    var keptAvailability: [[SymbolGraph.Symbol.Availability]] = []
    /// SDK types drafted calls return that the draft mirrors (`DraftImporter+Mirrors.swift`).
    var mirrored: [String] = []

    static let marker = "TODO(clouddouble import)"

    init(surface: SDKSurface, sdkTypes: [String], module: String?) {
        self.surface = surface
        self.sdkTypes = sdkTypes
        self.module = module ?? surface.module
        prefix = Self.prefix(for: self.module, types: sdkTypes)
    }

    mutating func draft() -> String {
        var root: [(String, DraftJSON)] = [
            ("formatVersion", .int(1)),
            ("module", .string(module)),
            ("imports", .array([.string("Foundation")])),
            ("prefix", .string(prefix)),
        ]
        if prefix == Self.fallbackPrefix, Self.prefix(for: module) != prefix {
            todos.append(
                "prefix: \"\(prefix)\" is a placeholder (the module's name \(module) would repeat a word in front of a type's name); pick the prefix of your generated names"
            )
        }
        let types = sdkTypes.map { self.type($0) }
        if let floor = availabilityFloor() { root.append(("availability", .array([.string(floor)]))) }
        root.append(("types", .array(types)))
        if !mirrored.isEmpty { root.append(("mirrors", .array(draftedMirrors(mirrored)))) }
        return DraftJSON.object(root).rendered() + "\n"
    }

    /// `CKDatabase` → `Database`: the name without the SDK's capital-letter prefix.
    static func shortName(_ sdkType: String) -> String {
        let last = sdkType.split(separator: ".").last.map(String.init) ?? sdkType
        let characters = Array(last)
        var index = 0
        while index + 1 < characters.count, characters[index].isUppercase, characters[index + 1].isUppercase { index += 1 }
        guard index >= 1, index < characters.count else { return last }
        return String(characters[index...])
    }

    /// The prefix a draft falls back to when the module's name would repeat a word in front of a
    /// type's name.
    static let fallbackPrefix = "Remote"

    /// A valid prefix: the module's name (`CloudKit`; the user picks a nicer one), unless it
    /// would repeat a word in a generated name: it ends with a drafted type's short name
    /// (`FirebaseFirestore` and `Firestore`: `FirebaseFirestoreFirestore`) or a short name starts
    /// with it (`Firestore` and `FirestoreClient`). Dropping the repeated word instead would give
    /// the module's or the SDK type's own name (`FirebaseFirestore`, `FirestoreClient`), which
    /// generated code must not hide, so the draft takes ``fallbackPrefix``.
    static func prefix(for module: String, types: [String] = []) -> String {
        let identifier = module.filter { $0.isLetter || $0.isNumber || $0 == "_" }
        let prefix = identifier.first?.isLetter == true ? identifier : "SDK" + identifier
        let repeats = types.map(shortName).contains { name in
            prefix.hasSuffix(name) || (name.hasPrefix(prefix) && name.dropFirst(prefix.count).first?.isUppercase == true)
        }
        return repeats ? fallbackPrefix : prefix
    }

    /// The newest `introduced` per platform over the members the draft keeps: the floor at which
    /// all exist. Omitted members do not raise it: the description does not name them.
    func availabilityFloor() -> String? {
        var floor: [String: (Int, Int, String)] = [:]
        func consider(_ entries: [SymbolGraph.Symbol.Availability]) {
            for entry in entries {
                guard let domain = entry.domain, let introduced = entry.introduced, Self.platforms.contains(domain) else { continue }
                let key = (introduced.major, introduced.minor ?? 0, introduced.text)
                if let current = floor[domain], (current.0, current.1) >= (key.0, key.1) { continue }
                floor[domain] = key
            }
        }
        keptAvailability.forEach(consider)
        guard !floor.isEmpty else { return nil }
        let parts = Self.platforms.compactMap { domain in floor[domain].map { "\(domain) \($0.2)" } }
        return "@available(\(parts.joined(separator: ", ")), *)"
    }

    static let platforms = ["macOS", "iOS", "tvOS", "watchOS", "visionOS", "macCatalyst"]

    /// Per-platform deprecations as attributes, and a Swift-wide or unconditional one as `deprecated`.
    static func availability(_ entries: [SymbolGraph.Symbol.Availability]) -> (attributes: [String], deprecated: DraftJSON?) {
        var attributes: [String] = []
        var deprecated: DraftJSON?
        for entry in entries {
            let domain = entry.domain ?? "*"
            let unconditional = entry.isUnconditionallyDeprecated ?? false
            if domain == "Swift" || domain == "*" {
                guard entry.deprecated != nil || unconditional else { continue }
                var members: [(String, DraftJSON)] = []
                if let message = entry.message { members.append(("message", .string(message))) }
                if let renamed = entry.renamed { members.append(("renamed", .string(renamed))) }
                deprecated = members.isEmpty ? .bool(true) : .object(members)
                continue
            }
            // A domain `@available` does not take (`Linux`) says nothing a description can.
            guard entry.deprecated != nil || unconditional, let platform = entry.platform else { continue }
            var text = "@available(\(platform), deprecated" + (entry.deprecated.map { ": \($0.text)" } ?? "")
            if let message = entry.message { text += ", message: \(DraftJSON.quoted(message))" }
            if let renamed = entry.renamed { text += ", renamed: \(DraftJSON.quoted(renamed))" }
            attributes.append(text + ")")
        }
        let order = platforms + ["visionOS"]
        attributes.sort { a, b in
            let x = order.firstIndex { a.hasPrefix("@available(\($0),") } ?? order.count
            let y = order.firstIndex { b.hasPrefix("@available(\($0),") } ?? order.count
            return x < y
        }
        return (attributes, deprecated)
    }

    // MARK: Types

    mutating func type(_ sdkType: String) -> DraftJSON {
        var type = surface.types[sdkType] ?? SDKType(name: sdkType)
        let parent = draftedSuperclass(of: sdkType)
        let inherited = inheritedNames(of: sdkType)
        type.properties.removeAll { inherited.properties.contains($0.name) }
        type.methods.removeAll { inherited.methods.contains($0.fullName) }
        let name = Self.shortName(sdkType)
        var omissions: [(member: String, reason: String)] = []
        func omit(_ member: String, _ reason: String) { omissions.append((member, reason)) }
        var properties: [DraftJSON] = []
        var memberNames = Set<String>()
        for property in type.properties {
            if let reason = property.unsupported {
                omit(property.name, "\(Self.marker): a description cannot say this property: \(reason)")
                continue
            }
            if SwiftNames.hasGeneratedSpelling(property.name) {
                omit(property.name, "\(Self.marker): \(Self.generatedSpelling)")
                continue
            }
            // What the validator refuses, the draft leaves out with the reason: the draft validates.
            if reference(property.type) == nil, let reason = Self.uncarried(property.type, at: .property) {
                omit(property.name, "\(Self.marker): generated code cannot carry its type: \(reason)")
                continue
            }
            var members: [(String, DraftJSON)] = [("name", .string(property.name))]
            if let ref = reference(property.type) {
                members.append(("ref", .string(ref)))
            } else {
                members.append(("type", .string(property.type)))
                if property.settable { members.append(("settable", .bool(true))) }
                if Self.mockDefault(for: property.type) == nil {
                    guard let guess = enumGuess(property.type) else {
                        omit(property.name, "\(Self.marker): a mock needs a \"mockDefault\" of type \(property.type); describe the property with one")
                        continue
                    }
                    members.append(("mockDefault", .string(guess)))
                    todos.append(
                        "\(sdkType).\(property.name): \"mockDefault\": \"\(guess)\" is a guess (the first case); pick the value a mock should return")
                }
            }
            let (attributes, deprecated) = Self.availability(property.availability)
            if !attributes.isEmpty { members.append(("availability", .array(attributes.map(DraftJSON.string)))) }
            if let deprecated { members.append(("deprecated", deprecated)) }
            if let doc = property.documentation { members.append(("doc", .string(doc))) }
            memberNames.insert(property.name)
            keptAvailability.append(property.availability)
            properties.append(.object(members))
        }
        for method in type.methods {
            if let reason = method.unsupported { omit(method.fullName, "\(Self.marker): a description cannot say this method: \(reason)") }
        }
        let grouped = CallGrouping.group(type.methods.filter { $0.unsupported == nil }, surface: surface)
        let ids = callIDs(grouped, taken: memberNames.union(inherited.properties).union(inherited.ids))
        var calls: [DraftJSON] = []
        let siblings = Array(zip(grouped, ids))
        let listeners = siblings.map { listener($0.0, siblings: siblings) }
        for ((call, id), listener) in zip(siblings, listeners) {
            let removesListeners = listeners.contains { $0 != nil } && Self.removesListeners(call)
            if let json = self.call(call, id: id, sdkType: sdkType, listener: listener, removesListeners: removesListeners, omissions: &omissions) {
                calls.append(json)
            }
        }
        let omitted = omissions.map { DraftJSON.object([("name", .string($0.member)), ("reason", .string($0.reason))]) }
        todos += omissions.map { "\(sdkType).\($0.member): \($0.reason)" }
        var doc = type.documentation.map { $0 + "\n\n" } ?? ""
        doc +=
            "\(Self.marker): drafted from the symbol graph of \(surface.module). Set \"store\" on the calls the mock's in-memory backing should answer, \"atomic\" on atomic batches, and describe operations."
        todos.append("\(sdkType): set \"store\" roles, \"atomic\" requests and operations by hand")
        var members: [(String, DraftJSON)] = [("name", .string(name)), ("sdkType", .string(type.isProtocol ? "any " + sdkType : sdkType))]
        if let parent { members.append(("inherits", .string(Self.shortName(parent)))) }
        if surface.sendableTypes.map({ !$0.contains(sdkType) }) ?? false {
            // The live adapter is declared `Sendable` and holds the SDK object: without this key
            // its generated code does not compile, and only a person can vouch for the SDK.
            members.append(("uncheckedSendable", .bool(true)))
            doc +=
                "\n\n\(Self.marker): \(sdkType) is not Sendable in the symbol graph, so \"uncheckedSendable\" is true: keep it only if the SDK documents \(sdkType) as safe to use from any thread."
            warnings.append(
                "\(sdkType) is not Sendable in the symbol graph: the draft sets \"uncheckedSendable\": true on \(name) so its live adapter compiles (as @unchecked Sendable); keep it only if \(sdkType) is safe to use from any thread"
            )
        }
        members.append(("doc", .string(doc)))
        if !properties.isEmpty { members.append(("properties", .array(properties))) }
        if !calls.isEmpty { members.append(("calls", .array(calls))) }
        if !omitted.isEmpty { members.append(("omitted", .array(omitted))) }
        return .object(members)
    }

    /// The described type a Swift type refers to, if drafted too, in the shapes `ref` and
    /// `returnsRef` take: `CKDatabase` → `Database`, `CKDatabase?` → `Database?`, `[CKDatabase]` → `[Database]`.
    func reference(_ type: String) -> String? {
        if let ref = describedName(type) { return ref }
        guard case .success(let model) = SwiftTypeParser.parse(type) else { return nil }
        if let wrapped = model.optionalWrapped, let ref = describedName(wrapped.description) { return ref + "?" }
        if let element = model.arrayElement, let ref = describedName(element.description) { return "[" + ref + "]" }
        return nil
    }

    /// The described type a drafted SDK type becomes (`CKDatabase` → `Database`).
    private func describedName(_ type: String) -> String? {
        sdkTypes.contains(type) ? Self.shortName(type) : nil
    }

    /// `.firstCase` for an enum of the SDK: a value that compiles, for a person to confirm.
    func enumGuess(_ type: String) -> String? {
        guard let first = surface.enumCases[type]?.first else { return nil }
        return "." + first
    }

    /// Unique ids a person would pick: the primary form's base name, followed by the words
    /// (labels, or parameter names where the label is `_`) that tell it from the other calls of
    /// that name, only when several share it, and only as many as that takes: `setData(_:)`,
    /// `setData(_:merge:)` → `setData`, `setDataMerge`; `save(_ record:)`, `save(_ zone:)` →
    /// `saveRecord`, `saveZone`; `records(for:desiredKeys:)`,
    /// `records(matching:inZoneWith:desiredKeys:resultsLimit:)` → `recordsFor`, `recordsMatching`.
    /// A number is the last resort, for calls whose words are all alike.
    func callIDs(_ calls: [SDKCall], taken: Set<String>) -> [String] {
        let words = calls.map { call in call.primary.requestParameters.map { $0.label == "_" ? $0.name : $0.label } }
        var siblings: [String: [Int]] = [:]
        for (index, call) in calls.enumerated() { siblings[call.primary.baseName, default: []].append(index) }
        var used = taken
        return calls.indices.map { index in
            let base = calls[index].primary.baseName
            let group = siblings[base] ?? [index]
            var chosen: [String] = []
            if group.count > 1 {
                // The words every call of the name has tell nothing; of the rest, the fewest
                // leading ones that no sibling starts with too.
                let shared = group.dropFirst().reduce(Set(words[group[0]])) { $0.intersection(words[$1]) }
                let distinct = group.map { sibling in words[sibling].filter { !shared.contains($0) } }
                let own = distinct[group.firstIndex(of: index) ?? 0]
                let count = (0...own.count).first { count in
                    count == own.count || !zip(group, distinct).contains { $0.0 != index && Array($0.1.prefix(count)) == Array(own.prefix(count)) }
                }
                chosen = Array(own.prefix(count ?? own.count))
            }
            if chosen.isEmpty, taken.contains(base), let first = words[index].first { chosen = [first] }
            var id = base + chosen.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            if SwiftNames.reservedMemberNames.contains(id) || SwiftNames.keywords.contains(id) { id += "Call" }
            var unique = id
            var number = 2
            while used.contains(unique) {
                unique = id + String(number)
                number += 1
            }
            used.insert(unique)
            return unique
        }
    }

    /// Why a member whose name (or a parameter's) ends in `_` is left out: descriptions cannot
    /// give such names (`SwiftNames.generated`).
    static let generatedSpelling = "its name or a parameter's ends in \"_\", the spelling generated code keeps for its own names"

    // MARK: Calls

    /// `listener` is the call's `"listener"` when it registers one, `removesListeners` whether it
    /// removes them all (`DraftImporter+Listeners.swift`).
    mutating func call(
        _ call: SDKCall, id: String, sdkType: String, listener: DraftJSON?, removesListeners: Bool,
        omissions: inout [(member: String, reason: String)]
    ) -> DraftJSON? {
        func omit(_ member: String, _ reason: String) { omissions.append((member, reason)) }
        let primary = call.primary
        let parameters = primary.requestParameters
        var returns = primary.value
        // A synchronous method returning an `AsyncSequence` is a `stream` form of its elements.
        let stream =
            call.forms.count == 1 && primary.kind == .sync && !primary.throwsErrors && primary.genericParameters.isEmpty
            ? returns.flatMap(Self.stream(of:)) : nil
        if let stream { returns = stream.element }
        if SwiftNames.hasGeneratedSpelling(primary.baseName) || parameters.contains(where: { SwiftNames.hasGeneratedSpelling($0.name) }) {
            omit(primary.fullName, "\(Self.marker): \(Self.generatedSpelling)")
            return nil
        }
        // One closure without `@escaping` on a call with `sync` forms alone (the validator's rule,
        // `ValidationPass+NonEscapingClosures.swift`), which then returns no described type.
        let takesNonEscaping = call.forms.allSatisfy { $0.kind == .sync } && stream == nil && listener == nil
        var nonEscapingClosures = 0
        for parameter in parameters {
            if takesNonEscaping, nonEscapingClosures == 0, Self.isNonEscapingClosure(parameter.type) {
                nonEscapingClosures += 1
                continue
            }
            if let reason = Self.uncarried(parameter.type, at: .parameter) {
                omit(primary.fullName, "\(Self.marker): generated code cannot carry the parameter \(parameter.name): \(reason)")
                return nil
            }
        }
        // A drafted type in the result is its described type (`T`, `T?` or `[T]`), except where the
        // validator refuses one: a stream's elements, a listener's registration.
        var refResult: String?
        if let value = returns, stream == nil, listener == nil, nonEscapingClosures == 0 {
            refResult = reference(value)
        }
        if let value = returns, refResult == nil, let reason = Self.uncarried(value, at: .value) {
            omit(primary.fullName, "\(Self.marker): generated code cannot carry its result: \(reason)")
            return nil
        }
        var members: [(String, DraftJSON)] = [("id", .string(id))]
        if let generics = genericParameters(of: call) {
            members.append(("genericParameters", generics))
        } else if !primary.genericParameters.isEmpty {
            omit(primary.fullName, "\(Self.marker): its forms differ in their generic parameters; describe each as a call of its own")
            return nil
        }
        var notes: [String] = []
        if let doc = primary.documentation { notes.append(doc) }
        let takesOperation =
            primary.kind == .sync && parameters.count == 1 && returns == nil
            && (parameters[0].type.hasSuffix("Operation") || parameters[0].name == "operation")
        if takesOperation {
            notes.append(
                "\(Self.marker): takes an operation object; describe the operations in \"operations\" and set \"operations\": true here so doubles run them."
            )
            todos.append("\(sdkType).\(primary.fullName): takes an operation object; describe the operations and set \"operations\"")
        }
        // A sync result with no obvious empty value needs a mock default.
        var mockDefault: String?
        if refResult == nil, stream == nil, listener == nil, let value = returns, call.forms.contains(where: { $0.kind == .sync }),
            !Self.mentionsGenericParameter(value, of: primary),
            Self.mockDefault(for: value) == nil
        {
            guard let guess = enumGuess(value) else {
                omit(
                    primary.fullName,
                    "\(Self.marker): a mock needs a \"mockDefault\" of type \(value) for this synchronous call; describe it with one")
                return nil
            }
            mockDefault = guess
            todos.append("\(sdkType).\(primary.fullName): \"mockDefault\": \"\(guess)\" is a guess (the first case)")
        }
        let perItem = Self.perItem(returns)
        let itemSources = perItem.map { items(parameters, returns: returns ?? "", perItem: $0) } ?? [:]
        members.append(
            (
                "parameters",
                .array(
                    parameters.enumerated().map { index, parameter in
                        var fields: [(String, DraftJSON)] = []
                        if parameter.label != parameter.name { fields.append(("label", .string(parameter.label))) }
                        fields.append(("name", .string(parameter.name)))
                        // A drafted type is its described type, where the validator takes one: the object itself.
                        if let ref = reference(parameter.type), parameter.defaultValue == nil, itemSources[index] == nil, !takesOperation {
                            fields.append(("ref", .string(ref)))
                        } else {
                            fields.append(("type", .string(parameter.type)))
                        }
                        if let value = parameter.defaultValue { fields.append(("default", .string(value))) }
                        if let items = itemSources[index] { fields.append(("items", items)) }
                        return .object(fields)
                    })
            ))
        if parameters.isEmpty { members.removeLast() }
        let sdkResult = returns
        if let refResult {
            members.append(("returnsRef", .string(refResult)))
            returns = nil
        } else if let value = returns {
            members.append(("returns", .string(value)))
        }
        switch perItem {
        case .whole?: members.append(("perItem", .bool(true)))
        case .fields(let names)?: members.append(("perItem", .array(names.map(DraftJSON.string))))
        case nil: break
        }
        if let mockDefault { members.append(("mockDefault", .string(mockDefault))) }
        if let listener { members.append(("listener", listener)) }
        if removesListeners { members.append(("removesListeners", .bool(true))) }
        var forms: [(String, DraftJSON)] = []
        for (kind, method) in call.forms {
            let unavailable = method.availability.filter { $0.isUnconditionallyUnavailable == true || $0.obsoleted != nil }.compactMap(\.domain)
            if !unavailable.isEmpty {
                omit(
                    method.fullName,
                    "\(Self.marker): unavailable on \(unavailable.joined(separator: ", ")), while generated protocols exist on every platform; describe it with \"@available(…, unavailable)\" if the app needs it"
                )
                continue
            }
            var form: [(String, DraftJSON)] = [("name", .string(method.baseName))]
            let labels = method.requestParameters.map(\.label)
            if labels != parameters.map(\.label) { form.append(("labels", .array(labels.map(DraftJSON.string)))) }
            if let handlerLabel = method.handlerLabel, handlerLabel != "completionHandler" { form.append(("handlerLabel", .string(handlerLabel))) }
            if case .completion(let value?, let optional, let errorFirst)? = method.handler {
                if errorFirst { form.append(("handlerOrder", .string(HandlerOrder.errorFirst.rawValue))) }
                // `T?` is the default for a result `T` (and for `T?`); only another type needs saying.
                let plain = sdkResult ?? "Void"
                // Compared as spelled (typealiases not resolved): `CKSubscription.ID` results keep `String?`.
                let sameAsResult = Self.sameSpelling(plain, value) || Self.sameSpelling(plain, Self.strippingOptional(value))
                if let refResult, !(optional && sameAsResult) {
                    // A described result's handler gets its protocol: only a non-optional object
                    // passed with an error, the one the call was made on, needs saying.
                    guard !optional, refResult == Self.shortName(sdkType), Self.sameSpelling(plain, value) else {
                        omit(
                            method.fullName,
                            "\(Self.marker): its handler passes \(value), where a handler of the described result \(refResult) gets it optional; describe the form by hand"
                        )
                        continue
                    }
                    form.append(("handlerValueType", .string(value)))
                    form.append(("errorValue", .string("self")))
                } else if optional {
                    if !sameAsResult { form.append(("handlerValueType", .string(value))) }
                } else {
                    guard let guess = enumGuess(value) else {
                        omit(
                            method.fullName,
                            "\(Self.marker): its handler passes a non-optional \(value) with an error; describe the form with \"errorValue\"")
                        continue
                    }
                    form.append(("handlerValueType", .string(value)))
                    form.append(("errorValue", .string(guess)))
                    todos.append("\(sdkType).\(method.fullName): \"errorValue\": \"\(guess)\" is a guess (the first case)")
                }
            }
            if let sequence = stream?.sequence { form.append(("sequence", .string(sequence))) }
            if method.isDiscardable, stream == nil, kind == .sync || kind == .async { form.append(("discardableResult", .bool(true))) }
            if method.throwsErrors, kind == .sync { form.append(("throws", .bool(true))) }
            if method.isPreconcurrency { form.append(("preconcurrency", .bool(true))) }
            if !method.sendableHandler, kind == .completion || kind == .result { form.append(("sendableHandler", .bool(false))) }
            let (attributes, deprecated) = Self.availability(method.availability)
            if !attributes.isEmpty { form.append(("availability", .array(attributes.map(DraftJSON.string)))) }
            if let deprecated { form.append(("deprecated", deprecated)) }
            keptAvailability.append(method.availability)
            forms.append(((stream == nil ? kind : .stream).rawValue, .object(form)))
        }
        guard !forms.isEmpty else { return nil }
        // A completion form with its own handler value cannot return mirrors.
        let candidates = stream == nil && listener == nil ? returns.map(mirrorCandidates) ?? [] : []
        if !candidates.isEmpty,
            !forms.contains(where: { form in if case .object(let fields) = form.1 { fields.contains { $0.0 == "handlerValueType" } } else { false } })
        {
            members.append(("mirrors", .array(candidates.map { .string(Self.mirrorName($0)) })))
            for candidate in candidates where !mirrored.contains(candidate) {
                mirrored.append(candidate)
                todos.append(
                    "\(candidate): drafted as the mirror \(Self.mirrorName(candidate)) (no public initialiser); keep the members the app reads")
            }
        }
        members.append(("forms", .object(forms)))
        if !notes.isEmpty { members.insert(("doc", .string(notes.joined(separator: "\n\n"))), at: 1) }
        return .object(members)
    }

    /// Whether a result is a per-item map (or pair array) of ID to `Result`, or a tuple with such fields.
    static func perItem(_ type: String?) -> PerItemShape? {
        guard let type, case .success(let model) = SwiftTypeParser.parse(type) else { return nil }
        if model.perItemKey != nil { return .whole }
        guard case .tuple(let elements) = model.unparenthesized else { return nil }
        let names = elements.compactMap { element in element.type.perItemKey != nil ? element.label : nil }
        return names.isEmpty ? nil : .fields(names)
    }

    enum PerItemShape {
        case whole
        case fields([String])
    }

    /// `[K: Result<V, any Error>]` or `[(K, Result<V, any Error>)]` → (K, V), spelled as written.
    static func itemShape(_ type: SwiftType) -> (key: String, value: String)? {
        guard let key = type.perItemKey else { return nil }
        let result: SwiftType
        if case .dictionary(_, let value) = type.unparenthesized {
            result = value
        } else if case .array(let element) = type.unparenthesized, case .tuple(let pair) = element.unparenthesized, pair.count == 2 {
            result = pair[1].type
        } else if let entry = type.dictionaryEntry {
            result = entry.value
        } else {
            return nil
        }
        guard case .nominal(let parts) = result.unparenthesized, let last = parts.last, last.arguments.count == 2 else { return nil }
        return (key.description, last.arguments[0].description)
    }

    /// Why generated code cannot carry `type` at `position`, by the validator's own rules
    /// (`SwiftType.refusal(at:)`, and `@escaping` on a closure parameter); `nil` when it can.
    static func uncarried(_ type: String, at position: TypePosition) -> String? {
        switch SwiftTypeParser.parse(type) {
        case .failure(let error): return "\(type) is not one Swift type (\(error.reason))"
        case .success(let model):
            if let reason = model.refusal(at: position) { return "\(type): \(reason)" }
            if position == .parameter, model.isFunction, !model.attributes.contains("@escaping") {
                return "\(type) is a non-escaping closure, which a mock cannot keep for the test to call"
            }
            return nil
        }
    }

    /// Whether `type` is a closure without `@escaping` that generated code can otherwise carry.
    static func isNonEscapingClosure(_ type: String) -> Bool {
        guard case .success(let model) = SwiftTypeParser.parse(type), model.refusal(at: .parameter) == nil else { return false }
        return model.isFunction && !model.attributes.contains("@escaping")
    }

    /// Whether two spellings are one type on the type model, typealiases left as they are.
    static func sameSpelling(_ a: String, _ b: String) -> Bool {
        guard case .success(let left) = SwiftTypeParser.parse(a), case .success(let right) = SwiftTypeParser.parse(b) else { return a == b }
        return left.isSame(as: right)
    }

    /// `T?` → `T`, on the type model.
    static func strippingOptional(_ type: String) -> String {
        guard case .success(let model) = SwiftTypeParser.parse(type), let wrapped = model.optionalWrapped else { return type }
        return wrapped.description
    }

    /// Which array parameters list the items a per-item result answers: the keys themselves
    /// (`[CKRecord.ID]`), or values whose one property of the key type is the key (`[CKRecord]`,
    /// key `recordID`).
    func items(_ parameters: [SDKParameter], returns: String, perItem: PerItemShape) -> [Int: DraftJSON] {
        var fields: [(name: String?, key: String, value: String)] = []
        guard case .success(let model) = SwiftTypeParser.parse(returns) else { return [:] }
        switch perItem {
        case .whole:
            guard let shape = Self.itemShape(model) else { return [:] }
            fields = [(nil, shape.key, shape.value)]
        case .fields(let names):
            guard case .tuple(let elements) = model.unparenthesized else { return [:] }
            for element in elements {
                if let name = element.label, names.contains(name), let shape = Self.itemShape(element.type) {
                    fields.append((name, shape.key, shape.value))
                }
            }
        }
        var result: [Int: DraftJSON] = [:]
        var answered = Set<Int>()
        // Values first (records to save answer `saveResults` by their `recordID`), then keys.
        for (fieldIndex, field) in fields.enumerated() {
            for (index, parameter) in parameters.enumerated() where result[index] == nil {
                guard let element = element(parameter.type), surface.sameType(element, field.value) else { continue }
                let keys = (surface.allProperties[element] ?? []).filter { surface.sameType($0.type, field.key) }
                guard keys.count == 1 else { continue }
                var members: [(String, DraftJSON)] = []
                if let name = field.name { members.append(("result", .string(name))) }
                members.append(("key", .string(keys[0].name)))
                result[index] = .object(members)
                answered.insert(fieldIndex)
                break
            }
        }
        for (fieldIndex, field) in fields.enumerated() where !answered.contains(fieldIndex) {
            for (index, parameter) in parameters.enumerated() where result[index] == nil {
                guard let element = element(parameter.type), surface.sameType(element, field.key) else { continue }
                result[index] = .object(field.name.map { [("result", DraftJSON.string($0))] } ?? [])
                break
            }
        }
        return result
    }

    /// `[T]` → `T`; `nil` for dictionaries and non-arrays.
    func element(_ type: String) -> String? {
        guard case .success(let model) = SwiftTypeParser.parse(type) else { return nil }
        return model.arrayElement?.description
    }

    /// The mock's default for a type the symbol graph spells, read on the type model.
    static func mockDefault(for type: String) -> String? {
        guard case .success(let model) = SwiftTypeParser.parse(type) else { return nil }
        return MockDefaults.expression(for: model)
    }
}
