import Foundation
import PaymentsDomain
import PaymentsProviders
import PaymentsStore
public import QuadContracts
import QuadServiceKit
public import QuadWire
import SwiftProtobuf

/// P6, H12: transfers paid by the payer's card: a user's Transfer with `payment_method_id`, and households'
/// settle-ups paid in the app (HouseholdTransfer). The card is charged the amount in one sale (authorised and
/// captured at once, the provider's `charge`), and all of it is settled to the payee's available balance
/// (``PaymentsDomain/Transfer/cardPostings()``).
///
/// Crash safety: like holds, captures and payouts, the provider is asked first and the books are written after, in
/// one transaction with the answer stored under the caller's idempotency key. The provider's idempotency key is
/// derived from the caller's key alone (`<user>:transfer:<key>` for Transfer, `households:transfer:<key>` for
/// HouseholdTransfer, whose key is households' settlement id), never from anything made per attempt, so wherever a
/// `kill -9` lands a retry with the same key converges with the card charged once:
///
/// - before the charge: nothing happened; the retry charges.
/// - after the provider charged, before the write committed: the card is charged and the books do not know it. The
///   retry finds no stored answer, asks the provider again with the same key and gets the first charge's receipt
///   back (a processor replays a key's answer; the sandbox's journal keeps it across a restart of payments), and
///   writes it: charged once, recorded once, with that charge's id.
/// - after the write: the retry is answered the stored receipt before the provider is asked.
///
/// The same key with another card or amount after such a crash is the provider's "same key, other parameters" and
/// is refused (FAILED_PRECONDITION), so a second card is never charged for one key. A decline is the key's answer at
/// the provider too: paying with another card after a decline needs a new key.
extension PaymentsService {
    /// The only peer that may call HouseholdTransfer.
    static let householdTransferPeer = PeerName.service("households")

