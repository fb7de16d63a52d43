import PaymentsStore
import QuadContracts
import QuadWire
import Testing

@Suite("Payments: a transfer paid by the payer's card (P6)")
struct CardTransferTests {
    static func request(to user: String = "eve", cents: Int64 = 2_500, card: String, memo: String = "groceries")
        -> Quad_Payments_V1_TransferRequest
    {
        .with {
            $0.toUserID = user
            $0.amount = PaymentsHarness.amount(cents)
            $0.memo = memo
            $0.paymentMethodID = card
        }
    }

    @Test("the card is charged and the payee's available balance goes up; a repeat of the key moves nothing more")
    func cardTransfer() async throws {
        try await PaymentsHarness.run { harness in
            // Given cora, who has a card and no balance
            let card = try await harness.addCard("cora")
            let cora = try harness.asUser("cora")

            // When she pays eve with it
            let request = Self.request(card: card)
            let receipt = try await cora.transfer(request, options: PaymentsHarness.key("t-1"))

            // Then eve has it to spend or pay out, and cora's balance is as it was
            #expect(receipt.fromUserID == "cora" && receipt.toUserID == "eve" && receipt.memo == "groceries")
            #expect(receipt.paymentMethodID == card)
            #expect(receipt.amount == PaymentsHarness.amount(2_500))
            #expect(try await cora.transfer(request, options: PaymentsHarness.key("t-1")) == receipt)
            let eve = try await harness.balance("eve")
            #expect(eve.available == PaymentsHarness.amount(2_500))
            #expect(eve.earnedTotal.minorUnits == 0, "a transfer received is no earning")
            #expect(try await harness.balance("cora").available.minorUnits == 0)
            #expect(try await harness.events(of: "eve").map(\.kind) == ["transfer"])
            #expect(try await harness.events(of: "cora").map(\.kind) == ["transfer"])

            // and cora's own ledger shows the charge, once
            let entries = try await cora.listLedgerEntries(.init()).entries
            #expect(entries.map(\.account) == ["customer_charges:cora"])
            #expect(entries.first?.debit == PaymentsHarness.amount(2_500))
            #expect(entries.first?.reference == receipt.transferID)

            // and the transfer records the provider's charge; the books balance with nothing left unallocated
            let stored = try #require(try await harness.transferRecord(receipt.transferID))
            #expect(stored.paymentMethodID == card && stored.chargeReceiptID.hasPrefix("sbx_ch_"))
            #expect(try await harness.transferRecords(from: "cora").count == 1)
            let books = try await harness.asOperator().checkBooks(.init())
            #expect(books.balanced)
            let unallocated = books.accounts.first { $0.account == "unallocated_receipts" }
            #expect(unallocated?.debits == unallocated?.credits)
        }
    }

