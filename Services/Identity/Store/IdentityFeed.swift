import Foundation
import GRDB
import IdentityDomain
import QuadContracts
import QuadServiceKit
import QuadStorage
import SwiftProtobuf

/// The events identity logs for the users' feeds, each in the transaction of its change.
enum IdentityFeed {
    /// The account's own profile changed (an edit, a role granted).
    static func profileChanged(_ account: Account, at now: Date, _ db: Database) throws {
        let event = Quad_Identity_V1_ProfileChanged.with { $0.profile = ProtoMapping.profile(account) }
        try log(event, userID: account.id, at: now, db)
    }

    /// A session of `userID` ended before its time.
    static func sessionRevoked(
        userID: String,
        sessionID: String,
        reason: RevocationReason,
        at now: Date,
        _ db: Database
    ) throws {
        let event = Quad_Identity_V1_SessionRevoked.with {
            $0.sessionID = sessionID
            $0.reason = reason.rawValue
        }
        try log(event, userID: userID, at: now, db)
    }

    /// Why a session was revoked, as SessionRevoked.reason names it.
    enum RevocationReason: String {
        case logout
        case refreshTokenReused = "refresh_token_reused"
    }

    private static func log<Event: SwiftProtobuf.Message>(_ event: Event, userID: String, at now: Date, _ db: Database)
        throws
    {
        try EventLog.append(
            db,
            userID: userID,
            type: Event.protoMessageName,
            payload: try event.serializedData(),
            occurredAt: now
        )
    }
}
