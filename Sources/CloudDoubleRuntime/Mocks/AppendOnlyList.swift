/// A list that only grows, kept in fixed-size chunks: what the call log and a mock's argument
/// histories hold, one element per call.
///
/// An `Array` that grows copies its elements into a buffer twice as large each time, and a large
/// buffer is fresh memory the system maps in page by page (and unmaps when the old one is
/// freed): a mock called a million times spent more of each call on that than on recording it.
/// Appending here never copies what is already held, and each page is mapped in once.
@usableFromInline
struct AppendOnlyList<Element> {
    /// The chunks filled so far, each of `chunkSize` elements.
    @usableFromInline var full: [[Element]] = []
    /// The chunk being filled. The first grows as an array does, so a list of a few calls stays
    /// small; later ones are made at their full size.
    @usableFromInline var last: [Element] = []

    /// Elements per chunk: a chunk of 80-byte log records stays under the size the allocator
    /// maps on its own (128 KiB), so chunks come from its heap.
    @usableFromInline static var chunkSize: Int { 1_024 }

    @usableFromInline init() {}

    /// How many elements there are; kept, not computed, as the log reads it for every call.
    @usableFromInline var count = 0

    /// Appends `element`; the test is one comparison, so a debug build pays little for it.
    @inlinable
    mutating func append(_ element: consuming Element) {
        last.append(element)
        count += 1
        if last.count == Self.chunkSize {
            full.append(last)
            last = []
            last.reserveCapacity(Self.chunkSize)
        }
    }

    /// The elements, oldest first.
    var elements: [Element] {
        full.isEmpty ? last : Array(full.joined()) + last
    }

    mutating func removeAll() {
        full = []
        last = []
        count = 0
    }
}
