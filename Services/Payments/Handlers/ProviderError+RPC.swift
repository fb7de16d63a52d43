import PaymentsProviders
import QuadWire

extension ProviderError {
    /// The provider's refusal as the caller sees it: a decline is FAILED_PRECONDITION whose message carries the
    /// decline code (`declined` says what was declined, e.g. "the card was declined"); an outage is UNAVAILABLE,
    /// to retry with the same idempotency key; an invalid request is FAILED_PRECONDITION with the provider's words.
    func rpcError(declined: String) -> RPCError {
        switch kind {
        case .declined(let code):
            RPCError(code: .failedPrecondition, message: "\(declined): \(code) (\(message))")
        case .unavailable:
            RPCError(
                code: .unavailable,
                message: "the payment provider is unavailable (\(message)); nothing moved: retry with the same "
                    + "idempotency-key"
            )
        case .invalidRequest:
            RPCError(code: .failedPrecondition, message: "the payment provider refused the request: \(message)")
        }
    }
}
