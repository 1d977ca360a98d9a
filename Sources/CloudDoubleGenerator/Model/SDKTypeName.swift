/// The SDK type a described type's `sdkType` names: `CKDatabase` for `CKDatabase`, `P` for an
/// SDK protocol written `any P` (the live adapter holds the existential).
enum SDKTypeName {
    /// The same for a declared type: a plain name (most are) is its text, not parsed again.
    static func nominal(_ sdkType: DeclaredType) -> String {
        if case .nominal? = sdkType.model { return sdkType.value }
        return nominal(sdkType.value)
    }

    static func nominal(_ sdkType: String) -> String {
        if case .success(.existential(let inner)) = SwiftTypeParser.parse(sdkType) { return inner.description }
        return sdkType
    }
}
