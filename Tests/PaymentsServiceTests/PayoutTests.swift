import QuadContracts
import QuadWire
import Testing

@Suite("Payments: balances, ledger entries, payouts and transfers (P4, P6, P7)")
struct PayoutTests {
    @Test(
        "a payout moves earnings to the bank: available down, pending payouts up; a repeat with the same key is the same payout"
    )
    func payout() async throws {
        try await PaymentsHarness.run { harness in
            try await harness.paidJob("job-1")
            let dan = try harness.asUser("dan", roles: ["dasher"])
            let request = Quad_Payments_V1_RequestPayoutRequest.with {
                $0.amount = PaymentsHarness.amount(1_000)
                $0.bankToken = "bank_sandbox_checking"
            }
            let payout = try await dan.requestPayout(request, options: PaymentsHarness.key("payout-1"))
            #expect(payout.status == .inTransit)
            #expect(payout.amount == PaymentsHarness.amount(1_000))
            #expect(try await dan.requestPayout(request, options: PaymentsHarness.key("payout-1")) == payout)

            let balance = try await dan.getBalance(.init())
            #expect(balance.available == PaymentsHarness.amount(763))
            #expect(balance.pendingPayouts == PaymentsHarness.amount(1_000))
            #expect(balance.earnedTotal == PaymentsHarness.amount(1_763))
            #expect(try await harness.events(of: "dan").map(\.kind) == ["earned", "payout"])

            // The ledger: newest first, the payout then the earnings
            let entries = try await dan.listLedgerEntries(.init()).entries
            #expect(entries.map(\.memo) == ["payout", "earnings"])
            #expect(entries[0].debit == PaymentsHarness.amount(1_000))
            #expect(entries[1].credit == PaymentsHarness.amount(1_763))
            #expect(entries[1].reference == "job-1")
            #expect(try await dan.listLedgerEntries(.with { $0.limit = 1 }).entries.count == 1)
        }
    }

    @Test(
        "a payout settles: IN_TRANSIT until the bank's delay, then PAID, listed by ListPayouts; pending payouts fall to 0"
    )
    func payoutSettles() async throws {
        try await PaymentsHarness.run { harness in
            try await harness.paidJob("job-1")
            let dan = try harness.asUser("dan", roles: ["dasher"])
            let payout = try await dan.requestPayout(
                .with {
                    $0.amount = PaymentsHarness.amount(1_000); $0.bankToken = "bank_sandbox_checking"
                },
                options: PaymentsHarness.key("payout-1")
            )
            #expect(await harness.service.settlePayouts().pending == [payout.payoutID], "not before the bank's delay")
            #expect(try await dan.listPayouts(.init()).payouts.map(\.status) == [.inTransit])

            harness.clock.advance(byMicros: 60_000_000)
            let report = await harness.service.settlePayouts()
            #expect(report.paid == [payout.payoutID])
            #expect(await harness.service.settlePayouts() == .init(), "settled once")

            let listed = try await dan.listPayouts(.init()).payouts
            #expect(listed.map(\.payoutID) == [payout.payoutID])
            #expect(listed.first?.status == .paid)
            #expect(listed.first?.settledAtMicros == payout.requestedAtMicros + 60_000_000)
            let balance = try await dan.getBalance(.init())
            #expect(balance.pendingPayouts.minorUnits == 0)
            #expect(balance.available == PaymentsHarness.amount(763))
            #expect(try await harness.events(of: "dan").map(\.kind) == ["earned", "payout", "payout_paid"])
            // Another user sees none of them
            #expect(try await harness.asUser("cora").listPayouts(.init()).payouts.isEmpty)
        }
    }

