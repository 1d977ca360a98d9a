/// A mirrored value type (`Templates/mirror.mustache` in the protocols file; its copy from the
/// SDK value in the live adapters file).
struct MirrorContext: TemplateContext {
    /// The struct's name, `CloudRecordZoneModification`.
    var mirrorName: String
    /// The SDK type it mirrors, as the description writes it.
    var mirroredType: String
    var doc: DocComment
    var sendable: Bool
    var members: [Member]

    /// A stored property, named and typed as the SDK's member.
    struct Member: TemplateContext {
        /// Escaped where it is a keyword.
        var memberName: String
        /// As an argument label: unescaped, but for `inout`, the one keyword a call's label cannot be.
        var memberLabel: String
        var memberType: String
        var doc: DocComment

        static let fields: [TemplateField<Self>] = [
            .init("memberName") { .string($0.memberName) },
            .init("memberType") { .string($0.memberType) },
            .init("doc") { $0.doc.templateValue },
        ]
    }

    /// The memberwise initialiser's parameters: `record: CKRecord, recordID: CKRecord.ID`.
    var parameters: String {
        members.map { "\($0.memberName): \($0.memberType)" }.joined(separator: ", ")
    }

    /// The memberwise initialiser's arguments read from the SDK value: `record: sdkValue_.record`.
    var copies: String {
        members.map { "\($0.memberLabel): sdkValue_.\($0.memberName)" }.joined(separator: ", ")
    }

    static let fields: [TemplateField<Self>] = [
        .init("mirrorName") { .string($0.mirrorName) },
        .init("mirroredType") { .string($0.mirroredType) },
        .init("doc") { $0.doc.templateValue },
        .init("sendable") { .bool($0.sendable) },
        .init("members") { $0.members.templateValue },
        .init("parameters") { .string($0.parameters) },
        .init("copies") { .string($0.copies) },
    ]
}

extension Translator {
    /// The description's mirrors, in its order.
    var mirrorContexts: [MirrorContext] {
        description.mirrors.map { mirror in
            MirrorContext(
                mirrorName: names.mirrorName(mirror.name.value), mirroredType: mirror.sdkType.value,
                doc: mirror.documentation.map { DocComment($0) } ?? DocComment([]), sendable: mirror.sendable,
                members: mirror.members.map { member in
                    MirrorContext.Member(
                        memberName: SwiftNames.escaped(member.name.value),
                        memberLabel: member.name.value == "inout" ? "`inout`" : member.name.value,
                        memberType: member.type.value,
                        doc: DocComment(member.documentation ?? "`\(mirror.sdkType.value).\(member.name.value)`."))
                })
        }
    }
}
