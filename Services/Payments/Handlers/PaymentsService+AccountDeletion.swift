import PaymentsDomain
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// `account.deleted` (A3, issue 12 item 4): what payments does when a person's account is gone (docs/laundry.md,
/// "When an account is deleted").
extension PaymentsService {
    /// `account.deleted` from identity, applied once. Every open hold of the person is settled with jobs at once, as
    /// the sweep would after its grace: one whose job does not exist or was cancelled is voided with the provider and
    /// released; one whose job is open stays with it (jobs cancels such a job before pickup, and `job.cancelled`
    /// voids the hold; a job past pickup goes on and is captured at completion, so the dasher is paid for the work
    /// done). Their payment methods are detached, so nothing is held or charged on them again. Ledger entries are
    /// never deleted: the books keep every hold, capture, release and earning as they happened.
    public func accountDeleted(
        _ deleted: Quad_Identity_V1_AccountDeleted,
        _ delivery: Quad_Types_V1_OutboxDelivery,
        _ context: ServerContext
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try Self.require(deleted.userID, "user_id", "the deleted account")
        let user = deleted.userID
        let holds = try await database.openHolds(of: user)
        var report = SweepReport()
        for hold in holds {
            await settleUnconfirmed(hold, policy: sweepPolicy, report: &report)
        }
        let logger = context.logger
        let settled = report
        return try await database.detachPaymentMethods(of: user, receiving: delivery) { detached in
            logger.info(
                "account deleted: holds settled, payment methods detached",
                metadata: [
                    "user_id": "\(user)", "released": "\(settled.released.count)", "kept": "\(settled.confirmed.count)",
                    "deferred": "\(settled.deferred.count)", "payment_methods": "\(detached)",
                ]
            )
        }
    }
}
