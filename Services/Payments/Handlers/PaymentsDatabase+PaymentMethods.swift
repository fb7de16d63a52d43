import PaymentsStore
import QuadContracts
import QuadServiceKit
import QuadStorage

/// P2, A3: the users' payment methods, added, listed and detached.
extension PaymentsDatabase {
    /// The payment method `id`, whoever owns it.
    func paymentMethod(id: String) async throws -> StoredPaymentMethod? {
        try await storage.read { db in try PaymentsStore.paymentMethod(id: id, db) }
    }

    /// `owner`'s payment methods, oldest first.
    func paymentMethods(of owner: String) async throws -> [StoredPaymentMethod] {
        try await storage.read { db in try PaymentsStore.paymentMethods(owner: owner, db) }
    }

    /// Stores `method`, or answers the method its owner has with the same token already.
    func addPaymentMethod(_ method: StoredPaymentMethod) async throws -> StoredPaymentMethod {
        try await storage.write { db in
            if let existing = try PaymentsStore.paymentMethod(owner: method.owner, token: method.token, db) {
                return existing
            }
            try PaymentsStore.insert(method, db)
            return method
        }
    }

    /// `account.deleted`, applied once: detaches every payment method of `user`, then calls `detached` with how many,
    /// inside the write (so it runs only when the delivery is applied).
    func detachPaymentMethods(
        of user: String,
        receiving delivery: Quad_Types_V1_OutboxDelivery,
        detached: @escaping @Sendable (Int) -> Void
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await storage.receive(delivery) { db in
            detached(try PaymentsStore.detachPaymentMethods(owner: user, db))
        }
    }
}
