/// One described operation: its outcome type, the replay a mock completes the app's operation
/// with, the delivery that calls the app's blocks in the SDK's order, the intercept a fault
/// wrapper runs a real operation under, its backing protocol and the accessors of its deprecated
/// blocks. The bodies are written in `Templates/protocols.mustache` (block calls in the
/// `blockCalls` partial); this says what goes into them.
struct OperationContext: TemplateContext {
    /// `CKFetchRecordsOperation`.
    var sdkType: String
    /// `CloudFetchRecordsOutcome`.
    var outcomeName: String
    /// `fetchRecordsOperation`: the key's name and id.
    var keyName: String
    /// The store action of a store-marked operation (its backing protocol is declared then).
    var storeAction: String?
    /// `CloudFetchRecordsBacking`.
    var backingName: String
    var doc: DocComment
    /// The final value's type, `Void` or `(CKServerChangeToken?, Bool)`.
    var finalType: String
    var streams: [Stream]
    /// Every block the operation has, streams' first, read once when the operation is delivered.
    var blocks: [Block]
    /// A whole failure fails these requested items one by one (empty when nothing is requested by key).
    var requestedFailures: [RequestedFailure]
    /// Where the first `requested` expression was copied from.
    var requestedCopied: CopiedSwift?
    /// The final result's default value, when the final block has a value.
    var finalDefault: String
    var finalDefaultCopied: CopiedSwift?

    /// The names a description's copied Swift (block `arguments`, `unwrap` values, `requested`)
    /// reads on purpose (docs/DescriptionFormat.md, "Block"): the operation, and in per-item and
    /// final blocks the item's key, its result and the result's value or error. The templates
    /// declare them with these readable names, the only names they declare without the generated
    /// spelling (`SwiftNames.generated`); so no block, stream, field, input or binding of a
    /// description may take one.
    static let copiedScope: Set<String> = ["operation", "key", "result", "value", "error"]
    /// The streams the final block's arguments use, collected from the events.
    var collected: [Stream]
    var finalBindsValue: Bool
    var finalBindsError: Bool
    var finalCalls: [BlockCall]
    var intercept: Intercept
    /// The private accessor protocol and type through which deprecated blocks are read.
    var legacyProtocol: String
    var legacyAccess: String

    /// A stream of callbacks before the final one: an event case of the outcome, a parameter of
    /// its stream-by-stream initialiser, a case of the delivery's `switch`.
    struct Stream: TemplateContext {
        var name: String
        var doc: DocComment
        /// The event's payload as a case declares it: `CKRecord.ID, Result<CKRecord, any Error>`.
        var payload: String
        /// The initialiser's element type and how an element becomes an event: `$0.0, $0.1`.
        var element: String
        var mapping: String
        /// `let key, let result`, and the payload as a labelled tuple type and value.
        var pattern: String
        var tuple: String
        var labeled: String
        var bindsValue: Bool
        var bindsError: Bool
        var calls: [BlockCall]
        /// What an event of this stream adds to the failures: a requested item's failure, or nothing.
        var returns: String

        var templateValue: TemplateValue {
            .object([
                (key: "name", value: .string(name)), ("doc", doc.templateValue), ("payload", .string(payload)),
                ("element", .string(element)), ("mapping", .string(mapping)), ("pattern", .string(pattern)), ("tuple", .string(tuple)),
                ("labeled", .string(labeled)), ("bindsValue", .bool(bindsValue)), ("bindsError", .bool(bindsError)),
                ("calls", calls.templateValue), ("returns", .string(returns)),
            ])
        }
    }

    /// A block property of the operation, read into a local of the same name.
    struct Block: TemplateContext {
        var name: String
        /// Read through the deprecated-block accessor.
        var deprecated: Bool
        /// `setPerRecordCompletionBlock`, the accessor's setter.
        var setter: String
        /// The block's type, for the accessors.
        var type: String

        var templateValue: TemplateValue {
            .object([(key: "name", value: .string(name)), ("deprecated", .bool(deprecated)), ("setter", .string(setter)), ("type", .string(type))])
        }
    }

    /// Calling a block with its arguments when the app set it: `if let block_ = … { block_(…) }`.
    struct BlockCall: TemplateContext {
        /// `let block_ = perRecordResultBlock`, and the description's `unwrap`s.
        var condition: String
        var arguments: String
        /// A progress block: called only when the delivery invents progress (a mock's replay).
        var isProgress: Bool
        /// A `Result` block, written out in full with its legacy block as the `else`.
        var isPrimary: Bool
        /// The legacy block called when this one is not set.
        var legacy: (condition: String, arguments: String)?
        /// Where the description's `arguments` or `unwrap` were copied from.
        var copied: CopiedSwift?

