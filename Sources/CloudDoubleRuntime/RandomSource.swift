/// SplitMix64: a tiny, fast generator whose sequence depends only on its seed, so a seeded fault
/// plan or retry schedule is the same on every platform and every run.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A thread-safe source of random numbers, seeded (reproducible) or from the system.
/// Injected into the fault engine and the retry policy; never a global.
public final class RandomSource: Sendable {
    private let generator: Locked<SeededGenerator?>

    /// A reproducible source: the same seed gives the same sequence.
    public init(seed: UInt64) {
        generator = Locked(SeededGenerator(seed: seed))
    }

    private init(system: Void) {
        generator = Locked(nil)
    }

    /// The system's generator: not reproducible.
    public static func system() -> RandomSource { RandomSource(system: ()) }

    /// A uniformly drawn number in `0 ..< 1`.
    public func unit() -> Double {
        generator.withLock { generator in
            if generator == nil {
                var system = SystemRandomNumberGenerator()
                return Double.random(in: 0..<1, using: &system)
            }
            return Double.random(in: 0..<1, using: &generator!)
        }
    }

    /// A uniformly drawn number in `range`.
    public func uniform(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + unit() * (range.upperBound - range.lowerBound)
    }
}
