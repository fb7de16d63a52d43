import QuadContracts
import QuadWire
import Testing

@Suite("Payments: an errand's delivery fee and hold before it is posted (QuoteErrand, E1, E8)")
struct ErrandQuoteTests {
    /// `quantity` units at `cents` each (nil: no price), in `currency`.
    static func item(_ quantity: UInt32, _ cents: Int64?, currency: String = "USD") -> Quad_Payments_V1_ErrandQuoteItem
    {
        .with {
            $0.quantity = quantity
            if let cents {
                $0.price = .with {
                    $0.minorUnits = cents; $0.currency = currency
                }
            }
        }
    }

    @Test("a list's quote: the items at their maxima, the delivery fee of its units, who gets what")
    func quote() async throws {
        try await PaymentsHarness.run { harness in
            // When: Cora asks about 2 × at most 3.00 and 1 × at most 4.50
            let quote = try await harness.asUser("cora").quoteErrand(
                .with { $0.items = [Self.item(2, 300), Self.item(1, 450)] }
            )

            // Then: items 10.50, fee 1.50 + 3 × 0.25 = 2.25, total 12.75; the buyer 10.50 + 2.03, the platform 0.22
            #expect(quote.itemsTotal == PaymentsHarness.amount(1_050))
            #expect(quote.deliveryFee == PaymentsHarness.amount(225))
            #expect(quote.total == PaymentsHarness.amount(1_275))
            #expect(quote.buyerEarnings == PaymentsHarness.amount(1_253))
            #expect(quote.platformRevenue == PaymentsHarness.amount(22))
            #expect(quote.itemCount == 3)
            #expect(!quote.final)
        }
    }

    @Test("the fee stops at 6.00: 20 units cost what 18 do")
    func cap() async throws {
        try await PaymentsHarness.run { harness in
            let cora = try harness.asUser("cora")
            let eighteen = try await cora.quoteErrand(.with { $0.items = [Self.item(18, 100)] })
            let twenty = try await cora.quoteErrand(.with { $0.items = [Self.item(10, 100), Self.item(10, 100)] })
            #expect(eighteen.deliveryFee == PaymentsHarness.amount(600))
            #expect(twenty.deliveryFee == PaymentsHarness.amount(600))
            #expect(twenty.total == PaymentsHarness.amount(2_000 + 600))
            #expect(twenty.itemCount == 20)
        }
    }

    @Test("every refusal is INVALID_ARGUMENT naming the field")
    func refusals() async throws {
        try await PaymentsHarness.run { harness in
            let ok = Self.item(1, 100)
            let cases: [([Quad_Payments_V1_ErrandQuoteItem], String)] = [
                ([], "items"),
                (Array(repeating: ok, count: 31), "items"),
                ([Self.item(0, 100)], "items[0].quantity"),
                ([ok, Self.item(100, 100)], "items[1].quantity"),
                ([ok, ok, Self.item(1, 0)], "items[2].price"),
                ([ok, ok, Self.item(1, -100)], "items[2].price"),
                ([Self.item(1, nil)], "items[0].price"),
                ([ok, Self.item(1, 100, currency: "EUR")], "items[1].price"),
                ([ok, Self.item(1, 100, currency: "usd")], "items[1].price"),
            ]
            let cora = try harness.asUser("cora")
            for (items, field) in cases {
                let error = await #expect(throws: RPCError.self, "\(field)") {
                    _ = try await cora.quoteErrand(.with { $0.items = items })
                }
                #expect(error?.code == .invalidArgument, "\(field)")
                #expect(error?.message.hasPrefix(field) == true, "\(error?.message ?? "") names \(field)")
            }
        }
    }

    @Test("a total too large for minor units is OUT_OF_RANGE")
    func overflow() async throws {
        try await PaymentsHarness.run { harness in
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.asUser("cora").quoteErrand(.with { $0.items = [Self.item(99, .max / 50)] })
            }
            #expect(error?.code == .outOfRange)
        }
    }

    @Test("a call with no signed-in caller (the gateway on its own) is UNAUTHENTICATED")
    func unauthenticated() async throws {
        try await PaymentsHarness.run { harness in
            let error = await #expect(throws: RPCError.self) {
                _ = try await harness.client(.gateway).quoteErrand(.with { $0.items = [Self.item(1, 100)] })
            }
            #expect(error?.code == .unauthenticated)
        }
    }
}
