/// The limits of the lifecycle every product shares: the review window and the free text of reviews, disputes and
/// rejections (L11, L13, L6).
public struct JobLifecycleConfiguration: Sendable, Hashable {
    /// How long after completion either side may review the other, in microseconds; the last instant is included.
    public var reviewWindow: Int64
    /// The most characters (user-perceived, Swift `Character`s) a review's text may have.
    public var maximumReviewTextLength: Int
    /// The most characters a dispute's description may have.
    public var maximumDisputeDescriptionLength: Int
    /// The most evidence documents a dispute may name.
    public var maximumEvidenceDocuments: Int
    /// The most characters the customer's reason for sending a worker away may have.
    public var maximumRejectionReasonLength: Int

    /// Creates a configuration; every argument defaults to the value in ``defaults``.
    ///
    /// - Precondition: every limit is above zero.
    public init(
        reviewWindow: Int64 = 14 * Microseconds.perDay,
        maximumReviewTextLength: Int = 2_000,
        maximumDisputeDescriptionLength: Int = 2_000,
        maximumEvidenceDocuments: Int = 10,
        maximumRejectionReasonLength: Int = 500
    ) {
        precondition(reviewWindow > 0, "reviews need some time to be written")
        precondition(
            maximumReviewTextLength > 0 && maximumDisputeDescriptionLength > 0 && maximumEvidenceDocuments > 0
                && maximumRejectionReasonLength > 0,
            "limits must allow something"
        )
        self.reviewWindow = reviewWindow
        self.maximumReviewTextLength = maximumReviewTextLength
        self.maximumDisputeDescriptionLength = maximumDisputeDescriptionLength
        self.maximumEvidenceDocuments = maximumEvidenceDocuments
        self.maximumRejectionReasonLength = maximumRejectionReasonLength
    }

    /// 14 days to review (L11): long enough to notice a missing sock, short enough that a rating still describes the
    /// job. 2000 characters for a review or a dispute is a few paragraphs; 500 for why a worker was sent away is a few
    /// sentences; ten evidence documents are the same limit payments applies to the dispute's money side (P5).
    public static var defaults: JobLifecycleConfiguration { JobLifecycleConfiguration() }
}
