import Foundation
import HouseholdsService
import QuadContracts
import QuadWire
import Testing

@Suite("Settling up: requests, cash, in-app payments pending, completed or failed (H12)")
struct SettlementTests {
    /// PayInApp as `user` with idempotency key `key`.
    static func pay(
        _ h: HouseholdsHarness,
        _ user: String,
        key: String?,
        _ request: Quad_Households_V1_PayInAppRequest
    ) async throws -> Quad_Households_V1_Settlement {
        try await h.server.withTransport(as: .user(HouseholdsHarness.user(user))) { transport in
            var options = CallOptions.defaults
            if let key { options.metadata["idempotency-key"] = key }
            return try await Quad_Households_V1_Expenses.Client(transport: transport).payInApp(
                request,
                options: options
            )
        }
    }

    static func payment(
        _ flat: String,
        to: String,
        _ cents: Int64,
        card: String = "pm_card",
        request: String = ""
    ) -> Quad_Households_V1_PayInAppRequest {
        .with {
            $0.householdID = flat
            $0.toUserID = to
            $0.amount = Cents.usd(cents)
            $0.paymentMethodID = card
            $0.requestID = request
        }
    }

    @Test("a payee asks, the payer's cash is recorded by the payee: completed, balanced, the request paid")
    func requestThenCash() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            try await h.addExpense("hana", flat, 4_000, .equal, [("hana", 0), ("ivo", 0)])
            let asked = try await h.expenses("hana") { expenses in
                try await expenses.requestPayment(
                    .with {
                        $0.householdID = flat
                        $0.fromUserID = "ivo"
                        $0.amount = Cents.usd(2_000)
                        $0.note = "groceries"
                    }
                )
            }
            #expect(asked.toUserID == "hana" && asked.fromUserID == "ivo" && asked.settlementID.isEmpty)
            #expect(try await h.changes(of: "ivo").last?.kind == .paymentRequested)
            let open = try await h.expenses("ivo") { try await $0.listPaymentRequests(.with { $0.householdID = flat }) }
            #expect(open.requests == [asked])
            let cash = try await h.expenses("hana") { expenses in
                try await expenses.recordCashSettlement(
                    .with {
                        $0.householdID = flat
                        $0.fromUserID = "ivo"
                        $0.amount = Cents.usd(2_000)
                        $0.requestID = asked.requestID
                    }
                )
            }
            #expect(cash.state == .completed && cash.method == .cash && cash.recordedBy == "hana")
            #expect(cash.fromUserID == "ivo" && cash.toUserID == "hana" && cash.requestID == asked.requestID)
            #expect(try await h.storedNets(flat).isEmpty)
            #expect(try await h.changes(of: "ivo").last?.kind == .settled)
            let after = try await h.expenses("hana") {
                try await $0.listPaymentRequests(.with { $0.householdID = flat })
            }
            #expect(after.requests.isEmpty)
            // Paid already: a second settlement of the same request is refused.
            await expectRefusal(.failedPrecondition, "request_id") {
                _ = try await h.expenses("hana") { expenses in
                    try await expenses.recordCashSettlement(
                        .with {
                            $0.householdID = flat
                            $0.fromUserID = "ivo"
                            $0.amount = Cents.usd(1)
                            $0.requestID = asked.requestID
                        }
                    )
                }
            }
            try await h.expectBalanced(flat)
        }
    }

    @Test("bad settlements are INVALID_ARGUMENT naming the field and change nothing")
    func refusals() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            let cases: [(String, Quad_Households_V1_RecordCashSettlementRequest)] = [
                (
                    "amount",
                    .with {
                        $0.fromUserID = "ivo"; $0.amount = Cents.usd(0)
                    }
                ),
                (
                    "amount",
                    .with {
                        $0.fromUserID = "ivo"; $0.amount = Cents.usd(-100)
                    }
                ),
                (
                    "amount.currency",
                    .with {
                        $0.fromUserID = "ivo"
                        $0.amount = .with {
                            $0.minorUnits = 100; $0.currency = "EUR"
                        }
                    }
                ),
                (
                    "from_user_id",
                    .with {
                        $0.fromUserID = "eve"; $0.amount = Cents.usd(100)
                    }
                ),
                (
                    "from_user_id",
                    .with {
                        $0.fromUserID = "hana"; $0.amount = Cents.usd(100)
                    }
                ),
                ("from_user_id", .with { $0.amount = Cents.usd(100) }),
            ]
            for (field, request) in cases {
                var request = request
                request.householdID = flat
                await expectRefusal(.invalidArgument, field) {
                    _ = try await h.expenses("hana") { try await $0.recordCashSettlement(request) }
                }
            }
            await expectRefusal(.invalidArgument, "from_user_id") {
                _ = try await h.expenses("hana") { expenses in
                    try await expenses.requestPayment(
                        .with {
                            $0.householdID = flat
                            $0.fromUserID = "hana"
                            $0.amount = Cents.usd(100)
                        }
                    )
                }
            }
            await expectRefusal(.invalidArgument, "quad.households.v1.Expenses/PayInApp") {
                _ = try await Self.pay(h, "ivo", key: nil, Self.payment(flat, to: "hana", 100))
            }
            await expectRefusal(.invalidArgument, "to_user_id") {
                _ = try await Self.pay(h, "ivo", key: "k0", Self.payment(flat, to: "eve", 100))
            }
            await expectRefusal(.invalidArgument, "payment_method_id") {
                _ = try await Self.pay(h, "ivo", key: "k0", Self.payment(flat, to: "hana", 100, card: ""))
            }
            await expectRefusal(.invalidArgument, "note") {
                _ = try await h.expenses("hana") { expenses in
                    try await expenses.requestPayment(
                        .with {
                            $0.householdID = flat
                            $0.fromUserID = "ivo"
                            $0.amount = Cents.usd(100)
                            $0.note = String(repeating: "n", count: 501)
                        }
                    )
                }
            }
            #expect(try await h.count("settlement", in: flat) == 0)
            #expect(try await h.count("payment_request", in: flat) == 0)
            #expect(h.payments.chargeCount == 0)
            // A request between other members is not this payment's, and is refused naming request_id.
            try await h.join("jun", flat)
            let asked = try await h.expenses("jun") { expenses in
                try await expenses.requestPayment(
                    .with {
                        $0.householdID = flat
                        $0.fromUserID = "ivo"
                        $0.amount = Cents.usd(100)
                    }
                )
            }
            await expectRefusal(.invalidArgument, "request_id") {
                _ = try await h.expenses("hana") { expenses in
                    try await expenses.recordCashSettlement(
                        .with {
                            $0.householdID = flat
                            $0.fromUserID = "ivo"
                            $0.amount = Cents.usd(100)
                            $0.requestID = asked.requestID
                        }
                    )
                }
            }
            await expectRefusal(.notFound, "request_id") {
                _ = try await Self.pay(
                    h,
                    "ivo",
                    key: "k5",
                    Self.payment(flat, to: "hana", 100, request: "no-such-request")
                )
            }
            #expect(try await h.count("settlement", in: flat) == 0)
        }
    }

    @Test("in-app: pending, then completed once; a retry with the key returns it; another request with it refused")
    func inApp() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            try await h.addExpense("hana", flat, 3_000, .exact, [("ivo", 3_000)])
            let paid = try await Self.pay(h, "ivo", key: "k1", Self.payment(flat, to: "hana", 3_000))
            #expect(paid.state == .completed && paid.method == .inApp && paid.transferID == "tr-\(paid.settlementID)")
            #expect(try await h.storedNets(flat).isEmpty)
            let again = try await Self.pay(h, "ivo", key: "k1", Self.payment(flat, to: "hana", 3_000))
            #expect(again == paid)
            #expect(h.payments.asks(paid.settlementID) == 1 && h.payments.chargeCount == 1)
            await expectRefusal(.failedPrecondition, "idempotency-key") {
                _ = try await Self.pay(h, "ivo", key: "k1", Self.payment(flat, to: "hana", 2_999))
            }
            #expect(try await h.changes(of: "hana").last?.settlement == paid)
            try await h.expectBalanced(flat)
        }
    }

    @Test("a declined card fails the settlement with payments' words; the balances do not move")
    func declined() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            try await h.addExpense("hana", flat, 3_000, .exact, [("ivo", 3_000)])
            let before = try await h.storedNets(flat)
            let failed = try await Self.pay(
                h,
                "ivo",
                key: "k2",
                Self.payment(flat, to: "hana", 3_000, card: "pm_declined")
            )
            #expect(failed.state == .failed && failed.failure == "the card was declined" && failed.transferID.isEmpty)
            #expect(try await h.storedNets(flat) == before)
            let listed = try await h.expenses("hana") { try await $0.listSettlements(.with { $0.householdID = flat }) }
            #expect(listed.settlements == [failed])
            try await h.expectBalanced(flat)
        }
    }

    @Test("killed before payments answered: pending, then resumed, the money moves once and the balances once")
    func resumedAfterAKill() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            try await h.addExpense("hana", flat, 3_000, .exact, [("ivo", 3_000)])
            let asked = try await h.expenses("hana") { expenses in
                try await expenses.requestPayment(
                    .with {
                        $0.householdID = flat
                        $0.fromUserID = "ivo"
                        $0.amount = Cents.usd(3_000)
                    }
                )
            }
            // payments charges, but its answer never arrives (households killed meanwhile).
            h.payments.loseAnswers(1)
            await expectRefusal(.unavailable) {
                _ = try await Self.pay(
                    h,
                    "ivo",
                    key: "k3",
                    Self.payment(flat, to: "hana", 3_000, request: asked.requestID)
                )
            }
            let pending = try await h.expenses("hana") { try await $0.listSettlements(.with { $0.householdID = flat }) }
            #expect(pending.settlements.map(\.state) == [.pending])
            #expect(try await h.storedNets(flat) == ["hana": 3_000, "ivo": -3_000])
            // A new process resumes what is pending.
            let restarted = ExpensesService(
                database: h.database,
                documents: h.documents,
                payments: h.payments,
                clock: h.clock.clock
            )
            let resumed = await restarted.resumePendingSettlements()
            let id = pending.settlements[0].settlementID
            #expect(resumed.completed == [id])
            #expect(h.payments.asks(id) == 2 && h.payments.chargeCount == 1)
            #expect(try await h.storedNets(flat).isEmpty)
            // Resuming again and the client's retry change nothing more.
            #expect(await restarted.resumePendingSettlements() == .init())
            let retried = try await Self.pay(
                h,
                "ivo",
                key: "k3",
                Self.payment(flat, to: "hana", 3_000, request: asked.requestID)
            )
            #expect(retried.state == .completed && retried.settlementID == id)
            #expect(h.payments.asks(id) == 2 && h.payments.chargeCount == 1)
            let requests = try await h.expenses("hana") {
                try await $0.listPaymentRequests(.with { $0.householdID = flat })
            }
            #expect(requests.requests.isEmpty)
            try await h.expectBalanced(flat)
        }
    }

    @Test("a client retry of a pending settlement asks payments again with the same settlement id")
    func retryWhilePending() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            h.payments.loseAnswers(1)
            await expectRefusal(.unavailable) {
                _ = try await Self.pay(h, "ivo", key: "k4", Self.payment(flat, to: "hana", 500))
            }
            let retried = try await Self.pay(h, "ivo", key: "k4", Self.payment(flat, to: "hana", 500))
            #expect(retried.state == .completed)
            #expect(h.payments.asks(retried.settlementID) == 2 && h.payments.chargeCount == 1)
            #expect(try await h.storedNets(flat) == ["ivo": 500, "hana": -500])
            try await h.expectBalanced(flat)
        }
    }

    @Test("settlements page newest first")
    func paging() async throws {
        try await HouseholdsHarness.run { h in
            let flat = try await h.household(members: ["ivo"])
            var ids: [String] = []
            for cents in 1...5 as ClosedRange<Int64> {
                h.clock.advance(by: .seconds(1))
                ids.append(
                    try await h.expenses("hana") { expenses in
                        try await expenses.recordCashSettlement(
                            .with {
                                $0.householdID = flat
                                $0.fromUserID = "ivo"
                                $0.amount = Cents.usd(cents)
                            }
                        )
                    }.settlementID
                )
            }
            var seen: [String] = []
            var token = ""
            repeat {
                let page = try await h.expenses("ivo") { expenses in
                    try await expenses.listSettlements(
                        .with {
                            $0.householdID = flat
                            $0.limit = 2
                            $0.pageToken = token
                        }
                    )
                }
                seen += page.settlements.map(\.settlementID)
                token = page.nextPageToken
            } while !token.isEmpty
            #expect(seen == ids.reversed())
        }
    }
}
