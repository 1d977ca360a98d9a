import CloudDoubleGenerator

/// The Swift source of a made-up SDK with exactly the members a validated description
/// describes, in every form, so the code generated for any accepted description can be
/// compiled (the hostile corpus and the fuzz sample). Bodies never run.
enum SDKSynthesizer {
    static func source(for description: APIDescription) -> String {
        var sdkTypes: [String: String] = [:]
        for type in description.types { sdkTypes[type.name.value] = type.sdkType.value }
        var classes: [String] = []
        for type in description.types {
            var members: [String] = []
            for property in type.properties {
                let declared = self.type(property.type, sdkTypes: sdkTypes)
                let accessors = property.settable ? "get { fatalError() } set {}" : "fatalError()"
                members.append("    public var \(escaped(property.name.value)): \(declared) { \(accessors) }")
            }
            for call in type.calls {
                let returns = call.returns.map { self.type($0, sdkTypes: sdkTypes) }
                for form in call.forms {
                    let labels = form.labels?.map(\.value) ?? call.parameters.map(\.label.value)
                    var parameters = zip(labels, call.parameters).map { label, parameter in
                        "\(label == parameter.name.value ? "" : label + " ")\(escaped(parameter.name.value)): \(parameter.reference.map { Self.type(.reference($0), sdkTypes: sdkTypes) } ?? parameter.type.value)"
                    }
                    let sendable = form.sendableHandler ? "@Sendable " : ""
                    let generics =
                        call.genericParameters.isEmpty
                        ? ""
                        : "<"
                            + call.genericParameters.map { parameter in
                                parameter.name.value
                                    + (parameter.conformsTo.isEmpty ? "" : ": " + parameter.conformsTo.map(\.value).joined(separator: " & "))
                            }.joined(separator: ", ") + ">"
                    let name = escaped(form.name.value) + generics
                    switch form.kind.value {
                    case .sync:
                        let effects = form.throwing ? "throws " : ""
                        members.append(
                            "    public func \(name)(\(parameters.joined(separator: ", "))) \(effects)-> \(returns ?? "Void") { fatalError() }")
                    case .async:
                        members.append(
                            "    public func \(name)(\(parameters.joined(separator: ", "))) async throws -> \(returns ?? "Void") { fatalError() }")
                    case .completion:
                        let value =
                            form.handlerValueType?.value
                            ?? returns.map { RandomDescription.isOptional($0) || $0.hasPrefix("Swift.Optional<") ? $0 : "\($0)?" }
                        let errorFirst = form.handlerOrder == .errorFirst
                        let handler =
                            value.map { errorFirst ? "((any Swift.Error)?, \($0)) -> Void" : "(\($0), (any Swift.Error)?) -> Void" }
                            ?? "((any Swift.Error)?) -> Void"
                        parameters.append("\(form.handlerLabel): @escaping \(sendable)\(handler)")
                        members.append("    public func \(name)(\(parameters.joined(separator: ", "))) {}")
                    case .result:
                        parameters.append("\(form.handlerLabel): @escaping \(sendable)(Swift.Result<\(returns ?? "Void"), any Swift.Error>) -> Void")
                        members.append("    public func \(name)(\(parameters.joined(separator: ", "))) {}")
                    case .stream:
                        members.append(
                            "    public func \(name)(\(parameters.joined(separator: ", "))) -> AsyncThrowingStream<\(returns ?? "Void"), any Swift.Error> { fatalError() }"
                        )
                    }
                }
            }
            // A type that inherits another subclasses its SDK class, which declares the inherited members.
            if let parent = type.inherits.flatMap({ sdkTypes[$0.value] }) {
                classes.append(
                    "open class \(type.sdkType.value): \(parent), @unchecked Sendable {\n    public override init() {}\n\(members.joined(separator: "\n"))\n}"
                )
            } else {
                classes.append("open class \(type.sdkType.value): @unchecked Sendable {\n    public init() {}\n\(members.joined(separator: "\n"))\n}")
            }
        }
        for operation in description.operations { classes.append(source(for: operation)) }
        // A mirrored value: its members, and no public initialiser, as the SDKs that need mirrors.
        for mirror in description.mirrors {
            let members = mirror.members.map { "    public let \(escaped($0.name.value)): \($0.type.value)" }
            classes.append(
                "public struct \(mirror.sdkType.value): @unchecked Sendable\(mirror.hashable ? ", Hashable" : "") {\n\(members.joined(separator: "\n"))\n    init() { fatalError() }\n}"
            )
        }
        return "import Foundation\n\n" + classes.joined(separator: "\n\n") + "\n"
    }

    /// An operation class: its block properties, the input properties holding requested items
    /// (arrays of the stream's keys), the atomic flag and `completionBlock`, as the SDK's are.
    static func source(for operation: OperationSpec) -> String {
        var members = ["    open var completionBlock: (@Sendable () -> Void)?"]
        for block in operation.streams.flatMap(\.blocks) + operation.result.blocks {
            members.append("    open var \(escaped(block.name.value)): (\(block.type.value))?")
        }
        for stream in operation.streams {
            guard let input = stream.input, case .items(let key, _, _) = stream.kind else { continue }
            members.append("    open var \(escaped(input.source.value)): [\(key.value)]?")
        }
        if let atomic = operation.atomic { members.append("    open var \(escaped(atomic.when.value)) = false") }
        return "open class \(operation.sdkType.value): @unchecked Sendable {\n    public init() {}\n\(members.joined(separator: "\n"))\n}"
    }

    static func type(_ use: TypeUse, sdkTypes: [String: String]) -> String {
        switch use {
        case .swift(let type): return type.value
        case .reference(let name):
            // `ref` and `returnsRef` may be an optional or an array of a described type.
            if name.value.hasSuffix("?") { return (sdkTypes[String(name.value.dropLast())] ?? name.value) + "?" }
            if name.value.hasPrefix("[") { return "[" + (sdkTypes[String(name.value.dropFirst().dropLast())] ?? name.value) + "]" }
            return sdkTypes[name.value] ?? name.value
        }
    }

    static let keywords: Set<String> = [
        "default", "repeat", "in", "is", "where", "func", "class", "return", "self", "protocol", "var", "let", "inout",
    ]

    static func escaped(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }
}