        var templateValue: TemplateValue {
            .object([
                (key: "condition", value: .string(condition)), ("arguments", .string(arguments)), ("isProgress", .bool(isProgress)),
                ("isPrimary", .bool(isPrimary)),
                ("legacy", legacy.map { .object([(key: "legacyCondition", value: .string($0.condition)), ("legacyArguments", .string($0.arguments))]) } ?? .bool(false)),
                ("copied", CopiedSwift.templateValue(copied)),
            ])
        }
    }

    /// The requested items of one stream, each failed with a whole failure's error.
    struct RequestedFailure: TemplateContext {
        var stream: String
        /// The description's `requested` expression.
        var requested: String

        var templateValue: TemplateValue {
            .object([(key: "stream", value: .string(stream)), ("requested", .string(requested))])
        }
    }

    /// What a fault wrapper's intercept swaps, takes out and puts back.
    struct Intercept: Sendable {
        /// The blocks swapped for the delivery's (every block but progress).
        var swapped: [Block]
        var swapsDeprecated: Bool
        var inputs: [Input]
        /// The blocks set while the SDK runs: a stream's primary block delivers, the rest are nil.
        var assignments: [Assignment]
        /// The final `Result` block, which gives the app its request and blocks back.
        var finalBlock: Block?

        /// A request property the items chosen to fail are taken out of.
        struct Input: TemplateContext {
            var property: String
            var index: Int
            var requested: String
            var atomic: String
            var keyPath: String
            var copied: CopiedSwift?
            /// The key type and the stream, for failing the items kept out.
            var keyType: String
            var stream: String

            var templateValue: TemplateValue {
                .object([
                    (key: "property", value: .string(property)), ("index", .string(String(index))), ("requested", .string(requested)),
                    ("atomic", .string(atomic)), ("keyPath", .string(keyPath)), ("copied", CopiedSwift.templateValue(copied)),
                    ("keyType", .string(keyType)), ("stream", .string(stream)),
                ])
            }
        }

        /// `operation.block = value`, or through the deprecated accessor's setter.
        struct Assignment: TemplateContext {
            var block: Block
            var value: String

            var templateValue: TemplateValue {
                .object(
                    [(key: "name", value: .string(block.name)), ("deprecated", .bool(block.deprecated)), ("setter", .string(block.setter)), ("value", .string(value))])
            }
        }

        var fields: [(key: String, value: TemplateValue)] {
            [
                (key: "swapped", value: swapped.templateValue), ("swapsDeprecated", .bool(swapsDeprecated)), ("inputs", inputs.templateValue),
                ("hasInputs", .bool(!inputs.isEmpty)), ("assignments", assignments.templateValue),
                ("finalBlock", finalBlock.map { Assignment(block: $0, value: "").templateValue } ?? .bool(false)),
                ("restored", .list(swapped.map { Assignment(block: $0, value: $0.name).templateValue })),
            ]
        }
    }

    var templateValue: TemplateValue {
        let deprecated = blocks.filter(\.deprecated)
        return .object([
            (key: "sdkType", value: .string(sdkType)),
            ("sdkTypeLiteral", StringLiteral(sdkType).templateValue),
            ("outcomeName", .string(outcomeName)),
            ("keyLiteral", StringLiteral(keyName).templateValue),
            ("keyName", .string(keyName)),
            ("hasStore", .bool(storeAction != nil)),
            ("storeAction", .string(storeAction ?? "")),
            ("backingName", .string(backingName)),
            ("doc", doc.templateValue),
            ("resultType", .string(Qualified.result(finalType))),
            ("finalType", .string(finalType)),
            ("streams", streams.templateValue),
            ("hasStreams", .bool(!streams.isEmpty)),
            ("blocks", blocks.templateValue),
            ("requestedFailures", requestedFailures.isEmpty ? .bool(false)
                : .object([(key: "streams", value: requestedFailures.templateValue), ("copied", CopiedSwift.templateValue(requestedCopied))])),
            ("finalDefault", .object([(key: "expression", value: .string(finalDefault)), ("copied", CopiedSwift.templateValue(finalDefaultCopied))])),
            ("collected", collected.templateValue),
            ("eventsParameter", .string(collected.isEmpty ? "_" : "events_")),
            ("finalBindsValue", .bool(finalBindsValue)),
            ("finalBindsError", .bool(finalBindsError)),
            ("finalCalls", finalCalls.templateValue),
            ("hasDeprecatedBlocks", .bool(!deprecated.isEmpty)),
            ("deprecatedBlocks", deprecated.templateValue),
            ("legacyProtocol", .string(legacyProtocol)),
            ("legacyAccess", .string(legacyAccess)),
        ] + intercept.fields)
    }
}
