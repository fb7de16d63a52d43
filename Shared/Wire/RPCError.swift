public import QuadWireCore

/// An error that ends a call with a non-OK status.
///
/// Handlers throw it (or anything ``RPCErrorConvertible``) to choose the status the caller
/// sees; any other error becomes INTERNAL with a generic message, so nothing internal leaks.
/// Clients receive it for every call that did not end OK.
public struct RPCError: Error, Sendable, CustomStringConvertible {
    public var code: StatusCode
    /// What happened and, where it helps, how to fix it.
    public var message: String
    /// Trailing metadata sent with the status (e.g. `retry-after-seconds`).
    public var trailers: [String: String]
    /// Opaque detail blobs carried in `Status.details`.
    public var details: [[UInt8]]
    /// The underlying error, kept locally and never sent.
    public var cause: (any Error)?

    public init(
        code: StatusCode,
        message: String,
        trailers: [String: String] = [:],
        details: [[UInt8]] = [],
        cause: (any Error)? = nil
    ) {
        self.code = code
        self.message = message
        self.trailers = trailers
        self.details = details
        self.cause = cause
    }

    /// The error a caller receives for a `CallEnd` with this status.
    public init(status: Status, trailers: [String: String] = [:]) {
        self.init(code: status.code, message: status.message, trailers: trailers, details: status.details)
    }

    /// The status sent on the wire.
    public var status: Status { Status(code: code, message: message, details: details) }

    public var description: String { "\(code.name): \(message)" }
}

/// A domain error that knows which status it becomes; the one place a context maps its
/// errors to the wire.
public protocol RPCErrorConvertible: Error {
    var rpcError: RPCError { get }
}

extension RPCError: RPCErrorConvertible {
    public var rpcError: RPCError { self }
}

extension RPCError {
    /// Maps any error thrown by a handler to what the caller sees.
    public static func from(_ error: any Error) -> RPCError {
        if let convertible = error as? any RPCErrorConvertible { return convertible.rpcError }
        if error is CancellationError { return RPCError(code: .cancelled, message: "the call was cancelled") }
        return RPCError(code: .internal, message: "internal error", cause: error)
    }
}
