/// The error codes an SDK throws as Swift types of its own (`"swiftError"`): each makes and
/// recognises its SDK error with copied Swift, so each part must be one type or expression, every
/// code must be recognisable, and the NSError-bridging `errorType` must not name one of them.
extension ValidationPass {
    func swiftErrors(_ model: ErrorModelSpec) {
        guard case .codes(let codes) = model.catalogue else { return }
        // The codes whose errors are every error of a type (no "matches"): a later code of that
        // type could never be recognised, since the first recogniser that says yes decides.
        var claimedWhole: [String: ErrorCodeSpec] = [:]
        for code in codes {
            guard let swiftError = code.swiftError else { continue }
            guard namedType(swiftError.type, what: "the Swift error type") else { continue }
            if let make = swiftError.make {
                expression(make, what: "\"make\"")
            } else {
                sink.error(
                    "the Swift error of the error code \"\(code.name.value)\" needs \"make\"", at: swiftError.location,
                    hint: "a Swift expression making the SDK's error, such as \"\(swiftError.type.value)(message: \\\"…\\\")\"")
            }
            expression(swiftError.matches, what: "\"matches\"")
            if code.rawValue.value == model.partialFailureCode {
                sink.error(
                    "the partial-failure code \"\(code.name.value)\" cannot be a Swift error", at: swiftError.location,
                    hint: "a partial failure carries its per-item errors under \"partialErrorsKey\" in an NSError's userInfo")
            }
            let type = swiftError.type.value
            if let first = claimedWhole[type] {
                sink.error(
                    "the error code \"\(code.name.value)\" can never be recognised: every \(type) is already the code \"\(first.name.value)\" (line \(first.name.location.line))",
                    at: swiftError.type.location,
                    hint:
                        "give the earlier code \"matches\", a condition on `error` that tells its errors apart, such as \"error.typeName == \\\"SlowDown\\\"\""
                )
            } else if swiftError.matches == nil {
                claimedWhole[type] = code
            }
        }
        if let errorType = model.errorType, let owner = codes.first(where: { $0.swiftError?.type.value == errorType.value }) {
            sink.error(
                "\"errorType\" \"\(errorType.value)\" is the Swift error the code \"\(owner.name.value)\" throws, not a wrapper of the SDK's NSErrors",
                at: errorType.location,
                hint:
                    "\"errorType\" is for bridged NSError wrappers with init(_nsError:), such as CKError; remove it: codes with \"swiftError\" are made as their own types"
            )
        }
    }
}
