import JobsLaundry
import Testing

@Suite("LaundryJob: disputes (L13)")
struct LaundryJobDisputeTests {
    /// A day after the fixtures' jobs are dropped off.
    let nextDay = time(of: .droppedOff) + day

    @Test("the customer disputes a completed job; payments is told which payment, why and with what evidence")
    func opens() throws {
        // Given
        var job = try job(at: .droppedOff)

        // When
        let events = try job.openDispute(
            by: customerID,
            reason: .damagedItems,
            description: "Two shirts came back torn.",
            evidenceDocumentIDs: ["doc_1", "doc_2"],
            at: nextDay
        )

        // Then
        let claim = try #require(job.dispute)
        #expect(claim.reason == .damagedItems)
        #expect(claim.description == "Two shirts came back torn.")
        #expect(claim.evidenceDocumentIDs == ["doc_1", "doc_2"])
        #expect(claim.paymentIntentID == "pi_1")
        #expect(claim.openedAt == nextDay)
        #expect(events == [.disputeOpened(claim)])
        #expect(job.timeline.last == JobTimelineEntry(at: nextDay, change: .disputeOpened(claim)))
        #expect(DisputeClaim.Reason.allCases.map(\.rawValue) == ["stolen_items", "damaged_items", "not_done"])
    }

    @Test("a dispute may name no evidence, or up to ten documents")
    func evidenceBounds() throws {
        for evidence in [[], (1...10).map { "doc_\($0)" }] {
            var job = try job(at: .droppedOff)
            _ = try job.openDispute(
                by: customerID,
                reason: .stolenItems,
                description: "A hoodie is missing.",
                evidenceDocumentIDs: evidence,
                at: nextDay
            )
            #expect(job.dispute?.evidenceDocumentIDs == evidence)
        }
    }

    @Test(
        "a bad description or evidence list is refused, naming the field",
        arguments: [
            (" ", ["doc_1"], "description"),
            (String(repeating: "a", count: 2_001), ["doc_1"], "description"),
            ("Torn.", (1...11).map { "doc_\($0)" }, "evidence_document_ids"),
            ("Torn.", ["doc_1", ""], "evidence_document_ids[1]"),
            ("Torn.", ["doc_1", "doc_2", "doc_1"], "evidence_document_ids[2]"),
        ]
    )
    func badInput(description: String, evidence: [String], field: String) throws {
        let job = try job(at: .droppedOff)
        let error = refusal(of: job, .invalidArgument) {
            try $0.openDispute(
                by: customerID,
                reason: .damagedItems,
                description: description,
                evidenceDocumentIDs: evidence,
                at: nextDay
            )
        }
        #expect(error?.field == field)
    }

    @Test("only the customer may dispute", arguments: [dasherID, otherDasherID, strangerID])
    func disputeByOthers(actor: String) throws {
        let job = try job(at: .droppedOff)
        let error = refusal(of: job, .permissionDenied) {
            try $0.openDispute(by: actor, reason: .notDone, description: "x", evidenceDocumentIDs: [], at: nextDay)
        }
        #expect(error?.message == "cannot dispute job job_1: only the customer who submitted it may")
    }

    @Test("a job that was not dropped off cannot be disputed")
    func beforeCompletion() throws {
        let job = try job(at: .inWasher)
        let error = refusal(of: job, .failedPrecondition) {
            try $0.openDispute(by: customerID, reason: .notDone, description: "x", evidenceDocumentIDs: [], at: nextDay)
        }
        #expect(
            error?.message
                == "cannot dispute job job_1: it is at stage 4 in washer; only a job that was dropped off can be "
                + "disputed"
        )
    }

    @Test("a job is disputed once")
    func disputeTwice() throws {
        var job = try job(at: .droppedOff)
        _ = try job.openDispute(
            by: customerID,
            reason: .notDone,
            description: "x",
            evidenceDocumentIDs: [],
            at: nextDay
        )
        let error = refusal(of: job, .alreadyExists) {
            try $0.openDispute(
                by: customerID,
                reason: .stolenItems,
                description: "y",
                evidenceDocumentIDs: [],
                at: nextDay
            )
        }
        #expect(
            error?.message
                == "cannot dispute job job_1: it was disputed already at 2025-01-02T09:00:00Z; a job is disputed once"
        )
    }
}
