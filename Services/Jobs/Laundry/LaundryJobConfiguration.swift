/// The limits of a laundry job: the customer's instructions (L1), and the core's review window and texts (L6, L11,
/// L13).
public struct LaundryJobConfiguration: JobProductConfiguration, Hashable {
    /// The most characters (user-perceived, Swift `Character`s) the customer's instructions may have.
    public var maximumInstructionsLength: Int
    /// The core's limits.
    public var lifecycle: JobLifecycleConfiguration

    /// How long after drop-off either side may review the other, in microseconds; the last instant is included.
    public var reviewWindow: Int64 { lifecycle.reviewWindow }

    /// Creates a configuration; every argument defaults to the value in ``defaults``.
    ///
    /// - Precondition: every limit is above zero.
    public init(
        maximumInstructionsLength: Int = 1_000,
        reviewWindow: Int64 = 14 * Microseconds.perDay,
        maximumReviewTextLength: Int = 2_000,
        maximumDisputeDescriptionLength: Int = 2_000,
        maximumEvidenceDocuments: Int = 10,
        maximumRejectionReasonLength: Int = 500
    ) {
        precondition(maximumInstructionsLength > 0, "limits must allow something")
        self.maximumInstructionsLength = maximumInstructionsLength
        lifecycle = JobLifecycleConfiguration(
            reviewWindow: reviewWindow,
            maximumReviewTextLength: maximumReviewTextLength,
            maximumDisputeDescriptionLength: maximumDisputeDescriptionLength,
            maximumEvidenceDocuments: maximumEvidenceDocuments,
            maximumRejectionReasonLength: maximumRejectionReasonLength
        )
    }

    /// 1000 characters of instructions is a paragraph about delicates; the core's limits are its defaults (14 days
    /// to review, L11).
    public static var defaults: LaundryJobConfiguration { LaundryJobConfiguration() }
}
