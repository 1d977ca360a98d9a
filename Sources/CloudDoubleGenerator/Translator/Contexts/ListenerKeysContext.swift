extension ProtocolsTypeContext {
    /// `struct CloudFeedListener<Event_>` and its keys, one per listener call: what
    /// `mock.registrations(_:)` and listener fault rules take (the `listenerKeys` partial).
    struct ListenerKeys: TemplateContext {
        /// `CloudFeedListener`.
        var name: String
        var keys: [Key]

        /// `static var name: Self` in an extension of the key type constrained to its event type.
        struct Key: TemplateContext {
            /// The static member's name, an identifier.
            var name: String
            /// The id mocks and fault rules know the call by.
            var id: StringLiteral
            /// The type of the listener's events.
            var eventType: String
            var doc: DocComment

            static let fields: [TemplateField<Self>] = [
                .init("doc") { $0.doc.templateValue },
                .init("eventType") { .string($0.eventType) },
                .init("name") { .string($0.name) },
                .init("id") { $0.id.templateValue },
            ]
        }

        static let fields: [TemplateField<Self>] = [
            .init("listenerKeyName") { .string($0.name) },
            .init("keys") { $0.keys.templateValue },
        ]
    }
}

extension ProtocolsTranslator {
    /// The listener keys of `type`; `nil` when it has no listener call.
    func listenerKeys(_ type: ResolvedType) -> ProtocolsTypeContext.ListenerKeys? {
        let keys = type.calls.compactMap { call in
            call.listener.map { listener in
                ProtocolsTypeContext.ListenerKeys.Key(
                    name: SwiftNames.escaped(call.callID), id: StringLiteral(call.callID), eventType: listener.eventType,
                    doc: DocComment("The listener `\(call.callID)`: its registrations receive `\(listener.eventType)` events."))
            }
        }
        return keys.isEmpty ? nil : ProtocolsTypeContext.ListenerKeys(name: translator.names.listenerKeyName(type.name.value), keys: keys)
    }
}
