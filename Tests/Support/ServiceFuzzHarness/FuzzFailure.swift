public import QuadWireCore

/// A fuzzed call that broke a rule: it answered a status that is never a precise answer to a request (UNKNOWN,
/// INTERNAL, DATA_LOSS: the rule of BadInputThroughGatewayTests), or the harness could not run it.
public struct FuzzFailure: Error, Sendable, CustomStringConvertible {
    /// The status the call ended with.
    public var code: StatusCode
    /// The method, the caller and the status's message.
    public var message: String

    public init(code: StatusCode, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.name): \(message)" }

    /// Statuses that fail an input.
    public static let forbidden: Set<StatusCode> = [.unknown, .internal, .dataLoss]
}
