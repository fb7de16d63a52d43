import QuadKernel

/// Where a page of a load's route ends (oldest first): the next page starts after this fix time and row. Its token
/// is opaque to clients; a token this did not write is refused, naming `page_token`.
public struct RouteCursor: Sendable, Hashable {
    public var recordedAt: Int64
    public var sequence: Int64

    public init(recordedAt: Int64, sequence: Int64) {
        self.recordedAt = recordedAt
        self.sequence = sequence
    }

    /// `<recorded_at>.<sequence>` (``QuadKernel/PageToken``).
    public var token: String { PageToken.make(recordedAt, String(sequence)) }

    /// Reads a token from ``token``.
    public init(token: String) throws(FreightError) {
        guard let (recordedAt, key) = PageToken.parse(token), let sequence = Int64(key), sequence > 0 else {
            throw FreightError(code: .invalidArgument, message: PageToken.refusal, field: "page_token")
        }
        self.init(recordedAt: recordedAt, sequence: sequence)
    }
}
