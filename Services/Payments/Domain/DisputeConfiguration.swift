/// The limits of a dispute (L13, P5).
public struct DisputeConfiguration: Sendable, Hashable {
    /// How long after opening a dispute must be resolved, in microseconds.
    public var resolutionWindow: Int64
    /// The most characters (user-perceived, Swift `Character`s) a description may have.
    public var maximumDescriptionLength: Int
    /// The most evidence documents a dispute may name.
    public var maximumEvidenceDocuments: Int

    /// Creates a configuration; every argument defaults to the value in ``defaults``.
    ///
    /// - Precondition: every limit is above zero.
    public init(
        resolutionWindow: Int64 = 14 * Microseconds.perDay,
        maximumDescriptionLength: Int = 2_000,
        maximumEvidenceDocuments: Int = 10
    ) {
        precondition(resolutionWindow > 0, "a dispute needs some time to be resolved")
        precondition(maximumDescriptionLength > 0 && maximumEvidenceDocuments > 0, "limits must allow something")
        self.resolutionWindow = resolutionWindow
        self.maximumDescriptionLength = maximumDescriptionLength
        self.maximumEvidenceDocuments = maximumEvidenceDocuments
    }

    /// 14 days to resolve, the same window as reviews (L11): long enough for support to hear the dasher and look at
    /// the evidence, short enough that a customer is not left waiting on their money. 2000 characters is a few
    /// paragraphs; ten documents are more photos than a laundry bag needs.
    public static var defaults: DisputeConfiguration { DisputeConfiguration() }
}
