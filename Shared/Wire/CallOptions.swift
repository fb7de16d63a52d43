/// Per-call settings a client passes with a call.
public struct CallOptions: Sendable {
    /// The call's deadline relative to now; `nil` sends no deadline.
    public var timeout: Duration?
    /// Request metadata; keys are lower-case ASCII (`authorization`, `idempotency-key`, …).
    public var metadata: [String: String]

    public init(timeout: Duration? = nil, metadata: [String: String] = [:]) {
        self.timeout = timeout
        self.metadata = metadata
    }

    /// No deadline and no metadata.
    public static var defaults: CallOptions { CallOptions() }
}
