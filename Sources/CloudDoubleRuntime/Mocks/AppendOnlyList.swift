/// A list that only grows, kept in fixed-size chunks: what the call log and a mock's argument
/// histories hold, one element per call.
///
/// An `Array` that grows copies its elements into a buffer twice as large each time, and a large
/// buffer is fresh memory the system maps in page by page (and unmaps when the old one is
/// freed): a mock called a million times spent more of each call on that than on recording it.
/// Appending here never copies what is already held, and each page is mapped in once.
@usableFromInline
struct AppendOnlyList<Element> {
    /// Full chunks, then the one being filled; each holds `chunkSize` elements once full.
    @usableFromInline var chunks: [[Element]] = []
    /// How many elements there are.
    @usableFromInline var count = 0

    /// Elements per chunk: a chunk of 80-byte log records stays under the size the allocator
    /// maps on its own (128 KiB), so chunks come from its heap.
    @usableFromInline static var chunkSize: Int { 1_024 }

    @usableFromInline init() {}

    @inlinable
    mutating func append(_ element: consuming Element) {
        if count % Self.chunkSize == 0 {
            // The first chunk grows as an array does, so a list of a few calls stays small.
            var chunk: [Element] = []
            if count > 0 { chunk.reserveCapacity(Self.chunkSize) }
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    /// The elements, oldest first.
    var elements: [Element] {
        chunks.count == 1 ? chunks[0] : Array(chunks.joined())
    }

    mutating func removeAll() {
        chunks = []
        count = 0
    }
}
