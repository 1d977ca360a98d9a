/// A described operation whose outcome a cassette holds: what its blocks received, in order, and
/// its final result. Generated outcome types conform (`protocols.mustache`); the one member
/// generated for it reads an event back by its stream's name, since Swift cannot make an enum
/// case from its name at run time. Events are written by reflection, so nothing else is.
///
/// On the cassette, an outcome is
///
///     {"events":[{"key":{…},"stream":"records","value":{…}},{"stream":"deletions","values":[{…},"Note"]}],"result":null}
///
/// An event whose payload is an item and its result is written `{"stream", "key", "value"}` (or
/// `"error"` instead of `"value"`); any other payload as `"values"`, in the order the event case
/// declares them. `result` is the final block's: `null` for what the SDK reports after the events
/// (a partial failure when an item failed), `{"value": …}` or `{"error": …}` when the outcome set
/// one; `"failsRequestedItems": true` marks a whole failure.
///
/// Its events, result and initialiser are `DescribedOperation`'s.
public protocol TapedOperation: DescribedOperation {
    /// The event `taped` holds, made by the case its stream names.
    static func event(_ taped: TapedEvent) throws -> Event
}

/// One event of an operation as a cassette holds it: its stream (the event case's name) and its
/// payload, read back through the case (``decode(_:)``).
public struct TapedEvent {
    /// The event case's name, e.g. `records`.
    public let stream: String
    let parts: [CassetteJSON]
    let codecs: CassetteCodecs
    let json: CassetteJSON

    /// Whether this is an event of the stream `name` (as the case is spelled in Swift).
    public func isStream(_ name: String) -> Bool {
        stream == name || "`\(stream)`" == name
    }

    /// The event, made by `makeEvent` (an event case: `Event.records`) from the payload, each
    /// value read as the case's parameter types say.
    public func decode<each Element, Event>(_ makeEvent: (repeat each Element) -> Event) throws -> Event {
        try codecs.decode(parts, makeEvent)
    }

    /// The error for an event of a stream the operation does not have.
    public var unknownStream: any Error {
        CassetteError.unreadable("an event of one of the operation's streams", json)
    }
}

extension CassetteCodecs {
    /// `{"events": […], "result": …}` (``TapedOperation``).
    func encode(outcome: any TapedOperation) throws -> CassetteJSON {
        func open<Outcome: TapedOperation>(_ outcome: Outcome) throws -> CassetteJSON {
            var object: [String: CassetteJSON] = [
                "events": .array(try outcome.events.map { try encode(event: $0) }),
                "result": try outcome.result.map { try encode(result: $0.map { $0 as Any }) } ?? .null,
            ]
            if outcome.failsRequestedItems { object["failsRequestedItems"] = .bool(true) }
            return .object(object)
        }
        return try open(outcome)
    }

    func decode(outcome type: any TapedOperation.Type, from json: CassetteJSON) throws -> any TapedOperation {
        func open<Outcome: TapedOperation>(_: Outcome.Type) throws -> Outcome {
            let events = try (json["events"]?.arrayValue ?? []).map { try Outcome.event(taped($0)) }
            let result = json["result"].flatMap { $0 == .null ? nil : $0 }
            var outcome = Outcome(events: events, result: try result.map { try decode(Result<Outcome.Final, any Error>.self, from: $0) })
            outcome.failsRequestedItems = json["failsRequestedItems"] == .bool(true)
            return outcome
        }
        return try open(type)
    }

    /// An event case by reflection: its name, then its payload in declaration order.
    private func encode(event: Any) throws -> CassetteJSON {
        let mirror = Mirror(reflecting: event)
        guard let (label, payload) = mirror.children.first.map({ ($0.label ?? "", $0.value) }) else {
            return .object(["stream": .string(String(describing: event)), "values": .array([])])
        }
        let tuple = Mirror(reflecting: payload)
        let values = tuple.displayStyle == .tuple ? tuple.children.map(\.value) : [payload]
        if values.count == 2, let result = values[1] as? any CassetteResult {
            var object: [String: CassetteJSON] = ["stream": .string(label), "key": try encode(values[0])]
            switch result.anyResult {
            case .success(let value): object["value"] = try encode(value)
            case .failure(let error): object["error"] = encodeError(error)
            }
            return .object(object)
        }
        return .object(["stream": .string(label), "values": .array(try values.map { try encode($0) })])
    }

    private func taped(_ json: CassetteJSON) throws -> TapedEvent {
        guard let stream = json["stream"]?.stringValue else { throw CassetteError.unreadable("an event with a stream", json) }
        let parts: [CassetteJSON]
        if let values = json["values"]?.arrayValue {
            parts = values
        } else {
            let result: CassetteJSON = json["error"].map { .object(["error": $0]) } ?? .object(["value": json["value"] ?? .null])
            parts = [json["key"] ?? .null, result]
        }
        return TapedEvent(stream: stream, parts: parts, codecs: self, json: json)
    }
}
