import Foundation
import JobsService
import QuadContracts
import Testing

@Suite("Rides: conversation prompts (R5)")
struct RidePromptTests {
    @Test("prompts of the categories the whole group shares, never repeated for the group, until none are left")
    func prompts() async throws {
        try await JobsHarness.run { harness in
            // Given: rhea aboard allows food and travel only (five prompts each)
            let offer = try await harness.offerRide("olivia")
            let seat = try await harness.requestSeat("rhea", on: offer.offerID)
            try await harness.acceptSeat(seat.seatID, by: "olivia")
            harness.members.state.withLock { $0.categories["rhea"] = [.food, .travel] }

            // When / Then
            let first = try await harness.rides("rhea") {
                try await $0.getRidePrompts(.with { $0.offerID = offer.offerID })
            }
            #expect(first.categories == [.food, .travel])
            #expect(first.prompts.count == 3)
            #expect(first.prompts.allSatisfy { [.food, .travel].contains($0.category) })
            let again = try await harness.rides("olivia") {
                try await $0.getRidePrompts(.with { $0.offerID = offer.offerID })
            }
            #expect(again.prompts == first.prompts)

            var seen = Set(first.prompts.map(\.promptID))
            var counts: [Int] = []
            var exhausted = false
            for _ in 0..<3 {
                let next = try await harness.rides("rhea") {
                    try await $0.refreshRidePrompts(.with { $0.offerID = offer.offerID })
                }
                #expect(seen.isDisjoint(with: next.prompts.map(\.promptID)))
                seen.formUnion(next.prompts.map(\.promptID))
                counts.append(next.prompts.count)
                exhausted = next.exhausted
            }
            #expect(counts == [3, 3, 1])
            #expect(exhausted)
            #expect(seen.count == 10)
        }
    }

    @Test("only the group asks, and only with prompts on")
    func refusals() async throws {
        try await JobsHarness.run { harness in
            var request = harness.offerRequest()
            request.promptsOn = false
            let off = try await harness.offerRide("olivia", request)
            await expectRefusal(.failedPrecondition, naming: "prompts off") {
                _ = try await harness.rides("olivia") {
                    try await $0.getRidePrompts(.with { $0.offerID = off.offerID })
                }
            }
            let on = try await harness.offerRide("olivia")
            await expectRefusal(.notFound, naming: "offer_id") {
                _ = try await harness.rides("stranger") {
                    try await $0.getRidePrompts(.with { $0.offerID = on.offerID })
                }
            }
        }
    }
}
