/// The SDK type a described type's `sdkType` names: `CKDatabase` for `CKDatabase`, `P` for an
/// SDK protocol written `any P` (the live adapter holds the existential).
enum SDKTypeName {
    static func nominal(_ sdkType: String) -> String {
        if case .success(.existential(let inner)) = SwiftTypeParser.parse(sdkType) { return inner.description }
        return sdkType
    }
}
