import Foundation
import JobsService
import Logging
import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

@Suite("Errands: an errand nobody accepted before its needed-by time ends, and its hold is released")
struct ErrandExpiryTests {
    @Test("past its needed-by time an open errand leaves the feed; the sweep cancels it and asks for its release")
    func expiry() async throws {
        try await JobsHarness.run { harness in
            // Given an open errand needed in an hour, and one a buyer accepted
            let open = try await harness.post("req-ada", harness.errandRequest(neededIn: 3_600_000_000))
            let taken = try await harness.accepted("req-ada", by: "buyer-bo")
            let logger = Logger(label: "test")
            // When the sweep runs before the hour: nothing expires
            #expect(await harness.errandsService.expireErrands(logger: logger).isEmpty)
            // When the hour passes
            harness.clock.advance(by: .seconds(3_601))
            let feed = try await harness.errands("buyer-cy") { try await $0.listErrandFeed(.init()) }
            #expect(feed.errands.isEmpty)
            let expired = await harness.errandsService.expireErrands(logger: logger)
            // Then the open one is cancelled with a release asked of payments; the accepted one goes on
            #expect(expired == [open.errandID])
            let ended = try await harness.errands("req-ada") {
                try await $0.getErrand(.with { $0.errandID = open.errandID })
            }
            #expect(ended.status == .cancelled && ended.paymentState == .releasePending)
            #expect(ended.timeline.map(\.kind).suffix(2) == ["expired", "cancelled"])
            #expect(try await harness.outbox().contains { $0.key == "\(open.errandID):job.cancelled" })
            let goesOn = try await harness.errands("req-ada") {
                try await $0.getErrand(.with { $0.errandID = taken.errandID })
            }
            #expect(goesOn.status == .active)
            #expect(try await harness.errandFeed(of: "req-ada").suffix(2) == ["expired", "cancelled"])
            // And a second sweep finds nothing
            #expect(await harness.errandsService.expireErrands(logger: logger).isEmpty)
        }
    }
}
