public import QuadKernel
public import QuadWire
import QuadWireCore

extension RPCError {
    /// A domain's refusal as the wire status its code names (`INVALID_ARGUMENT`, ...), with its
    /// message; a code the wire does not know becomes INTERNAL.
    public init(_ refusal: some CodedError) {
        self.init(code: StatusCode(name: refusal.code.rawValue) ?? .internal, message: refusal.message)
    }
}

/// Runs `body`, turning a domain refusal (``QuadKernel/CodedError``) into its wire status.
public func refusingAsRPC<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let refusal as any CodedError {
        throw RPCError(refusal)
    }
}

/// Runs asynchronous `body`, turning a domain refusal (``QuadKernel/CodedError``) into its wire status.
public func refusingAsRPC<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let refusal as any CodedError {
        throw RPCError(refusal)
    }
}