    @Test("a payout the bank returns is FAILED with its reason, and the money is back in the available balance")
    func payoutReturned() async throws {
        try await PaymentsHarness.run { harness in
            try await harness.paidJob("job-1")
            let dan = try harness.asUser("dan", roles: ["dasher"])
            let returned = try await dan.requestPayout(
                .with {
                    $0.amount = PaymentsHarness.amount(500); $0.bankToken = "bank_sandbox_returns"
                },
                options: PaymentsHarness.key("payout-r")
            )
            #expect(returned.status == .inTransit)
            harness.clock.advance(byMicros: 1)
            let kept = try await dan.requestPayout(
                .with {
                    $0.amount = PaymentsHarness.amount(200); $0.bankToken = "bank_sandbox_checking"
                },
                options: PaymentsHarness.key("payout-k")
            )
            #expect(try await dan.getBalance(.init()).available == PaymentsHarness.amount(1_763 - 700))

            harness.clock.advance(byMicros: 60_000_000)
            let report = await harness.service.settlePayouts()
            #expect(report.failed == [returned.payoutID] && report.paid == [kept.payoutID])

            let listed = try await dan.listPayouts(.init()).payouts
            #expect(listed.map(\.payoutID) == [kept.payoutID, returned.payoutID], "newest first")
            #expect(listed.map(\.status) == [.paid, .failed])
            #expect(listed[1].failureReason.hasPrefix("could_not_process"))
            let balance = try await dan.getBalance(.init())
            #expect(balance.available == PaymentsHarness.amount(1_763 - 200), "the returned 5.00 is available again")
            #expect(balance.pendingPayouts.minorUnits == 0)
            let entries = try await dan.listLedgerEntries(.init()).entries
            #expect(entries.first?.memo == "payout_returned" && entries.first?.credit == PaymentsHarness.amount(500))
            #expect(
                try await harness.events(of: "dan").map(\.kind).suffix(2).sorted() == ["payout_failed", "payout_paid"]
            )
            let limit = await #expect(throws: RPCError.self) { _ = try await dan.listPayouts(.with { $0.limit = 501 }) }
            #expect(limit?.code == .invalidArgument)
        }
    }

    @Test("refused payouts leave the balance untouched: above the balance, a closed account, a bad token, no key")
    func refusedPayouts() async throws {
        try await PaymentsHarness.run { harness in
            try await harness.paidJob("job-1")
            let dan = try harness.asUser("dan", roles: ["dasher"])
            let tooMuch = await #expect(throws: RPCError.self) {
                _ = try await dan.requestPayout(
                    .with {
                        $0.amount = PaymentsHarness.amount(1_764); $0.bankToken = "bank_sandbox_checking"
                    },
                    options: PaymentsHarness.key("p-1")
                )
            }
            #expect(tooMuch?.code == .failedPrecondition)
            let closed = await #expect(throws: RPCError.self) {
                _ = try await dan.requestPayout(
                    .with {
                        $0.amount = PaymentsHarness.amount(500); $0.bankToken = "bank_sandbox_closed"
                    },
                    options: PaymentsHarness.key("p-2")
                )
            }
            #expect(closed?.code == .failedPrecondition)
            #expect(closed?.message.contains("account_closed") == true)
            let unknown = await #expect(throws: RPCError.self) {
                _ = try await dan.requestPayout(
                    .with {
                        $0.amount = PaymentsHarness.amount(500); $0.bankToken = "bank_made_up"
                    },
                    options: PaymentsHarness.key("p-3")
                )
            }
            #expect(unknown?.code == .invalidArgument)
            #expect(unknown?.message.contains("bank_token") == true)
            let noKey = await #expect(throws: RPCError.self) {
                _ = try await dan.requestPayout(
                    .with {
                        $0.amount = PaymentsHarness.amount(500); $0.bankToken = "bank_sandbox_checking"
                    }
                )
            }
            #expect(noKey?.code == .invalidArgument)
            let balance = try await dan.getBalance(.init())
            #expect(balance.available == PaymentsHarness.amount(1_763))
            #expect(balance.pendingPayouts.minorUnits == 0)
            let limit = await #expect(throws: RPCError.self) {
                _ = try await dan.listLedgerEntries(.with { $0.limit = 501 })
            }
            #expect(limit?.code == .invalidArgument)
        }
    }

    @Test("a transfer moves available balance to another user; more than available or to oneself is refused")
    func transfers() async throws {
        try await PaymentsHarness.run { harness in
            try await harness.paidJob("job-1")
            let dan = try harness.asUser("dan", roles: ["dasher"])
            let request = Quad_Payments_V1_TransferRequest.with {
                $0.toUserID = "eve"
                $0.amount = PaymentsHarness.amount(763)
                $0.memo = "rent"
            }
            let receipt = try await dan.transfer(request, options: PaymentsHarness.key("t-1"))
            #expect(receipt.fromUserID == "dan" && receipt.toUserID == "eve" && receipt.memo == "rent")
            #expect(try await dan.transfer(request, options: PaymentsHarness.key("t-1")) == receipt)
            #expect(try await harness.balance("dan").available == PaymentsHarness.amount(1_000))
            let eve = try await harness.balance("eve")
            #expect(eve.available == PaymentsHarness.amount(763))
            #expect(eve.earnedTotal.minorUnits == 0, "a transfer received is no earning")
            #expect(try await harness.events(of: "eve").map(\.kind) == ["transfer"])

            let tooMuch = await #expect(throws: RPCError.self) {
                _ = try await dan.transfer(
                    .with {
                        $0.toUserID = "eve"; $0.amount = PaymentsHarness.amount(1_001)
                    },
                    options: PaymentsHarness.key("t-2")
                )
            }
            #expect(tooMuch?.code == .failedPrecondition)
            let toSelf = await #expect(throws: RPCError.self) {
                _ = try await dan.transfer(
                    .with {
                        $0.toUserID = "dan"; $0.amount = PaymentsHarness.amount(1)
                    },
                    options: PaymentsHarness.key("t-3")
                )
            }
            #expect(toSelf?.code == .invalidArgument)
            let sameKeyOther = await #expect(throws: RPCError.self) {
                _ = try await dan.transfer(
                    .with {
                        $0.toUserID = "eve"; $0.amount = PaymentsHarness.amount(1)
                    },
                    options: PaymentsHarness.key("t-1")
                )
            }
            #expect(sameKeyOther?.code == .failedPrecondition)
            #expect(try await harness.balance("dan").available == PaymentsHarness.amount(1_000))
        }
    }

    @Test("a transfer to a user identity does not know, never existed or deleted, is refused alike and moves nothing")
    func transferToUnknownUser() async throws {
        try await PaymentsHarness.run { harness in
            try await harness.paidJob("job-1")
            let dan = try harness.asUser("dan", roles: ["dasher"])
            harness.users.remove("eve")
            var answers: [RPCError] = []
            for (index, recipient) in ["no-such-user", "eve"].enumerated() {
                let refused = await #expect(throws: RPCError.self) {
                    _ = try await dan.transfer(
                        .with {
                            $0.toUserID = recipient; $0.amount = PaymentsHarness.amount(100)
                        },
                        options: PaymentsHarness.key("unknown-\(index)")
                    )
                }
                answers += refused.map { [$0] } ?? []
            }
            #expect(answers.map(\.code) == [.notFound, .notFound])
            #expect(
                answers.first?.message
                    == "to_user_id: there is no user no-such-user to pay; nothing moved. Check the id with the person"
            )
            #expect(
                answers.last?.message
                    == "to_user_id: there is no user eve to pay; nothing moved. Check the id with the person"
            )

            // identity down: nothing moves either
            harness.users.setDown(true)
            let down = await #expect(throws: RPCError.self) {
                _ = try await dan.transfer(
                    .with {
                        $0.toUserID = "cora"; $0.amount = PaymentsHarness.amount(100)
                    },
                    options: PaymentsHarness.key("down")
                )
            }
            #expect(down?.code == .unavailable)

            #expect(try await harness.balance("dan").available == PaymentsHarness.amount(1_763))
            for user in ["no-such-user", "eve", "cora"] {
                #expect(try await harness.balance(user).available.minorUnits == 0)
                #expect(try await harness.events(of: user).allSatisfy { $0.kind != "transfer" })
            }
            #expect(try await harness.events(of: "dan").map(\.kind) == ["earned"])

            // identity back: the same key now transfers (the refusal was not stored as the key's answer)
            harness.users.setDown(false)
            let receipt = try await dan.transfer(
                .with {
                    $0.toUserID = "cora"; $0.amount = PaymentsHarness.amount(100)
                },
                options: PaymentsHarness.key("down")
            )
            #expect(receipt.toUserID == "cora")
        }
    }
}
