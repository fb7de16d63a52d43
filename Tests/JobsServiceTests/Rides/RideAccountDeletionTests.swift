import Foundation
import JobsService
import QuadContracts
import Testing

@Suite("Rides: account.deleted")
struct RideAccountDeletionTests {
    @Test("a deleted offerer's open offer is cancelled, holds released; a deleted rider's accepted seat is cancelled")
    func deleted() async throws {
        try await JobsHarness.run { harness in
            // Given: Olivia's offer with Rhea aboard, and Rhea aboard Otto's offer too
            let olivias = try await harness.offerRide("olivia")
            let ottos = try await harness.offerRide("otto")
            let onOlivias = try await harness.requestSeat("rhea", on: olivias.offerID)
            let onOttos = try await harness.requestSeat("rhea", on: ottos.offerID)
            try await harness.acceptSeat(onOlivias.seatID, by: "olivia")
            try await harness.acceptSeat(onOttos.seatID, by: "otto")

            // When
            #expect(try await ErrandAccountDeletionTests.delete(harness, "olivia"))
            #expect(try await ErrandAccountDeletionTests.delete(harness, "rhea"))

            // Then
            let cancelled = try await harness.rideOffer(olivias.offerID, as: "rhea")
            #expect(cancelled.status == .cancelled)
            #expect(cancelled.seatsDetail.map(\.end) == [.offerCancelled])
            let going = try await harness.rideOffer(ottos.offerID, as: "otto")
            #expect(going.status == .open)
            #expect(going.seatsTaken == 0)
            #expect(going.seatsDetail.map(\.end) == [.withdrawn])
            let lines = try await harness.outboxLines()
            #expect(lines.contains("payments job.cancelled \(onOlivias.seatID):job.cancelled"))
            #expect(lines.contains("payments job.cancelled \(onOttos.seatID):job.cancelled"))
        }
    }
}
