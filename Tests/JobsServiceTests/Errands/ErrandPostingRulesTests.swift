import Foundation
import JobsService
import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

/// A wrong posting: what is wrong, the field the refusal names, and how it changes the harness's good request.
struct BadPosting: Sendable, CustomTestStringConvertible {
    let what: String
    let field: String
    let change: @Sendable (inout Quad_Jobs_V1_PostErrandRequest) -> Void

    var testDescription: String { what }

    static func item(_ name: String = "Oat milk, 1 l", _ quantity: UInt32 = 1, max: Int64 = 300, store: String = "")
        -> Quad_Jobs_V1_ErrandItem
    {
        JobsHarness.item(name, quantity, max: max, store: store)
    }

    static let all: [BadPosting] = [
        BadPosting(what: "no items", field: "items") { $0.items = [] },
        BadPosting(what: "31 items", field: "items") { $0.items = Array(repeating: item(), count: 31) },
        BadPosting(what: "10,000 items", field: "items") { $0.items = Array(repeating: item(), count: 10_000) },
        BadPosting(what: "quantity 0", field: "items[1].quantity") { $0.items[1].quantity = 0 },
        BadPosting(what: "quantity 100", field: "items[0].quantity") { $0.items[0].quantity = 100 },
        BadPosting(what: "price 0", field: "items[0].maximum_price") { $0.items[0].maximumPrice.minorUnits = 0 },
        BadPosting(what: "a negative price", field: "items[1].maximum_price") {
            $0.items[1].maximumPrice.minorUnits = -450
        },
        BadPosting(what: "no price", field: "items[1].maximum_price") { $0.items[1].clearMaximumPrice() },
        BadPosting(what: "a second currency", field: "items[1].maximum_price") {
            $0.items[1].maximumPrice.currency = "EUR"
        },
        BadPosting(what: "a currency payments does not price errands in", field: "items[0].maximum_price") {
            $0.items[0].maximumPrice.currency = "EUR"
            $0.items[1].maximumPrice.currency = "EUR"
        },
        BadPosting(what: "an emoji in an item's name", field: "items[0].name") { $0.items[0].name = "Oat milk 🥛" },
        BadPosting(what: "a control character in an item's name", field: "items[1].name") {
            $0.items[1].name = "Rye\u{7}bread"
        },
        BadPosting(what: "a line break in an item's name", field: "items[1].name") { $0.items[1].name = "Rye\nbread" },
        BadPosting(what: "an empty item name", field: "items[0].name") { $0.items[0].name = "  " },
        BadPosting(what: "an emoji in a store", field: "items[0].store") { $0.items[0].store = "Corner 🛒 Market" },
        BadPosting(what: "a control character in a store", field: "items[1].store") {
            $0.items[1].store = "Corner\u{0}Market"
        },
        BadPosting(what: "a needed-by time in the past", field: "needed_by_micros") {
            $0.neededByMicros -= 7 * JobsHarness.hour
        },
        BadPosting(what: "a needed-by time of now", field: "needed_by_micros") {
            $0.neededByMicros -= 6 * JobsHarness.hour
        },
        BadPosting(what: "latitude 91", field: "delivery_place.latitude") { $0.deliveryPlace.latitude = 91 },
        BadPosting(what: "longitude -181", field: "delivery_place.longitude") { $0.deliveryPlace.longitude = -181 },
        BadPosting(what: "a latitude that is not a number", field: "delivery_place.latitude") {
            $0.deliveryPlace.latitude = .nan
        },
        BadPosting(what: "a longitude that is not a number", field: "delivery_place.longitude") {
            $0.deliveryPlace.longitude = .nan
        },
        BadPosting(what: "an empty delivery label", field: "delivery_place.label") { $0.deliveryPlace.label = "" },
        BadPosting(what: "no delivery place", field: "delivery_place") { $0.clearDeliveryPlace() },
        BadPosting(what: "notes of 1,001 characters", field: "notes") {
            $0.notes = String(repeating: "n", count: 1_001)
        },
        BadPosting(what: "no payment method", field: "payment_method_id") { $0.paymentMethodID = "" },
        BadPosting(what: "an item name of 201 characters", field: "items[0].name") {
            $0.items[0].name = String(repeating: "o", count: 201)
        },
        BadPosting(what: "a store of 101 characters", field: "items[1].store") {
            $0.items[1].store = String(repeating: "s", count: 101)
        },
        BadPosting(what: "a delivery label of 201 characters", field: "delivery_place.label") {
            $0.deliveryPlace.label = String(repeating: "b", count: 201)
        },
        BadPosting(what: "maxima too large to hold", field: "items") {
            $0.items[0].quantity = 99
            $0.items[0].maximumPrice.minorUnits = Int64.max / 50
        },
    ]
}

/// E1's refusals through the service: each names its field, and nothing is held or posted.
@Suite("Errands: posting's rules (E1)")
struct ErrandPostingRulesTests {
    /// Expects nothing of `requester` anywhere: no hold at payments, no errand in the feed or theirs, no event.
    static func expectNothingPosted(
        _ harness: JobsHarness,
        by requester: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        #expect(harness.payments.state.withLock { $0.holds.isEmpty }, sourceLocation: sourceLocation)
        #expect(try await harness.feedIDs().isEmpty, sourceLocation: sourceLocation)
        let mine = try await harness.errands(requester) { try await $0.listMyErrands(.init()) }
        #expect(mine.errands.isEmpty, sourceLocation: sourceLocation)
        #expect(try await harness.errandFeed(of: requester).isEmpty, sourceLocation: sourceLocation)
        #expect(try await harness.outbox().isEmpty, sourceLocation: sourceLocation)
    }

