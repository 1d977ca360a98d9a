/// One call on a cassette: which described type and call, through which form, with what
/// arguments, and what came back: a value or an error. One line of the cassette file:
///
///     {"arguments":{"recordName":"note-1",…},"call":"fetchRecord","form":"async","type":"Database","value":{…}}
///
/// `value` is the call's result written by its type's codec (`null` for `Void`); `error` replaces
/// it when the call failed (`{"code":…,"domain":…,"userInfo":{…}}`).
public struct CassetteInteraction: Sendable, Hashable, CustomStringConvertible {
    public enum Outcome: Sendable, Hashable {
        case value(CassetteJSON)
        case error(CassetteJSON)
    }

    /// The described type, e.g. `Database`.
    public var type: String
    /// The call id, e.g. `fetchRecord` (one for every form of the call).
    public var call: String
    /// How the app reached it: `async`, `completion`, `get`, … Shown, not matched.
    public var form: String
    public var arguments: CassetteJSON
    public var outcome: Outcome

    public init(type: String, call: String, form: String, arguments: CassetteJSON, outcome: Outcome) {
        self.type = type
        self.call = call
        self.form = form
        self.arguments = arguments
        self.outcome = outcome
    }

    /// `Database.fetchRecord {"recordName":…}`: how failure messages name a call.
    public var description: String {
        "\(type).\(call) \(arguments.line)"
    }

    var json: CassetteJSON {
        var object: [String: CassetteJSON] = [
            "type": .string(type), "call": .string(call), "form": .string(form), "arguments": arguments,
        ]
        switch outcome {
        case .value(let value): object["value"] = value
        case .error(let error): object["error"] = error
        }
        return .object(object)
    }

    init(json: CassetteJSON) throws {
        guard let type = json["type"]?.stringValue, let call = json["call"]?.stringValue else {
            throw CassetteError.unreadable("an interaction with a type and a call", json)
        }
        self.type = type
        self.call = call
        self.form = json["form"]?.stringValue ?? ""
        self.arguments = json["arguments"] ?? .null
        if let error = json["error"] {
            outcome = .error(error)
        } else {
            outcome = .value(json["value"] ?? .null)
        }
    }

    /// Whether `other` is the same call with the same arguments (forms may differ).
    func matches(_ other: CassetteInteraction) -> Bool {
        type == other.type && call == other.call && arguments == other.arguments
    }
}
