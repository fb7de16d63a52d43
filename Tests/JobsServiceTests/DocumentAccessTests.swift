import QuadContracts
import QuadWire
import Testing

@Suite("Jobs: what fleet-documents may let people do with a job's documents (F8, L13, E5)")
struct DocumentAccessTests {
    static func ask(
        _ h: JobsHarness,
        job: String,
        user: String,
        kind: Quad_Documents_V1_OwnerKind = .job
    ) async throws -> Quad_Documents_V1_DocumentAccessResponse {
        try await h.asService("fleet-documents") { jobs in
            try await jobs.documentAccess(
                .with {
                    $0.ownerKind = kind
                    $0.ownerID = job
                    $0.userID = user
                }
            )
        }
    }

    @Test("its customer and its assigned dasher see and add; a stranger does neither; nobody deletes others' uploads")
    func rules() async throws {
        try await JobsHarness.run { h in
            let job = try await h.submit("cora")
            let before = try await Self.ask(h, job: job.jobID, user: "dan")
            #expect(before.exists && !before.mayView && !before.mayAdd)
            try await h.assign(job.jobID, to: "dan")
            for user in ["cora", "dan"] {
                let party = try await Self.ask(h, job: job.jobID, user: user)
                #expect(party.exists && party.mayView && party.mayAdd && !party.mayDeleteAny, "\(user)")
            }
            let stranger = try await Self.ask(h, job: job.jobID, user: "eve")
            #expect(stranger.exists && !stranger.mayView && !stranger.mayAdd && !stranger.mayDeleteAny)
            #expect(try await Self.ask(h, job: "job-none", user: "cora") == .init())
        }
    }

    @Test("another owner kind is INVALID_ARGUMENT; a user is refused the service-only method")
    func refusals() async throws {
        try await JobsHarness.run { h in
            let job = try await h.submit("cora")
            let kind = await #expect(throws: RPCError.self) {
                _ = try await Self.ask(h, job: job.jobID, user: "cora", kind: .profile)
            }
            #expect(kind?.code == .invalidArgument)
            let user = await #expect(throws: RPCError.self) {
                try await h.as("cora") { jobs in
                    _ = try await jobs.documentAccess(
                        .with {
                            $0.ownerKind = .job
                            $0.ownerID = job.jobID
                            $0.userID = "cora"
                        }
                    )
                }
            }
            #expect(user?.code == .permissionDenied)
        }
    }
}
