import Foundation
import PaymentsDomain
import PaymentsStore
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// P2: the caller's payment methods.
extension PaymentsService {
    /// Adds a wallet token for the caller after the provider checked it. Adding a token the caller has already
    /// answers the method they have (its id stays what jobs was given).
    public func addPaymentMethod(
        request: Quad_Payments_V1_AddPaymentMethodRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_PaymentMethod {
        let caller = try context.requireCaller()
        try Self.require(request.token, "token", "the payment method token from Apple Pay or Google Pay")
        let details = try paymentMethods.details(of: request.token)
        let label = request.label.trimmingCharacters(in: .whitespacesAndNewlines)
        guard label.count <= configuration.maximumLabelLength else {
            throw RPCError(
                code: .invalidArgument,
                message:
                    "label has \(label.count) characters; shorten it to at most \(configuration.maximumLabelLength)"
            )
        }
        let now = nowMicros
        let method = StoredPaymentMethod(
            id: EntityID.generate(now: Date(micros: now)),
            owner: caller.userID,
            token: request.token,
            label: label.isEmpty ? "Card ending \(details.lastDigits)" : label,
            brand: details.brand,
            lastDigits: details.lastDigits,
            addedAt: now
        )
        let stored = try await database.addPaymentMethod(method)
        return PaymentsProtoMapping.paymentMethod(stored)
    }

    /// The caller's payment methods, oldest first.
    public func listPaymentMethods(
        request: Quad_Payments_V1_ListPaymentMethodsRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_ListPaymentMethodsResponse {
        let caller = try context.requireCaller()
        let methods = try await database.paymentMethods(of: caller.userID)
        return .with { $0.paymentMethods = methods.map(PaymentsProtoMapping.paymentMethod) }
    }
}
