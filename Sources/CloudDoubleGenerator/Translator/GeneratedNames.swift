/// The one owner of every name generated code declares at the top level or hands to the
/// runtime as an id. The translator builds declarations with these names and the validator
/// claims the same names to find collisions, so the two cannot drift apart.
public struct GeneratedNames: Sendable {
    /// The description's `prefix` (`Cloud`).
    public let prefix: String

    public init(prefix: String) {
        self.prefix = prefix
    }

    /// `CloudDatabase` for the described type `Database`.
    public func protocolName(_ type: String) -> String { prefix + type }
    /// `LiveCloudDatabase`.
    public func liveName(_ type: String) -> String { "Live" + prefix + type }
    /// `FaultInjectingCloudDatabase`.
    public func faultName(_ type: String) -> String { "FaultInjecting" + prefix + type }
    /// `MockCloudDatabase`.
    public func mockName(_ type: String) -> String { "Mock" + prefix + type }
    /// `CloudDatabaseBacking`: what answers a mock's store calls.
    public func backingName(_ type: String) -> String { prefix + type + "Backing" }
    /// `CloudDatabaseCall`: the generic type whose static members name the type's calls.
    public func callKeyName(_ type: String) -> String { prefix + type + "Call" }
    /// `CloudFeedListener`: the generic type whose static members name the type's listener
    /// calls, with their event types (a type with listeners only).
    public func listenerKeyName(_ type: String) -> String { prefix + type + "Listener" }

    /// The call-key struct's generic parameters: they implement the runtime's `CallKey`
    /// associated types by name, so they are its names, in the generated spelling: the struct's
    /// static members are the description's call ids (`Arguments` is one a description may use).
    public static let callKeyArguments = SwiftNames.generated("Arguments")
    public static let callKeyValue = SwiftNames.generated("Value")
    /// Type members every type has, which no static member may be named.
    static let callKeyTypeMembers: Set<String> = ["Type", "Protocol"]

    /// The modules generated code qualifies the names it uses by (`Swift.Result`,
    /// `CloudDoubleRuntime.FaultPlan`, `CloudDoubleCatalogue.ErrorCatalogue`: `Qualified` and the
    /// templates' text): a generated declaration with one of these names would take the module's
    /// place in every such name, so the validator refuses it.
    public static let qualifyingModules: [String] = ["Swift", Qualified.runtimeModule, Qualified.catalogueModule]

    /// The member types an operation's outcome struct declares (`protocols.mustache`): the
    /// `Event` enum, which implements `DescribedOperation`'s associated type by name. The
    /// description's operation types are written inside that struct, where the name means the
    /// enum, so none of them may name it. (`Operation` and `Final`, its other associated types,
    /// are inferred, and inferred type witnesses hide no outer name.)
    public static let outcomeMemberTypes: [String] = ["Event"]

    /// `CloudRecordZoneModification` for the mirror `RecordZoneModification`.
    public func mirrorName(_ mirror: String) -> String { prefix + mirror }
    /// `CloudFetchRecordsOutcome` for the operation `FetchRecords`.
    public func outcomeName(_ operation: String) -> String { prefix + operation + "Outcome" }
    /// `CloudFetchRecordsBacking`: what answers the operation in a mock when no stub does; the
    /// backing protocols of the types that run it refine it.
    public func operationBackingName(_ operation: String) -> String { prefix + operation + "Backing" }
    /// The private protocol through which deprecated blocks are read without warnings.
    public func deprecatedBlocksName(_ operation: String) -> String { prefix + operation + "DeprecatedBlocks" }
    /// The type that conforms the SDK's operation to ``deprecatedBlocksName(_:)``.
    public func deprecatedBlockAccessName(_ operation: String) -> String { prefix + operation + "DeprecatedBlockAccess" }

    /// A call's id (the key of its mock stubs and fault rules): the `id` it was given, else the
    /// name of its first form.
    public static func callID(_ call: Call) -> String {
        call.id?.value ?? call.forms.first?.name.value ?? ""
    }

    /// `fetchRecordsOperation` for `FetchRecords`: the id of an operation's key.
    public static func operationKey(_ name: String) -> String {
        name.prefix(1).lowercased() + name.dropFirst() + "Operation"
    }

    /// The name of the description's error model on `ErrorModel` (`ErrorModel.cloudKit`): the
    /// `errorModel.name` it gives, else its file's base name with a lowercase first letter
    /// (`CloudKit.clouddouble.json` → `cloudKit`). Base names are unique in a target (the plugins
    /// check), so two descriptions of one module in a target do not declare the same member.
    public static func errorModelName(_ description: APIDescription, file: String) -> String {
        if let name = description.errorModel?.name?.value { return name }
        // Characters a Swift name cannot hold separate words: `my-sdk` → `mySdk`.
        let words = Generator.baseName(of: file).split { !($0.isLetter || $0.isNumber || $0 == "_") }
        var name = words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }
            .joined()
        // A file name that gives no Swift name (all punctuation, or letters Swift does not take)
        // falls back to the module's, which the validator has checked.
        if name.isEmpty || !SwiftNames.isIdentifier(name.first?.isNumber == true ? "_" + name : name) {
            name = description.module.value.split(separator: ".").last.map(String.init) ?? "sdk"
        }
        name = lowerCamel(name)
        if name.first?.isNumber == true { name = "_" + name }
        // `self`, `init` and the like cannot name a member even in backticks.
        return SwiftNames.reservedMemberNames.contains(name) ? name + "Errors" : name
    }

    /// `cloudKit` for `CloudKit`, `urlSession` for `URLSession`: a leading run of capitals is
    /// lowered up to the last one, which starts the next word.
    static func lowerCamel(_ name: String) -> String {
        let characters = Array(name)
        var upper = 0
        while upper < characters.count, characters[upper].isUppercase { upper += 1 }
        guard upper > 0 else { return name }
        let lowered = upper > 1 && upper < characters.count ? upper - 1 : upper
        return characters[..<lowered].map { $0.lowercased() }.joined() + String(characters[lowered...])
    }
}
