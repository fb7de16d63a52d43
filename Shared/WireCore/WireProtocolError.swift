/// A violation of the quad wire protocol by the peer. The connection answers it with
/// GoAway naming ``reason`` and closes (docs/wire.md, "Protocol errors").
public struct WireProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of violation this is; stable, for metrics and tests.
    public enum Code: String, Hashable, Sendable {
        case malformedFrame = "malformed_frame"
        case frameTooLarge = "frame_too_large"
        case reusedCallID = "reused_call_id"
        case unknownCall = "unknown_call"
        case unexpectedFrame = "unexpected_frame"
        case creditOverflow = "credit_overflow"
    }

    public var code: Code
    /// Human-readable reason sent in the GoAway frame.
    public var reason: String

    public init(code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code.rawValue): \(reason)" }
}
