import PaymentsDomain
import PaymentsStore
import QuadContracts
import QuadServiceKit
import QuadStorage
import SwiftProtobuf

/// P6, H12: transfers paid by the payer's card.
extension PaymentsDatabase {
    /// A card transfer's write, answered once per `key` in `scope` (Transfer's caller's, or HouseholdTransfer's):
    /// once the provider charged the card (`record`'s charge receipt), posts the charge and the settlement to the
    /// payee (``PaymentsDomain/Transfer/cardPostings()``), stores `record`, and logs the transfer to both users;
    /// answers the receipt. A repeat of the key answers the first receipt and writes nothing.
    func postCardTransfer(
        _ record: TransferRecord,
        scope: String,
        request: some SwiftProtobuf.Message,
        key: String
    ) async throws -> Quad_Payments_V1_TransferReceipt {
        let transfer = record.transfer
        return try await storage.idempotent(scope: scope, key: key, request: request) { db in
            try PaymentsStore.append(try transfer.cardPostings(), db)
            try PaymentsStore.insert(record, db)
            try Self.logTransfer(transfer, at: transfer.requestedAt, db)
            return PaymentsProtoMapping.transferReceipt(record, at: transfer.requestedAt)
        }
    }
}
