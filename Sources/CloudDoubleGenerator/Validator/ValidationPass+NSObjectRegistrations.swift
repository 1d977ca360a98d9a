/// A listener whose registration protocol refines `NSObjectProtocol` (`"refinesNSObjectProtocol":
/// true`, Firestore's `ListenerRegistration`): the mock's and the fault wrapper's registration
/// classes subclass `NSObject`, which satisfies it, so the flag needs a registration object and
/// the generated files need Foundation.
extension ValidationPass {
    func nsObjectRegistration(_ listener: ListenerSpec) {
        guard let flag = listener.refinesNSObjectProtocol, flag.value else { return }
        if case .call = listener.removal {
            sink.error(
                "\"refinesNSObjectProtocol\" describes a registration object (\"removeMethod\"); a handle removed by a call is not one",
                at: flag.location, hint: "remove \"refinesNSObjectProtocol\"")
        }
        if !description.imports.contains(where: { $0.value == "Foundation" }) {
            sink.error(
                "a registration refining NSObjectProtocol is an NSObject subclass in the generated files, which import Foundation for it",
                at: flag.location, hint: "add \"Foundation\" to \"imports\"")
        }
    }
}
