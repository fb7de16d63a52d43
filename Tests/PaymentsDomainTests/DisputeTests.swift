import PaymentsDomain
import Testing

@Suite("Dispute")
struct DisputeTests {
    /// A dispute of `intent`, opened a day after the start of 2025.
    func open(
        _ intent: PaymentIntent,
        description: String = "Two shirts came back torn.",
        evidence: [String] = ["doc_1"],
        configuration: DisputeConfiguration = .defaults
    ) throws -> Dispute {
        try Dispute.open(
            id: "dp_1",
            paymentIntent: intent,
            reason: .damagedItems,
            description: description,
            evidenceDocumentIDs: evidence,
            now: newYear + day,
            configuration: configuration
        )
    }

    @Test("a dispute of a captured payment is open for 14 days")
    func opens() throws {
        let dispute = try open(try capturedIntent())
        #expect(dispute.status == .open)
        #expect(dispute.paymentIntentID == "pi_1")
        #expect(dispute.reason == .damagedItems)
        #expect(dispute.deadline == newYear + 15 * day)
        #expect(!dispute.isOverdue(at: dispute.deadline))
        #expect(dispute.isOverdue(at: dispute.deadline + 1))
    }

    @Test("the deadline is configurable")
    func configurableDeadline() throws {
        let dispute = try open(try capturedIntent(), configuration: DisputeConfiguration(resolutionWindow: 3 * day))
        #expect(dispute.deadline == newYear + 4 * day)
    }

    @Test("a dispute may name no evidence, or up to ten documents")
    func evidenceBounds() throws {
        #expect(try open(try capturedIntent(), evidence: []).evidenceDocumentIDs.isEmpty)
        let ten = (1...10).map { "doc_\($0)" }
        #expect(try open(try capturedIntent(), evidence: ten).evidenceDocumentIDs == ten)
    }

