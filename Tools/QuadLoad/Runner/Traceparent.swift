/// A W3C `traceparent` for each call, so a slow call in the JSONL log can be found in the services'
/// logs: one trace per journey, one span id per call.
struct TraceContext: Sendable {
    /// 32 lowercase hex digits.
    let traceID: String

    /// A trace id drawn from `generator`.
    init<G: RandomNumberGenerator>(using generator: inout G) {
        traceID = Self.hex(generator.next()) + Self.hex(generator.next())
    }

    /// The header value for a call with span id drawn from `generator`.
    func header<G: RandomNumberGenerator>(using generator: inout G) -> String {
        "00-\(traceID)-\(Self.hex(generator.next() | 1))-01"
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