    /// Service only, for households (H12): a member's settle-up paid in the app. `from_user_id`'s payment method
    /// `payment_method_id` is charged `amount`, which is settled to `to_user_id`'s available balance; the transfer
    /// records `household_id` and `settlement_id`. Needs `idempotency-key` (households sends the settlement id): a
    /// repeat answers the first receipt and charges nothing again; the same key with another request is
    /// FAILED_PRECONDITION.
    ///
    /// PERMISSION_DENIED for any peer but households, and for a call on a user's behalf. INVALID_ARGUMENT naming the
    /// field for a missing id, a transfer to oneself, an amount not above zero or not in payments' currency;
    /// NOT_FOUND naming `payment_method_id` for a card that is not the payer's, and naming `to_user_id` for a payee
    /// identity does not know; FAILED_PRECONDITION naming the decline for a declined card; UNAVAILABLE when the
    /// provider or identity cannot be reached (retry with the same key). Nothing moves on any refusal.
    public func householdTransfer(
        request: Quad_Payments_V1_HouseholdTransferRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_TransferReceipt {
        guard context.peerName == Self.householdTransferPeer, context.caller == nil else {
            throw RPCError(
                code: .permissionDenied,
                message: "HouseholdTransfer is for the households service only (peer is \(context.peerName)); "
                    + "a user pays another with Transfer"
            )
        }
        let key = try context.requireIdempotencyKey()
        try Self.require(request.fromUserID, "from_user_id", "the member who pays")
        try Self.require(request.toUserID, "to_user_id", "the member who is paid")
        try Self.require(request.paymentMethodID, "payment_method_id", "the payer's card, from ListPaymentMethods")
        try Self.require(request.householdID, "household_id", "the household whose settle-up this pays")
        try Self.require(request.settlementID, "settlement_id", "the settlement this pays")
        let now = nowMicros
        let transfer = try refusingAsRPC {
            try Transfer(
                id: EntityID.generate(now: Date(micros: now)),
                fromUser: request.fromUserID,
                toUser: request.toUserID,
                amount: PaymentsProtoMapping.money(request.amount),
                requestedAt: now
            )
        }
        try requireCurrency(of: transfer)
        if let stored = try await database.storedHouseholdTransfer(key: key, request: request) {
            return stored
        }
        let method = try await paymentMethod(request.paymentMethodID, of: transfer.fromUser)
        try await requireRecipient(transfer.toUser)
        let record = TransferRecord(
            transfer: transfer,
            memo: "settle-up \(request.settlementID) in household \(request.householdID)",
            paymentMethodID: method.id,
            householdID: request.householdID,
            settlementID: request.settlementID
        )
        return try await chargeAndPost(
            record,
            token: method.token,
            providerKey: "households:transfer:\(key)",
            scope: PaymentsDatabase.householdTransferScope,
            request: request,
            key: key
        )
    }

    /// Transfer with `payment_method_id` (called by ``transfer(request:context:)`` once the request and its currency
    /// are checked and the recipient known): the caller's card pays `transfer`. NOT_FOUND naming `payment_method_id`
    /// for a card that is not the caller's.
    func transferByCard(
        _ transfer: Transfer,
        memo: String,
        request: Quad_Payments_V1_TransferRequest,
        key: String
    ) async throws -> Quad_Payments_V1_TransferReceipt {
        let method = try await paymentMethod(request.paymentMethodID, of: transfer.fromUser)
        return try await chargeAndPost(
            TransferRecord(transfer: transfer, memo: memo, paymentMethodID: method.id),
            token: method.token,
            providerKey: "\(transfer.fromUser):transfer:\(key)",
            scope: PaymentsDatabase.transferScope(user: transfer.fromUser),
            request: request,
            key: key
        )
    }

    /// `owner`'s payment method `id`. One that is unknown or someone else's is NOT_FOUND naming `payment_method_id`,
    /// one answer for both, so another's id tells nothing.
    func paymentMethod(_ id: String, of owner: String) async throws -> StoredPaymentMethod {
        guard let method = try await database.paymentMethod(id: id), method.owner == owner else {
            throw RPCError(
                code: .notFound,
                message: "payment_method_id: user \(owner) has no payment method \(id); nothing moved. Pick one from "
                    + "ListPaymentMethods or add one with AddPaymentMethod"
            )
        }
        return method
    }

    /// Refuses a card transfer in another currency than the balances': INVALID_ARGUMENT naming `amount.currency`.
    func requireCurrency(of transfer: Transfer) throws {
        guard transfer.amount.currency == currency else {
            throw RPCError(
                code: .invalidArgument,
                message: "amount.currency: payments settles in \(currency), not \(transfer.amount.currency)"
            )
        }
    }

    /// Charges `token` the transfer's amount with `providerKey`, then writes `record` (with the charge's id), its
    /// postings and the receipt under `key` in `scope` in one transaction (see the crash safety above).
    private func chargeAndPost(
        _ record: TransferRecord,
        token: String,
        providerKey: String,
        scope: String,
        request: some SwiftProtobuf.Message,
        key: String
    ) async throws -> Quad_Payments_V1_TransferReceipt {
        let charge: ProviderReceipt
        do throws(ProviderError) {
            charge = try await provider.charge(
                record.transfer.amount,
                paymentMethod: token,
                idempotencyKey: providerKey
            )
        } catch {
            throw Self.chargeRefusal(error)
        }
        var record = record
        record.chargeReceiptID = charge.id
        return try await database.postCardTransfer(record, scope: scope, request: request, key: key)
    }

    /// The provider's refusal of a card transfer's charge as the caller sees it; nothing moved in any case.
    private static func chargeRefusal(_ error: ProviderError) -> RPCError {
        switch error.kind {
        case .declined(let code):
            RPCError(
                code: .failedPrecondition,
                message: "payment_method_id: the card was declined, \(code) (\(error.message)); nothing moved. Pay "
                    + "with another card under a new idempotency-key"
            )
        case .unavailable:
            error.rpcError(declined: "the card was declined")
        case .invalidRequest:
            RPCError(
                code: .failedPrecondition,
                message: "the payment provider refused the charge: \(error.message); nothing moved"
            )
        }
    }
}
