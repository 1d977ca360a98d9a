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

        static let fields: [TemplateField<Self>] = [
            .init("name") { .string($0.name) },
            .init("doc") { $0.doc.templateValue },
            .init("payload") { .string($0.payload) },
            .init("element") { .string($0.element) },
            .init("mapping") { .string($0.mapping) },
            .init("pattern") { .string($0.pattern) },
            .init("tuple") { .string($0.tuple) },
            .init("labeled") { .string($0.labeled) },
            .init("bindsValue") { .bool($0.bindsValue) },
            .init("bindsError") { .bool($0.bindsError) },
            .init("calls") { $0.calls.templateValue },
            .init("returns") { .string($0.returns) },
        ]
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

        static let fields: [TemplateField<Self>] = [
            .init("name") { .string($0.name) },
            .init("deprecated") { .bool($0.deprecated) },
            .init("setter") { .string($0.setter) },
            .init("type") { .string($0.type) },
        ]
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
        var legacy: LegacyCall?
        /// Where the description's `arguments` or `unwrap` were copied from.
        var copied: CopiedSwift?

        static let fields: [TemplateField<Self>] = [
            .init("condition") { .string($0.condition) },
            .init("arguments") { .string($0.arguments) },
            .init("isProgress") { .bool($0.isProgress) },
            .init("isPrimary") { .bool($0.isPrimary) },
            .init("legacy") { $0.legacy.templateValue },
            .init("copied") { $0.copied.templateValue },
        ]
    }

    /// A legacy block called in place of a `Result` block the app did not set.
    struct LegacyCall: TemplateContext {
        var condition: String
        var arguments: String

        static let fields: [TemplateField<Self>] = [
            .init("legacyCondition") { .string($0.condition) },
            .init("legacyArguments") { .string($0.arguments) },
        ]
    }

    /// The requested items of one stream, each failed with a whole failure's error.
    struct RequestedFailure: TemplateContext {
        var stream: String
        /// The description's `requested` expression.
        var requested: String

        static let fields: [TemplateField<Self>] = [
            .init("stream") { .string($0.stream) },
            .init("requested") { .string($0.requested) },
        ]
    }

    /// The requested items a whole failure fails, and where the first `requested` expression
    /// was copied from.
    struct RequestedFailures: TemplateContext {
        var streams: [RequestedFailure]
        var copied: CopiedSwift?

        static let fields: [TemplateField<Self>] = [
            .init("streams") { $0.streams.templateValue },
            .init("copied") { $0.copied.templateValue },
        ]
    }

    /// What a fault wrapper's intercept swaps, takes out and puts back.
    struct Intercept: TemplateContext {
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

            static let fields: [TemplateField<Self>] = [
                .init("property") { .string($0.property) },
                .init("index") { .string(String($0.index)) },
                .init("requested") { .string($0.requested) },
                .init("atomic") { .string($0.atomic) },
                .init("keyPath") { .string($0.keyPath) },
                .init("copied") { $0.copied.templateValue },
                .init("keyType") { .string($0.keyType) },
                .init("stream") { .string($0.stream) },
            ]
        }

        /// `operation.block = value`, or through the deprecated accessor's setter.
        struct Assignment: TemplateContext {
            var block: Block
            var value: String

            static let fields: [TemplateField<Self>] = [
                .init("name") { .string($0.block.name) },
                .init("deprecated") { .bool($0.block.deprecated) },
                .init("setter") { .string($0.block.setter) },
                .init("value") { .string($0.value) },
            ]
        }

        static let fields: [TemplateField<Self>] = [
            .init("swapped") { $0.swapped.templateValue },
            .init("swapsDeprecated") { .bool($0.swapsDeprecated) },
            .init("inputs") { $0.inputs.templateValue },
            .init("hasInputs") { .bool(!$0.inputs.isEmpty) },
            .init("assignments") { $0.assignments.templateValue },
            .init("finalBlock") { $0.finalBlock.map { Assignment(block: $0, value: "") }.templateValue },
            .init("restored") { $0.swapped.map { Assignment(block: $0, value: $0.name) }.templateValue },
        ]
    }

    static let fields: [TemplateField<Self>] =
        [
            .init("sdkType") { .string($0.sdkType) },
            .init("sdkTypeLiteral") { StringLiteral($0.sdkType).templateValue },
            .init("outcomeName") { .string($0.outcomeName) },
            .init("keyLiteral") { StringLiteral($0.keyName).templateValue },
            .init("keyName") { .string($0.keyName) },
            .init("hasStore") { .bool($0.storeAction != nil) },
            .init("storeAction") { .string($0.storeAction ?? "") },
            .init("backingName") { .string($0.backingName) },
            .init("doc") { $0.doc.templateValue },
            .init("resultType") { .string(Qualified.result($0.finalType)) },
            .init("finalType") { .string($0.finalType) },
            .init("streams") { $0.streams.templateValue },
            .init("hasStreams") { .bool(!$0.streams.isEmpty) },
            .init("blocks") { $0.blocks.templateValue },
            .init("requestedFailures") {
                $0.requestedFailures.isEmpty ? false : RequestedFailures(streams: $0.requestedFailures, copied: $0.requestedCopied).templateValue
            },
            .init("finalDefault") { CopiedExpression(expression: $0.finalDefault, copied: $0.finalDefaultCopied).templateValue },
            .init("collected") { $0.collected.templateValue },
            .init("eventsParameter") { .string($0.collected.isEmpty ? "_" : "events_") },
            .init("finalBindsValue") { .bool($0.finalBindsValue) },
            .init("finalBindsError") { .bool($0.finalBindsError) },
            .init("finalCalls") { $0.finalCalls.templateValue },
            .init("hasDeprecatedBlocks") { .bool($0.blocks.contains(where: \.deprecated)) },
            .init("deprecatedBlocks") { $0.blocks.filter(\.deprecated).templateValue },
            .init("legacyProtocol") { .string($0.legacyProtocol) },
            .init("legacyAccess") { .string($0.legacyAccess) },
        ] + Intercept.fields.map { $0.of { $0.intercept } }
}
