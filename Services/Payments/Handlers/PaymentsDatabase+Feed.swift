import Foundation
import GRDB
import PaymentsDomain
import QuadContracts
import QuadServiceKit
import QuadStorage
import SwiftProtobuf

extension PaymentsDatabase {
    /// The `PaymentEvent`s payments logs for the users' feeds, each in the transaction of the money it tells of.
    enum Feed {
        /// What happened to the user's money (`PaymentEvent.kind`).
        enum Kind: String {
            case held, captured, released, expired, refunded, earned, payout, transfer
            case payoutPaid = "payout_paid"
            case payoutFailed = "payout_failed"
        }

        /// Logs `kind` of `amount` to `userID`'s feed; `reference` is the intent, payout or transfer.
        static func log(
            _ kind: Kind,
            to userID: String,
            jobID: String = "",
            amount: Money,
            reference: String,
            at now: Int64,
            _ db: Database
        ) throws {
            let event = Quad_Payments_V1_PaymentEvent.with {
                $0.kind = kind.rawValue
                $0.jobID = jobID
                $0.amount = PaymentsProtoMapping.amount(amount)
                $0.reference = reference
            }
            try EventLog.append(
                db,
                userID: userID,
                type: Quad_Payments_V1_PaymentEvent.protoMessageName,
                payload: try event.serializedData(),
                occurredAt: Date(micros: now)
            )
        }
    }
}
