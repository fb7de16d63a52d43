import JobsLaundry
import Testing

@Suite("LaundryJob: moving forward (L7)")
struct LaundryJobAdvanceTests {
    @Test("the assigned dasher moves the job one stage at a time, each stage stamped with its time")
    func stamps() throws {
        // Given / When
        let job = try job(at: .droppedOff)

        // Then
        let expected = LaundryStage.allCases.map { StageStamp(stage: $0, at: time(of: $0)) }
        #expect(job.stageStamps == expected)
        #expect(job.stage == .droppedOff)
        #expect(job.pickedUpAt == time(of: .pickedUp))
    }

    @Test(
        "each move reports the stage it left and the one it reached",
        arguments: [
            LaundryStage.onTheWayForPickup, .pickedUp, .inWasher, .finishedWashing, .inDryer,
        ]
    )
    func stageChanged(to stage: LaundryStage) throws {
        let previous = try LaundryStage(number: stage.rawValue - 1)
        var job = try job(at: previous)
        let events = try job.advance(by: dasherID, to: stage, at: time(of: stage))
        #expect(events == [.stageChanged(from: previous, to: stage)])
        #expect(job.timeline.last == JobTimelineEntry(at: time(of: stage), change: .stageAdvanced(to: stage)))
    }

    @Test("anyone but the assigned dasher is refused", arguments: [customerID, otherDasherID, strangerID])
    func wrongActor(actor: String) throws {
        let job = try job(at: .pickedUp)
        let error = refusal(of: job, .permissionDenied) { try $0.advance(by: actor, to: .inWasher, at: newYear + day) }
        #expect(error?.message == "cannot move job job_1 forward: only its assigned dasher may")
    }

    @Test("a rejected dasher can no longer move the job")
    func rejectedDasher() throws {
        var job = try job(at: .onTheWayForPickup)
        _ = try job.rejectDasher(by: customerID, at: newYear + day)
        _ = try job.assign(dasher: otherDasherID, at: newYear + day)
        refusal(of: job, .permissionDenied) { try $0.advance(by: dasherID, to: .onTheWayForPickup, at: newYear + day) }
        _ = try job.advance(by: otherDasherID, to: .onTheWayForPickup, at: newYear + day)
        #expect(job.stage == .onTheWayForPickup)
    }

    @Test("a waiting job has nobody to move it")
    func waiting() throws {
        let job = try job()
        let error = refusal(of: job, .failedPrecondition) {
            try $0.advance(by: dasherID, to: .dasherAccepted, at: newYear + day)
        }
        #expect(
            error?.message
                == "cannot move job job_1 forward: it is waiting for a dasher and no dasher has accepted it yet"
        )
    }

    @Test("skipping a stage is refused, naming the next one")
    func skipping() throws {
        let job = try job(at: .pickedUp)
        let error = refusal(of: job, .failedPrecondition) {
            try $0.advance(by: dasherID, to: .finishedWashing, at: newYear + day)
        }
        #expect(error?.field == "stage")
        #expect(
            error?.message
                == "cannot move job job_1 from 3 picked up to 5 finished washing: stages go one at a time, none "
                + "skipped; the next is 4 in washer"
        )
        refusal(of: job, .failedPrecondition) { try $0.advance(by: dasherID, to: .droppedOff, at: newYear + day) }
    }

    @Test("going back or staying is refused")
    func goingBack() throws {
        let job = try job(at: .finishedWashing)
        let back = refusal(of: job, .failedPrecondition) {
            try $0.advance(by: dasherID, to: .pickedUp, at: newYear + day)
        }
        #expect(
            back?.message
                == "cannot move job job_1 from 5 finished washing back to 3 picked up: stages only go forward; the "
                + "next is 6 in dryer"
        )
        let same = refusal(of: job, .failedPrecondition) {
            try $0.advance(by: dasherID, to: .finishedWashing, at: newYear + day)
        }
        #expect(
            same?.message == "cannot move job job_1 to 5 finished washing: it is there already; the next is 6 in dryer"
        )
        refusal(of: job, .failedPrecondition) { try $0.advance(by: dasherID, to: .waitingForDasher, at: newYear + day) }
    }

    @Test("nothing moves after drop-off")
    func afterCompletion() throws {
        let job = try job(at: .droppedOff)
        let error = refusal(of: job, .failedPrecondition) {
            try $0.advance(by: dasherID, to: .droppedOff, at: newYear + day)
        }
        #expect(
            error?.message
                == "cannot move job job_1 forward: it was dropped off at 2025-01-01T09:00:00Z, which completed it"
        )
    }

    @Test("a move dated before the last change is refused; one at the same instant is not")
    func timeGoesForward() throws {
        var job = try job(at: .pickedUp)
        refusal(of: job, .failedPrecondition) {
            try $0.advance(by: dasherID, to: .inWasher, at: time(of: .pickedUp) - 1)
        }
        _ = try job.advance(by: dasherID, to: .inWasher, at: time(of: .pickedUp))
        #expect(job.stageStamps.last == StageStamp(stage: .inWasher, at: time(of: .pickedUp)))
    }

    @Test("the actual loads and machine cost are refused with any move but to finished drying")
    func unexpectedDrying() throws {
        let job = try job(at: .pickedUp)
        let error = refusal(of: job, .invalidArgument) {
            try $0.advance(by: dasherID, to: .inWasher, at: newYear + day, drying: dryingReport())
        }
        #expect(error?.field == "actual_loads")
        #expect(
            error?.message
                == "the actual loads and machine cost are entered when moving to 7 finished drying, not 4 in washer"
        )
    }
}
