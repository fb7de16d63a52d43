import JobsLaundry
import Testing

@Suite("LaundryJob: the final price at finished drying (L8)")
struct LaundryJobFinalPriceTests {
    @Test("finishing drying records the actual loads, the machine cost and both prices")
    func records() throws {
        // Given
        var job = try job(at: .inDryer)
        let report = DryingReport(actualLoads: 3, machineCost: usd(1_350), finalTotal: usd(3_650))

        // When
        let events = try job.advance(by: dasherID, to: .finishedDrying, at: time(of: .finishedDrying), drying: report)

        // Then
        let price = try #require(job.finalPrice)
        #expect(price.actualLoads == 3)
        #expect(price.machineCost == usd(1_350))
        #expect(price.total == usd(3_650))
        #expect(price.estimate == usd(2_500))
        #expect(!price.needsApproval)
        #expect(!job.isAwaitingPriceApproval)
        #expect(events == [.stageChanged(from: .inDryer, to: .finishedDrying), .finalPriceRecorded(price)])
        #expect(
            job.timeline.suffix(2) == [
                JobTimelineEntry(at: time(of: .finishedDrying), change: .stageAdvanced(to: .finishedDrying)),
                JobTimelineEntry(at: time(of: .finishedDrying), change: .finalPriceRecorded(price)),
            ]
        )
    }

    @Test("free machines are fine: a machine cost of zero is accepted")
    func freeMachines() throws {
        var job = try job(at: .inDryer)
        let report = DryingReport(actualLoads: 1, machineCost: usd(0), finalTotal: usd(1_000))
        _ = try job.advance(by: dasherID, to: .finishedDrying, at: newYear + day, drying: report)
        #expect(job.finalPrice?.machineCost == usd(0))
    }

    @Test("finishing drying without the report is refused")
    func missingReport() throws {
        let job = try job(at: .inDryer)
        let error = refusal(of: job, .invalidArgument) {
            try $0.advance(by: dasherID, to: .finishedDrying, at: newYear + day)
        }
        #expect(error?.field == "actual_loads")
        #expect(
            error?.message
                == "moving job job_1 to 7 finished drying needs the actual loads, the machine cost and the final total"
        )
    }

    @Test(
        "a wrong report is refused, naming the field",
        arguments: [
            (DryingReport(actualLoads: 0, machineCost: usd(900), finalTotal: usd(3_000)), "actual_loads"),
            (DryingReport(actualLoads: 21, machineCost: usd(900), finalTotal: usd(3_000)), "actual_loads"),
            (DryingReport(actualLoads: 2, machineCost: usd(-1), finalTotal: usd(3_000)), "machine_cost"),
            (
                DryingReport(
                    actualLoads: 2,
                    machineCost: Money(minorUnits: 900, currency: "EUR"),
                    finalTotal: usd(3_000)
                ),
                "machine_cost"
            ),
            (
                DryingReport(
                    actualLoads: 2,
                    machineCost: Money(minorUnits: 900, currency: "$"),
                    finalTotal: usd(3_000)
                ),
                "machine_cost.currency"
            ),
            (DryingReport(actualLoads: 2, machineCost: usd(900), finalTotal: usd(0)), "final_total"),
            (
                DryingReport(
                    actualLoads: 2,
                    machineCost: usd(900),
                    finalTotal: Money(minorUnits: 3_000, currency: "EUR")
                ),
                "final_total"
            ),
        ]
    )
    func badReport(report: DryingReport, field: String) throws {
        let job = try job(at: .inDryer)
        let error = refusal(of: job, .invalidArgument) {
            try $0.advance(by: dasherID, to: .finishedDrying, at: newYear + day, drying: report)
        }
        #expect(error?.field == field)
    }

    @Test("the loads and the machine cost messages say what was wrong")
    func reportMessages() throws {
        let job = try job(at: .inDryer)
        let loads = refusal(of: job, .invalidArgument) {
            try $0.advance(
                by: dasherID,
                to: .finishedDrying,
                at: newYear + day,
                drying: DryingReport(actualLoads: 21, machineCost: usd(900), finalTotal: usd(3_000))
            )
        }
        #expect(loads?.message == "actual_loads must be between 1 and 20, got 21")
        let cost = refusal(of: job, .invalidArgument) {
            try $0.advance(
                by: dasherID,
                to: .finishedDrying,
                at: newYear + day,
                drying: DryingReport(actualLoads: 2, machineCost: usd(-5), finalTotal: usd(3_000))
            )
        }
        #expect(cost?.message == "machine_cost must not be negative, got USD -0.05")
    }

    @Test(
        "up to twice the estimate needs no approval; a cent more does",
        arguments: [(Int64(2_500), false), (5_000, false), (5_001, true), (1_000_000, true)]
    )
    func threshold(total: Int64, needsApproval: Bool) throws {
        let job = try job(at: .finishedDrying, finalTotal: usd(total))
        #expect(job.finalPrice?.needsApproval == needsApproval)
        #expect(job.isAwaitingPriceApproval == needsApproval)
    }

    @Test("the threshold holds for totals near the largest amount, without overflow")
    func thresholdExtremes() throws {
        var job = try LaundryJob.submit(submission(estimate: usd(.max / 2)), now: newYear).job
        _ = try job.assign(dasher: dasherID, at: newYear)
        for stage in LaundryStage.allCases[2...6] { _ = try job.advance(by: dasherID, to: stage, at: newYear) }
        var copy = job
        _ = try copy.advance(
            by: dasherID,
            to: .finishedDrying,
            at: newYear,
            drying: DryingReport(actualLoads: 2, machineCost: usd(0), finalTotal: usd(.max))
        )
        #expect(copy.finalPrice?.needsApproval == true)  // .max is odd: one above twice .max / 2
        _ = try job.advance(
            by: dasherID,
            to: .finishedDrying,
            at: newYear,
            drying: DryingReport(actualLoads: 2, machineCost: usd(0), finalTotal: usd(.max - 1))
        )
        #expect(job.finalPrice?.needsApproval == false)
    }

    @Test("a price above twice the estimate holds the laundry until the customer approves it")
    func waitsForApproval() throws {
        // Given
        var job = try job(at: .finishedDrying, finalTotal: usd(6_000))

        // When
        let held = refusal(of: job, .failedPrecondition) {
            try $0.advance(by: dasherID, to: .onTheWayForDropOff, at: newYear + day)
        }
        let events = try job.approveFinalPrice(by: customerID, at: newYear + day)
        _ = try job.advance(by: dasherID, to: .onTheWayForDropOff, at: newYear + day)

        // Then
        #expect(
            held?.message
                == "cannot move job job_1 to 8 on the way for drop-off: its final price USD 60.00 is above twice the "
                + "estimate USD 25.00 and waits for the customer's approval"
        )
        let price = try #require(job.finalPrice)
        #expect(events == [.finalPriceApproved(price)])
        #expect(job.finalPriceApprovedAt == newYear + day)
        #expect(!job.isAwaitingPriceApproval)
        #expect(job.stage == .onTheWayForDropOff)
        #expect(job.timeline.contains(JobTimelineEntry(at: newYear + day, change: .finalPriceApproved)))
    }

    @Test("only the customer may approve the price", arguments: [dasherID, otherDasherID, strangerID])
    func approvalByOthers(actor: String) throws {
        let job = try job(at: .finishedDrying, finalTotal: usd(6_000))
        let error = refusal(of: job, .permissionDenied) { try $0.approveFinalPrice(by: actor, at: newYear + day) }
        #expect(error?.message == "cannot approve the final price of job job_1: only the customer who submitted it may")
    }

    @Test("approving is refused when no price waits: none yet, within twice the estimate, or approved already")
    func nothingToApprove() throws {
        let early = refusal(of: try job(at: .inDryer), .failedPrecondition) {
            try $0.approveFinalPrice(by: customerID, at: newYear + day)
        }
        #expect(
            early?.message
                == "cannot approve the final price of job job_1: it has no final price yet; the dasher records it at "
                + "7 finished drying"
        )
        let within = refusal(of: try job(at: .finishedDrying), .failedPrecondition) {
            try $0.approveFinalPrice(by: customerID, at: newYear + day)
        }
        #expect(
            within?.message
                == "cannot approve the final price of job job_1: its final price USD 30.00 is not above twice the "
                + "estimate USD 25.00, so it needs no approval"
        )
        var approved = try job(at: .finishedDrying, finalTotal: usd(6_000))
        _ = try approved.approveFinalPrice(by: customerID, at: newYear + day)
        let twice = refusal(of: approved, .failedPrecondition) {
            try $0.approveFinalPrice(by: customerID, at: newYear + day)
        }
        #expect(
            twice?.message
                == "cannot approve the final price of job job_1: its final price USD 60.00 was approved already at "
                + "2025-01-02T00:00:00Z"
        )
    }
}
