/// The contexts a rendering looks names up in, innermost last, and for each name of the program
/// where in an object it was found last: contexts of one kind hold their fields in one order,
/// so the next lookup of the name checks that field first instead of scanning the object.
///
/// A hint only saves time: it is checked against the field's name, and an object's names are
/// unique (as in any Mustache context), so the field it finds is the one a scan would.
struct ContextStack {
    private(set) var values: [TemplateValue]
    /// Per key of the program: the index in an object where the key's first part was found last.
    var hints: [Int]

    init(_ values: [TemplateValue], keyCount: Int) {
        self.values = values
        hints = Array(repeating: 0, count: keyCount)
    }

    var count: Int { values.count }
    var last: TemplateValue? { values.last }

    mutating func append(_ value: TemplateValue) { values.append(value) }
    mutating func removeLast() { values.removeLast() }
}
