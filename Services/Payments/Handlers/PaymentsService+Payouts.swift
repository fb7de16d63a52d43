import Foundation
import PaymentsDomain
import PaymentsProviders
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// P6: payouts of a user's balance to their bank, and transfers between users.
extension PaymentsService {
    /// Pays part of the caller's available balance to a bank token. Needs `idempotency-key`. The provider is asked
    /// first (key derived from the caller and their key), then the posting, the payout and the answer are written
    /// together. Above the available balance, or declined by the bank (`account_closed`), it is FAILED_PRECONDITION
    /// and the balance is untouched.
    public func requestPayout(
        request: Quad_Payments_V1_RequestPayoutRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_Payout {
        let caller = try context.requireCaller()
        let key = try context.requireIdempotencyKey()
        if let stored = try await database.storedPayout(user: caller.userID, key: key, request: request) {
            return stored
        }
        let now = nowMicros
        let payout = try refusingAsRPC {
            try Payout(
                id: EntityID.generate(now: Date(micros: now)),
                user: caller.userID,
                amount: PaymentsProtoMapping.money(request.amount),
                bankToken: request.bankToken,
                requestedAt: now
            )
        }
        let currency = currency
        // One at a time per user: the balance checked before the bank is paid is the balance posted against.
        return try await gate.withKey("user:\(caller.userID)") {
            if let stored = try await self.database.storedPayout(user: payout.user, key: key, request: request) {
                return stored
            }
            let available = try await self.database.balance(of: .userBalance(user: payout.user), in: currency)
            _ = try Self.refusingOverdraft { try payout.posting(available: available) }
            let receipt: ProviderReceipt
            do throws(ProviderError) {
                receipt = try await self.provider.payout(
                    payout.amount,
                    bankAccount: payout.bankToken,
                    idempotencyKey: "\(payout.user):payout:\(key)"
                )
            } catch let error where error.kind == .invalidRequest {
                throw RPCError(code: .invalidArgument, message: "bank_token: \(error.message)")
            } catch {
                throw error.rpcError(declined: "the bank refused the payout")
            }
            return try await self.database.postPayout(
                payout,
                receiptID: receipt.id,
                currency: currency,
                now: now,
                request: request,
                key: key
            )
        }
    }

    /// Pays another user (household settle-up) from the caller's available balance or, with `payment_method_id`,
    /// from the caller's card (``transferByCard(_:memo:request:key:)``: charged through the provider and settled to
    /// the recipient's available balance). Needs `idempotency-key`. From the balance, above the available balance it
    /// is FAILED_PRECONDITION. The recipient must be an account identity knows: one it does not (never existed, or
    /// deleted) is NOT_FOUND naming `to_user_id`, one answer for both, and UNAVAILABLE when identity cannot be
    /// asked; either way nothing moves.
    public func transfer(
        request: Quad_Payments_V1_TransferRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_TransferReceipt {
        let caller = try context.requireCaller()
        let key = try context.requireIdempotencyKey()
        let memo = request.memo.trimmingCharacters(in: .whitespacesAndNewlines)
        guard memo.count <= configuration.maximumMemoLength else {
            throw RPCError(
                code: .invalidArgument,
                message: "memo has \(memo.count) characters; shorten it to at most \(configuration.maximumMemoLength)"
            )
        }
        let now = nowMicros
        let transfer = try refusingAsRPC {
            try Transfer(
                id: EntityID.generate(now: Date(micros: now)),
                fromUser: caller.userID,
                toUser: request.toUserID,
                amount: PaymentsProtoMapping.money(request.amount),
                requestedAt: now
            )
        }
        if !request.paymentMethodID.isEmpty {
            try requireCurrency(of: transfer)  // before anyone is asked: a card pays in the balances' currency only
        }
        // A repeat gets the first answer, even if the recipient's account is gone since.
        if let stored = try await database.storedTransfer(user: caller.userID, key: key, request: request) {
            return stored
        }
        try await requireRecipient(transfer.toUser)
        guard request.paymentMethodID.isEmpty else {
            return try await transferByCard(transfer, memo: memo, request: request, key: key)
        }
        let currency = currency
        return try await gate.withKey("user:\(caller.userID)") {
            try await self.database.postTransfer(
                transfer,
                memo: memo,
                currency: currency,
                now: now,
                request: request,
                key: key
            )
        }
    }

    /// Refuses a recipient identity does not know, with the same answer whether the id never existed or its account
    /// was deleted, so a transfer cannot tell them apart.
    func requireRecipient(_ userID: String) async throws {
        let exists: Bool
        do {
            exists = try await users.userExists(userID)
        } catch {
            throw RPCError(
                code: .unavailable,
                message:
                    "identity could not be asked whether to_user_id \(userID) can be paid; nothing moved, retry shortly"
            )
        }
        guard exists else {
            throw RPCError(
                code: .notFound,
                message: "to_user_id: there is no user \(userID) to pay; nothing moved. Check the id with the person"
            )
        }
    }

    /// Runs `body`; more than the balance holds is FAILED_PRECONDITION (the request is fine, the balance is not),
    /// other refusals keep their status.
    static func refusingOverdraft<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let refusal as PaymentsError where refusal.code == .outOfRange && refusal.field == "amount" {
            throw RPCError(code: .failedPrecondition, message: refusal.message)
        } catch let refusal as any CodedError {
            throw RPCError(refusal)
        }
    }
}
