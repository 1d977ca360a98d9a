/// The items of a `.generated` list: `count` of them, item `index` made by `item(index)` each
/// time it is asked for (from any thread: sections over long lists render on all cores).
public struct GeneratedList: Sendable {
    public let count: Int
    public let item: @Sendable (Int) -> TemplateValue

    public init(count: Int, item: @escaping @Sendable (Int) -> TemplateValue) {
        self.count = count
        self.item = item
    }
}
