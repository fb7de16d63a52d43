import Foundation
import GRDB
import QuadContracts
import QuadServiceKit
import QuadStorage
import SwiftProtobuf

/// What households logs for the users' feeds (H3, G3, H7), each in the transaction of its change: a
/// `HouseholdChanged` to every current member (and to those a change is about, such as a removed member or an
/// invitee with an account), and a `ReminderDue` to the reminded person.
enum HouseholdsFeed {
    /// Logs `event` for `household`'s current members and `also`, once each.
    static func changed(
        _ event: Quad_Households_V1_HouseholdChanged,
        in household: String,
        also: [String] = [],
        at now: Int64,
        _ db: Database
    ) throws {
        var users = Set(try HouseholdStore.memberIDs(of: household, db))
        users.formUnion(also.filter { !$0.isEmpty })
        try log(event, to: users.sorted(), at: now, db)
    }

    /// Logs `event` for exactly `users`.
    static func log(_ event: Quad_Households_V1_HouseholdChanged, to users: [String], at now: Int64, _ db: Database)
        throws
    {
        let payload = try event.serializedData()
        for user in users {
            try EventLog.append(
                db,
                userID: user,
                type: Quad_Households_V1_HouseholdChanged.protoMessageName,
                payload: payload,
                occurredAt: Date(micros: now)
            )
        }
    }

    /// Logs a reminder for its person.
    static func reminderDue(_ reminder: Quad_Households_V1_Reminder, at now: Int64, _ db: Database) throws {
        try EventLog.append(
            db,
            userID: reminder.userID,
            type: Quad_Households_V1_ReminderDue.protoMessageName,
            payload: try Quad_Households_V1_ReminderDue.with { $0.reminder = reminder }.serializedData(),
            occurredAt: Date(micros: now)
        )
    }

    /// A change of `household` by `user` at `now`, of `kind`, for the caller to fill in.
    static func event(
        _ kind: Quad_Households_V1_HouseholdChanged.Kind,
        _ household: HouseholdRecord,
        by user: String,
        at now: Int64
    ) -> Quad_Households_V1_HouseholdChanged {
        .with {
            $0.kind = kind
            $0.householdID = household.id
            $0.householdName = household.name
            $0.byUserID = user
            $0.atMicros = now
        }
    }
}
