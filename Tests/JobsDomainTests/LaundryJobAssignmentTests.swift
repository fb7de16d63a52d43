import JobsLaundry
import Testing

@Suite("LaundryJob: assignment and rejection (L3–L6)")
struct LaundryJobAssignmentTests {
    @Test("assigning a waiting job moves it to stage 1, stamped")
    func assigns() throws {
        // Given
        var job = try job()

        // When
        let events = try job.assign(dasher: dasherID, at: newYear + hour)

        // Then
        #expect(events == [.dasherAssigned(dasher: dasherID)])
        #expect(job.stage == .dasherAccepted)
        #expect(job.dasher == dasherID)
        #expect(job.stageStamps.last == StageStamp(stage: .dasherAccepted, at: newYear + hour))
        #expect(job.timeline.last == JobTimelineEntry(at: newYear + hour, change: .dasherAssigned(dasher: dasherID)))
    }

    @Test("assigning is refused for a blank dasher or the customer themself")
    func assignArguments() throws {
        let job = try job()
        #expect(refusal(of: job, .invalidArgument) { try $0.assign(dasher: " ", at: newYear) }?.field == "dasher_id")
        let own = refusal(of: job, .invalidArgument) { try $0.assign(dasher: customerID, at: newYear) }
        #expect(own?.message == "dasher_id names the job's customer; a customer cannot be the dasher of their own job")
    }

    @Test("assigning a job that has a dasher is refused")
    func assignTwice() throws {
        let job = try job(at: .onTheWayForPickup)
        let error = refusal(of: job, .failedPrecondition) { try $0.assign(dasher: otherDasherID, at: newYear + day) }
        #expect(
            error?.message
                == "cannot assign a dasher to job job_1: it has a dasher already and is at stage 2 on the way for "
                + "pickup; only a job waiting for a dasher can be assigned"
        )
    }

    @Test("assigning is refused before the job's last change")
    func assignInThePast() throws {
        var job = try job()
        _ = try job.assign(dasher: dasherID, at: newYear + hour)
        _ = try job.rejectDasher(by: customerID, at: newYear + 2 * hour)
        let error = refusal(of: job, .failedPrecondition) { try $0.assign(dasher: otherDasherID, at: newYear + hour) }
        #expect(
            error?.message
                == "cannot assign a dasher to job job_1 at 2025-01-01T01:00:00Z: the job last changed at "
                + "2025-01-01T02:00:00Z, and a job's times never go back"
        )
    }

    @Test(
        "the customer may reject the dasher before pickup: back to stage 0, the dasher excluded",
        arguments: [
            LaundryStage.dasherAccepted, .onTheWayForPickup,
        ]
    )
    func rejects(stage: LaundryStage) throws {
        // Given
        var job = try job(at: stage)
        let at = time(of: stage) + hour

        // When
        let events = try job.rejectDasher(by: customerID, at: at)

        // Then
        #expect(events == [.dasherRejected(dasher: dasherID, excludedDashers: [dasherID])])
        #expect(job.stage == .waitingForDasher)
        #expect(job.dasher == nil)
        #expect(job.excludedDashers == [dasherID])
        #expect(job.stageStamps.last == StageStamp(stage: .waitingForDasher, at: at))
        #expect(job.timeline.last == JobTimelineEntry(at: at, change: .dasherRejected(dasher: dasherID, reason: nil)))
    }

    @Test("the customer's reason for a rejection is kept in the timeline, and survives a replay; a blank one is none")
    func rejectionReason() throws {
        // Given
        var job = try job(at: .dasherAccepted)
        let at = newYear + 2 * hour

        // When
        _ = try job.rejectDasher(by: customerID, reason: "They never answered my messages.", at: at)
        _ = try job.assign(dasher: otherDasherID, at: at + hour)
        _ = try job.rejectDasher(by: customerID, reason: "  ", at: at + 2 * hour)

        // Then
        let rejections = job.timeline.compactMap { entry -> String?? in
            if case .dasherRejected(_, let reason) = entry.change { reason } else { nil }
        }
        #expect(rejections == ["They never answered my messages.", nil])
        #expect(try LaundryJob(replaying: job.timeline) == job)
    }

    @Test("a rejection reason over the limit is refused, naming the field, and changes nothing")
    func rejectionReasonTooLong() throws {
        let job = try job(at: .dasherAccepted)
        let long = String(repeating: "a", count: 501)
        let error = refusal(of: job, .invalidArgument) {
            try $0.rejectDasher(by: customerID, reason: long, at: newYear + day)
        }
        #expect(error?.field == "reason")
        #expect(error?.message == "reason has 501 characters; shorten it to at most 500")
    }

    @Test("a rejected dasher cannot be assigned the job again; another can, and may be rejected too")
    func excluded() throws {
        // Given
        var job = try job(at: .dasherAccepted)
        _ = try job.rejectDasher(by: customerID, at: newYear + 2 * hour)

        // When
        let again = refusal(of: job, .failedPrecondition) { try $0.assign(dasher: dasherID, at: newYear + 3 * hour) }
        _ = try job.assign(dasher: otherDasherID, at: newYear + 3 * hour)
        let events = try job.rejectDasher(by: customerID, at: newYear + 4 * hour)

        // Then
        #expect(again?.field == "dasher_id")
        #expect(
            again?.message
                == "cannot assign a dasher to job job_1: its customer rejected dasher dasher_1 for it; offer it to "
                + "another dasher"
        )
        #expect(events == [.dasherRejected(dasher: otherDasherID, excludedDashers: [dasherID, otherDasherID])])
        #expect(job.excludedDashers == [dasherID, otherDasherID])
        #expect(job.stageStamps.map(\.stage.rawValue) == [0, 1, 0, 1, 0])
    }

    @Test("only the customer may reject the dasher", arguments: [dasherID, otherDasherID, strangerID])
    func rejectByOthers(actor: String) throws {
        let job = try job(at: .dasherAccepted)
        let error = refusal(of: job, .permissionDenied) { try $0.rejectDasher(by: actor, at: newYear + day) }
        #expect(error?.message == "cannot reject the dasher of job job_1: only the customer who submitted it may")
    }

    @Test("rejecting is refused while no dasher is assigned")
    func rejectWithoutDasher() throws {
        let job = try job()
        let error = refusal(of: job, .failedPrecondition) { try $0.rejectDasher(by: customerID, at: newYear + day) }
        #expect(
            error?.message
                == "cannot reject the dasher of job job_1: it is waiting for a dasher and no dasher has accepted it yet"
        )
    }

    @Test(
        "rejecting is refused from pickup on, saying when the laundry was picked up",
        arguments: [
            LaundryStage.pickedUp, .inDryer, .droppedOff,
        ]
    )
    func rejectAfterPickup(stage: LaundryStage) throws {
        let job = try job(at: stage)
        let error = refusal(of: job, .failedPrecondition) { try $0.rejectDasher(by: customerID, at: newYear + day) }
        let message =
            stage == .droppedOff
            ? "cannot reject the dasher of job job_1: it was dropped off at 2025-01-01T09:00:00Z, which completed it"
            : "cannot reject the dasher of job job_1: the dasher picked up the laundry at 2025-01-01T03:00:00Z; a "
                + "dasher can be rejected only before pickup"
        #expect(error?.message == message)
    }
}
