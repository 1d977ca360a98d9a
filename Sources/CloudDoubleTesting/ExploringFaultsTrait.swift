#if canImport(Testing) && compiler(>=6.1)
    import CloudDoubleRuntime
    import Testing

    /// A Swift Testing trait that runs its test once per seed of a ``FaultExploration``, stops at the
    /// first seed that fails, shrinks it, and fails the test with the report and its pasteable
    /// reproduction. The test reads its run (seed, injector, virtual clock) from
    /// ``CloudDoubleRuntime/ExplorationRun/current``:
    ///
    /// ```swift
    /// @Test(.exploringFaults(FaultExploration(seeds: 1...200, plan: family, errorModel: .cloudKit)))
    /// func noNoteIsLost() async throws {
    ///     let run = try #require(ExplorationRun.current)
    ///     let database = FaultInjectingCloudDatabase(wrapping: cloud.mockDatabase(), faults: run.faults)
    ///     …
    ///     try run.expect(server == local, "a note was lost")
    /// }
    /// ```
    ///
    /// Inside the body, say what went wrong with `run.expect` or a thrown error, not `#expect`:
    /// an `#expect` would record an issue on every run the shrinker makes.
    public struct ExploringFaultsTrait: TestTrait, TestScoping {
        public let exploration: FaultExploration

        public init(_ exploration: FaultExploration) {
            self.exploration = exploration
        }

        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            // `check` has returned (every run over) before `function` goes out of scope.
            try await withoutActuallyEscaping(function) { function in
                _ = try await exploration.check { run in
                    try await ExplorationRun.$current.withValue(run) { try await function() }
                }
            }
        }
    }

    extension Trait where Self == ExploringFaultsTrait {
        /// Runs the test once per seed of `exploration` (see ``ExploringFaultsTrait``).
        public static func exploringFaults(_ exploration: FaultExploration) -> Self {
            ExploringFaultsTrait(exploration)
        }
    }
#endif
