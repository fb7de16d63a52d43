import JobsLaundry
import Testing

@Suite("LaundryJob: reviews (L11)")
struct LaundryJobReviewTests {
    /// When the fixtures' jobs are dropped off.
    let droppedOffAt = time(of: .droppedOff)

    @Test("the customer reviews the dasher; the event carries the stars for the dasher's profile")
    func customerReviews() throws {
        // Given
        var job = try job(at: .droppedOff)

        // When
        let events = try job.review(by: customerID, stars: 5, text: "Folded like a pro.", at: droppedOffAt + hour)

        // Then
        let review = try #require(job.customerReview)
        #expect(review.side == .customer)
        #expect(review.author == customerID)
        #expect(review.subject == dasherID)
        #expect(review.stars == 5)
        #expect(review.text == "Folded like a pro.")
        #expect(review.writtenAt == droppedOffAt + hour)
        #expect(events == [.reviewed(review)])
        #expect(job.dasherReview == nil)
        #expect(job.timeline.last == JobTimelineEntry(at: droppedOffAt + hour, change: .reviewed(review)))
    }

    @Test("the dasher reviews the customer, with no text; an empty text is no text")
    func dasherReviews() throws {
        var job = try job(at: .droppedOff)
        _ = try job.review(by: dasherID, stars: 0, text: "", at: droppedOffAt)
        let review = try #require(job.dasherReview)
        #expect(review.side == .dasher)
        #expect(review.subject == customerID)
        #expect(review.stars == 0)
        #expect(review.text == nil)
    }

    @Test("stars outside 0...5 are refused", arguments: [-1, 6, 50])
    func badStars(stars: Int) throws {
        let job = try job(at: .droppedOff)
        let error = refusal(of: job, .invalidArgument) {
            try $0.review(by: customerID, stars: stars, text: nil, at: droppedOffAt)
        }
        #expect(error?.field == "stars")
        #expect(error?.message == "stars must be between 0 and 5, got \(stars)")
    }

    @Test("a text over the limit is refused; the limit is configurable")
    func longText() throws {
        let job = try job(at: .droppedOff)
        let error = refusal(of: job, .invalidArgument) {
            try $0.review(by: customerID, stars: 4, text: String(repeating: "a", count: 2_001), at: droppedOffAt)
        }
        #expect(error?.field == "text")
        let short = LaundryJobConfiguration(maximumReviewTextLength: 5)
        refusal(of: job, .invalidArgument) {
            try $0.review(by: customerID, stars: 4, text: "Great!", at: droppedOffAt, configuration: short)
        }
    }

    @Test("only the customer and the dasher who did the job may review it", arguments: [otherDasherID, strangerID])
    func reviewByOthers(actor: String) throws {
        let job = try job(at: .droppedOff)
        let error = refusal(of: job, .permissionDenied) {
            try $0.review(by: actor, stars: 3, text: nil, at: droppedOffAt)
        }
        #expect(error?.message == "cannot review job job_1: only its customer and the dasher who did it may")
    }

    @Test("a review before drop-off is refused, by either side", arguments: [customerID, dasherID])
    func beforeCompletion(actor: String) throws {
        let job = try job(at: .onTheWayForDropOff)
        let error = refusal(of: job, .failedPrecondition) {
            try $0.review(by: actor, stars: 3, text: nil, at: newYear + day)
        }
        #expect(
            error?.message
                == "cannot review job job_1: it is at stage 8 on the way for drop-off; only a job that was dropped off "
                + "can be reviewed"
        )
    }

    @Test("a second review by the same side is refused; the other side may still review")
    func reviewTwice() throws {
        // Given
        var job = try job(at: .droppedOff)
        _ = try job.review(by: customerID, stars: 4, text: nil, at: droppedOffAt + hour)

        // When
        let error = refusal(of: job, .alreadyExists) {
            try $0.review(by: customerID, stars: 1, text: "Changed my mind", at: droppedOffAt + 2 * hour)
        }
        _ = try job.review(by: dasherID, stars: 5, text: nil, at: droppedOffAt + 2 * hour)

        // Then
        #expect(
            error?.message
                == "cannot review job job_1: the customer reviewed it already at 2025-01-01T10:00:00Z; each side "
                + "reviews a job once"
        )
        #expect(job.customerReview?.stars == 4)
        #expect(job.dasherReview?.stars == 5)
        refusal(of: job, .alreadyExists) {
            try $0.review(by: dasherID, stars: 1, text: nil, at: droppedOffAt + 3 * hour)
        }
    }

    @Test("reviews close 14 days after drop-off; the last instant is included")
    func window() throws {
        // Given
        var job = try job(at: .droppedOff)
        let deadline = droppedOffAt + 14 * day
        #expect(job.reviewDeadline() == deadline)

        // When
        let late = refusal(of: job, .failedPrecondition) {
            try $0.review(by: customerID, stars: 2, text: nil, at: deadline + 1)
        }
        _ = try job.review(by: dasherID, stars: 2, text: nil, at: deadline)

        // Then
        #expect(
            late?.message
                == "cannot review job job_1: reviews closed at 2025-01-15T09:00:00Z, 14 days after drop-off"
        )
        #expect(job.dasherReview?.writtenAt == deadline)
    }

    @Test("the window is configurable; an unfinished job has none")
    func configurableWindow() throws {
        let unfinished = try job(at: .inDryer)
        #expect(unfinished.reviewDeadline() == nil)
        let job = try job(at: .droppedOff)
        let configuration = LaundryJobConfiguration(reviewWindow: 2 * day)
        #expect(job.reviewDeadline(configuration: configuration) == droppedOffAt + 2 * day)
        let late = refusal(of: job, .failedPrecondition) {
            try $0.review(by: customerID, stars: 2, text: nil, at: droppedOffAt + 3 * day, configuration: configuration)
        }
        #expect(
            late?.message == "cannot review job job_1: reviews closed at 2025-01-03T09:00:00Z, 2 days after drop-off"
        )
    }

    @Test("a review dated before the last change is refused")
    func reviewInThePast() throws {
        let job = try job(at: .droppedOff)
        refusal(of: job, .failedPrecondition) {
            try $0.review(by: customerID, stars: 3, text: nil, at: droppedOffAt - 1)
        }
    }
}
