import Logging
import PaymentsProviders
import PaymentsService
import QuadContracts
import QuadServiceKit
import QuadWire
import Testing

@Suite("Payments: households' settle-up paid in the app (HouseholdTransfer, P6, H12)")
struct HouseholdTransferTests {
    static func request(
        from payer: String = "cora",
        to payee: String = "eve",
        cents: Int64 = 4_200,
        card: String,
        settlement: String = "settle-1"
    ) -> Quad_Payments_V1_HouseholdTransferRequest {
        .with {
            $0.fromUserID = payer
            $0.toUserID = payee
            $0.amount = PaymentsHarness.amount(cents)
            $0.paymentMethodID = card
            $0.householdID = "hh-1"
            $0.settlementID = settlement
        }
    }

    @Test("the payer's card pays the payee's balance, once per settlement; the ledger says which settle-up it was")
    func settleUp() async throws {
        try await PaymentsHarness.run { harness in
            // Given cora has a card
            let card = try await harness.addCard("cora")
            let households = try harness.asHouseholds()

            // When households pays settlement settle-1 with it, twice (a retry)
            let request = Self.request(card: card)
            let receipt = try await households.householdTransfer(request, options: PaymentsHarness.key("settle-1"))
            let again = try await households.householdTransfer(request, options: PaymentsHarness.key("settle-1"))

            // Then eve was paid once
            #expect(again == receipt)
            #expect(receipt.fromUserID == "cora" && receipt.toUserID == "eve" && receipt.paymentMethodID == card)
            #expect(receipt.memo == "settle-up settle-1 in household hh-1")
            #expect(try await harness.balance("eve").available == PaymentsHarness.amount(4_200))
            #expect(try await harness.balance("cora").available.minorUnits == 0)
            #expect(try await harness.events(of: "eve").map(\.kind) == ["transfer"])
            let entries = try await harness.asUser("cora").listLedgerEntries(.init()).entries
            #expect(entries.map(\.account) == ["customer_charges:cora"])
            let stored = try #require(try await harness.transferRecord(receipt.transferID))
            #expect(stored.householdID == "hh-1" && stored.settlementID == "settle-1")
            #expect(stored.chargeReceiptID.hasPrefix("sbx_ch_"))
            #expect(try await harness.asOperator().checkBooks(.init()).balanced)

            // and the same key with another request is refused, moving nothing
            let other = await #expect(throws: RPCError.self) {
                _ = try await households.householdTransfer(
                    Self.request(cents: 100, card: card),
                    options: PaymentsHarness.key("settle-1")
                )
            }
            #expect(other?.code == .failedPrecondition)
            #expect(other?.message.contains("idempotency-key 'settle-1'") == true)
            #expect(try await harness.transferRecords(from: "cora").count == 1)
            #expect(try await harness.balance("eve").available == PaymentsHarness.amount(4_200))
        }
    }

    @Test("only households may call it: any other service, a user or an operator is PERMISSION_DENIED")
    func peerGuard() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            let callers = [
                ("jobs", try harness.asJobs()), ("cora", try harness.asUser("cora")),
                ("operator", try harness.asOperator()),
            ]
            for (name, client) in callers {
                let refused = await #expect(throws: RPCError.self, "\(name)") {
                    _ = try await client.householdTransfer(
                        Self.request(card: card),
                        options: PaymentsHarness.key("settle-1")
                    )
                }
                #expect(refused?.code == .permissionDenied, "\(name)")
            }
            try await harness.expectNothingMoved(from: "cora", to: "eve")
        }
    }

    @Test(
        "a bad request is refused naming its field, and nothing moves",
        arguments: [
            (
                HouseholdTransferTests.request(from: "", card: "CARD"),
                RPCError(code: .invalidArgument, message: "from_user_id")
            ),
            (
                HouseholdTransferTests.request(to: "", card: "CARD"),
                RPCError(code: .invalidArgument, message: "to_user_id")
            ),
            (HouseholdTransferTests.request(card: ""), RPCError(code: .invalidArgument, message: "payment_method_id")),
            (
                HouseholdTransferTests.request(to: "cora", card: "CARD"),
                RPCError(code: .invalidArgument, message: "to_user_id")
            ),
            (
                HouseholdTransferTests.request(cents: 0, card: "CARD"),
                RPCError(code: .invalidArgument, message: "amount")
            ),
            (
                HouseholdTransferTests.request(cents: -5, card: "CARD"),
                RPCError(code: .invalidArgument, message: "amount")
            ),
            (
                HouseholdTransferTests.request(card: "pm-unknown"),
                RPCError(code: .notFound, message: "payment_method_id")
            ),
            (
                HouseholdTransferTests.request(to: "no-such-user", card: "CARD"),
                RPCError(code: .notFound, message: "to_user_id")
            ),
        ]
    )
    func badRequests(request: Quad_Payments_V1_HouseholdTransferRequest, expected: RPCError) async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            var request = request
            if request.paymentMethodID == "CARD" { request.paymentMethodID = card }
            let refused = await #expect(throws: RPCError.self) {
                _ = try await harness.asHouseholds().householdTransfer(request, options: PaymentsHarness.key("k-1"))
            }
            #expect(refused?.code == expected.code)
            #expect(refused?.message.contains(expected.message) == true, "\(refused?.message ?? "")")
            try await harness.expectNothingMoved(from: "cora", to: "eve")
        }
    }

    @Test("missing ids, another currency, another member's card and a missing key are refused, naming what is wrong")
    func moreRefusals() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            let evesCard = try await harness.addCard("eve")
            let households = try harness.asHouseholds()
            var noHousehold = Self.request(card: card)
            noHousehold.householdID = ""
            var noSettlement = Self.request(card: card)
            noSettlement.settlementID = ""
            var euros = Self.request(card: card)
            euros.amount.currency = "EUR"
            let cases: [(Quad_Payments_V1_HouseholdTransferRequest, RPCError)] = [
                (noHousehold, RPCError(code: .invalidArgument, message: "household_id is required")),
                (noSettlement, RPCError(code: .invalidArgument, message: "settlement_id is required")),
                (euros, RPCError(code: .invalidArgument, message: "amount.currency: payments settles in USD, not EUR")),
                (
                    Self.request(card: evesCard),
                    RPCError(code: .notFound, message: "payment_method_id: user cora has no payment method")
                ),
            ]
            for (index, (request, expected)) in cases.enumerated() {
                let refused = await #expect(throws: RPCError.self, "\(expected.message)") {
                    _ = try await households.householdTransfer(request, options: PaymentsHarness.key("k-\(index)"))
                }
                #expect(refused?.code == expected.code)
                #expect(refused?.message.hasPrefix(expected.message) == true, "\(refused?.message ?? "")")
            }
            let noKey = await #expect(throws: RPCError.self) {
                _ = try await households.householdTransfer(Self.request(card: card))
            }
            #expect(noKey?.code == .invalidArgument)
            #expect(noKey?.message.contains("idempotency-key") == true)
            try await harness.expectNothingMoved(from: "cora", to: "eve")
        }
    }

    @Test("declined and failing cards change nothing; after an outage the same settlement id pays once")
    func declinedAndFailing() async throws {
        try await PaymentsHarness.run { harness in
            let declined = try await harness.addCard("cora", token: "tok_sandbox_decline_insufficient_funds")
            let down = try await harness.addCard("cora", token: "tok_sandbox_unavailable")
            let flaky = try await harness.addCard("cora", token: "tok_sandbox_flaky")
            let households = try harness.asHouseholds()
            let refusedDecline = await #expect(throws: RPCError.self) {
                _ = try await households.householdTransfer(
                    Self.request(card: declined, settlement: "s-declined"),
                    options: PaymentsHarness.key("s-declined")
                )
            }
            #expect(refusedDecline?.code == .failedPrecondition)
            #expect(refusedDecline?.message.contains("insufficient_funds") == true)
            let refusedDown = await #expect(throws: RPCError.self) {
                _ = try await households.householdTransfer(
                    Self.request(card: down, settlement: "s-down"),
                    options: PaymentsHarness.key("s-down")
                )
            }
            #expect(refusedDown?.code == .unavailable)
            let flakyRequest = Self.request(card: flaky, settlement: "s-flaky")
            let firstTry = await #expect(throws: RPCError.self) {
                _ = try await households.householdTransfer(flakyRequest, options: PaymentsHarness.key("s-flaky"))
            }
            #expect(firstTry?.code == .unavailable)
            try await harness.expectNothingMoved(from: "cora", to: "eve")

            let receipt = try await households.householdTransfer(flakyRequest, options: PaymentsHarness.key("s-flaky"))
            #expect(receipt.paymentMethodID == flaky)
            #expect(try await harness.balance("eve").available == PaymentsHarness.amount(4_200))
            #expect(try await harness.transferRecords(from: "cora").count == 1)
        }
    }

    @Test("killed after the provider charged and before the write: the retry with the settlement id charges once")
    func crashBetweenChargeAndWrite() async throws {
        try await RestartTests.withJournal { journal in
            try await PaymentsHarness.run(journalPath: journal) { harness in
                let card = try await harness.addCard("cora")
                // Given the first process got as far as the provider's charge for settle-1, and was killed
                let processor = try SandboxPaymentProvider(clock: harness.clock.clock, journalPath: journal)
                let firstCharge = try await processor.charge(
                    PaymentsHarness.usd(4_200),
                    paymentMethod: "tok_sandbox_visa",
                    idempotencyKey: "households:transfer:settle-1"
                )

                // When payments, restarted, gets households' retry with the same key
                let restarted = try RestartTests.restarted(harness, journal: journal)
                let receipt = try await restarted.householdTransfer(
                    request: Self.request(card: card),
                    context: Self.householdsContext(key: "settle-1")
                )

                // Then the transfer is recorded once, with the first charge: the card was not charged again
                let stored = try #require(try await harness.transferRecord(receipt.transferID))
                #expect(stored.chargeReceiptID == firstCharge.id)
                #expect(try await harness.transferRecords(from: "cora").count == 1)
                #expect(try await harness.balance("eve").available == PaymentsHarness.amount(4_200))
                let replay = try await SandboxPaymentProvider(clock: harness.clock.clock, journalPath: journal).charge(
                    PaymentsHarness.usd(4_200),
                    paymentMethod: "tok_sandbox_visa",
                    idempotencyKey: "households:transfer:settle-1"
                )
                #expect(replay == firstCharge, "the provider knows one charge for the key")

                // and another retry is answered the stored receipt
                let again = try await restarted.householdTransfer(
                    request: Self.request(card: card),
                    context: Self.householdsContext(key: "settle-1")
                )
                #expect(again == receipt)
                #expect(try await harness.balance("eve").available == PaymentsHarness.amount(4_200))
            }
        }
    }

    /// A call from households, as the server's interceptors would resolve it, for a service called directly.
    static func householdsContext(key: String) -> ServerContext {
        var context = ServerContext(
            method: Quad_Payments_V1_Payments.Method.householdTransfer,
            metadata: ["idempotency-key": key],
            deadline: nil,
            peer: PeerInfo(address: "households"),
            logger: Logger(label: "test.payments.households")
        )
        context.attributes[PeerAttribute.self] = .service("households")
        return context
    }
}
