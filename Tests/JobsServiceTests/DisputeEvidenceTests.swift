import QuadContracts
import QuadWire
import Testing

@Suite("Jobs: a dispute's evidence is documents of the job, kept by fleet-documents (L13, F8)")
struct DisputeEvidenceTests {
    /// A job of Cora's, done by Dan and dropped off.
    static func droppedOff(_ h: JobsHarness) async throws -> String {
        let job = try await h.submit("cora")
        try await h.assign(job.jobID, to: "dan")
        try await h.advance(job.jobID, by: "dan", through: ProgressTests.toDryer)
        _ = try await h.as("dan") {
            try await $0.reportDrying(
                .with {
                    $0.jobID = job.jobID; $0.actualLoads = 2; $0.machineCost = PaymentsDouble.amount(650)
                },
                options: JobsHarness.options()
            )
        }
        try await h.advance(job.jobID, by: "dan", through: [.onTheWayForDropOff, .droppedOff])
        return job.jobID
    }

    static func dispute(_ h: JobsHarness, _ job: String, evidence: [String]) async throws -> Quad_Jobs_V1_LaundryJob {
        try await h.as("cora") {
            try await $0.disputeLaundryJob(
                .with {
                    $0.jobID = job
                    $0.reason = .damagedItems
                    $0.description_p = "a shirt came back torn"
                    $0.evidenceDocumentIds = evidence
                },
                options: JobsHarness.options()
            )
        }
    }

    @Test("evidence uploaded to the job is taken; another job's, a receipt, or none at all is refused, nothing changed")
    func evidence() async throws {
        try await JobsHarness.run { h in
            let job = try await Self.droppedOff(h)
            h.documents.put("doc-photo", job: job)
            h.documents.put("doc-other", job: "job-elsewhere")
            h.documents.put("doc-receipt", job: job, purpose: .receipt)
            for (id, _) in [("doc-other", "another job's"), ("doc-receipt", "not evidence"), ("doc-none", "nowhere")] {
                let refused = await #expect(throws: RPCError.self) {
                    _ = try await Self.dispute(h, job, evidence: ["doc-photo", id])
                }
                #expect(refused?.code == .failedPrecondition)
                #expect(
                    refused?.message.hasPrefix("evidence_document_ids: \(id) is not evidence of job \(job)") == true,
                    "\(refused?.message ?? "")"
                )
            }
            let undisputed = try await h.as("cora") {
                try await $0.getLaundryJob(.with { $0.jobID = job }, options: JobsHarness.options())
            }
            #expect(undisputed.dispute.disputeID.isEmpty)
            let disputed = try await Self.dispute(h, job, evidence: ["doc-photo"])
            #expect(disputed.dispute.evidenceDocumentIds == ["doc-photo"])
        }
    }

    @Test("fleet-documents down: a dispute with evidence is UNAVAILABLE, nothing changed; one without is not held up")
    func documentsDown() async throws {
        try await JobsHarness.run { h in
            let job = try await Self.droppedOff(h)
            h.documents.put("doc-photo", job: job)
            h.documents.state.withLock { $0.down = true }
            let down = await #expect(throws: RPCError.self) {
                _ = try await Self.dispute(h, job, evidence: ["doc-photo"])
            }
            #expect(down?.code == .unavailable)
            #expect(down?.message.contains("nothing changed: retry") == true)
            let disputed = try await Self.dispute(h, job, evidence: [])
            #expect(!disputed.dispute.disputeID.isEmpty)
        }
    }
}