    @Test("a card that is unknown or someone else's is NOT_FOUND naming payment_method_id, and nothing moves")
    func unknownCard() async throws {
        try await PaymentsHarness.run { harness in
            let evesCard = try await harness.addCard("eve")
            _ = try await harness.addCard("cora")
            let cora = try harness.asUser("cora")
            for (index, card) in ["pm-nope", evesCard].enumerated() {
                let refused = await #expect(throws: RPCError.self) {
                    _ = try await cora.transfer(
                        Self.request(to: "dan", card: card),
                        options: PaymentsHarness.key("unknown-\(index)")
                    )
                }
                #expect(refused?.code == .notFound)
                #expect(
                    refused?.message.hasPrefix("payment_method_id: user cora has no payment method \(card)") == true
                )
            }
            try await harness.expectNothingMoved(from: "cora", to: "dan")
        }
    }

    @Test(
        "a declined card is FAILED_PRECONDITION naming the decline, and nothing moves",
        arguments: [
            ("tok_sandbox_decline_insufficient_funds", "insufficient_funds"),
            ("tok_sandbox_decline_card_declined", "card_declined"),
        ]
    )
    func declined(token: String, code: String) async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora", token: token)
            let cora = try harness.asUser("cora")
            for _ in 0..<2 {  // the decline is the key's answer: a repeat is declined again
                let refused = await #expect(throws: RPCError.self) {
                    _ = try await cora.transfer(Self.request(card: card), options: PaymentsHarness.key("t-1"))
                }
                #expect(refused?.code == .failedPrecondition)
                #expect(refused?.message.hasPrefix("payment_method_id: the card was declined, \(code)") == true)
            }
            try await harness.expectNothingMoved(from: "cora", to: "eve")
        }
    }

    @Test("a provider that cannot be reached is UNAVAILABLE, nothing moves, and the same key works once it answers")
    func providerUnavailable() async throws {
        try await PaymentsHarness.run { harness in
            let down = try await harness.addCard("cora", token: "tok_sandbox_unavailable")
            let flaky = try await harness.addCard("cora", token: "tok_sandbox_flaky")
            let cora = try harness.asUser("cora")
            let refused = await #expect(throws: RPCError.self) {
                _ = try await cora.transfer(Self.request(card: down), options: PaymentsHarness.key("t-down"))
            }
            #expect(refused?.code == .unavailable)
            // The flaky card times out on the first attempt of each key
            let first = await #expect(throws: RPCError.self) {
                _ = try await cora.transfer(Self.request(card: flaky), options: PaymentsHarness.key("t-flaky"))
            }
            #expect(first?.code == .unavailable)
            try await harness.expectNothingMoved(from: "cora", to: "eve")

            // When the retry with the same key reaches it
            let receipt = try await cora.transfer(Self.request(card: flaky), options: PaymentsHarness.key("t-flaky"))

            // Then the money moved once
            #expect(receipt.paymentMethodID == flaky)
            #expect(try await harness.balance("eve").available == PaymentsHarness.amount(2_500))
            #expect(try await cora.listLedgerEntries(.init()).entries.count == 1)
        }
    }

    @Test("a card transfer in another currency than payments' is INVALID_ARGUMENT naming amount.currency")
    func otherCurrency() async throws {
        try await PaymentsHarness.run { harness in
            let card = try await harness.addCard("cora")
            var request = Self.request(card: card)
            request.amount.currency = "EUR"
            harness.users.setDown(true)  // refused before identity is asked
            let refused = await #expect(throws: RPCError.self) {
                _ = try await harness.asUser("cora").transfer(request, options: PaymentsHarness.key("t-1"))
            }
            #expect(refused?.code == .invalidArgument)
            #expect(refused?.message == "amount.currency: payments settles in USD, not EUR")
            harness.users.setDown(false)
            try await harness.expectNothingMoved(from: "cora", to: "eve")
        }
    }

    @Test("without payment_method_id the balance pays, as before: a card is never charged for it")
    func balanceFundedUnchanged() async throws {
        try await PaymentsHarness.run { harness in
            // Given cora has a card and no balance
            _ = try await harness.addCard("cora")
            let cora = try harness.asUser("cora")

            // Then a transfer without payment_method_id is above her balance, and her card is not charged
            let refused = await #expect(throws: RPCError.self) {
                _ = try await cora.transfer(Self.request(card: ""), options: PaymentsHarness.key("t-1"))
            }
            #expect(refused?.code == .failedPrecondition)
            try await harness.expectNothingMoved(from: "cora", to: "eve")

            // and dan's earnings pay as they did, with no card on the receipt
            try await harness.paidJob("job-1")
            let receipt = try await harness.asUser("dan", roles: ["dasher"]).transfer(
                Self.request(cents: 763, card: ""),
                options: PaymentsHarness.key("t-2")
            )
            #expect(receipt.paymentMethodID.isEmpty)
            #expect(try await harness.balance("dan").available == PaymentsHarness.amount(1_000))
            #expect(try await harness.balance("eve").available == PaymentsHarness.amount(763))
            let stored = try #require(try await harness.transferRecord(receipt.transferID))
            #expect(stored.chargeReceiptID.isEmpty && stored.householdID.isEmpty)
        }
    }
}

extension PaymentsHarness {
    /// The transfer `id` as payments stored it.
    func transferRecord(_ id: String) async throws -> TransferRecord? {
        try await database.read { db in try PaymentsStore.transfer(id: id, db) }
    }

    /// The transfers `user` paid, as stored.
    func transferRecords(from user: String) async throws -> [TransferRecord] {
        try await database.read { db in try PaymentsStore.transfers(from: user, db) }
    }

    /// Expects that no transfer from `payer` was recorded: no row, no ledger entry of the payer's, no balance or
    /// feed event for `payee`.
    func expectNothingMoved(from payer: String, to payee: String) async throws {
        #expect(try await transferRecords(from: payer).isEmpty)
        #expect(try await asUser(payer).listLedgerEntries(.init()).entries.isEmpty)
        #expect(try await balance(payee).available.minorUnits == 0)
        #expect(try await events(of: payee).isEmpty)
        #expect(try await events(of: payer).allSatisfy { $0.kind != "transfer" })
    }
}
