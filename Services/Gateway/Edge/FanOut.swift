public import QuadContracts
import QuadWire
import QuadWireCore

/// Fan-out (G2): the parts of one answer are fetched in parallel (`async let`), each within
/// the call's deadline, and each ends with its own status, so one slow or failed service marks
/// its part instead of failing the call.
public enum FanOut {
    /// One part's outcome: its status, and its value when the status is OK.
    public struct Part<Value: Sendable>: Sendable {
        public var status: Quad_Gateway_V1_PartStatus
        public var value: Value?
    }

    /// Runs `fetch` and turns its error, if any, into the part's status.
    public static func part<Value: Sendable>(_ fetch: () async throws -> Value) async -> Part<Value> {
        do {
            let value = try await fetch()
            return Part(status: .with { $0.code = StatusCode.ok.rawValue }, value: value)
        } catch {
            let rpcError = RPCError.from(error)
            return Part(
                status: .with {
                    $0.code = rpcError.code.rawValue
                    $0.message = rpcError.message
                },
                value: nil
            )
        }
    }
}
