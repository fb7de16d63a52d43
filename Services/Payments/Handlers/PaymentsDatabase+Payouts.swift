import GRDB
import PaymentsDomain
import PaymentsStore
import QuadContracts
import QuadServiceKit
import QuadStorage

/// P6: payouts to the users' banks, their settlement, and transfers between users.
extension PaymentsDatabase {
    /// `user`'s payouts, newest first, at most `limit`.
    func payouts(of user: String, limit: Int) async throws -> [PayoutRecord] {
        try await storage.read { db in try PaymentsStore.payouts(of: user, limit: limit, db) }
    }

    /// Payouts the bank has not settled yet, oldest first, at most `limit`.
    func payoutsInTransit(limit: Int) async throws -> [PayoutRecord] {
        try await storage.read { db in try PaymentsStore.payoutsInTransit(limit: limit, db) }
    }

    /// RequestPayout's write, answered once per `key`: posts `payout` against the user's available balance in
    /// `currency` (FAILED_PRECONDITION above it, checked again here), stores it in transit with the bank's
    /// `receiptID`, and logs it to the user; answers the payout.
    func postPayout(
        _ payout: Payout,
        receiptID: String,
        currency: String,
        now: Int64,
        request: Quad_Payments_V1_RequestPayoutRequest,
        key: String
    ) async throws -> Quad_Payments_V1_Payout {
        try await storage.idempotent(scope: Self.payoutScope(user: payout.user), key: key, request: request) { db in
            let posting = try PaymentsService.refusingOverdraft {
                try payout.posting(
                    available: PaymentsStore.balance(of: .userBalance(user: payout.user), in: currency, db)
                )
            }
            try PaymentsStore.append([posting], db)
            let record = PayoutRecord(payout: payout, status: .inTransit, receiptID: receiptID)
            try PaymentsStore.insert(record, db)
            try Feed.log(.payout, to: payout.user, amount: payout.amount, reference: payout.id, at: now, db)
            return PaymentsProtoMapping.payout(record)
        }
    }

    /// Records `record` as `status` (with the bank's `reason` when it failed) at `at` with its `posting` and the
    /// user's feed event; nothing when it is no longer in transit.
    func settlePayout(
        _ record: PayoutRecord,
        as status: PayoutRecord.Status,
        reason: String,
        at: Int64,
        posting: Posting
    ) async throws {
        let payout = record.payout
        try await storage.write { db in
            // Re-check: another sweep (or process) may have settled it since it was read.
            guard var current = try PaymentsStore.payout(id: payout.id, db), current.status == .inTransit else {
                return
            }
            current.status = status
            current.failureReason = reason
            current.settledAt = at
            try PaymentsStore.update(current, db)
            try PaymentsStore.append([posting], db)
            let kind: Feed.Kind = status == .paid ? .payoutPaid : .payoutFailed
            try Feed.log(kind, to: payout.user, amount: payout.amount, reference: payout.id, at: at, db)
        }
    }

    /// Transfer's write, answered once per `key`: posts `transfer` against the payer's available balance in
    /// `currency` (FAILED_PRECONDITION above it), stores it with `memo`, and logs it to both users; answers the
    /// receipt.
    func postTransfer(
        _ transfer: Transfer,
        memo: String,
        currency: String,
        now: Int64,
        request: Quad_Payments_V1_TransferRequest,
        key: String
    ) async throws -> Quad_Payments_V1_TransferReceipt {
        let scope = Self.transferScope(user: transfer.fromUser)
        return try await storage.idempotent(scope: scope, key: key, request: request) { db in
            let posting = try PaymentsService.refusingOverdraft {
                try transfer.posting(
                    available: PaymentsStore.balance(of: .userBalance(user: transfer.fromUser), in: currency, db)
                )
            }
            try PaymentsStore.append([posting], db)
            let record = TransferRecord(transfer: transfer, memo: memo)
            try PaymentsStore.insert(record, db)
            try Self.logTransfer(transfer, at: now, db)
            return PaymentsProtoMapping.transferReceipt(record, at: now)
        }
    }

    /// Logs `transfer` to both users' feeds at `now`.
    static func logTransfer(_ transfer: Transfer, at now: Int64, _ db: Database) throws {
        for user in [transfer.fromUser, transfer.toUser] {
            try Feed.log(.transfer, to: user, amount: transfer.amount, reference: transfer.id, at: now, db)
        }
    }
}
