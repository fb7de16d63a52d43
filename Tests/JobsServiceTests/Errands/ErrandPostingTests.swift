import Foundation
import JobsService
import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

@Suite("Errands: posting, the feed and one winner (E1-E3)")
struct ErrandPostingTests {
    @Test("a posted errand holds the maxima plus the fee, is in the campus feed, and its detail shows everything")
    func post() async throws {
        try await JobsHarness.run { harness in
            let posted = try await harness.post("req-ada")
            #expect(posted.stage == .open)
            #expect(posted.status == .active)
            #expect(posted.estimate.total == JobsHarness.usd(1_275))
            #expect(posted.estimate.deliveryFee == JobsHarness.usd(225))
            #expect(posted.stores == ["Corner Market"])
            #expect(posted.paymentState == .held)
            let feed = try await harness.errands("buyer-bo") { try await $0.listErrandFeed(.init()) }
            #expect(feed.errands.map(\.errandID) == [posted.errandID])
            let detail = try await harness.errands("buyer-bo") {
                try await $0.getErrand(.with { $0.errandID = posted.errandID })
            }
            #expect(detail.items.map(\.name) == ["Oat milk, 1 l", "Rye bread"])
            #expect(detail.deliveryPlace.latitude == 40.4433)
            #expect(try await harness.errandFeed(of: "req-ada") == ["submitted"])
        }
    }

    @Test("of fifty buyers accepting at once exactly one wins; the others are told it was taken")
    func oneWinner() async throws {
        try await JobsHarness.run { harness in
            let posted = try await harness.post("req-ada")
            let outcomes = try await withThrowingTaskGroup(of: (buyer: String, refusal: String?).self) { group in
                for index in 0..<50 {
                    group.addTask {
                        let buyer = "buyer-\(index)"
                        do {
                            _ = try await harness.errands(buyer) {
                                try await $0.acceptErrand(.with { $0.errandID = posted.errandID })
                            }
                            return (buyer, nil as String?)
                        } catch let error as RPCError {
                            return (buyer, "\(error.code)")
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let winners = outcomes.filter { $0.refusal == nil }.map(\.buyer)
            #expect(winners.count == 1)
            #expect(
                outcomes.filter { $0.refusal == "\(RPCError(code: .failedPrecondition, message: "").code)" }.count == 49
            )
            let errand = try await harness.errands("req-ada") {
                try await $0.getErrand(.with { $0.errandID = posted.errandID })
            }
            #expect(errand.buyerID == winners.first)
            #expect(try await harness.errandFeed(of: "req-ada") == ["submitted", "buyer_assigned"])
            let feed = try await harness.errands("buyer-x") { try await $0.listErrandFeed(.init()) }
            #expect(feed.errands.isEmpty)
        }
    }
}
