import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

@Suite("Freight: a load's changes go to its driver's and the dispatchers' feeds at once (F3, G3)")
struct LoadFeedTests {
    @Test("assigned, reassigned and moved: the driver, the driver it was taken from and every dispatcher are told")
    func feed() async throws {
        try await FreightHarness.run { h in
            let org = try await h.organisation()
            try await h.join("erin", org, as: .dispatcher)
            try await h.join("dan", org)
            try await h.join("drew", org)
            let load = try await h.load(org)
            var seen = try await h.feed()
            #expect(seen.map(\.0).sorted() == ["dora", "erin"])
            #expect(seen.allSatisfy { $0.1.change == .created })
            func assign(_ driver: String) async throws {
                _ = try await h.as("dora") { freight in
                    try await freight.assignLoad(
                        .with {
                            $0.loadID = load.loadID
                            $0.driverID = driver
                        }
                    )
                }
            }
            try await assign("dan")
            seen = Array(try await h.feed().dropFirst(2))
            #expect(seen.map(\.0).sorted() == ["dan", "dora", "erin"])
            #expect(seen.allSatisfy { $0.1.change == .assigned && $0.1.load.driverID == "dan" })
            try await assign("drew")
            seen = Array(try await h.feed().dropFirst(5))
            #expect(seen.map(\.0).sorted() == ["dan", "dora", "drew", "erin"])
            #expect(seen.allSatisfy { $0.1.previousDriverID == "dan" && $0.1.load.driverID == "drew" })
            // The same driver again changes nothing and tells nobody.
            try await assign("drew")
            #expect(try await h.feed().count == 9)
            _ = try await h.as("drew") { freight in
                try await freight.setLoadStatus(
                    .with {
                        $0.loadID = load.loadID
                        $0.status = .onTheWay
                    }
                )
            }
            seen = Array(try await h.feed().dropFirst(9))
            #expect(seen.map(\.0).sorted() == ["dora", "drew", "erin"])
            #expect(seen.allSatisfy { $0.1.change == .status && $0.1.load.status == .onTheWay })
            // A refusal logs nothing.
            await expectRefusal(.permissionDenied) {
                _ = try await h.as("dan") { freight in
                    try await freight.setLoadStatus(
                        .with {
                            $0.loadID = load.loadID
                            $0.status = .waiting
                        }
                    )
                }
            }
            #expect(try await h.feed().count == 12)
        }
    }

    @Test("WatchEvents serves the gateway the LoadChanged events; a user's call is refused")
    func watch() async throws {
        try await FreightHarness.run { h in
            let org = try await h.organisation()
            _ = try await h.load(org)
            let first = try await h.server.withTransport(as: .gateway) { transport in
                try await Quad_Freight_V1_Freight.Client(transport: transport).watchEvents(
                    .with { $0.afterSequence = 0 }
                ) { stream in
                    var messages: [Quad_Events_V1_WatchEventsMessage] = []
                    for try await message in stream {
                        messages.append(message)
                        if messages.count == 2 { break }
                    }
                    return messages
                }
            }
            guard case .event(let event) = first.last?.kind else {
                Issue.record("expected an event after started, got \(first)")
                return
            }
            #expect(event.userID == "dora")
            #expect(event.type == "quad.freight.v1.LoadChanged")
            await expectRefusal(.permissionDenied) {
                _ = try await h.as("dora") { freight in
                    try await freight.watchEvents(.init()) { stream in
                        for try await _ in stream {}
                    }
                }
            }
        }
    }
}
