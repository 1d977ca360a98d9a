// After awslabs/smithy-swift's `ClientRuntime.PaginatorSequence` (the type `queryPaginated(input:)`
// returns, Paginators.swift): an `AsyncSequence` of output pages that feeds each page's
// `outputKey` back as the next input's `inputKey` until it is nil. Generic over the key, where
// the SDK's is keyed through `PaginateToken`; in the SDK it lives in `ClientRuntime`.

public struct PaginatorSequence<Input: Sendable, Output: Sendable>: AsyncSequence {
    public typealias Element = Output
    let input: Input
    let advance: (Input, Output) -> Input?
    let paginationFunction: (Input) async throws -> Output

    public init<Token>(
        input: Input, inputKey: WritableKeyPath<Input, Token?>, outputKey: KeyPath<Output, Token?>,
        paginationFunction: @escaping (Input) async throws -> Output
    ) {
        self.input = input
        self.advance = { input, output in
            guard let token = output[keyPath: outputKey] else { return nil }
            var next = input
            next[keyPath: inputKey] = token
            return next
        }
        self.paginationFunction = paginationFunction
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var input: Input?
        let advance: (Input, Output) -> Input?
        let paginationFunction: (Input) async throws -> Output

        public mutating func next() async throws -> Output? {
            guard let current = input else { return nil }
            let output = try await paginationFunction(current)
            input = advance(current, output)
            return output
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(input: input, advance: advance, paginationFunction: paginationFunction)
    }
}
