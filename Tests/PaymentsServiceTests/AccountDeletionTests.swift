import QuadContracts
import QuadWire
import Testing

/// `account.deleted` at payments (issue 12 item 4): holds settled with jobs, payment methods detached, the ledger kept.
@Suite("Payments: account.deleted")
struct AccountDeletionTests {
    static func deleted(_ user: String) throws -> Quad_Types_V1_OutboxDelivery {
        try .with {
            $0.source = Quad_Identity_V1_AccountDeleted.producer
            $0.topic = Quad_Identity_V1_AccountDeleted.topic
            $0.key = "\(Quad_Identity_V1_AccountDeleted.topic):\(user)"
            $0.payload = try Quad_Identity_V1_AccountDeleted.with { $0.userID = user }.serializedData()
        }
    }

    @Test(
        "a hold whose job is gone is voided, one whose job is open stays with it, cards are detached, the ledger kept"
    )
    func settlesHoldsAndDetachesCards() async throws {
        try await PaymentsHarness.run { harness in
            // Given cora's card, a paid job, a hold whose job jobs never stored, and a hold whose job is open
            let card = try await harness.addCard("cora")
            _ = try await harness.paidJob("job-paid", customer: "cora")
            _ = try await harness.hold(job: "job-gone", customer: "cora", card: card)
            _ = try await harness.hold(job: "job-open", customer: "cora", card: card)
            harness.jobs.set("job-open", .open)
            let entriesBefore = try await harness.asUser("cora").listLedgerEntries(.init()).entries.count

            // When identity says her account was deleted
            #expect(try await harness.deliver(try Self.deleted("cora")))

            // Then the hold of the job that never came to be is released, the open job's hold is still held
            #expect(try await harness.intent(job: "job-gone").status == .released)
            #expect(try await harness.intent(job: "job-open").status == .held)
            #expect(try await harness.intent(job: "job-paid").status == .captured)
            // And her cards are detached: none listed, none usable for a new hold
            #expect(try await harness.asUser("cora").listPaymentMethods(.init()).paymentMethods.isEmpty)
            await #expect(throws: RPCError.self) {
                _ = try await harness.hold(job: "job-new", customer: "cora", card: card)
            }
            // And her ledger entries are all still there, the release added
            #expect(try await harness.asUser("cora").listLedgerEntries(.init()).entries.count > entriesBefore)

            // When the open job is cancelled later, Then job.cancelled voids its hold as for any cancellation
            let cancelled = try PaymentsHarness.delivery(
                "job.cancelled",
                job: "job-open",
                Quad_Jobs_V1_JobCancelled.with { $0.jobID = "job-open" }
            )
            #expect(try await harness.deliver(cancelled))
            #expect(try await harness.intent(job: "job-open").status == .released)

            // And a repeat of account.deleted changes nothing
            #expect(try await !harness.deliver(try Self.deleted("cora")))
        }
    }

    @Test("account.deleted without a user id is INVALID_ARGUMENT and changes nothing")
    func refusesBlankUser() async throws {
        try await PaymentsHarness.run { harness in
            _ = try await harness.addCard("cora")
            let error = await #expect(throws: RPCError.self) { _ = try await harness.deliver(try Self.deleted("")) }
            #expect(error?.code == .invalidArgument)
            #expect(try await harness.asUser("cora").listPaymentMethods(.init()).paymentMethods.count == 1)
        }
    }
}
