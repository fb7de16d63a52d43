/// Where a page of a load's route ends (oldest first): the next page starts after this fix time and row. Its token
/// is opaque to clients; a token this did not write is refused, naming `page_token`.
public struct RouteCursor: Sendable, Hashable {
    public var recordedAt: Int64
    public var sequence: Int64

    public init(recordedAt: Int64, sequence: Int64) {
        self.recordedAt = recordedAt
        self.sequence = sequence
    }

    /// `<recorded_at>.<sequence>`.
    public var token: String { "\(recordedAt).\(sequence)" }

    /// Reads a token from ``token``.
    public init(token: String) throws(FreightError) {
        let parts = token.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let recordedAt = Int64(parts[0]), let sequence = Int64(parts[1]), sequence > 0 else {
            throw FreightError(
                code: .invalidArgument,
                message: "page_token: not a token this service gave; pass next_page_token as it came, or none",
                field: "page_token"
            )
        }
        self.init(recordedAt: recordedAt, sequence: sequence)
    }
}
