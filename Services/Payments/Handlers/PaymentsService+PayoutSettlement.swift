import PaymentsDomain
import PaymentsProviders
import PaymentsStore
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// P6: payouts settle. The bank confirms a payout (PAID: it leaves the transit account) or returns it (FAILED: the
/// money is back in the user's balance); payments learns which by asking the provider in its sweep.
extension PaymentsService {
    /// What one settlement sweep did, by payout id.
    public struct PayoutSettlementReport: Sendable, Hashable {
        /// Confirmed by the bank.
        public var paid: [String] = []
        /// Returned by the bank, the money back in the balance.
        public var failed: [String] = []
        /// Not settled yet at the bank, or the provider could not answer; asked again next sweep.
        public var pending: [String] = []

        /// A sweep that did nothing.
        public init() {}
    }

    /// The caller's payouts, newest first, with where each stands.
    public func listPayouts(
        request: Quad_Payments_V1_ListPayoutsRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_ListPayoutsResponse {
        let caller = try context.requireCaller()
        let limit = try PageLimit.resolve(
            request.limit,
            default: configuration.defaultLedgerLimit,
            maximum: configuration.maximumLedgerLimit,
            of: "payouts"
        )
        let records = try await refusingAsRPC {
            try await database.payouts(of: caller.userID, limit: limit)
        }
        return .with { $0.payouts = records.map(PaymentsProtoMapping.payout) }
    }

    /// One settlement sweep at the injected clock's now: asks the provider about each payout in transit (oldest
    /// first, at most ``PaymentsConfiguration/sweepBatch``) and records what the bank did: PAID clears the transit
    /// account, FAILED gives the money back to the balance; each with its posting and the user's feed event, in one
    /// write. Failures are logged and left for the next sweep, never thrown.
    public func settlePayouts() async -> PayoutSettlementReport {
        var report = PayoutSettlementReport()
        let batch = configuration.sweepBatch
        let inTransit: [PayoutRecord]
        do {
            inTransit = try await database.payoutsInTransit(limit: batch)
        } catch {
            logger.error("the payout sweep could not read its payouts", metadata: ["error": "\(error)"])
            return report
        }
        for record in inTransit {
            do {
                let status = try await provider.payoutStatus(record.receiptID)
                switch status {
                case .inTransit:
                    report.pending.append(record.payout.id)
                case .paid(let at):
                    try await settle(record, as: .paid, reason: "", at: at)
                    report.paid.append(record.payout.id)
                case .failed(let code, let reason, let at):
                    try await settle(record, as: .failed, reason: "\(code): \(reason)", at: at)
                    report.failed.append(record.payout.id)
                }
            } catch {
                logger.warning(
                    "could not settle a payout; the next sweep asks again",
                    metadata: ["payout_id": "\(record.payout.id)", "error": "\(error)"]
                )
                report.pending.append(record.payout.id)
            }
        }
        return report
    }

    /// Records `record` as `status` at `at` with its posting and the user's feed event.
    private func settle(
        _ record: PayoutRecord,
        as status: PayoutRecord.Status,
        reason: String,
        at: Int64
    ) async throws {
        let payout = record.payout
        let posting = try status == .paid ? payout.settledPosting(at: at) : payout.returnedPosting(at: at)
        try await database.settlePayout(record, as: status, reason: reason, at: at, posting: posting)
    }
}
