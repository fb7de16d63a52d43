import JobsLaundry
import Testing

@Suite("LaundryJob: cancelling (L9)")
struct LaundryJobCancelTests {
    @Test("a waiting job is cancelled: the hold is released and nobody needs telling")
    func cancelWaiting() throws {
        // Given
        var job = try job()

        // When
        let events = try job.cancel(by: customerID, at: newYear + hour)

        // Then
        #expect(
            events == [
                .cancelled(JobCancellation(paymentIntentID: "pi_1", stage: .waitingForDasher, dasherToNotify: nil))
            ]
        )
        #expect(job.status == .cancelled(at: newYear + hour))
        #expect(job.timeline.last == JobTimelineEntry(at: newYear + hour, change: .cancelled))
    }

    @Test(
        "before pickup, the dasher who accepted is told",
        arguments: [
            LaundryStage.dasherAccepted, .onTheWayForPickup,
        ]
    )
    func cancelAssigned(stage: LaundryStage) throws {
        var job = try job(at: stage)
        let events = try job.cancel(by: customerID, at: newYear + day)
        #expect(
            events == [.cancelled(JobCancellation(paymentIntentID: "pi_1", stage: stage, dasherToNotify: dasherID))]
        )
        #expect(job.stage == stage)
        #expect(job.status == .cancelled(at: newYear + day))
    }

    @Test(
        "from pickup on, cancelling is refused, saying when the laundry was picked up",
        arguments: [
            LaundryStage.pickedUp, .finishedDrying, .onTheWayForDropOff, .droppedOff,
        ]
    )
    func cancelAfterPickup(stage: LaundryStage) throws {
        let job = try job(at: stage)
        let error = refusal(of: job, .failedPrecondition) { try $0.cancel(by: customerID, at: newYear + day) }
        #expect(
            error?.message
                == "cannot cancel job job_1: the dasher picked up the laundry at 2025-01-01T03:00:00Z; cancel is "
                + "possible only before pickup"
        )
    }

    @Test("only the customer may cancel", arguments: [dasherID, otherDasherID, strangerID])
    func cancelByOthers(actor: String) throws {
        let job = try job(at: .dasherAccepted)
        let error = refusal(of: job, .permissionDenied) { try $0.cancel(by: actor, at: newYear + day) }
        #expect(error?.message == "cannot cancel job job_1: only the customer who submitted it may")
    }

    @Test("a cancelled job refuses everything, cancelling again included")
    func cancelledIsFinal() throws {
        // Given
        var job = try job(at: .dasherAccepted)
        _ = try job.cancel(by: customerID, at: newYear + 2 * hour)
        let later = newYear + day

        // When / Then
        let again = refusal(of: job, .failedPrecondition) { try $0.cancel(by: customerID, at: later) }
        #expect(again?.message == "cannot cancel job job_1: the customer cancelled it at 2025-01-01T02:00:00Z")
        refusal(of: job, .failedPrecondition) { try $0.assign(dasher: otherDasherID, at: later) }
        refusal(of: job, .failedPrecondition) { try $0.rejectDasher(by: customerID, at: later) }
        let advance = refusal(of: job, .failedPrecondition) {
            try $0.advance(by: dasherID, to: .onTheWayForPickup, at: later)
        }
        #expect(advance?.message == "cannot move job job_1 forward: the customer cancelled it at 2025-01-01T02:00:00Z")
        refusal(of: job, .failedPrecondition) { try $0.approveFinalPrice(by: customerID, at: later) }
        refusal(of: job, .failedPrecondition) { try $0.review(by: customerID, stars: 1, text: nil, at: later) }
        refusal(of: job, .failedPrecondition) {
            try $0.openDispute(
                by: customerID,
                reason: .notDone,
                description: "Never done.",
                evidenceDocumentIDs: [],
                at: later
            )
        }
    }

    @Test("a cancellation dated before the last change is refused")
    func cancelInThePast() throws {
        let job = try job(at: .onTheWayForPickup)
        refusal(of: job, .failedPrecondition) { try $0.cancel(by: customerID, at: newYear) }
    }
}
