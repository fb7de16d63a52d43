import JobsLaundry
import Testing

@Suite("LaundryJob: the customer's and the dasher's journey")
struct LaundryJobJourneyTests {
    @Test("from submission to reviews by both sides, every step's events and the whole history")
    func sunnyDay() throws {
        // Given: a customer submits two loads with folding, preferring dasher_1
        let request = submission(preferredDasher: dasherID)
        var (job, events) = try LaundryJob.submit(request, now: newYear)
        #expect(events == [.submitted(request)])

        // When: dasher_1 accepts, and moves the job through every stage
        #expect(try job.assign(dasher: dasherID, at: time(of: .dasherAccepted)) == [.dasherAssigned(dasher: dasherID)])
        for stage in LaundryStage.allCases[2...6] {
            let from = try LaundryStage(number: stage.rawValue - 1)
            #expect(
                try job.advance(by: dasherID, to: stage, at: time(of: stage)) == [.stageChanged(from: from, to: stage)]
            )
        }
        let drying = dryingReport(finalTotal: usd(3_150))
        events = try job.advance(by: dasherID, to: .finishedDrying, at: time(of: .finishedDrying), drying: drying)
        let price = try #require(job.finalPrice)
        #expect(events == [.stageChanged(from: .inDryer, to: .finishedDrying), .finalPriceRecorded(price)])
        events = try job.advance(by: dasherID, to: .onTheWayForDropOff, at: time(of: .onTheWayForDropOff))
        #expect(events == [.stageChanged(from: .finishedDrying, to: .onTheWayForDropOff)])
        events = try job.advance(by: dasherID, to: .droppedOff, at: time(of: .droppedOff))

        // Then: completion asks payments to capture the final price and credit dasher_1
        let completion = JobCompletion(
            paymentIntentID: "pi_1",
            finalPrice: price,
            dasher: dasherID,
            customer: customerID
        )
        #expect(events == [.stageChanged(from: .onTheWayForDropOff, to: .droppedOff), .completed(completion)])
        #expect(job.status == .completed(at: time(of: .droppedOff)))
        #expect(price.total == usd(3_150))
        #expect(price.estimate == usd(2_500))

        // When: both sides review
        let reviewAt = time(of: .droppedOff) + day
        _ = try job.review(by: customerID, stars: 5, text: "Fast and careful.", at: reviewAt)
        _ = try job.review(by: dasherID, stars: 4, text: nil, at: reviewAt + hour)

        // Then: the history holds every step, in order
        let customerReview = try #require(job.customerReview)
        let dasherReview = try #require(job.dasherReview)
        var expected = [
            JobTimelineEntry(at: newYear, change: .submitted(request)),
            JobTimelineEntry(at: time(of: .dasherAccepted), change: .dasherAssigned(dasher: dasherID)),
        ]
        for stage in LaundryStage.allCases[2...] {
            expected.append(JobTimelineEntry(at: time(of: stage), change: .stageAdvanced(to: stage)))
            if stage == .finishedDrying {
                expected.append(JobTimelineEntry(at: time(of: stage), change: .finalPriceRecorded(price)))
            }
        }
        expected.append(JobTimelineEntry(at: reviewAt, change: .reviewed(customerReview)))
        expected.append(JobTimelineEntry(at: reviewAt + hour, change: .reviewed(dasherReview)))
        #expect(job.timeline == expected)
        #expect(job.stageStamps.map(\.stage) == LaundryStage.allCases)
        #expect(customerReview.subject == dasherID)
        #expect(dasherReview.subject == customerID)
    }

    @Test("a rejected dasher, a second dasher, a price needing approval: the history tells it all")
    func eventfulDay() throws {
        // Given
        var job = try job()
        _ = try job.assign(dasher: dasherID, at: newYear + hour)
        _ = try job.rejectDasher(by: customerID, at: newYear + 2 * hour)
        _ = try job.assign(dasher: otherDasherID, at: newYear + 3 * hour)
        for (offset, stage) in LaundryStage.allCases[2...6].enumerated() {
            _ = try job.advance(by: otherDasherID, to: stage, at: newYear + Int64(4 + offset) * hour)
        }
        _ = try job.advance(
            by: otherDasherID,
            to: .finishedDrying,
            at: newYear + 9 * hour,
            drying: DryingReport(actualLoads: 6, machineCost: usd(4_500), finalTotal: usd(6_500))
        )

        // When
        _ = try job.approveFinalPrice(by: customerID, at: newYear + 10 * hour)
        _ = try job.advance(by: otherDasherID, to: .onTheWayForDropOff, at: newYear + 11 * hour)
        let events = try job.advance(by: otherDasherID, to: .droppedOff, at: newYear + 12 * hour)

        // Then
        guard case .completed(let completion) = events.last else {
            Issue.record("expected a completion, got \(events)")
            return
        }
        #expect(completion.dasher == otherDasherID)
        #expect(completion.finalPrice.total == usd(6_500))
        #expect(completion.finalPrice.needsApproval)
        #expect(job.excludedDashers == [dasherID])
        #expect(job.stageStamps.map(\.stage.rawValue) == [0, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        let kinds = job.timeline.map { entry -> String in
            switch entry.change {
            case .submitted: "submitted"
            case .dasherAssigned(let dasher): "assigned \(dasher)"
            case .dasherRejected(let dasher, _): "rejected \(dasher)"
            case .stageAdvanced(let stage): "stage \(stage.rawValue)"
            case .finalPriceRecorded(let price): "price \(price.total)"
            case .finalPriceApproved: "approved"
            case .cancelled: "cancelled"
            case .reviewed(let review): "reviewed by \(review.side)"
            case .disputeOpened: "disputed"
            }
        }
        #expect(
            kinds == [
                "submitted", "assigned dasher_1", "rejected dasher_1", "assigned dasher_2", "stage 2", "stage 3",
                "stage 4", "stage 5", "stage 6", "stage 7", "price USD 65.00", "approved", "stage 8", "stage 9",
            ]
        )
        #expect(job.timeline.map(\.at) == job.timeline.map(\.at).sorted())
    }
}
