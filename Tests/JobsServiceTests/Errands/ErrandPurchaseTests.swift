import Foundation
import JobsService
import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

/// E5 and story 13 through the service: the buyer's updates, the purchase with its receipt, the requester's approval
/// and delivery with what payments is told to capture.
@Suite("Errands: updates, purchase, approval and delivery (E5, story 13)")
struct ErrandPurchaseTests {
    static func update(
        _ harness: JobsHarness,
        _ errandID: String,
        as user: String,
        _ kind: Quad_Jobs_V1_ErrandUpdateKind
    )
        async throws -> Quad_Jobs_V1_Errand
    {
        try await harness.errands(user) {
            try await $0.postErrandUpdate(
                .with {
                    $0.errandID = errandID
                    $0.kind = kind
                }
            )
        }
    }

    static func record(
        _ harness: JobsHarness,
        _ errandID: String,
        as user: String = "buyer-bo",
        _ lines: [Quad_Jobs_V1_ErrandPurchaseLine],
        receipt: String
    ) async throws -> Quad_Jobs_V1_Errand {
        try await harness.errands(user) {
            try await $0.recordPurchase(
                .with {
                    $0.errandID = errandID
                    $0.lines = lines
                    $0.receiptDocumentID = receipt
                }
            )
        }
    }

    static func approve(_ harness: JobsHarness, _ errandID: String, as user: String) async throws
        -> Quad_Jobs_V1_Errand
    {
        try await harness.errands(user) { try await $0.approvePurchase(.with { $0.errandID = errandID }) }
    }

    @Test("Given an accepted errand, when updates are posted, then only the buyer, each at its stage")
    func updates() async throws {
        try await JobsHarness.run { harness in
            let errand = try await harness.accepted("req-ada", by: "buyer-bo")
            let id = errand.errandID
            await expectRefusal(.failedPrecondition, naming: "\"on the way\" is said at stage 2 bought") {
                _ = try await Self.update(harness, id, as: "buyer-bo", .onTheWay)
            }
            await expectRefusal(.permissionDenied, naming: id) {
                _ = try await Self.update(harness, id, as: "req-ada", .atStore)
            }
            await expectRefusal(.notFound, naming: "errand_id") {
                _ = try await Self.update(harness, id, as: "stranger", .atStore)
            }
            await expectRefusal(.invalidArgument, naming: "kind") {
                _ = try await Self.update(harness, id, as: "buyer-bo", .unspecified)
            }
            let atStore = try await Self.update(harness, id, as: "buyer-bo", .atStore)
            #expect(atStore.timeline.last?.kind == "at_store")
            #expect(try await harness.errandFeed(of: "req-ada").last == "at_store")

            try await harness.recordPurchase(id, by: "buyer-bo", prices: [300, 450])
            await expectRefusal(.failedPrecondition, naming: "\"at the store\" is said at stage 1 accepted") {
                _ = try await Self.update(harness, id, as: "buyer-bo", .atStore)
            }
            let onTheWay = try await Self.update(harness, id, as: "buyer-bo", .onTheWay)
            #expect(onTheWay.timeline.last?.kind == "on_the_way")
            #expect(try await harness.errandFeed(of: "req-ada").last == "on_the_way")
            // And an open errand takes no update
            let open = try await harness.post("req-ada")
            await expectRefusal(.failedPrecondition, naming: open.errandID) {
                _ = try await Self.update(harness, open.errandID, as: "buyer-bo", .atStore)
            }
        }
    }

    @Test("Given an accepted errand, when a purchase's receipt is not its RECEIPT document, then FAILED_PRECONDITION")
    func wrongReceipts() async throws {
        try await JobsHarness.run { harness in
            let errand = try await harness.accepted("req-ada", by: "buyer-bo")
            let other = try await harness.accepted("req-cy", by: "buyer-bo")
            let lines = JobsHarness.lines([300, 450])
            harness.documents.put("evidence", job: errand.errandID, purpose: .disputeEvidence)
            let othersReceipt = harness.receipt(of: other.errandID)
            for receipt in ["never-uploaded", "evidence", othersReceipt] {
                await expectRefusal(.failedPrecondition, naming: "receipt_document_id") {
                    _ = try await Self.record(harness, errand.errandID, lines, receipt: receipt)
                }
            }
            #expect(try await harness.errand(errand.errandID, as: "req-ada").stage == .accepted)
            #expect(try await harness.errandFeed(of: "req-ada").last == "buyer_assigned")
        }
    }

    @Test("Given fleet-documents down, when the buyer records a purchase, then UNAVAILABLE and nothing changed")
    func documentsDown() async throws {
        try await JobsHarness.run { harness in
            let errand = try await harness.accepted("req-ada", by: "buyer-bo")
            let receipt = harness.receipt(of: errand.errandID)
            harness.documents.state.withLock { $0.down = true }
            await expectRefusal(.unavailable, naming: "receipt") {
                _ = try await Self.record(harness, errand.errandID, JobsHarness.lines([300, 450]), receipt: receipt)
            }
            let unchanged = try await harness.errand(errand.errandID, as: "req-ada")
            #expect(unchanged.stage == .accepted)
            #expect(!unchanged.hasPurchase)
            // And once it is back, the same purchase is recorded
            harness.documents.state.withLock { $0.down = false }
            let bought = try await Self.record(
                harness,
                errand.errandID,
                JobsHarness.lines([300, 450]),
                receipt: receipt
            )
            #expect(bought.stage == .bought)
        }
    }

