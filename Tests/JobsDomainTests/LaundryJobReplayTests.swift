import JobsLaundry
import Testing

@Suite("LaundryJob: rebuilding from the timeline")
struct LaundryJobReplayTests {
    @Test("replaying a job's timeline rebuilds it exactly, whatever it went through")
    func replays() throws {
        // Given: a job that was rejected once, priced above twice the estimate, reviewed and disputed
        var job = try job()
        _ = try job.assign(dasher: otherDasherID, at: newYear)
        _ = try job.rejectDasher(by: customerID, reason: "Wrong dorm.", at: newYear)
        _ = try job.assign(dasher: dasherID, at: newYear + hour)
        for stage in LaundryStage.allCases[2...6] { _ = try job.advance(by: dasherID, to: stage, at: time(of: stage)) }
        let drying = dryingReport(finalTotal: usd(9_000))
        _ = try job.advance(by: dasherID, to: .finishedDrying, at: time(of: .finishedDrying), drying: drying)
        _ = try job.approveFinalPrice(by: customerID, at: time(of: .finishedDrying))
        _ = try job.advance(by: dasherID, to: .onTheWayForDropOff, at: time(of: .onTheWayForDropOff))
        _ = try job.advance(by: dasherID, to: .droppedOff, at: time(of: .droppedOff))
        _ = try job.review(by: dasherID, stars: 3, text: "Late for pickup.", at: time(of: .droppedOff))
        _ = try job.openDispute(
            by: customerID,
            reason: .damagedItems,
            description: "A torn sleeve.",
            evidenceDocumentIDs: ["doc_1"],
            at: time(of: .droppedOff) + day
        )

        // When
        let rebuilt = try LaundryJob(replaying: job.timeline)

        // Then
        #expect(rebuilt == job)
    }

    @Test("a cancelled job replays too")
    func replaysCancelled() throws {
        var job = try job(at: .onTheWayForPickup)
        _ = try job.cancel(by: customerID, at: newYear + day)
        #expect(try LaundryJob(replaying: job.timeline) == job)
    }

    @Test("a lenient configuration reads a review written under a longer window")
    func lenientConfiguration() throws {
        var job = try job(at: .droppedOff)
        _ = try job.review(by: customerID, stars: 5, text: nil, at: time(of: .droppedOff) + 10 * day)
        let shorter = LaundryJobConfiguration(reviewWindow: 7 * day)
        refusal(.invalidArgument) { try LaundryJob(replaying: job.timeline, configuration: shorter) }
        #expect(try LaundryJob(replaying: job.timeline) == job)
    }

    @Test("a timeline the rules would not have produced is refused, naming the entry")
    func inconsistent() throws {
        let timeline = try job(at: .inDryer).timeline
        let price = try #require(try job(at: .finishedDrying).finalPrice)

        // An empty timeline, or one that does not start with the submission
        refusal(.invalidArgument) { try LaundryJob(replaying: []) }
        let headless = refusal(.invalidArgument) { try LaundryJob(replaying: Array(timeline.dropFirst())) }
        #expect(
            headless?.message
                == "the stored timeline of job (unknown) is inconsistent at entry 0: it does not start with the "
                + "submission"
        )

        // A skipped stage
        var skipped = timeline
        skipped.remove(at: 4)
        let skip = refusal(.invalidArgument) { try LaundryJob(replaying: skipped) }
        #expect(
            skip?.message.hasPrefix("the stored timeline of job job_1 is inconsistent at entry 4: cannot move") == true
        )

        // A final price without the move to finished drying, and the move without its price
        let loosePrice = timeline + [JobTimelineEntry(at: newYear + day, change: .finalPriceRecorded(price))]
        refusal(.invalidArgument) { try LaundryJob(replaying: loosePrice) }
        let priceless = timeline + [JobTimelineEntry(at: newYear + day, change: .stageAdvanced(to: .finishedDrying))]
        refusal(.invalidArgument) { try LaundryJob(replaying: priceless) }

        // A rejection naming someone other than the assigned dasher
        var misnamed = Array(timeline.prefix(2))
        misnamed.append(JobTimelineEntry(at: newYear + day, change: .dasherRejected(dasher: strangerID, reason: nil)))
        let rejection = refusal(.invalidArgument) { try LaundryJob(replaying: misnamed) }
        #expect(
            rejection?.message
                == "the stored timeline of job job_1 is inconsistent at entry 2: the operation that it names records "
                + "something else"
        )

        // A second submission
        refusal(.invalidArgument) { try LaundryJob(replaying: timeline + [timeline[0]]) }
    }
}
