import Dispatch

extension Array where Element: Sendable {
    /// `map` over the elements on all cores, results in the original order, so output stays
    /// byte-identical. Small arrays are mapped in place: spreading them costs more than it saves.
    func parallelMap<T: Sendable, E: Error>(minimumCount: Int = 64, _ transform: @Sendable (Element) throws(E) -> T) throws(E) -> [T] {
        guard count >= minimumCount else {
            var results: [T] = []
            results.reserveCapacity(count)
            for element in self { results.append(try transform(element)) }
            return results
        }
        let slots = ResultSlots<T, E>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.set(index, Result { () throws(E) -> T in try transform(self[index]) })
        }
        return try slots.values()
    }
}

extension Array where Element: Sendable {
    /// `parallelMap` that takes each element out of the array as it is transformed: an element
    /// is freed as soon as its result is made, on the thread that made it, so a large array is
    /// not held twice (the originals beside the results) and the memory an element leaves is
    /// there for the next result on that thread.
    consuming func parallelMapTakingElements<T: Sendable>(minimumCount: Int = 64, _ transform: @Sendable (consuming Element) -> T) -> [T] {
        guard count >= minimumCount else { return mapTakingElements { transform($1) } }
        let elements = TakenElements(self)
        self = []
        let slots = ResultSlots<T, Never>(count: elements.count)
        DispatchQueue.concurrentPerform(iterations: elements.count) { index in
            slots.set(index, .success(transform(elements.take(index))))
        }
        return slots.values()
    }
}

/// An array's elements moved to raw memory, each taken out exactly once by one iteration of
/// `concurrentPerform`.
private final class TakenElements<Element>: @unchecked Sendable {
    private let elements: UnsafeMutableBufferPointer<Element>

    init(_ array: [Element]) {
        elements = .allocate(capacity: array.count)
        _ = elements.initialize(fromContentsOf: array)
    }

    var count: Int { elements.count }

    func take(_ index: Int) -> Element {
        (elements.baseAddress! + index).move()
    }

    /// Every element has been taken by now.
    deinit { elements.deallocate() }
}

/// One slot per result, each written by exactly one iteration of `concurrentPerform` and read
/// only after all of them have finished. Raw memory, so concurrent writes to different slots are
/// not seen as overlapping accesses to one array.
private final class ResultSlots<T: Sendable, E: Error>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result<T, E>?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ result: Result<T, E>) {
        slots[index] = result
    }

    /// The results, each moved out of its slot rather than copied (a copy retained each of a
    /// result's fields, serially, and freeing the slots released them again).
    func values() throws(E) -> [T] {
        var values: [T] = []
        values.reserveCapacity(slots.count)
        for index in slots.indices {
            switch slots[index].take()! {
            case .success(let value): values.append(value)
            case .failure(let error): throw error
            }
        }
        return values
    }
}
