import JobsErrands
import Testing

@Suite("Errand: posting (E1)")
struct ErrandSubmitTests {
    @Test("a posted errand is open, and the hold covers every item at its maximum plus the fee")
    func post() throws {
        // Given
        let posted = request()

        // When
        let (errand, events) = try Errand.submit(posted, now: newYear)

        // Then
        #expect(events == [.submitted(posted)])
        #expect(errand.stage == .open)
        #expect(errand.status == .active)
        #expect(errand.buyer == nil)
        #expect(errand.timeline == [ErrandTimelineEntry(at: newYear, change: .submitted(posted))])
        // 2 × 3.00 + 1 × 4.50 + 2.50
        #expect(posted.holdTotal == usd(1_300))
    }

    @Test("an item without a store may be bought anywhere, and notes are optional")
    func anyStore() throws {
        let items = [ErrandItem(name: "gum", quantity: 1, maximumPrice: usd(100))]
        let errand = try Errand.submit(request(items: items, notes: nil), now: newYear).job
        #expect(errand.request.items[0].store == nil)
        #expect(errand.request.notes == nil)
    }

    @Test("notes may run over several lines; a name or a label may not")
    func lineBreaks() throws {
        let errand = try Errand.submit(request(notes: "ring twice\nleave it at the door\tthanks"), now: newYear).job
        #expect(errand.request.notes == "ring twice\nleave it at the door\tthanks")
        refusal(.invalidArgument) {
            try Errand.submit(
                request(items: [ErrandItem(name: "oat\nmilk", quantity: 1, maximumPrice: usd(300))]),
                now: newYear
            )
        }
    }

    @Test("names in other scripts, accents and punctuation are kept as written")
    func names() throws {
        let items = [
            ErrandItem(name: "Crème fraîche 30%", quantity: 1, maximumPrice: usd(300), store: "Lidl #4"),
            ErrandItem(name: "豆腐 (firm)", quantity: 2, maximumPrice: usd(250)),
        ]
        let errand = try Errand.submit(request(items: items), now: newYear).job
        #expect(errand.request.items == items)
    }

    @Test(
        "a wrong field is refused, naming it",
        arguments: [
            (request(jobID: " "), "job_id"),
            (request(customer: ""), "customer_id"),
            (request(campus: ""), "campus_id"),
            (request(items: []), "items"),
            (
                request(
                    items: Array(repeating: ErrandItem(name: "gum", quantity: 1, maximumPrice: usd(100)), count: 31)
                ),
                "items"
            ),
            (request(deliveryFee: usd(0)), "delivery_fee"),
            (request(deliveryFee: Money(minorUnits: 250, currency: "usd")), "delivery_fee.currency"),
            (request(items: [ErrandItem(name: " ", quantity: 1, maximumPrice: usd(100))]), "items[0].name"),
            (
                request(items: [ErrandItem(name: String(repeating: "a", count: 201), quantity: 1, maximumPrice: usd(1))]
                ),
                "items[0].name"
            ),
            (request(items: [ErrandItem(name: "gum", quantity: 0, maximumPrice: usd(100))]), "items[0].quantity"),
            (request(items: [ErrandItem(name: "gum", quantity: 100, maximumPrice: usd(100))]), "items[0].quantity"),
            (request(items: [ErrandItem(name: "gum", quantity: 1, maximumPrice: usd(0))]), "items[0].maximum_price"),
            (
                request(items: [
                    ErrandItem(name: "gum", quantity: 1, maximumPrice: Money(minorUnits: 1, currency: "EUR"))
                ]),
                "items[0].maximum_price"
            ),
            (request(items: [ErrandItem(name: "gum", quantity: 1, maximumPrice: usd(1), store: "")]), "items[0].store"),
            (
                request(items: [
                    ErrandItem(
                        name: "gum",
                        quantity: 1,
                        maximumPrice: usd(1),
                        store: String(repeating: "s", count: 101)
                    )
                ]),
                "items[0].store"
            ),
            (request(items: [ErrandItem(name: "milk 🥛", quantity: 1, maximumPrice: usd(100))]), "items[0].name"),
            (request(items: [ErrandItem(name: "milk\n2%", quantity: 1, maximumPrice: usd(100))]), "items[0].name"),
            (request(items: [ErrandItem(name: "milk\u{7}", quantity: 1, maximumPrice: usd(100))]), "items[0].name"),
            (
                request(items: [ErrandItem(name: "milk", quantity: 1, maximumPrice: usd(100), store: "🏪 Mart")]),
                "items[0].store"
            ),
            (request(neededBy: newYear), "needed_by_micros"),
            (request(neededBy: newYear - hour), "needed_by_micros"),
            (request(deliveryPlace: ErrandPlace(label: "", latitude: 0, longitude: 0)), "delivery_place.label"),
            (request(deliveryPlace: ErrandPlace(label: "a\tb", latitude: 0, longitude: 0)), "delivery_place.label"),
            (request(deliveryPlace: ErrandPlace(label: "x", latitude: 90.5, longitude: 0)), "delivery_place.latitude"),
            (request(deliveryPlace: ErrandPlace(label: "x", latitude: .nan, longitude: 0)), "delivery_place.latitude"),
            (request(deliveryPlace: ErrandPlace(label: "x", latitude: 0, longitude: -181)), "delivery_place.longitude"),
            (request(notes: String(repeating: "n", count: 1_001)), "notes"),
            (request(notes: "line one\u{0}"), "notes"),
            (
                request(items: [ErrandItem(name: "gold", quantity: 99, maximumPrice: usd(.max / 10))]),
                "items"
            ),
            (request(paymentIntentID: ""), "payment_intent_id"),
        ]
    )
    func refused(request: ErrandRequest, field: String) {
        let error = refusal(.invalidArgument) { try Errand.submit(request, now: newYear) }
        #expect(error?.field == field)
    }

    @Test("a needed-by time in the past says what time it is")
    func neededByInThePast() {
        let error = refusal(.invalidArgument) { try Errand.submit(request(neededBy: newYear - hour), now: newYear) }
        #expect(
            error?.message
                == "needed_by_micros 2024-12-31T23:00:00Z is not after now (2025-01-01T00:00:00Z); choose when the "
                + "items must be delivered, later than now"
        )
    }
}
