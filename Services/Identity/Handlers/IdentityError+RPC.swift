public import IdentityDomain
public import QuadWire

/// The one place identity's domain errors become wire statuses.
extension IdentityError: RPCErrorConvertible {
    public var rpcError: RPCError {
        switch code {
        case .invalidArgument: RPCError(code: .invalidArgument, message: message)
        case .alreadyExists: RPCError(code: .alreadyExists, message: message)
        case .unauthenticated: RPCError(code: .unauthenticated, message: message)
        case .permissionDenied: RPCError(code: .permissionDenied, message: message)
        case .notFound: RPCError(code: .notFound, message: message)
        case .failedPrecondition: RPCError(code: .failedPrecondition, message: message)
        case .resourceExhausted(let retryAfter):
            RPCError(
                code: .resourceExhausted,
                message: message,
                trailers: ["retry-after-seconds": "\(retryAfter.wholeSecondsRoundedUp)"]
            )
        }
    }
}
