import MatchingService
import QuadContracts
import QuadWire
import QuadWireCore
import ServiceTestSupport
import Testing

@Suite("Matching: dashers accepting requests and the dorm's list (L2)")
struct PresenceTests {
    static let profiles = StubDasherProfiles(profiles: [
        "dan": StubDasherProfiles.profile("dan", "Dan", "K.", rating: 4.5, jobs: 3),
        "eve": StubDasherProfiles.profile("eve", "Eve", "L.", rating: 5, jobs: 7),
    ])

    @Test("the list shows accepting dashers longest first, with identity's names; turning on again keeps one's place")
    func listLongestFirst() async throws {
        try await MatchingHarness.run(profiles: Self.profiles) { h in
            // Given: Eve goes online, then Dan five seconds later, then Eve again
            let eve = MatchingHarness.dasher("eve")
            let dan = MatchingHarness.dasher("dan")
            let eveOn = try await h.matching.setAccepting(.with { $0.accepting = true }, options: h.as(eve))
            h.advance(by: .seconds(5))
            let danOn = try await h.matching.setAccepting(.with { $0.accepting = true }, options: h.as(dan))
            let eveAgain = try await h.matching.setAccepting(.with { $0.accepting = true }, options: h.as(eve))

            // When: a customer of the dorm lists them
            let list = try await h.matching.listAcceptingDashers(.init(), options: h.as(MatchingHarness.customer()))

            // Then
            #expect(
                eveOn.accepting && eveOn.dormID == MatchingHarness.dorm && eveOn.sinceMicros == MatchingHarness.start
            )
            #expect(eveAgain.sinceMicros == eveOn.sinceMicros)
            #expect(danOn.sinceMicros == MatchingHarness.start + 5_000_000)
            #expect(list.dormID == MatchingHarness.dorm)
            #expect(list.dashers.map(\.dasherID) == ["eve", "dan"])
            let first = try #require(list.dashers.first)
            #expect(first.firstName == "Eve" && first.lastInitial == "L." && first.rating == 5 && first.jobsDone == 7)
            #expect(first.acceptingSinceMicros == MatchingHarness.start)
        }
    }

    @Test("turning accepting off takes the dasher off the list; another dorm's list is its own")
    func turningOff() async throws {
        try await MatchingHarness.run(profiles: Self.profiles) { h in
            let dan = MatchingHarness.dasher("dan")
            try await h.accepting(dan, MatchingHarness.dasher("eve"))
            let off = try await h.matching.setAccepting(.with { $0.accepting = false }, options: h.as(dan))
            let list = try await h.matching.listAcceptingDashers(.init(), options: h.as(MatchingHarness.customer()))
            let elsewhere = try await h.matching.listAcceptingDashers(
                .with { $0.dormID = "dorm-south" },
                options: h.as(MatchingHarness.customer())
            )
            #expect(!off.accepting)
            #expect(list.dashers.map(\.dasherID) == ["eve"])
            #expect(elsewhere.dormID == "dorm-south" && elsewhere.dashers.isEmpty)
        }
    }

    @Test("identity down: the list still says who is accepting, with empty names rather than failing")
    func identityDown() async throws {
        let down = StubDasherProfiles(failure: RPCError(code: .unavailable, message: "identity is down"))
        try await MatchingHarness.run(profiles: down) { h in
            try await h.accepting(MatchingHarness.dasher("dan"))
            let list = try await h.matching.listAcceptingDashers(.init(), options: h.as(MatchingHarness.customer()))
            #expect(list.dashers.map(\.dasherID) == ["dan"])
            #expect(list.dashers.first?.firstName == "")
            #expect(list.dashers.first?.acceptingSinceMicros == MatchingHarness.start)
        }
    }

    @Test("only dashers go online or ask for jobs: others are told to pass the dasher quiz")
    func nonDashersRefused() async throws {
        try await MatchingHarness.run { h in
            let cora = MatchingHarness.customer()
            let online = await expectRefusal(.permissionDenied) {
                _ = try await h.matching.setAccepting(.with { $0.accepting = true }, options: h.as(cora))
            }
            #expect(online?.message.contains("dasher quiz") == true)
            let ask = await expectRefusal(.permissionDenied) { _ = try await h.assignMe(cora) }
            #expect(ask?.message.contains("dasher quiz") == true)
            let list = try await h.matching.listAcceptingDashers(.init(), options: h.as(cora))
            #expect(list.dashers.isEmpty)
        }
    }

    @Test("a call without a signed-in user is UNAUTHENTICATED; a dasher without a dorm is told to set one")
    func callerRequired() async throws {
        try await MatchingHarness.run { h in
            await expectRefusal(.unauthenticated) {
                _ = try await h.matching.setAccepting(.with { $0.accepting = true })
            }
            let homeless = await expectRefusal(.failedPrecondition) {
                _ = try await h.matching.setAccepting(
                    .with { $0.accepting = true },
                    options: h.as(MatchingHarness.dasher("dan", dorm: ""))
                )
            }
            #expect(homeless?.message.contains("dorm") == true)
            await expectRefusal(.invalidArgument) {
                _ = try await h.matching.listAcceptingDashers(
                    .init(),
                    options: h.as(MatchingHarness.customer(dorm: ""))
                )
            }
        }
    }

    @Test("a dasher whose dorm changed accepts in the new dorm only")
    func oneDormAtATime() async throws {
        try await MatchingHarness.run { h in
            try await h.accepting(MatchingHarness.dasher("dan"))
            try await h.accepting(MatchingHarness.dasher("dan", dorm: "dorm-south"))
            let north = try await h.matching.listAcceptingDashers(.init(), options: h.as(MatchingHarness.customer()))
            let south = try await h.matching.listAcceptingDashers(
                .with { $0.dormID = "dorm-south" },
                options: h.as(MatchingHarness.customer())
            )
            #expect(north.dashers.isEmpty)
            #expect(south.dashers.map(\.dasherID) == ["dan"])
        }
    }
}
