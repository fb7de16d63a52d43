/// One side's review of the other after completion (L11): the customer rates the worker, the worker the customer.
public struct JobReview: Sendable, Hashable, Codable {
    /// The stars a review may give.
    public static let allowedStars: ClosedRange<Int> = 0...5

    /// Which side of the job wrote a review.
    public enum Side: String, Sendable, Hashable, Codable, CaseIterable {
        /// The customer, reviewing the worker.
        case customer
        /// The worker, reviewing the customer.
        case worker
    }

    /// The side that wrote it.
    public let side: Side
    /// Who wrote it.
    public let author: String
    /// Who it is about: the person whose profile rating it counts towards.
    public let subject: String
    /// 0...5.
    public let stars: Int
    /// What the author wrote, `nil` when nothing (an empty text is nothing).
    public let text: String?
    /// When it was written (UTC microseconds).
    public let writtenAt: Int64

    /// Creates a review; ``Job/review(by:stars:text:at:configuration:)`` checks the fields.
    init(side: Side, author: String, subject: String, stars: Int, text: String?, writtenAt: Int64) {
        self.side = side
        self.author = author
        self.subject = subject
        self.stars = stars
        self.text = text
        self.writtenAt = writtenAt
    }
}
