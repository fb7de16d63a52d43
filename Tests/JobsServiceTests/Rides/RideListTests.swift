import Foundation
import JobsService
import QuadContracts
import Testing

@Suite("Rides: the caller's rides")
struct RideListTests {
    @Test("as offerer, rider or either, latest departure first, paged; active only leaves ended seats out")
    func lists() async throws {
        try await JobsHarness.run { harness in
            let early = try await harness.offerRide("olivia", harness.offerRequest(departureIn: 3_600_000_000))
            let late = try await harness.offerRide("olivia", harness.offerRequest(departureIn: 7_200_000_000))
            let otto = try await harness.offerRide("otto", harness.offerRequest(departureIn: 5_400_000_000))
            let seat = try await harness.requestSeat("olivia", on: otto.offerID)
            let list = { (role: Quad_Jobs_V1_RideRole, active: Bool, limit: UInt32, token: String) in
                try await harness.rides("olivia") {
                    try await $0.listMyRides(
                        .with {
                            $0.role = role
                            $0.activeOnly = active
                            $0.limit = limit
                            $0.pageToken = token
                        }
                    )
                }
            }

            #expect(try await list(.offerer, false, 10, "").offers.map(\.offerID) == [late.offerID, early.offerID])
            #expect(try await list(.rider, false, 10, "").offers.map(\.offerID) == [otto.offerID])
            let first = try await list(.unspecified, false, 2, "")
            #expect(first.offers.map(\.offerID) == [late.offerID, otto.offerID])
            let second = try await list(.unspecified, false, 2, first.nextPageToken)
            #expect(second.offers.map(\.offerID) == [early.offerID])
            #expect(second.nextPageToken.isEmpty)

            _ = try await harness.rides("olivia") { try await $0.cancelSeat(.with { $0.seatID = seat.seatID }) }
            #expect(try await list(.rider, true, 10, "").offers.isEmpty)
            #expect(try await list(.rider, false, 10, "").offers.first?.seatsDetail.map(\.seatID) == [seat.seatID])
        }
    }
}
