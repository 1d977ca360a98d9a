/// A mirrored value type (`Templates/mirror.mustache` in the protocols file; its copy from the
/// SDK value in the live adapters file).
struct MirrorContext: TemplateContext {
    /// The struct's name, `CloudRecordZoneModification`.
    var mirrorName: String
    /// The SDK type it mirrors, as the description writes it.
    var mirroredType: String
    var doc: DocComment
    var sendable: Bool
    /// Whether the struct keeps the SDK value it was copied from (`sdkValue_`), for the calls
    /// that take it back.
    var keepsSDKValue: Bool
    /// Whether the struct is `Hashable`, with its own `==` and `hash(into:)` (`MirrorEquality`).
    var hashable: Bool
    var members: [Member]
    /// The availability of the members newer than the floor (one for all of them: the validator
    /// checks it), as attributes; empty when there are none.
    var gatedAvailability: [Attribute]
    /// The same as the live adapter's run-time check: `#available(iOS 17.0, *)`.
    var availableCondition: String

    /// A member, named and typed as the SDK's: a stored property, or, for a member newer than
    /// the floor, a property under its availability reading type-erased storage (Swift refuses a
    /// stored property whose type may be unavailable).
    struct Member: TemplateContext {
        /// Escaped where it is a keyword.
        var memberName: String
        /// As an argument label: unescaped, but for `inout`, the one keyword a call's label cannot be.
        var memberLabel: String
        var memberType: String
        /// What the live copy passes for it: `sdkValue_.share`, or, where the member holds other
        /// mirrors, their copies (`CloudUserIdentity(sdkValue_.ownerIdentity)`).
        var copy: String
        var doc: DocComment
        /// Newer than the floor: the storage's name (`reasonStorage_`) and the getter's lines.
        var gated: Gated?

        struct Gated: TemplateContext {
            var storageName: String
            /// `(any Swift.Sendable)?`, or `Any?` in a mirror that is not `Sendable`.
            var storageType: String
            var getter: [String]

            static let fields: [TemplateField<Self>] = [
                .init("storageName") { .string($0.storageName) },
                .init("storageType") { .string($0.storageType) },
                .init("getter") { .lines($0.getter) },
            ]
        }

        /// What an initialiser taking the member assigns.
        var assignment: String { "self.\(gated?.storageName ?? memberName) = \(memberName)" }
        /// What the floor initialiser, which cannot take a gated member, assigns.
        var floorAssignment: String { gated.map { "self.\($0.storageName) = nil" } ?? assignment }

        static let fields: [TemplateField<Self>] = [
            .init("memberName") { .string($0.memberName) },
            .init("memberType") { .string($0.memberType) },
            .init("doc") { $0.doc.templateValue },
            .init("gated") { $0.gated.templateValue },
            .init("assignment") { .string($0.assignment) },
            .init("floorAssignment") { .string($0.floorAssignment) },
        ]
    }

    /// `: Swift.Sendable, nonisolated Swift.Hashable`, or empty. `Hashable` is declared
    /// `nonisolated`: in a module isolated to the main actor by default, an inferred isolated
    /// conformance could not key a dictionary outside the main actor.
    var conformances: String {
        let names = (sendable ? ["Swift.Sendable"] : []) + (hashable ? ["nonisolated Swift.Hashable"] : [])
        return names.isEmpty ? "" : ": " + names.joined(separator: ", ")
    }

    /// What a hashable mirror a test made is equal by: its members under the floor (a newer
    /// member's storage is type-erased).
    private var compared: [String] { members.filter { $0.gated == nil }.map(\.memberName) }
    var memberEquality: String { compared.isEmpty ? "true" : compared.map { "lhs.\($0) == rhs.\($0)" }.joined(separator: " && ") }
    var memberHashing: [String] { compared.map { "hasher_.combine(self.\($0))" } }

    private var kept: [String] { keepsSDKValue ? ["sdkValue_: \(mirroredType)? = nil"] : [] }
    private var keptCopy: [String] { keepsSDKValue ? ["sdkValue_: sdkValue_"] : [] }

    /// The floor memberwise initialiser's parameters: `record: CKRecord, recordID: CKRecord.ID`,
    /// without the members newer than the floor, and the kept SDK value, `nil` unless given.
    var parameters: String {
        (members.filter { $0.gated == nil }.map { "\($0.memberName): \($0.memberType)" } + kept).joined(separator: ", ")
    }

    /// Every member's parameter, for the initialiser under `gatedAvailability`.
    var allParameters: String {
        (members.map { "\($0.memberName): \($0.memberType)" } + kept).joined(separator: ", ")
    }

