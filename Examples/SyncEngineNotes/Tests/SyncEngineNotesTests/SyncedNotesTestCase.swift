import CloudDoubleRuntime
import CloudKit
import CloudKitDoubles
import CloudKitMocks
import Foundation
import SyncEngineNotes
import XCTest

/// What the example's multi-device tests share: devices running `SyncedNotes` on an
/// `InMemorySyncEngine` behind a fault wrapper, on one virtual clock, and a loop that syncs them
/// until they and the server agree. No tests of its own.
class SyncedNotesTestCase: XCTestCase {
    let clock = VirtualClock()

    struct Device {
        let notes: SyncedNotes
        let engine: InMemorySyncEngine
        let database: FaultInjectingCloudDatabase
    }

    static let everyCode = ErrorCatalogue.cloudKit.codes.map { WeightedCode(.raw($0.rawValue)) }

    /// 30% of the engine's requests fail with codes from the whole catalogue, and 20% of saved
    /// items fail, when `faults` is on.
    func plan(faults: Bool) -> FaultPlan {
        faults
            ? FaultPlan {
                FaultRule(.type("Database"), probability: 0.3, outcome: .fail(codes: Self.everyCode, retryAfter: .range(1...5)))
                FaultRule.failItems(.call(CloudDatabaseCall.modifyRecords), rate: 0.2, with: "zoneBusy", "networkFailure", "serverRecordChanged")
            }
            : FaultPlan {}
    }

    /// A device whose engine works on the `scope` database of `cloud`, under `plan(faults:)`.
    func makeDevice(
        _ cloud: InMemoryCloudKit, _ scope: CKDatabase.Scope = .private, notes: SyncedNotes = SyncedNotes(), seed: UInt64, faults: Bool = true
    ) -> Device {
        let database = FaultInjectingCloudDatabase(
            wrapping: cloud.mockDatabase(scope),
            faults: FaultInjector(
                plan: plan(faults: faults), seed: seed, errorModel: ErrorModel.cloudKit, time: clock.timeSource))
        var configuration = SyncEngineConfiguration<any CloudDatabase>(database: database, stateSerialization: nil, delegate: notes)
        configuration.automaticallySync = false
        let engine = InMemorySyncEngine(configuration, cloud: cloud, time: clock.timeSource, random: RandomSource(seed: seed))
        return Device(notes: notes, engine: engine, database: database)
    }

    func note(_ id: Int, _ text: String, at seconds: Double) -> Note {
        Note(id: "note-\(id)", text: text, modified: Date(timeIntervalSince1970: 1_700_000_000 + seconds))
    }

    func texts(_ device: Device) async -> [String: String] { await device.notes.notes.mapValues(\.text) }

    /// The notes in the signed-in user's Notes zone (a share record there is no note).
    func serverTexts(_ cloud: InMemoryCloudKit) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: cloud.privateDatabase.records(in: CKRecordZone.ID(zoneName: "Notes")).filter { $0.recordType == "Note" }.map {
                ($0.recordID.recordName, $0.encryptedValues["text"] as? String ?? "")
            })
    }

    /// Syncs every device, round after round (as an app would on each launch or push), until
    /// nothing is pending anywhere and every device and the server hold `expected`.
    @discardableResult
    func converge(_ devices: [Device], _ cloud: InMemoryCloudKit, to expected: [String: String], rounds: Int = 80) async -> Int {
        for round in 1...rounds {
            for device in devices { try? await device.notes.sync() }
            var settled = serverTexts(cloud) == expected
            for device in devices {
                let upToDate = await device.notes.isUpToDate
                let local = await texts(device)
                settled = settled && upToDate && local == expected
            }
            if settled { return round }
        }
        return rounds
    }
}
