/// The live adapters: each protocol over the real SDK object, every member forwarding to it.
struct LiveTranslator {
    let translator: Translator

    init(_ translator: Translator) {
        self.translator = translator
    }

    func file() -> LiveFileContext {
        let description = translator.description
        let types = description.types
        return LiveFileContext(
            file: translator.fileContext,
            liveCondition: description.liveCondition?.value ?? "canImport(\(description.module.value))",
            types: types.map(type), mirrors: translator.mirrorContexts)
    }

    func type(_ type: ResolvedType) -> LiveTypeContext {
        let names = translator.names
        let properties = translator.forwardedProperties(type, throughFaults: false) { .live(names.liveName($0)) }
        var calls: [LiveTypeContext.Call] = []
        for call in type.calls.map(translator.spelling(of:)) {
            for form in call.forms {
                let wrapped = form.hasHandler ? call.returnsReference.map { ChildWrapping.live(names.liveName($0)) } : nil
                calls.append(
                    LiveTypeContext.Call(
                        attributes: form.attributes,
                        declaration: .declaration(form, after: translator.accessPrefix),
                        invocation: wrapped.map { .text(form.callExpression(wrappingWith: $0.make, valueFirst: false)) } ?? .callExpression(form),
                        isAsync: form.kind == .async, throwsSynchronously: form.throwsSynchronously,
                        child: form.kind == .sync || form.kind == .async ? call.returnsReference.map { .live(names.liveName($0)) } : nil,
                        converted: form.kind == .stream
                            ? ["Swift.AsyncThrowingStream(bridging_: self.base_.\(form.callExpression))"]
                            : MirrorForwarding(call: call, form: form).body))
            }
        }
        return LiveTypeContext(
            names: TypeNames(type, names: names), uncheckedSendable: type.uncheckedSendable, hasChildren: translator.hasChildren(type),
            properties: properties, calls: calls)
    }
}
