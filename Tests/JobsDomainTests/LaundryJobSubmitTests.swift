import JobsLaundry
import Testing

@Suite("LaundryJob: submitting (L1)")
struct LaundryJobSubmitTests {
    @Test("a submitted job waits at stage 0, stamped, and asks matching to queue it")
    func submits() throws {
        // Given
        let request = submission(preferredDasher: dasherID)

        // When
        let (job, events) = try LaundryJob.submit(request, now: newYear)

        // Then
        #expect(job.id == "job_1")
        #expect(job.customer == customerID)
        #expect(job.submission == request)
        #expect(job.stage == .waitingForDasher)
        #expect(job.status == .active)
        #expect(job.dasher == nil)
        #expect(job.excludedDashers.isEmpty)
        #expect(job.finalPrice == nil)
        #expect(job.submittedAt == newYear)
        #expect(job.lastChangeAt == newYear)
        #expect(job.stageStamps == [StageStamp(stage: .waitingForDasher, at: newYear)])
        #expect(job.timeline == [JobTimelineEntry(at: newYear, change: .submitted(request))])
        #expect(events == [.submitted(request)])
    }

    @Test("the edges are accepted: 1 and 20 loads, a pickup right now, instructions at the limit, no add-ons")
    func edges() throws {
        for loads in [1, 20] {
            #expect(
                try LaundryJob.submit(submission(estimatedLoads: loads), now: newYear).job.stage == .waitingForDasher
            )
        }
        let now = submission().pickupAt
        #expect(try LaundryJob.submit(submission(), now: now).job.submittedAt == now)
        let longest = submission(instructions: String(repeating: "é", count: 1_000), addOns: [])
        #expect(try LaundryJob.submit(longest, now: newYear).job.submission.instructions.count == 1_000)
        #expect(try LaundryJob.submit(submission(instructions: ""), now: newYear).job.submission.instructions == "")
    }

    @Test(
        "a wrong field is refused INVALID_ARGUMENT, naming it",
        arguments: [
            (submission(jobID: ""), "job_id"),
            (submission(customer: " "), "customer_id"),
            (submission(dorm: ""), "dorm_id"),
            (submission(estimatedLoads: 0), "estimated_loads"),
            (submission(estimatedLoads: 21), "estimated_loads"),
            (submission(instructions: String(repeating: "a", count: 1_001)), "instructions"),
            (submission(pickupAt: newYear - 1), "pickup_at_micros"),
            (submission(dropOffAt: newYear + 2 * hour), "drop_off_at_micros"),
            (submission(dropOffAt: newYear + hour), "drop_off_at_micros"),
            (submission(preferredDasher: customerID), "preferred_dasher_id"),
            (submission(preferredDasher: ""), "preferred_dasher_id"),
            (submission(estimate: usd(0)), "estimate"),
            (submission(estimate: usd(-100)), "estimate"),
            (submission(estimate: Money(minorUnits: 2_500, currency: "usd")), "estimate.currency"),
            (submission(paymentIntentID: ""), "payment_intent_id"),
        ]
    )
    func refusals(request: LaundryJobSubmission, field: String) {
        let error = refusal(.invalidArgument) { try LaundryJob.submit(request, now: newYear) }
        #expect(error?.field == field)
    }

    @Test("the messages say what is wrong with the loads, the times and the preferred dasher")
    func messages() {
        let loads = refusal(.invalidArgument) { try LaundryJob.submit(submission(estimatedLoads: 21), now: newYear) }
        #expect(loads?.message == "estimated_loads must be between 1 and 20, got 21")
        let past = refusal(.invalidArgument) { try LaundryJob.submit(submission(), now: newYear + 3 * hour) }
        #expect(
            past?.message
                == "pickup_at_micros 2025-01-01T02:00:00Z is in the past (it is now 2025-01-01T03:00:00Z); choose a "
                + "pickup time from now on"
        )
        let dropOff = refusal(.invalidArgument) {
            try LaundryJob.submit(submission(dropOffAt: newYear + hour), now: newYear)
        }
        #expect(
            dropOff?.message
                == "drop_off_at_micros 2025-01-01T01:00:00Z must be after the pickup at 2025-01-01T02:00:00Z"
        )
        let preferred = refusal(.invalidArgument) {
            try LaundryJob.submit(submission(preferredDasher: customerID), now: newYear)
        }
        #expect(
            preferred?.message
                == "preferred_dasher_id names the customer; a customer cannot be the dasher of their own job"
        )
    }

    @Test("the instructions' limit is configurable")
    func configurableInstructions() throws {
        let configuration = LaundryJobConfiguration(maximumInstructionsLength: 10)
        let error = refusal(.invalidArgument) {
            try LaundryJob.submit(submission(instructions: "Eleven char"), now: newYear, configuration: configuration)
        }
        #expect(error?.message == "instructions has 11 characters; shorten it to at most 10")
        let accepted = try LaundryJob.submit(
            submission(instructions: "Ten chars!"),
            now: newYear,
            configuration: configuration
        )
        #expect(accepted.job.submission.instructions == "Ten chars!")
    }
}
