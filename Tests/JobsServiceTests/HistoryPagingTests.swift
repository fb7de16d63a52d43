import QuadContracts
import QuadWire
import Testing

@Suite("Jobs: history a page at a time (L12)")
struct HistoryPagingTests {
    /// One page of `user`'s jobs.
    static func page(
        _ harness: JobsHarness,
        of user: String,
        limit: UInt32,
        token: String = "",
        filter: Quad_Jobs_V1_JobListFilter = .all
    ) async throws -> Quad_Jobs_V1_ListMyLaundryJobsResponse {
        try await harness.as(user) {
            try await $0.listMyLaundryJobs(
                .with {
                    $0.limit = limit
                    $0.pageToken = token
                    $0.filter = filter
                },
                options: JobsHarness.options()
            )
        }
    }

    @Test("pages of two give every job once, newest first, as one list would; the last page has no token")
    func pages() async throws {
        try await JobsHarness.run { harness in
            var submitted: [String] = []
            for index in 0..<5 {
                submitted.append(try await harness.submit("cora").jobID)
                // The second and third jobs share their submission instant: the order falls back on the id.
                if index != 1 { harness.clock.advance(by: .seconds(60)) }
            }
            _ = try await harness.submit("ben")
            let whole = try await Self.page(harness, of: "cora", limit: 0)
            #expect(Set(whole.jobs.map(\.jobID)) == Set(submitted))
            #expect(whole.nextPageToken.isEmpty)

            var paged: [String] = []
            var token = ""
            var pages = 0
            repeat {
                let page = try await Self.page(harness, of: "cora", limit: 2, token: token)
                paged += page.jobs.map(\.jobID)
                token = page.nextPageToken
                pages += 1
            } while !token.isEmpty && pages < 10
            #expect(pages == 3)
            #expect(paged == whole.jobs.map(\.jobID))
            // A page that ends exactly at the last job says so: no token, no empty page after it.
            let four = try await Self.page(harness, of: "cora", limit: 4)
            let last = try await Self.page(harness, of: "cora", limit: 1, token: four.nextPageToken)
            #expect(last.jobs.map(\.jobID) == [submitted[0]])
            #expect(last.nextPageToken.isEmpty)
        }
    }

    @Test("a page token that no answer gave is INVALID_ARGUMENT naming page_token")
    func malformedToken() async throws {
        try await JobsHarness.run { harness in
            _ = try await harness.submit("cora")
            for token in ["not-a-token", "3132", "abc"] {
                let refused = await #expect(throws: RPCError.self) {
                    _ = try await Self.page(harness, of: "cora", limit: 2, token: token)
                }
                #expect(refused?.code == .invalidArgument)
                #expect(refused?.message.hasPrefix("page_token") == true)
            }
        }
    }
}
