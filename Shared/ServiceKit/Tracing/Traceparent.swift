/// A W3C Trace Context `traceparent` header: `00-<32 hex trace id>-<16 hex parent id>-<2 hex flags>`.
///
/// Parsing is strict (lowercase hex only, ids not all zero, version `ff` refused), as the specification asks of
/// a receiver; a header that fails is dropped and a new trace started with ``generate(sampled:)``. Quad always
/// sends version `00`, including when it received a later version.
public struct Traceparent: Sendable, Hashable, CustomStringConvertible {
    /// The trace id: 32 lowercase hex digits, not all zero. Shared by every hop of one request.
    public let traceID: String
    /// The id of the caller's span: 16 lowercase hex digits, not all zero.
    public let parentID: String
    /// The trace flags; bit 0 is "sampled".
    public let flags: UInt8

    /// Parses a `traceparent` header value.
    ///
    /// - Throws: ``TraceparentError`` naming the rule the value breaks.
    public init(_ headerValue: String) throws(TraceparentError) {
        self = try TraceparentParser.parse(headerValue)
    }

    /// Creates a traceparent from already-validated parts.
    init(uncheckedTraceID traceID: String, parentID: String, flags: UInt8) {
        self.traceID = traceID
        self.parentID = parentID
        self.flags = flags
    }

    /// Starts a new trace with random ids.
    public static func generate(sampled: Bool = true) -> Traceparent {
        Traceparent(
            uncheckedTraceID: RandomHex.nonZero(words: 2),
            parentID: RandomHex.nonZero(words: 1),
            flags: sampled ? 0x01 : 0x00
        )
    }

    /// The traceparent to send on an outgoing call: same trace id and flags, a new parent (span) id.
    public func child() -> Traceparent {
        Traceparent(uncheckedTraceID: self.traceID, parentID: RandomHex.nonZero(words: 1), flags: self.flags)
    }

    /// Whether the caller recorded this trace (flag bit 0).
    public var isSampled: Bool {
        self.flags & 0x01 != 0
    }

    /// The header value to send, always version `00`.
    public var headerValue: String {
        "00-\(self.traceID)-\(self.parentID)-\(RandomHex.byte(self.flags))"
    }

    /// Same as ``headerValue``.
    public var description: String {
        self.headerValue
    }
}