    @Test("Given an accepted errand, when the purchase's lines are wrong or it is not the buyer's, then it is refused")
    func wrongPurchases() async throws {
        try await JobsHarness.run { harness in
            let errand = try await harness.accepted("req-ada", by: "buyer-bo")
            let receipt = harness.receipt(of: errand.errandID)
            let id = errand.errandID
            let notFoundWithPrice = Quad_Jobs_V1_ErrandPurchaseLine.with {
                $0.notFound = true
                $0.price = JobsHarness.usd(100)
            }
            let euros = Quad_Jobs_V1_ErrandPurchaseLine.with {
                $0.price = .with {
                    $0.minorUnits = 300
                    $0.currency = "EUR"
                }
            }
            let wrong: [(Refused, String, [Quad_Jobs_V1_ErrandPurchaseLine])] = [
                (.invalidArgument, "lines", JobsHarness.lines([300])),
                (.invalidArgument, "lines", JobsHarness.lines([300, 450, 100])),
                (.invalidArgument, "lines", []),
                (.invalidArgument, "lines[1]", [JobsHarness.lines([300])[0], notFoundWithPrice]),
                (.invalidArgument, "lines[0].price", [Quad_Jobs_V1_ErrandPurchaseLine()]),
                (.invalidArgument, "lines[1].price", JobsHarness.lines([300, -1])),
                (.invalidArgument, "lines[0].price", [euros, JobsHarness.lines([450])[0]]),
                (.invalidArgument, "lines", JobsHarness.lines([Int64.max / 2, Int64.max / 2])),
            ]
            for (status, field, lines) in wrong {
                await expectRefusal(status, naming: field) {
                    _ = try await Self.record(harness, id, lines, receipt: receipt)
                }
            }
            await expectRefusal(.invalidArgument, naming: "receipt_document_id") {
                _ = try await Self.record(harness, id, JobsHarness.lines([300, 450]), receipt: "")
            }
            await expectRefusal(.permissionDenied, naming: id) {
                _ = try await Self.record(harness, id, as: "req-ada", JobsHarness.lines([300, 450]), receipt: receipt)
            }
            await expectRefusal(.notFound, naming: "errand_id") {
                _ = try await Self.record(harness, id, as: "stranger", JobsHarness.lines([300, 450]), receipt: receipt)
            }
            #expect(try await harness.errand(id, as: "req-ada").stage == .accepted)
            // And once recorded, a second purchase is refused
            _ = try await Self.record(harness, id, JobsHarness.lines([300, 450]), receipt: receipt)
            await expectRefusal(.failedPrecondition, naming: "stage") {
                _ = try await Self.record(harness, id, JobsHarness.lines([300, 450]), receipt: receipt)
            }
        }
    }

    @Test("Given an item bought above its maximum, when delivered, then refused until the requester approves")
    func approval() async throws {
        try await JobsHarness.run { harness in
            let errand = try await harness.accepted("req-ada", by: "buyer-bo")
            let id = errand.errandID
            await expectRefusal(.failedPrecondition, naming: "nothing was bought") {
                _ = try await Self.approve(harness, id, as: "req-ada")
            }
            let bought = try await harness.recordPurchase(id, by: "buyer-bo", prices: [320, 450])
            #expect(bought.purchase.itemsAboveMaximum == [0])
            #expect(bought.purchase.needsApproval)
            #expect(!bought.purchase.approved)
            #expect(bought.purchase.total == JobsHarness.usd(640 + 450 + 225))
            await expectRefusal(.failedPrecondition, naming: "items[0]") {
                _ = try await harness.deliver(id, by: "buyer-bo")
            }
            await expectRefusal(.permissionDenied, naming: id) {
                _ = try await Self.approve(harness, id, as: "buyer-bo")
            }
            let approved = try await Self.approve(harness, id, as: "req-ada")
            #expect(approved.purchase.approved)
            #expect(try await harness.errandFeed(of: "buyer-bo").last == "purchase_approved")
            await expectRefusal(.failedPrecondition, naming: "approved already") {
                _ = try await Self.approve(harness, id, as: "req-ada")
            }
            let delivered = try await harness.deliver(id, by: "buyer-bo")
            #expect(delivered.stage == .delivered)
            let completed = try await harness.outboxPayload(
                Quad_Jobs_V1_JobCompleted.self,
                topic: Quad_Jobs_V1_JobCompleted.topic,
                key: "\(id):\(Quad_Jobs_V1_JobCompleted.topic)"
            )
            #expect(completed?.finalTotal == JobsHarness.usd(1_315))
            #expect(completed?.aboveHoldApproved == true)
        }
    }

