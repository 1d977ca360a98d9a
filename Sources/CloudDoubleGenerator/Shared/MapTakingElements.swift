extension Array {
    /// `map` that takes each element out of the array instead of copying it: a model value
    /// moved into what is made of it, with no retain of each of its fields for the copy and no
    /// release of each when the array is freed. `transform` is given each element's index, and
    /// is called from the last element to the first (each is taken from the end, where taking
    /// one moves nothing else). The array should be the only reference to its elements (a
    /// shared one is copied first, as any mutation does).
    consuming func mapTakingElements<T>(_ transform: (_ index: Int, consuming Element) -> T) -> [T] {
        let count = count
        // Not made with no capacity: that array is the shared empty one, whose count the
        // initializer writes (a write the thread sanitizer sees racing with other threads').
        guard count > 0 else { return [] }
        return [T](unsafeUninitializedCapacity: count) { results, initialized in
            var index = count
            while let element = popLast() {
                index -= 1
                (results.baseAddress! + index).initialize(to: transform(index, consume element))
            }
            initialized = count
        }
    }
}
