import Foundation
import FreightDomain
import GRDB
import QuadContracts
import QuadServiceKit
import QuadStorage
import SwiftProtobuf

/// The load changes freight logs for the users' feeds (F3, G3), each in the transaction of its change: to the load's
/// driver, the driver it was taken from, and every dispatcher of its organisation.
enum FreightFeed {
    static func loadChanged(
        _ record: LoadRecord,
        previousDriver: String?,
        at now: Int64,
        _ db: Database
    ) throws {
        let load = record.load
        var event = Quad_Freight_V1_LoadChanged()
        event.change =
            FreightProtoMapping.entry(load.timeline.last ?? LoadEntry(change: .created, by: nil, at: now))
            .kind
        event.load = FreightProtoMapping.load(record)
        if let previousDriver, previousDriver != load.driver { event.previousDriverID = previousDriver }
        var users = Set(try OrganisationStore.users(with: .dispatcher, in: load.organisation, db))
        if let driver = load.driver { users.insert(driver) }
        if let previousDriver { users.insert(previousDriver) }
        let payload = try event.serializedData()
        for user in users.sorted() {
            try EventLog.append(
                db,
                userID: user,
                type: Quad_Freight_V1_LoadChanged.protoMessageName,
                payload: payload,
                occurredAt: Date(micros: now)
            )
        }
    }
}