    /// The floor initialiser's arguments read from the SDK value: `record: sdkValue_.record`.
    var copies: String {
        (members.filter { $0.gated == nil }.map { "\($0.memberLabel): \($0.copy)" } + keptCopy).joined(separator: ", ")
    }

    /// Every member read from the SDK value, where all are available.
    var allCopies: String {
        (members.map { "\($0.memberLabel): \($0.copy)" } + keptCopy).joined(separator: ", ")
    }

    static let fields: [TemplateField<Self>] = [
        .init("mirrorName") { .string($0.mirrorName) },
        .init("mirroredType") { .string($0.mirroredType) },
        .init("doc") { $0.doc.templateValue },
        .init("keepsSDKValue") { .bool($0.keepsSDKValue) },
        .init("conformances") { .string($0.conformances) },
        .init("hashable") { .bool($0.hashable) },
        .init("memberEquality") { .string($0.memberEquality) },
        .init("memberHashing") { .lines($0.memberHashing) },
        .init("members") { $0.members.templateValue },
        .init("parameters") { .string($0.parameters) },
        .init("allParameters") { .string($0.allParameters) },
        .init("copies") { .string($0.copies) },
        .init("allCopies") { .string($0.allCopies) },
        .init("gatedAvailability") { .lines($0.gatedAvailability.map(\.text)) },
        .init("hasGatedMembers") { .bool(!$0.gatedAvailability.isEmpty) },
        .init("availableCondition") { .string($0.availableCondition) },
    ]
}

extension Translator {
    /// The description's mirrors, in its order.
    var mirrorContexts: [MirrorContext] {
        description.mirrors.map { mirror in
            let name = names.mirrorName(mirror.name.value)
            // One availability for every newer member: the validator checks that they share it.
            let newer = mirror.members.first { !$0.availability.isEmpty }?.availability ?? []
            let gatedAvailability = newer.compactMap(\.model)
            let floorLabels = mirror.members.filter { $0.availability.isEmpty }.map { $0.name.value + ":" }.joined()
            let allLabels = mirror.members.map { $0.name.value + ":" }.joined()
            let nested = nestedMirrors(of: mirror)
            return MirrorContext(
                mirrorName: name, mirroredType: mirror.sdkType.value,
                doc: mirror.documentation.map { DocComment($0) } ?? DocComment([]), sendable: mirror.sendable, keepsSDKValue: mirror.keepsSDKValue,
                hashable: mirror.hashable,
                members: mirror.members.map { member in
                    let memberName = SwiftNames.escaped(member.name.value)
                    let memberType =
                        member.type.model.flatMap { nested.holdsMirroredType($0) ? nested.substituted($0).description : nil } ?? member.type.value
                    let sdkMember = "sdkValue_.\(memberName)"
                    var gated: MirrorContext.Member.Gated?
                    if !member.availability.isEmpty {
                        let storage = member.name.value + "Storage_"
                        let getter: [String]
                        if let wrapped = member.type.model?.optionalWrapped {
                            getter = ["\(storage) as? \(nested.substituted(wrapped).description)"]
                        } else {
                            let message = StringLiteral(
                                "\(name).\(member.name.value) was not given: make the mirror with init(\(allLabels)) where it is available, not init(\(floorLabels))"
                            )
                            getter = [
                                "guard let value_ = \(storage) as? \(memberType) else { Swift.preconditionFailure(\(message.text)) }",
                                "return value_",
                            ]
                        }
                        gated = .init(storageName: storage, storageType: mirror.sendable ? "(any Swift.Sendable)?" : "Any?", getter: getter)
                    }
                    return MirrorContext.Member(
                        memberName: memberName,
                        memberLabel: member.name.value == "inout" ? "`inout`" : member.name.value,
                        memberType: memberType, copy: member.type.model.flatMap { nested.conversion(of: $0, from: sdkMember) } ?? sdkMember,
                        doc: DocComment(member.documentation ?? "`\(mirror.sdkType.value).\(member.name.value)`."), gated: gated)
                },
                gatedAvailability: gatedAvailability.map(Attribute.available),
                availableCondition: gatedAvailability.compactMap(\.condition).joined(separator: ", "))
        }
    }

    /// The mirrors a mirror's members hold (its `mirrors`), by their SDK types.
    private func nestedMirrors(of mirror: MirroredType) -> MirrorSubstitution {
        MirrorSubstitution(
            mirrors: mirror.mirrors.compactMap { used in
                description.mirrors.first { $0.name.value == used.value }.flatMap { nested in
                    nested.sdkType.model.map { ($0.canonical, names.mirrorName(nested.name.value)) }
                }
            })
    }
}
