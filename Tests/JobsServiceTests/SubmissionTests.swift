import Foundation
import QuadContracts
import QuadWire
import Testing

@Suite("Jobs: submission (L1)")
struct SubmissionTests {
    @Test("a submission holds the estimate, waits at stage 0 and tells matching and payments; a repeat is the same job")
    func submitAndRepeat() async throws {
        try await JobsHarness.run { harness in
            let request = harness.submission(loads: 3)
            let job = try await harness.submit("cora", key: "k-1", request)
            #expect(job.stage == .waitingForDasher)
            #expect(job.status == .open)
            #expect(job.customerID == "cora")
            #expect(job.dormID == JobsHarness.dorm)
            #expect(job.estimate.total.minorUnits == 3 * 350 + 1_100)
            #expect(job.paymentIntentID == "pi-\(job.jobID)")
            #expect(job.paymentState == .held)
            #expect(job.timeline.map(\.kind) == ["submitted"])
            let repeated = try await harness.submit("cora", key: "k-1", request)
            #expect(repeated.jobID == job.jobID)
            #expect(harness.payments.state.withLock { $0.holds.count } == 1, "one hold for one key")
            #expect(
                try await harness.outbox() == [
                    SentMessage(destination: "matching", topic: "job.submitted", key: "\(job.jobID):job.submitted"),
                    SentMessage(destination: "payments", topic: "job.posted", key: "\(job.jobID):job.posted"),
                ]
            )
            #expect(try await harness.feed(of: "cora") == ["submitted"])
        }
    }

    @Test("the same idempotency key with another request is FAILED_PRECONDITION; another key is another job")
    func keyReuse() async throws {
        try await JobsHarness.run { harness in
            let first = try await harness.submit("cora", key: "k-1", harness.submission(loads: 2))
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.submit("cora", key: "k-1", harness.submission(loads: 5))
            }
            #expect(error?.code == .failedPrecondition)
            let second = try await harness.submit("cora", key: "k-2", harness.submission(loads: 2))
            #expect(second.jobID != first.jobID)
        }
    }

    @Test("a declined card posts no job and sends nothing")
    func declined() async throws {
        try await JobsHarness.run { harness in
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.submit("cora", harness.submission(card: "declined"))
            }
            #expect(error?.code == .failedPrecondition)
            #expect(error?.message.contains("insufficient_funds") == true)
            let mine = try await harness.as("cora") {
                try await $0.listMyLaundryJobs(.init(), options: JobsHarness.options())
            }
            #expect(mine.jobs.isEmpty)
            #expect(try await harness.outbox().isEmpty)
        }
    }

    /// One way a submission can be wrong, and the field the refusal must name.
    enum BadField: String, CaseIterable, Sendable {
        case noLoads = "estimated_loads", tooManyLoads = "estimated_loads "
        case dropOffAtPickup = "drop", pickupInThePast = "pickup", unknownAddOn = "add_ons[1]"
        case noPaymentMethod = "payment_method_id", preferringThemself = "preferred", longInstructions = "instructions"

        var field: String { rawValue.trimmingCharacters(in: .whitespaces) }

        func spoil(_ request: inout Quad_Jobs_V1_SubmitLaundryJobRequest) {
            switch self {
            case .noLoads: request.estimatedLoads = 0
            case .tooManyLoads: request.estimatedLoads = 21
            case .dropOffAtPickup: request.dropOffAtMicros = request.pickupAtMicros
            case .pickupInThePast: request.pickupAtMicros = 1
            case .unknownAddOn: request.addOns = [.folding, .unspecified]
            case .noPaymentMethod: request.paymentMethodID = ""
            case .preferringThemself: request.preferredDasherID = "cora"
            case .longInstructions: request.instructions = String(repeating: "x", count: 1_001)
            }
        }
    }

    @Test("bad fields are INVALID_ARGUMENT naming the field, before any hold", arguments: BadField.allCases)
    func badFields(bad: BadField) async throws {
        try await JobsHarness.run { harness in
            var request = harness.submission()
            bad.spoil(&request)
            let error = await #expect(throws: RPCError.self) { _ = try await harness.submit("cora", request) }
            #expect(error?.code == .invalidArgument)
            let message = error?.message.lowercased() ?? ""
            #expect(message.contains(bad.field), "\(message) names \(bad.field)")
            #expect(harness.payments.state.withLock { $0.holds.isEmpty })
            let sent = try await harness.outbox()
            #expect(sent.isEmpty)
        }
    }

    @Test("without an idempotency-key or a signed-in caller, nothing is submitted")
    func needsKeyAndCaller() async throws {
        try await JobsHarness.run { harness in
            let request = harness.submission()
            let noKey = await #expect(throws: RPCError.self) {
                _ = try await harness.as("cora") {
                    try await $0.submitLaundryJob(request, options: JobsHarness.options())
                }
            }
            #expect(noKey?.code == .invalidArgument)
            #expect(noKey?.message.contains("idempotency-key") == true)
            let anonymous = await #expect(throws: RPCError.self) {
                _ = try await harness.server.withTransport(as: .gateway) {
                    try await Quad_Jobs_V1_Jobs.Client(transport: $0).submitLaundryJob(
                        request,
                        options: JobsHarness.options(key: "k")
                    )
                }
            }
            #expect(anonymous?.code == .unauthenticated)
            // Jobs reads no Bearer tokens (issue 11, item 5): the refusal says to come through the gateway,
            // or, for a service, to forward the caller, rather than to send a token jobs would ignore.
            #expect(anonymous?.message.contains("through the gateway") == true)
            #expect(anonymous?.message.contains("x-quad-caller") == true)
            #expect(harness.payments.state.withLock { $0.holds.isEmpty })
        }
    }

    @Test("a job that cannot be stored after its hold has the hold released at once")
    func orphanedHoldReleased() async throws {
        try await JobsHarness.run { harness in
            let request = harness.submission()
            // While payments holds, time passes the pickup: the job can no longer be stored as asked.
            harness.payments.onHold.withLock { $0 = { harness.clock.advance(by: .seconds(2 * 3_600)) } }
            let error = await #expect(throws: RPCError.self) { _ = try await harness.submit("cora", request) }
            #expect(error?.code == .invalidArgument)
            let held = harness.payments.state.withLock { $0.holds.values.map(\.paymentIntent.paymentIntentID) }
            #expect(held.count == 1)
            #expect(harness.payments.state.withLock { $0.releases } == held)
            let sent = try await harness.outbox()
            #expect(sent.isEmpty)
        }
    }
}
