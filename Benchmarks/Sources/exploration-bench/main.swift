import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation

// Seeds per second and CPU per seed of a user's own scenario, as `FaultExploration` runs it: 20
// records seeded into the in-memory store, then uploaded in 4 batches of 5 through a
// fault-injecting database (30% retryable failures, retried). Meant for the debug build
// `swift test` gives (issue #36: ≥ 50 seeds/s on both cores):
//
//   swift run --package-path Benchmarks exploration-bench [seeds per round] [rounds] [parallelism]
//
// Prints each round's rate and process CPU per seed, then the medians and ranges. Parallelism is
// `FaultExploration`'s (the machine's active processors unless given).

func say(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }
func format(_ value: Double) -> String { String(format: "%.1f", value) }

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let seedsPerRound = arguments.first ?? 100
let rounds = arguments.dropFirst().first ?? 5
let parallelism = arguments.dropFirst(2).first

let plan = FaultPlan {
    FaultRule(.type("Database"), probability: 0.3, outcome: .fail(codes: [WeightedCode(.trait(.retryable))], retryAfter: .range(1...3)))
}
let zone = CKRecordZone.ID(zoneName: "Notes", ownerName: CKCurrentUserDefaultName)

let scenario: FaultExploration.Body = { run in
    let cloud = InMemoryCloudKit()
    let seeded = cloud.privateDatabase.seed(
        (1...20).map { id in
            let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "note-\(id)", zoneID: zone))
            record["title"] = "title \(id)"
            record["text"] = "some text of note \(id)"
            record["modified"] = Date(timeIntervalSince1970: 1_700_000_000 + Double(id))
            return record
        })
    let database = FaultInjectingCloudDatabase(wrapping: cloud.mockDatabase(), faults: run.faults)
    for batch in 0..<4 {
        let records = seeded[batch * 5..<batch * 5 + 5].map { record in
            record["text"] = "edited"
            return record
        }
        var attempts = 0
        while true {
            attempts += 1
            do {
                _ = try await database.modifyRecords(saving: records, deleting: [], savePolicy: .changedKeys, atomically: false)
                break
            } catch {
                if attempts == 20 { throw error }
                try await run.time.sleep(1)
            }
        }
    }
}

/// CPU time of the whole process (every thread), in seconds.
func processCPUSeconds() -> Double {
    Double(clock()) / Double(CLOCKS_PER_SEC)
}

var rates: [Double] = []
var cpuPerSeed: [Double] = []
for round in 1...rounds {
    var exploration = FaultExploration(seeds: 1...UInt64(seedsPerRound), plan: plan, errorModel: .cloudKit)
    if let parallelism { exploration.parallelism = parallelism }
    let cpuBefore = processCPUSeconds()
    let report = await exploration.run(scenario)
    let cpu = (processCPUSeconds() - cpuBefore) * 1000 / Double(report.seedsRun)
    if let failure = report.failure { say("round \(round): seed \(failure.seed) failed: \(failure.message)") }
    let rate = Double(report.seedsRun) / report.wallSeconds
    rates.append(rate)
    cpuPerSeed.append(cpu)
    say(
        "round \(round): \(report.seedsRun) seeds in \(String(format: "%.3f", report.wallSeconds)) s = \(format(rate)) seeds/s, \(format(cpu)) ms of CPU per seed"
    )
}
let sortedRates = rates.sorted()
let sortedCPU = cpuPerSeed.sorted()
say(
    "median \(format(sortedRates[sortedRates.count / 2])) seeds/s, range \(format(sortedRates.first!))-\(format(sortedRates.last!)); "
        + "median \(format(sortedCPU[sortedCPU.count / 2])) ms of CPU per seed, range \(format(sortedCPU.first!))-\(format(sortedCPU.last!))")
