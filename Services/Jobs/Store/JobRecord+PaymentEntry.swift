extension JobRecord {
    /// One thing payments did with the job's money, as payments told jobs: a line of the job's timeline (L12) beside
    /// the domain's own. The domain never sees money move, so these live in the record, not in ``JobTimelineEntry``.
    public struct PaymentEntry: Sendable, Hashable, Codable {
        /// What payments did; the raw value is the timeline kind and JobChanged's `change`.
        public enum Kind: String, Sendable, Hashable, Codable {
            /// The final price was captured (and charged above the hold).
            case paid
            /// The hold was released after a cancellation.
            case released
            /// The money side of the dispute was decided.
            case disputeResolved = "dispute_resolved"
        }

        /// When jobs learned of it (UTC microseconds).
        public var at: Int64
        public var kind: Kind
        /// Readable: "payments charged USD 18.00".
        public var detail: String

        /// Creates an entry.
        public init(at: Int64, kind: Kind, detail: String) {
            self.at = at
            self.kind = kind
            self.detail = detail
        }
    }
}
