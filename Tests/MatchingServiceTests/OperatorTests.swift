import MatchingService
import QuadContracts
import QuadWire
import QuadWireCore
import ServiceTestSupport
import Testing

@Suite("Matching: batch assignment (L16), job standing, and who may call them")
struct OperatorTests {
    @Test("AssignBatch offers the waiting jobs to the free dashers at the least total waiting time")
    func batch() async throws {
        try await MatchingHarness.run { h in
            // Given: two free dashers, three jobs waiting 30, 20 and 10 seconds
            let dan = MatchingHarness.dasher("dan")
            let eve = MatchingHarness.dasher("eve")
            try await h.accepting(dan, eve)
            try await h.submit("j1", secondsAgo: 30)
            try await h.submit("j2", secondsAgo: 20)
            try await h.submit("j3", secondsAgo: 10)

            // When
            let batch = try await h.operators.assignBatch(.with { $0.dormID = MatchingHarness.dorm })

            // Then: the two oldest are offered now, the youngest waits; 30 + 20 + 10 seconds in all
            #expect(Set(batch.offers.map(\.jobID)) == ["j1", "j2"])
            #expect(Set(batch.offers.map(\.dasherID)) == ["dan", "eve"])
            #expect(batch.totalWaitMicros == 60_000_000)
            let mine = try await h.matching.getMyOffer(.init(), options: h.as(dan))
            #expect(batch.offers.contains(mine.offer))
            #expect(try await h.standing("j3").standing == .waiting)
            #expect(try await h.feed(of: "dan").map(\.kind) == ["offer_made"])
            await expectRefusal(.invalidArgument) { _ = try await h.operators.assignBatch(.init()) }
        }
    }

    @Test("GetJobStanding follows a job: unknown, waiting, offered, assigned")
    func standing() async throws {
        try await MatchingHarness.run { h in
            let dan = MatchingHarness.dasher("dan")
            try await h.accepting(dan)
            #expect(try await h.standing("j1").standing == .unknown)
            try await h.submit("j1")
            #expect(try await h.standing("j1").standing == .waiting)
            let offer = try #require(try await h.assignMe(dan))
            #expect(
                try await h.standing("j1")
                    == .with {
                        $0.standing = .offered; $0.dasherID = "dan"
                    }
            )
            _ = try await h.matching.acceptOffer(.with { $0.offerID = offer.offerID }, options: h.as(dan))
            #expect(
                try await h.standing("j1")
                    == .with {
                        $0.standing = .assigned; $0.dasherID = "dan"
                    }
            )
            await expectRefusal(.invalidArgument) { _ = try await h.operators.getJobStanding(.init()) }
        }
    }

    @Test("users cannot call service-only methods, even dashers")
    func serviceOnly() async throws {
        try await MatchingHarness.run { h in
            let dan = MatchingHarness.dasher("dan")
            try await h.accepting(dan)
            try await h.submit("j1")
            await expectRefusal(.permissionDenied) {
                _ = try await h.matching.assignBatch(.with { $0.dormID = MatchingHarness.dorm }, options: h.as(dan))
            }
            await expectRefusal(.permissionDenied) {
                _ = try await h.matching.getJobStanding(.with { $0.jobID = "j1" }, options: h.as(dan))
            }
            await expectRefusal(.permissionDenied) {
                _ = try await h.matching.deliver(
                    try .with {
                        $0.source = "jobs"
                        $0.topic = "job.cancelled"
                        $0.key = "j1:job.cancelled"
                        $0.payload = try Quad_Jobs_V1_JobCancelled.with { $0.jobID = "j1" }.serializedData()
                    },
                    options: h.as(dan)
                )
            }
            #expect(try await h.standing("j1").standing == .waiting)
        }
    }

    @Test("the gateway follows matching's events; a user cannot")
    func watchEvents() async throws {
        try await MatchingHarness.run { h in
            let dan = MatchingHarness.dasher("dan")
            try await h.accepting(dan)
            try await h.submit("j1")
            _ = try await h.assignMe(dan)
            let events = try await h.matching.watchEvents(.with { $0.afterSequence = 0 }) { stream in
                var events: [Quad_Events_V1_UserEvent] = []
                for try await message in stream {
                    if case .event(let event) = message.kind { events.append(event) }
                    if events.count == 2 { break }
                }
                return events
            }
            #expect(events.map(\.userID) == ["cora", "dan"])
            #expect(events.allSatisfy { $0.type == "quad.matching.v1.MatchingEvent" })
            let made = try Quad_Matching_V1_MatchingEvent(serializedBytes: events[1].payload)
            #expect(made.kind == "offer_made" && made.offer.jobID == "j1")
            await expectRefusal(.permissionDenied) {
                try await h.matching.watchEvents(.init(), options: h.as(dan)) { stream in
                    for try await _ in stream { break }
                }
            }
        }
    }
}