    @Test(
        "Given a posting with one thing wrong, when posted, then INVALID_ARGUMENT names the field and nothing is held",
        arguments: BadPosting.all
    )
    func refused(_ bad: BadPosting) async throws {
        try await JobsHarness.run { harness in
            var request = harness.errandRequest()
            bad.change(&request)
            await expectRefusal(.invalidArgument, naming: bad.field) {
                _ = try await harness.post("req-ada", request)
            }
            try await Self.expectNothingPosted(harness, by: "req-ada")
        }
    }

    @Test("Given 30 items of quantity 99 and notes of 1,000 characters, when posted, then it is posted")
    func atTheLimits() async throws {
        try await JobsHarness.run { harness in
            var request = harness.errandRequest(
                items: (1...30).map { JobsHarness.item("Item number \($0)", 99, max: 100) }
            )
            request.notes = String(repeating: "n", count: 1_000)
            let posted = try await harness.post("req-ada", request)
            #expect(posted.items.count == 30)
            #expect(try await harness.feedIDs() == [posted.errandID])
        }
    }

    @Test("Given no idempotency-key, when posted, then INVALID_ARGUMENT names the metadata and nothing is held")
    func noKey() async throws {
        try await JobsHarness.run { harness in
            let request = harness.errandRequest()
            await expectRefusal(.invalidArgument, naming: "idempotency-key") {
                _ = try await harness.errands("req-ada") { try await $0.postErrand(request) }
            }
            try await Self.expectNothingPosted(harness, by: "req-ada")
        }
    }

    @Test("Given a declined card, when posted, then FAILED_PRECONDITION says so and nothing is posted")
    func declined() async throws {
        try await JobsHarness.run { harness in
            await expectRefusal(.failedPrecondition, naming: "declined") {
                _ = try await harness.post("req-ada", harness.errandRequest(card: "declined"))
            }
            try await Self.expectNothingPosted(harness, by: "req-ada")
        }
    }

    @Test("Given a posted errand, when the same idempotency-key posts it again, then the same errand, one hold")
    func repeated() async throws {
        try await JobsHarness.run { harness in
            let request = harness.errandRequest()
            let first = try await harness.post("req-ada", key: "post-1", request)
            let again = try await harness.post("req-ada", key: "post-1", request)
            #expect(again.errandID == first.errandID)
            #expect(again == first)
            #expect(harness.payments.state.withLock { $0.holds.count } == 1)
            #expect(try await harness.feedIDs() == [first.errandID])
            #expect(try await harness.errandFeed(of: "req-ada") == ["submitted"])
            // And the same key with another request is refused
            var changed = request
            changed.notes = "ring three times"
            let reused = await #expect(throws: RPCError.self) {
                _ = try await harness.post("req-ada", key: "post-1", changed)
            }
            #expect(reused?.code == Refused.failedPrecondition.error.code)
            // And another key is another errand with its own hold
            let other = try await harness.post("req-ada", key: "post-2", request)
            #expect(other.errandID != first.errandID)
            #expect(harness.payments.state.withLock { $0.holds.count } == 2)
        }
    }

    @Test("Given ten posts of one errand at once with the same idempotency-key, then one errand and one hold")
    func repeatedAtOnce() async throws {
        try await JobsHarness.run { harness in
            let request = harness.errandRequest()
            let ids = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<10 {
                    group.addTask { try await harness.post("req-ada", key: "double-tap", request).errandID }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(ids.count == 1)
            #expect(harness.payments.state.withLock { $0.holds.count } == 1)
            #expect(try await harness.feedIDs() == Array(ids))
            #expect(try await harness.errandFeed(of: "req-ada") == ["submitted"])
            #expect(try await harness.outboxLines().filter { $0.contains("job.posted") }.count == 1)
        }
    }

    @Test("Given a declined card, when retried with the same idempotency-key and another card, then it is posted")
    func retriedAfterDecline() async throws {
        try await JobsHarness.run { harness in
            await expectRefusal(.failedPrecondition, naming: "declined") {
                _ = try await harness.post("req-ada", key: "post-1", harness.errandRequest(card: "declined"))
            }
            let posted = try await harness.post("req-ada", key: "post-1", harness.errandRequest(card: "card-2"))
            #expect(posted.paymentState == .held)
            #expect(harness.payments.state.withLock { $0.holds.count } == 1)
            #expect(try await harness.feedIDs() == [posted.errandID])
        }
    }

    @Test("Given a caller whose profile names no campus, when posting, then FAILED_PRECONDITION names the campus")
    func noCampus() async throws {
        try await JobsHarness.run { harness in
            let request = harness.errandRequest()
            await expectRefusal(.failedPrecondition, naming: "campus") {
                _ = try await harness.errands("req-ada", campus: "") {
                    try await $0.postErrand(request, options: JobsHarness.options(key: "k"))
                }
            }
            try await Self.expectNothingPosted(harness, by: "req-ada")
        }
    }
}
