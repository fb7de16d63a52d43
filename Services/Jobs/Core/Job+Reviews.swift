/// Ratings both ways after completion.
extension Job {
    /// `actor`, the customer or the worker, reviews the other side at `at`: `stars` in 0...5 and an optional text.
    ///
    /// Once per side, only after completion and within ``JobLifecycleConfiguration/reviewWindow`` of it
    /// (``reviewDeadline(configuration:)`` is the last instant). A review cannot be changed: a rating that moved
    /// after the other side answered it would invite trading stars. An empty `text` is no text.
    ///
    /// - Throws: ``JobsError``, the job unchanged: `PERMISSION_DENIED` when `actor` is neither the customer nor the
    ///   worker who did the job; `INVALID_ARGUMENT` when `stars` is outside 0...5 or `text` is over the limit;
    ///   `FAILED_PRECONDITION` when the job is not completed (cancelled included), the window closed, or `at` is
    ///   before the last change; `ALREADY_EXISTS` when `actor`'s side reviewed the job already.
    public mutating func review(
        by actor: String,
        stars: Int,
        text: String?,
        at: Int64,
        configuration: Product.Configuration = .defaults
    ) throws(JobsError) -> [Product.Event] {
        let side: JobReview.Side
        if actor == customer {
            side = .customer
        } else if let worker, actor == worker {
            side = .worker
        } else {
            throw .notReviewer(self)
        }
        guard JobReview.allowedStars.contains(stars) else { throw .starsOutOfRange(stars) }
        let text = text?.isEmpty == false ? text : nil
        if let text { try requireLength(text, field: "text", maximum: configuration.lifecycle.maximumReviewTextLength) }
        try requireCompleted(for: .review)
        // A completed job always has its worker; the guard only spares a force unwrap.
        guard let worker else { throw .notCompleted(self, .review) }
        if let deadline = reviewDeadline(configuration: configuration), at > deadline {
            throw .reviewWindowClosed(self, deadline: deadline, window: configuration.lifecycle.reviewWindow)
        }
        if let existing = side == .customer ? customerReview : workerReview { throw .reviewedAlready(self, existing) }
        try requireTime(at, for: .review)

        let subject = side == .customer ? worker : customer
        let review = JobReview(side: side, author: actor, subject: subject, stars: stars, text: text, writtenAt: at)
        switch side {
        case .customer: customerReview = review
        case .worker: workerReview = review
        }
        record(lifecycle: .reviewed(review), at: at)
        return [Product.event(.reviewed(review), of: self)]
    }
}
