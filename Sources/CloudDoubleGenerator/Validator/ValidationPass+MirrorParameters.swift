/// Mirrors a call takes back: a parameter holding a mirrored SDK type takes the mirror, and the
/// live adapter hands the SDK the value the mirror kept.
extension ValidationPass {
    /// Checks each parameter of `call` that holds one of its mirrors' SDK types; whether any does.
    /// Unknown or repeated mirror names are `mirrorUses`' to report.
    func mirrorParameters(_ call: Call, mirrors: [String: MirroredType]) -> Bool {
        var takesMirrors = false
        for used in call.mirrors {
            guard let mirror = mirrors[used.value], let sdkType = mirror.sdkType.model else { continue }
            let one = MirrorSubstitution(mirrors: [(sdkType.canonical, used.value)])
            for parameter in call.parameters {
                guard let type = parameter.type.model, one.holdsMirroredType(type) else { continue }
                takesMirrors = true
                let at = parameter.type.location
                let name = parameter.name.value
                if one.holdsMirroredType(one.substitutedParameter(type)) {
                    sink.error(
                        "the parameter \"\(name)\" holds \(mirror.sdkType.value) where the SDK's value cannot be taken back out of a mirror",
                        at: at, hint: "a mirror can be the parameter, or inside optionals, arrays ([T]) and dictionary values")
                } else if !mirror.keepsSDKValue {
                    sink.error(
                        "the parameter \"\(name)\" takes the mirror \"\(used.value)\", which does not keep its SDK value", at: at,
                        hint: "add \"keepsSDKValue\": true to the mirror, so that the live adapter can hand the SDK its own value back")
                } else if parameter.items != nil, !mirror.hashable {
                    sink.error(
                        "the parameter \"\(name)\" holds mirrors, so it cannot be a per-item input unless the mirror is hashable", at: at,
                        hint: "add \"hashable\": true to the mirror \"\(used.value)\", so that its copies key the per-item result")
                } else if let value = parameter.defaultValue, value != "nil" {
                    sink.error(
                        "the parameter \"\(name)\" holds mirrors, so its default can only be nil", at: parameter.defaultLocation ?? at,
                        hint: "a default is written as the SDK's value, which is not a mirror")
                } else if case .reference? = call.returns {
                    sink.error(
                        "a call that returns a described type cannot take mirrors", at: at,
                        hint: "its live adapter forwards the SDK's object as it is")
                }
            }
        }
        return takesMirrors
    }
}
