/// Groups an SDK type's methods into calls, the way Swift imports Objective-C: a method with a
/// trailing completion handler and its `async` twin (the same request, the handler's value as
/// the result) are one call; so is a `Result`-handler form the SDK's Swift overlay adds.
struct SDKCall: Sendable {
    /// By kind: at most one method of each.
    var forms: [(kind: FormKind, method: SDKMethod)]

    /// The form whose labels and parameter names the call takes: async, else a handler form.
    var primary: SDKMethod {
        for kind in [FormKind.async, .completion, .result, .sync] {
            if let form = forms.first(where: { $0.kind == kind }) { return form.method }
        }
        return forms[0].method
    }

    var names: String { forms.map { "`\($0.method.fullName)`" }.joined(separator: " and ") }
}

enum CallGrouping {
    static func group(_ methods: [SDKMethod], surface: SDKSurface) -> [SDKCall] {
        var used = Set<Int>()
        var calls: [SDKCall] = []
        func matches(_ a: SDKMethod, _ b: SDKMethod) -> Bool {
            let left = a.requestParameters.map(\.type)
            let right = b.requestParameters.map(\.type)
            guard left.count == right.count, zip(left, right).allSatisfy(surface.sameType) else { return false }
            switch (a.value, b.value) {
            case (nil, nil): return true
            case (let x?, let y?):
                // A completion handler passes `T?` for an async `T` and for an async `T?` alike.
                if a.kind == .completion || b.kind == .completion {
                    return surface.sameType(DriftChecker.strippingOptional(x), DriftChecker.strippingOptional(y))
                }
                return surface.sameType(x, y)
            default: return false
            }
        }
        func best(_ kind: FormKind, for anchor: SDKMethod) -> Int? {
            var choice: (index: Int, score: Int)?
            for (index, method) in methods.enumerated() where !used.contains(index) && method.kind == kind && matches(anchor, method) {
                let score = similarity(anchor, method)
                if choice == nil || score > choice!.score { choice = (index, score) }
            }
            return choice?.index
        }
        // Async methods anchor their handler twins; then handler forms pair with each other.
        for anchorKind in [FormKind.async, .completion, .result, .sync] {
            for (index, method) in methods.enumerated() where method.kind == anchorKind && !used.contains(index) {
                used.insert(index)
                var forms = [(kind: anchorKind, method: method)]
                if anchorKind != .sync {
                    for kind in [FormKind.completion, .result] where kind != anchorKind && !(anchorKind == .result && kind == .completion) {
                        if let twin = best(kind, for: method) {
                            used.insert(twin)
                            forms.append((kind, methods[twin]))
                        }
                    }
                }
                calls.append(SDKCall(forms: forms.sorted { FormKind.allCases.firstIndex(of: $0.kind)! < FormKind.allCases.firstIndex(of: $1.kind)! }))
            }
        }
        // Declaration order of the first form.
        let position = Dictionary(methods.enumerated().map { ($0.element.preciseIdentifier, $0.offset) }, uniquingKeysWith: { a, _ in a })
        return calls.sorted { a, b in
            (a.forms.map { position[$0.method.preciseIdentifier] ?? 0 }.min() ?? 0)
                < (b.forms.map { position[$0.method.preciseIdentifier] ?? 0 }.min() ?? 0)
        }
    }

    /// How alike two methods' names and labels are: `userIdentity(forEmailAddress:)` and
    /// `discoverUserIdentity(withEmailAddress:completionHandler:)` share the label's noun.
    static func similarity(_ a: SDKMethod, _ b: SDKMethod) -> Int {
        var score = 0
        for (x, y) in zip(a.requestParameters, b.requestParameters) {
            if x.label == y.label { score += 3 } else if labelNoun(x.label) == labelNoun(y.label) { score += 2 }
        }
        let left = a.baseName.lowercased()
        let right = b.baseName.lowercased()
        if left == right { score += 2 } else if left.contains(right) || right.contains(left) { score += 1 }
        return score
    }

    /// `withEmailAddress` → `emailaddress`: the label without its leading preposition.
    static func labelNoun(_ label: String) -> String {
        for preposition in ["with", "for", "from", "in", "by", "of", "to", "at", "on"] where label.hasPrefix(preposition) {
            let rest = label.dropFirst(preposition.count)
            if let first = rest.first, first.isUppercase { return rest.lowercased() }
        }
        return label.lowercased()
    }
}