    @Test("opening is refused for a description that is blank or too long, and for bad evidence lists")
    func openRefusals() throws {
        let intent = try capturedIntent()
        #expect(refusal(.invalidArgument) { try open(intent, description: "  \n ") }?.field == "description")
        let long = refusal(.invalidArgument) { try open(intent, description: String(repeating: "a", count: 2_001)) }
        #expect(long?.message == "description has 2001 characters; shorten it to at most 2000")
        #expect(try open(intent, description: String(repeating: "é", count: 2_000)).description.count == 2_000)
        let eleven = refusal(.invalidArgument) { try open(intent, evidence: (1...11).map { "doc_\($0)" }) }
        #expect(eleven?.field == "evidence_document_ids")
        #expect(
            refusal(.invalidArgument) { try open(intent, evidence: ["doc_1", ""]) }?.field == "evidence_document_ids[1]"
        )
        let repeated = refusal(.invalidArgument) { try open(intent, evidence: ["doc_1", "doc_2", "doc_1"]) }
        #expect(repeated?.message == "evidence_document_ids[2]: document doc_1 is named already; name each once")
        refusal(.invalidArgument) {
            try Dispute.open(
                id: "",
                paymentIntent: intent,
                reason: .notDone,
                description: "x",
                evidenceDocumentIDs: [],
                now: newYear
            )
        }
    }

    @Test("a deadline past the representable time is refused")
    func deadlineOverflow() throws {
        let intent = try capturedIntent()
        refusal(.outOfRange) {
            try Dispute.open(
                id: "dp_1",
                paymentIntent: intent,
                reason: .stolenItems,
                description: "Gone.",
                evidenceDocumentIDs: [],
                now: .max - day
            )
        }
    }

    @Test("only a captured payment with something left to refund can be disputed")
    func openNeedsCapture() throws {
        let held = try heldIntent()
        let error = refusal(.failedPrecondition) { try open(held) }
        #expect(
            error?.message
                == "cannot dispute intent pi_1: nothing was captured; only a captured payment can be disputed"
        )
        var refunded = try capturedIntent()
        _ = try refunded.refund(usd(2_500), now: newYear)
        let nothingLeft = refusal(.failedPrecondition) { try open(refunded) }
        #expect(
            nothingLeft?.message == "nothing is left to refund on intent pi_1: all USD 25.00 it charged was refunded"
        )
    }

    @Test("resolving with a full refund refunds what is still refundable through the intent")
    func refundAll() throws {
        // Given: USD 5.00 of 25.00 refunded already
        var intent = try capturedIntent()
        _ = try intent.refund(usd(500), now: newYear)
        var dispute = try open(intent)

        // When
        let action = try dispute.resolve(.refundAll, paymentIntent: &intent, now: newYear + 2 * day)

        // Then
        guard case .refund(let refund) = action else {
            Issue.record("expected a refund, got \(action)")
            return
        }
        #expect(refund.providerCall == .refund(usd(2_000)))
        #expect(refund.postings.map(\.kind) == [.refund])
        #expect(intent.refundable == usd(0))
        #expect(dispute.status == .closed(.refunded(usd(2_000)), at: newYear + 2 * day))
    }

    @Test("resolving with a partial refund refunds that amount, above zero and below what is refundable")
    func refundPart() throws {
        var intent = try capturedIntent()
        var dispute = try open(intent)
        refusal(of: dispute, .outOfRange) {
            var copy = intent
            return try $0.resolve(.refundPart(usd(2_501)), paymentIntent: &copy, now: newYear + 2 * day)
        }
        refusal(of: dispute, .invalidArgument) {
            var copy = intent
            return try $0.resolve(.refundPart(usd(0)), paymentIntent: &copy, now: newYear + 2 * day)
        }
        let everything = refusal(of: dispute, .outOfRange) {
            var copy = intent
            return try $0.resolve(.refundPart(intent.refundable), paymentIntent: &copy, now: newYear + 2 * day)
        }
        #expect(everything?.field == "refund")
        #expect(everything?.message.contains("less than the \(intent.refundable.formatted)") == true)
        _ = try dispute.resolve(.refundPart(usd(1_200)), paymentIntent: &intent, now: newYear + 2 * day)
        #expect(intent.refunded == usd(1_200))
        #expect(dispute.status == .closed(.refunded(usd(1_200)), at: newYear + 2 * day))
    }

    @Test("a refused resolution changes neither the dispute nor the intent")
    func refusedResolutionChangesNothing() throws {
        // Given: a dispute whose intent was fully refunded meanwhile
        var intent = try capturedIntent()
        let dispute = try open(intent)
        _ = try intent.refund(usd(2_500), now: newYear + 2 * day)
        let before = intent

        // When
        var attempt = dispute
        let error = refusal(.failedPrecondition) {
            try attempt.resolve(.refundAll, paymentIntent: &intent, now: newYear + 3 * day)
        }

        // Then
        #expect(error?.message == "nothing is left to refund on intent pi_1: all USD 25.00 it charged was refunded")
        #expect(attempt == dispute)
        #expect(intent == before)
    }

    @Test("resolving with no refund closes the dispute and touches no money")
    func noRefund() throws {
        var intent = try capturedIntent()
        let before = intent
        var dispute = try open(intent)
        #expect(try dispute.resolve(.noRefund, paymentIntent: &intent, now: newYear + 2 * day) == .noRefund)
        #expect(intent == before)
        #expect(dispute.status == .closed(.noRefund, at: newYear + 2 * day))
    }

    @Test("a dispute may be resolved at its deadline, not after; after, only closed as expired with no refund")
    func deadline() throws {
        // Given
        var intent = try capturedIntent()
        let dispute = try open(intent)

        // When / Then: at the deadline
        var atDeadline = dispute
        _ = try atDeadline.resolve(.refundPart(usd(100)), paymentIntent: &intent, now: dispute.deadline)

        // When / Then: after it
        let late = refusal(of: dispute, .failedPrecondition) {
            var copy = intent
            return try $0.resolve(.refundAll, paymentIntent: &copy, now: dispute.deadline + 1)
        }
        #expect(
            late?.message
                == "the deadline of dispute dp_1 passed at 2025-01-16T00:00:00Z; it can only be closed as expired, "
                + "with no refund"
        )
        var expired = dispute
        #expect(try expired.closeExpired(now: dispute.deadline + 1) == .noRefund)
        #expect(expired.status == .closed(.expired, at: dispute.deadline + 1))
    }

    @Test("closing as expired is refused up to the deadline")
    func closeExpiredTooEarly() throws {
        let dispute = try open(try capturedIntent())
        let error = refusal(of: dispute, .failedPrecondition) { try $0.closeExpired(now: dispute.deadline) }
        #expect(
            error?.message
                == "dispute dp_1 is open until 2025-01-16T00:00:00Z; resolve it instead of closing it as expired"
        )
    }

    @Test("a closed dispute cannot be resolved or closed again")
    func resolveTwice() throws {
        var intent = try capturedIntent()
        var dispute = try open(intent)
        _ = try dispute.resolve(.refundPart(usd(700)), paymentIntent: &intent, now: newYear + 2 * day)
        let error = refusal(of: dispute, .failedPrecondition) {
            var copy = intent
            return try $0.resolve(.noRefund, paymentIntent: &copy, now: newYear + 3 * day)
        }
        #expect(
            error?.message == "dispute dp_1 was closed already, with a refund of USD 7.00, at 2025-01-03T00:00:00Z"
        )
        refusal(of: dispute, .failedPrecondition) { try $0.closeExpired(now: newYear + 30 * day) }

        var expired = try open(intent)
        _ = try expired.closeExpired(now: newYear + 30 * day)
        refusal(of: expired, .failedPrecondition) {
            var copy = intent
            return try $0.resolve(.noRefund, paymentIntent: &copy, now: newYear + 2 * day)
        }
    }

    @Test("resolving with another intent than the disputed one is refused")
    func wrongIntent() throws {
        let dispute = try open(try capturedIntent())
        let error = refusal(of: dispute, .invalidArgument) {
            var other = try capturedIntent(id: "pi_2")
            return try $0.resolve(.refundAll, paymentIntent: &other, now: newYear + 2 * day)
        }
        #expect(error?.message == "dispute dp_1 is about intent pi_1, not pi_2")
    }

    @Test("a dispute's stored fields rebuild it; contradicting ones are refused")
    func restore() throws {
        var intent = try capturedIntent()
        var dispute = try open(intent)
        _ = try dispute.resolve(.refundPart(usd(100)), paymentIntent: &intent, now: newYear + 2 * day)
        func rebuild(deadline: Int64? = nil, status: Dispute.Status? = nil) throws -> Dispute {
            try Dispute(
                restoringID: dispute.id,
                paymentIntentID: dispute.paymentIntentID,
                reason: dispute.reason,
                description: dispute.description,
                evidenceDocumentIDs: dispute.evidenceDocumentIDs,
                openedAt: dispute.openedAt,
                deadline: deadline ?? dispute.deadline,
                status: status ?? dispute.status
            )
        }
        #expect(try rebuild() == dispute)
        refusal(.invalidArgument) { try rebuild(deadline: dispute.openedAt) }
        refusal(.invalidArgument) { try rebuild(status: .closed(.refunded(usd(0)), at: newYear)) }
    }
}
