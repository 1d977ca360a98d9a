import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import NotesSync

// Seeds per second of the NotesSync example's 30%-faults scenario (the test
// `testNoNoteIsLostWhenThirtyPercentOfCallsFail`, one seed per run), run by `FaultExploration`
// as an exploration runs it. Prints each round's rate, then the median and the range.
//
//   swift run -c release --package-path Benchmarks seeds-bench [seeds per round] [rounds] [parallelism]
//
// Parallelism is `FaultExploration`'s (the machine's active processors unless given).

func say(_ text: String) { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let seedsPerRound = arguments.first ?? 40
let rounds = arguments.dropFirst().first ?? 5
let parallelism = arguments.dropFirst(2).first

let everyCode = ErrorCatalogue.cloudKit.codes.map { WeightedCode(.raw($0.rawValue)) }
let plan = FaultPlan {
    FaultRule.fail(.call(CloudDatabaseCall.modifyRecords), on: .nth(1), with: "limitExceeded")
    FaultRule(.type("Database"), probability: 0.3, outcome: .fail(codes: everyCode, retryAfter: .range(1...5)))
    FaultRule.failItems(.call(CloudDatabaseCall.modifyRecords), rate: 0.2, with: "zoneBusy", "networkFailure", "serverRecordChanged")
}

func note(_ id: Int, _ text: String, at seconds: Double) -> Note {
    Note(id: "note-\(id)", text: text, modified: Date(timeIntervalSince1970: 1_700_000_000 + seconds))
}

func syncUntilUpToDate(_ engine: NotesSyncEngine) async {
    for _ in 1...40 {
        try? await engine.sync()
        if await engine.isUpToDate { return }
    }
}

func serverTexts(_ cloud: InMemoryCloudKit, zone: CKRecordZone.ID) -> [String: String] {
    Dictionary(uniqueKeysWithValues: cloud.privateDatabase.records(in: zone).map { ($0.recordID.recordName, $0["text"] as? String ?? "") })
}

/// The test's body: 40 notes under the plan, edits and deletes, then a second device that also
/// sees faults; nothing may be lost.
let scenario: FaultExploration.Body = { run in
    let cloud = InMemoryCloudKit()
    let phone = NotesSyncEngine(
        database: FaultInjectingCloudDatabase(wrapping: cloud.mockDatabase(), faults: run.faults), time: run.time, random: run.random)
    for id in 1...40 { await phone.save(note(id, "text \(id)", at: Double(id))) }
    await syncUntilUpToDate(phone)
    let first = await phone.notes.mapValues(\.text)
    let upToDate = await phone.isUpToDate
    try run.expect(!upToDate || serverTexts(cloud, zone: phone.zoneID) == first, "a note was lost")

    for id in 1...10 { await phone.save(note(id, "edited \(id)", at: 100 + Double(id))) }
    for id in 31...35 { await phone.delete(id: "note-\(id)") }
    await syncUntilUpToDate(phone)
    let edited = await phone.notes.mapValues(\.text)

    let laptopFaults = FaultInjector(
        plan: FaultPlan { FaultRule(.type("Database"), probability: 0.3, outcome: .fail(codes: everyCode, retryAfter: nil)) },
        seed: run.seed &+ 1, errorModel: .cloudKit, time: run.time)
    let laptop = NotesSyncEngine(
        database: FaultInjectingCloudDatabase(wrapping: cloud.mockDatabase(), faults: laptopFaults), time: run.time, random: RandomSource(seed: 2))
    var laptopTexts: [String: String] = [:]
    for _ in 0..<40 where laptopTexts != edited {
        try? await laptop.sync()
        laptopTexts = await laptop.notes.mapValues(\.text)
    }
}

var rates: [Double] = []
for round in 1...rounds {
    var exploration = FaultExploration(seeds: 1...UInt64(seedsPerRound), plan: plan, errorModel: .cloudKit)
    if let parallelism { exploration.parallelism = parallelism }
    let report = await exploration.run(scenario)
    if let failure = report.failure { say("round \(round): seed \(failure.seed) failed: \(failure.message)") }
    let rate = Double(report.seedsRun) / report.wallSeconds
    rates.append(rate)
    say(
        "round \(round): \(report.seedsRun) seeds in \(String(format: "%.3f", report.wallSeconds)) s = \(String(format: "%.1f", rate)) seeds/s, \(report.faultsInjected) faults"
    )
}
let sorted = rates.sorted()
say(
    "median \(String(format: "%.1f", sorted[sorted.count / 2])) seeds/s, range \(String(format: "%.1f", sorted.first!))-\(String(format: "%.1f", sorted.last!))"
)
