import Foundation
import Logging
import PaymentsProviders
import PaymentsService
import QuadContracts
import QuadWire
import Testing

@Suite("Payments: restarted between a hold and its capture, the capture happens once (the sandbox's journal)")
struct RestartTests {
    /// Runs `body` with a journal path in a fresh temporary directory, removed afterwards.
    static func withJournal(_ body: (String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "payments-restart-\(UUID().uuidString)"
        )
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory.appendingPathComponent("payments-sandbox.jsonl").path)
    }

    /// payments as it starts again: a new service on the same database, its sandbox opened on the same journal.
    static func restarted(_ harness: PaymentsHarness, journal: String) throws -> PaymentsService {
        let clock = harness.clock
        return PaymentsService(
            database: harness.database,
            provider: try SandboxPaymentProvider(clock: clock.clock, journalPath: journal),
            directory: FixedDormDirectory(prices: [PaymentsHarness.dorm: PaymentsHarness.prices]),
            jobs: harness.jobs,
            users: harness.users,
            clock: clock.clock
        )
    }

    static var deliverContext: ServerContext {
        ServerContext(
            method: Quad_Payments_V1_Payments.Method.deliver,
            metadata: [:],
            deadline: nil,
            peer: PeerInfo(address: "jobs"),
            logger: Logger(label: "test.payments.restarted")
        )
    }

    @Test("the restarted service captures the hold the first one placed, once")
    func captureAfterRestart() async throws {
        try await Self.withJournal { journal in
            try await PaymentsHarness.run(journalPath: journal) { harness in
                let card = try await harness.addCard("cora")
                _ = try await harness.hold(job: "job-1", customer: "cora", card: card)

                let restarted = try Self.restarted(harness, journal: journal)
                let completed = try PaymentsHarness.completed(job: "job-1", customer: "cora", dasher: "dan")
                #expect(try await restarted.deliver(request: completed, context: Self.deliverContext).applied)
                #expect(try await !restarted.deliver(request: completed, context: Self.deliverContext).applied)
                #expect(try await harness.intent(job: "job-1").captured == PaymentsHarness.amount(2_050))
                #expect(try await harness.balance("dan").available == PaymentsHarness.amount(1_763))
            }
        }
    }

    @Test("killed after the provider captured and before the write: the retry's capture is the provider's repeat")
    func crashBetweenProviderAndWrite() async throws {
        try await Self.withJournal { journal in
            try await PaymentsHarness.run(journalPath: journal) { harness in
                let card = try await harness.addCard("cora")
                let hold = try await harness.hold(job: "job-1", customer: "cora", card: card)
                // Given the first process got as far as the provider's capture (its authorisation is the only one)
                let processor = try SandboxPaymentProvider(clock: harness.clock.clock, journalPath: journal)
                let authorization = try await processor.authorize(
                    PaymentsHarness.usd(2_050),
                    paymentMethod: "tok_sandbox_visa",
                    idempotencyKey: "job-1:hold"
                )
                _ = try await processor.capture(
                    PaymentsHarness.usd(2_050),
                    authorization: authorization.id,
                    idempotencyKey: "job-1:capture"
                )

                // When the restarted service applies the completion jobs redelivers
                let restarted = try Self.restarted(harness, journal: journal)
                let completed = try PaymentsHarness.completed(job: "job-1", customer: "cora", dasher: "dan")
                #expect(try await restarted.deliver(request: completed, context: Self.deliverContext).applied)

                // Then it is recorded once, with the provider's first capture
                let intent = try await harness.intent(job: "job-1")
                #expect(intent.paymentIntentID == hold.paymentIntent.paymentIntentID)
                #expect(intent.captured == PaymentsHarness.amount(2_050))
                #expect(try await harness.balance("dan").available == PaymentsHarness.amount(1_763))
            }
        }
    }
}
