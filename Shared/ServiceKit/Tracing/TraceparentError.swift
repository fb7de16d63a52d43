/// A `traceparent` header value that breaks one of the W3C Trace Context rules.
public struct TraceparentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The rule that was broken.
    public enum Code: String, Sendable, Hashable {
        /// Shorter than 55 characters, or longer for version `00`.
        case invalidLength = "invalid-length"
        /// The dashes are not at positions 2, 35 and 52, or a later version adds fields without a dash.
        case invalidFormat = "invalid-format"
        /// The version is not two lowercase hex digits, or is the forbidden `ff`.
        case invalidVersion = "invalid-version"
        /// The trace id is not 32 lowercase hex digits.
        case invalidTraceID = "invalid-trace-id"
        /// The trace id is all zeros.
        case zeroTraceID = "zero-trace-id"
        /// The parent id is not 16 lowercase hex digits.
        case invalidParentID = "invalid-parent-id"
        /// The parent id is all zeros.
        case zeroParentID = "zero-parent-id"
        /// The flags are not two lowercase hex digits.
        case invalidFlags = "invalid-flags"
    }

    /// The rule that was broken.
    public let code: Code
    /// The header value as received.
    public let value: String

    /// Creates an error for `value`.
    public init(code: Code, value: String) {
        self.code = code
        self.value = value
    }

    /// What is wrong; the header is then ignored and a new trace started.
    public var message: String {
        let rule: String
        switch self.code {
        case .invalidLength: rule = "must be 55 characters for version 00 (at least 55 for later versions)"
        case .invalidFormat: rule = "must be version-traceid-parentid-flags separated by '-'"
        case .invalidVersion: rule = "version must be two lowercase hex digits other than ff"
        case .invalidTraceID: rule = "trace id must be 32 lowercase hex digits"
        case .zeroTraceID: rule = "trace id must not be all zeros"
        case .invalidParentID: rule = "parent id must be 16 lowercase hex digits"
        case .zeroParentID: rule = "parent id must not be all zeros"
        case .invalidFlags: rule = "flags must be two lowercase hex digits"
        }
        return "invalid traceparent '\(self.value)': \(rule)"
    }

    /// Same as ``message``.
    public var description: String { self.message }
}