    @Test("Given nothing found and a free item, when delivered, then job.completed charges the fee and the free item")
    func nothingFound() async throws {
        try await JobsHarness.run { harness in
            let errand = try await harness.accepted("req-ada", by: "buyer-bo")
            let bought = try await harness.recordPurchase(errand.errandID, by: "buyer-bo", prices: [nil, 0])
            #expect(bought.purchase.total == JobsHarness.usd(225))
            _ = try await harness.deliver(errand.errandID, by: "buyer-bo")
            let completed = try await harness.outboxPayload(
                Quad_Jobs_V1_JobCompleted.self,
                topic: Quad_Jobs_V1_JobCompleted.topic,
                key: "\(errand.errandID):\(Quad_Jobs_V1_JobCompleted.topic)"
            )
            #expect(completed?.lines.map(\.code) == ["item", "delivery_fee"])
            #expect(completed?.lines.map(\.amount) == [JobsHarness.usd(0), JobsHarness.usd(225)])
            #expect(completed?.finalTotal == JobsHarness.usd(225))
        }
    }

    @Test("Given a purchase within the maxima, when approved, then FAILED_PRECONDITION: it needs no approval")
    func noApprovalNeeded() async throws {
        try await JobsHarness.run { harness in
            let errand = try await harness.accepted("req-ada", by: "buyer-bo")
            let bought = try await harness.recordPurchase(errand.errandID, by: "buyer-bo", prices: [300, 450])
            #expect(!bought.purchase.needsApproval)
            #expect(bought.purchase.approved)
            await expectRefusal(.failedPrecondition, naming: "needs no approval") {
                _ = try await Self.approve(harness, errand.errandID, as: "req-ada")
            }
        }
    }

    @Test("Given a bought errand with an item not found, when delivered, then job.completed lists the items as paid")
    func delivery() async throws {
        try await JobsHarness.run { harness in
            let request = harness.errandRequest(
                items: [
                    JobsHarness.item("Oat milk, 1 l", 2, max: 300, store: "Corner Market"),
                    JobsHarness.item("Rye bread", 1, max: 450, store: "Corner Market"),
                    JobsHarness.item("Bananas", 6, max: 40),
                ]
            )
            let posted = try await harness.post("req-ada", request)
            #expect(posted.estimate.deliveryFee == JobsHarness.usd(375))
            let id = posted.errandID
            _ = try await harness.errands("buyer-bo") { try await $0.acceptErrand(.with { $0.errandID = id }) }
            await expectRefusal(.failedPrecondition, naming: "stage") {
                _ = try await harness.deliver(id, by: "buyer-bo")
            }
            let bought = try await harness.recordPurchase(id, by: "buyer-bo", prices: [280, nil, 35])
            #expect(bought.purchase.lines.map(\.notFound) == [false, true, false])
            #expect(bought.purchase.total == JobsHarness.usd(560 + 210 + 375))
            await expectRefusal(.permissionDenied, naming: id) {
                _ = try await harness.deliver(id, by: "req-ada")
            }
            await expectRefusal(.notFound, naming: "errand_id") {
                _ = try await harness.deliver(id, by: "stranger")
            }
            let before = harness.clock.micros
            let delivered = try await harness.deliver(id, by: "buyer-bo")
            #expect(delivered.stage == .delivered)
            #expect(delivered.status == .completed)
            #expect(delivered.paymentState == .capturePending)
            #expect(delivered.reviewDeadlineMicros == before + 14 * JobsHarness.day)
            #expect(delivered.chatClosesAtMicros == before + 7 * JobsHarness.day)
            #expect(try await harness.errandFeed(of: "req-ada").suffix(2) == ["purchase_recorded", "delivered"])

            let completed = try #require(
                try await harness.outboxPayload(
                    Quad_Jobs_V1_JobCompleted.self,
                    topic: Quad_Jobs_V1_JobCompleted.topic,
                    key: "\(id):\(Quad_Jobs_V1_JobCompleted.topic)"
                )
            )
            #expect(try await harness.outboxLines().contains("payments job.completed \(id):job.completed"))
            #expect(completed.product == "errands")
            #expect(completed.jobID == id)
            #expect(completed.customerID == "req-ada")
            #expect(completed.dasherID == "buyer-bo")
            #expect(completed.paymentIntentID == posted.paymentIntentID)
            #expect(completed.finalTotal == JobsHarness.usd(1_145))
            #expect(completed.lines.map(\.code) == ["item", "item", "delivery_fee"])
            #expect(completed.lines.map(\.quantity) == [2, 6, 1])
            #expect(completed.lines.map(\.amount) == [JobsHarness.usd(280), JobsHarness.usd(35), JobsHarness.usd(375)])
            // And a delivered errand is delivered once
            await expectRefusal(.failedPrecondition, naming: id) {
                _ = try await harness.deliver(id, by: "buyer-bo")
            }
        }
    }
}
