import Foundation
import QuadContracts
import QuadWire
import QuadWireNIO
import Testing

/// Freight's use cases (the freight seed: sign in, create, assign, view assigned loads, update status, view driver
/// and load locations, input load location, upload and view documents) through the gateway as the apps call it,
/// each person from their own device (another loopback address): the dispatcher's and the driver's homes (G2) and
/// load changes in the driver's and the dispatchers' feeds (G3).
@Suite(
    "Freight through the gateway: homes, feeds and a carrier's day (F1-F7, F9, G2, G3)",
    .enabled(if: LaundrySystem.isBuilt, "build the executables first (swift build)")
)
struct FreightHomesAndFeedTests {
    /// Someone signed in, calling from their own device.
    struct Device: Sendable {
        var person: Person
        var client: QuadClient
        var freight: Quad_Freight_V1_Freight.Client { .init(transport: client) }
        var positions: Quad_Freight_V1_Positions.Client { .init(transport: client) }
        var gateway: Quad_Gateway_V1_Gateway.Client { .init(transport: client) }
        var documents: Quad_Documents_V1_Documents.Client { .init(transport: client) }
        var options: CallOptions { person.options }
        var streaming: CallOptions { CallOptions(timeout: .seconds(60), metadata: person.options.metadata) }
    }

    /// A carrier with two dispatchers and two drivers, everyone joined by invite, each on their own device.
    struct Carrier {
        var organisationID: String
        var dora: Device  // created it
        var nia: Device  // dispatcher, invited
        var dan: Device  // driver
        var dee: Device  // driver
        var all: [Device] { [dora, nia, dan, dee] }
    }

    static func device(_ name: String, _ address: String, in system: LaundrySystem) async throws -> Device {
        Device(person: try await system.register(name), client: try system.gatewayClient(from: address))
    }

    /// Dora creates the carrier and invites Nia as a dispatcher and Dan and Dee as drivers, by email; each accepts.
    static func carrier(in system: LaundrySystem) async throws -> Carrier {
        let dora = try await device("Dora", "127.0.0.2", in: system)
        let nia = try await device("Nia", "127.0.0.3", in: system)
        let dan = try await device("Dan", "127.0.0.4", in: system)
        let dee = try await device("Dee", "127.0.0.5", in: system)
        let organisation = try await dora.freight.createOrganisation(
            .with { $0.name = "Northwind Haulage" },
            options: dora.options
        )
        for (invitee, role) in [(nia, Quad_Freight_V1_MemberRole.dispatcher), (dan, .driver), (dee, .driver)] {
            let email = try await system.identity.getMyProfile(.init(), options: invitee.options).email
            _ = try await dora.freight.inviteMember(
                .with {
                    $0.organisationID = organisation.organisationID
                    $0.email = email
                    $0.role = role
                },
                options: dora.options
            )
            let invite = try #require(
                try await invitee.freight.listMyInvites(.init(), options: invitee.options).invites.first
            )
            #expect(invite.role == role && invite.organisationName == "Northwind Haulage")
            _ = try await invitee.freight.acceptInvite(
                .with { $0.inviteID = invite.inviteID },
                options: invitee.options
            )
        }
        return Carrier(organisationID: organisation.organisationID, dora: dora, nia: nia, dan: dan, dee: dee)
    }

    static func loadRequest(_ organisation: String, number: String) -> Quad_Freight_V1_CreateLoadRequest {
        .with {
            $0.organisationID = organisation
            $0.number = number
            $0.pickup = .with {
                $0.address = "Northfield University loading dock"
                $0.coordinate = .with {
                    $0.latitude = 47.3769; $0.longitude = 8.5417
                }
            }
            $0.dropOff = .with {
                $0.address = "Riverside Warehouse 3"
                $0.coordinate = .with {
                    $0.latitude = 47.4102; $0.longitude = 8.5921
                }
            }
            $0.cargo = "12 pallets of textbooks"
            $0.client = "Northfield University"
            $0.estimatedDeliveryAtMicros = Int64(Date().timeIntervalSince1970 * 1_000_000) + 86_400_000_000
        }
    }

    /// Reads `feed` until a LoadChanged of `load` with `change` arrives (the events before it may be others').
    static func loadChanged<Feed: AsyncIteratorProtocol>(
        _ feed: inout Feed,
        _ load: String,
        _ change: Quad_Freight_V1_LoadEntry.Kind
    ) async throws -> Quad_Freight_V1_LoadChanged? where Feed.Element == Quad_Gateway_V1_FeedMessage {
        while let message = try await feed.next() {
            guard message.event.type == "quad.freight.v1.LoadChanged" else { continue }
            let event = try Quad_Freight_V1_LoadChanged(serializedBytes: message.event.payload)
            #expect(message.event.source == "fleet-documents")
            if event.load.loadID == load, event.change == change { return event }
        }
        return nil
    }

    @Test(
        "a carrier's day: invites by email, a load created, assigned (the driver's and the dispatchers' feeds at once), moved, located, reassigned, proven and completed; both homes show it",
        .timeLimit(.minutes(4))
    )
    func carriersDay() async throws {
        try await LaundrySystem.run { system in
            let carrier = try await Self.carrier(in: system)
            defer { for device in carrier.all { device.client.close() } }
            let (dora, nia, dan, dee) = (carrier.dora, carrier.nia, carrier.dan, carrier.dee)
            let organisation = carrier.organisationID

            // F1: members with their roles, in the order they joined.
            let members = try await nia.freight.listMembers(
                .with { $0.organisationID = organisation },
                options: nia.options
            )
            #expect(members.members.map(\.userID) == carrier.all.map(\.person.userID))
            #expect(members.members.map(\.roles) == [[.dispatcher], [.dispatcher], [.driver], [.driver]])

            // F2: missing fields are named, all at once; then two loads.
            let missing = await #expect(throws: RPCError.self) {
                _ = try await dora.freight.createLoad(
                    .with {
                        $0.organisationID = organisation; $0.number = "L-0"
                    },
                    options: dora.options
                )
            }
            #expect(missing?.code == .invalidArgument)
            #expect(missing?.message.contains("cargo") == true && missing?.message.contains("pickup") == true)
            let first = try await dora.freight.createLoad(
                Self.loadRequest(organisation, number: "L-1"),
                options: dora.options
            )
            let second = try await nia.freight.createLoad(
                Self.loadRequest(organisation, number: "L-2"),
                options: nia.options
            )

            try await dan.gateway.subscribe(.init(), options: dan.streaming) { danStream in
                try await nia.gateway.subscribe(.init(), options: nia.streaming) { niaStream in
                    var danFeed = danStream.makeAsyncIterator()
                    var niaFeed = niaStream.makeAsyncIterator()
                    #expect(try await danFeed.next()?.subscribed != nil)
                    #expect(try await niaFeed.next()?.subscribed != nil)

                    // F3: Dora assigns L-1 to Dan; his feed and the other dispatcher's show it at once (G3).
                    _ = try await dora.freight.assignLoad(
                        .with {
                            $0.loadID = first.loadID; $0.driverID = dan.person.userID
                        },
                        options: dora.options
                    )
                    let toDan = try #require(try await Self.loadChanged(&danFeed, first.loadID, .assigned))
                    #expect(toDan.load.driverID == dan.person.userID && toDan.load.status == .assigned)
                    let toNia = try #require(try await Self.loadChanged(&niaFeed, first.loadID, .assigned))
                    #expect(toNia.load.number == "L-1")

                    // G2: Dan's home has it (view assigned loads), with his carrier.
                    let danHome = try await dan.gateway.getDriverHome(.init(), options: dan.options)
                    #expect(danHome.assignedLoads.status.code == 0)
                    #expect(danHome.assignedLoads.loads.map(\.loadID) == [first.loadID])
                    #expect(danHome.organisations.organisations.map(\.organisationID) == [organisation])

                    // F4: Dan is on the way and says where he is (input driver location, F5).
                    _ = try await dan.freight.setLoadStatus(
                        .with {
                            $0.loadID = first.loadID; $0.status = .onTheWay
                        },
                        options: dan.options
                    )
                    _ = try #require(try await Self.loadChanged(&niaFeed, first.loadID, .status))
                    let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
                    _ = try await dan.positions.reportPositions(
                        .with {
                            $0.positions = [
                                .with {
                                    $0.latitude = 47.3801; $0.longitude = 8.5502; $0.recordedAtMicros = now
                                }
                            ]
                        },
                        options: dan.options
                    )

                    // G2: Nia's home (her first organisation as a dispatcher): the open loads by status, and the
                    // drivers by name with Dan's latest position (view driver location).
                    let deskHome = try await nia.gateway.getDispatcherHome(.init(), options: nia.options)
                    #expect(deskHome.organisationID == organisation)
                    #expect(deskHome.openLoads.status.code == 0)
                    let groups = Dictionary(
                        deskHome.openLoads.groups.map { ($0.status, $0.loads.map(\.loadID)) },
                        uniquingKeysWith: +
                    )
                    #expect(groups[.unassigned] == [second.loadID])
                    #expect(groups[.onTheWay] == [first.loadID])
                    #expect(groups[.assigned] == [])
                    #expect(deskHome.drivers.status.code == 0 && deskHome.drivers.names.code == 0)
                    #expect(deskHome.drivers.positions.code == 0, "\(deskHome.drivers.positions)")
                    #expect(deskHome.drivers.drivers.map(\.userID) == [dan.person.userID, dee.person.userID])
                    #expect(deskHome.drivers.drivers.map(\.firstName) == ["Dan", "Dee"])
                    let danAt = deskHome.drivers.drivers[0].latestPosition
                    #expect(danAt.position.latitude == 47.3801 && danAt.loadID == first.loadID)
                    #expect(!deskHome.drivers.drivers[1].hasLatestPosition)

                    // F6: the drop-off moves (input load location); the load shows it (view load location).
                    let moved = try await nia.freight.editLoadStops(
                        .with {
                            $0.loadID = first.loadID
                            $0.dropOff = .with {
                                $0.address = "Harbour Road Depot"
                                $0.coordinate = .with {
                                    $0.latitude = 47.3650; $0.longitude = 8.5800
                                }
                            }
                        },
                        options: nia.options
                    )
                    #expect(moved.dropOff.address == "Harbour Road Depot")
                    let seen = try await dan.freight.getLoad(.with { $0.loadID = first.loadID }, options: dan.options)
                    #expect(seen.dropOff.coordinate.latitude == 47.3650 && seen.pickup.address == first.pickup.address)

                    // F3: reassigned to Dee; Dan's feed says it left him, and his home no longer has it.
                    _ = try await dora.freight.assignLoad(
                        .with {
                            $0.loadID = first.loadID; $0.driverID = dee.person.userID
                        },
                        options: dora.options
                    )
                    let left = try #require(try await Self.loadChanged(&danFeed, first.loadID, .assigned))
                    #expect(left.previousDriverID == dan.person.userID && left.load.driverID == dee.person.userID)
                }
            }
            let danAfter = try await dan.gateway.getDriverHome(.init(), options: dan.options)
            #expect(danAfter.assignedLoads.loads.isEmpty)
            let deeHome = try await dee.gateway.getDriverHome(.init(), options: dee.options)
            #expect(deeHome.assignedLoads.loads.map(\.loadID) == [first.loadID])

            // F4 filter: the dispatcher lists Dee's loads that are on the way.
            let deesLoads = try await dora.freight.listLoads(
                .with {
                    $0.organisationID = organisation; $0.driverID = dee.person.userID; $0.status = .onTheWay
                },
                options: dora.options
            )
            #expect(deesLoads.loads.map(\.loadID) == [first.loadID])

            // F7, F9: Dee unloads, uploads the proof of delivery, both see it among the load's documents, and she
            // completes the load.
            for status in [Quad_Freight_V1_LoadStatus.loading, .unloading] {
                _ = try await dee.freight.setLoadStatus(
                    .with {
                        $0.loadID = first.loadID; $0.status = status
                    },
                    options: dee.options
                )
            }
            let pdf = Data("%PDF-1.7\n".utf8) + Data(repeating: 0x41, count: 300 * 1_024)
            let proof = try await dee.documents.upload(options: dee.options) { writer in
                try await writer.send(
                    .with {
                        $0.metadata = .with {
                            $0.ownerKind = .load; $0.ownerID = first.loadID; $0.purpose = .proofOfDelivery
                            $0.fileName = "pod.pdf"; $0.declaredType = .pdf
                        }
                    }
                )
                try await writer.send(.with { $0.chunk = pdf.prefix(256 * 1_024) })
                try await writer.send(.with { $0.chunk = pdf.dropFirst(256 * 1_024) })
            }
            let listed = try await dora.documents.listDocuments(
                .with {
                    $0.ownerKind = .load; $0.ownerID = first.loadID
                },
                options: dora.options
            )
            #expect(listed.documents.map(\.documentID) == [proof.documentID])
            let done = try await dee.freight.setLoadStatus(
                .with {
                    $0.loadID = first.loadID; $0.status = .completed
                },
                options: dee.options
            )
            #expect(done.status == .completed)
            let deeDone = try await dee.gateway.getDriverHome(.init(), options: dee.options)
            #expect(deeDone.assignedLoads.loads.isEmpty)
            let deskAfter = try await dora.gateway.getDispatcherHome(
                .with { $0.organisationID = organisation },
                options: dora.options
            )
            #expect(deskAfter.openLoads.groups.flatMap(\.loads).map(\.loadID) == [second.loadID])
        }
    }

    @Test(
        "a dispatcher's live map through the gateway: the latest positions, then each driver's report as it comes",
        .timeLimit(.minutes(3))
    )
    func livePositions() async throws {
        try await LaundrySystem.run { system in
            let carrier = try await Self.carrier(in: system)
            defer { for device in carrier.all { device.client.close() } }
            @Sendable func report(_ device: Device, _ latitude: Double) async throws {
                _ = try await device.positions.reportPositions(
                    .with {
                        $0.positions = [
                            .with {
                                $0.latitude = latitude
                                $0.longitude = 8.55
                                $0.recordedAtMicros = Int64(Date().timeIntervalSince1970 * 1_000_000)
                                $0.accuracyMeters = 6
                            }
                        ]
                    },
                    options: device.options
                )
            }
            try await report(carrier.dee, 47.30)
            try await carrier.nia.positions.watchPositions(
                .with { $0.organisationID = carrier.organisationID },
                options: carrier.nia.streaming
            ) { stream in
                var messages = stream.makeAsyncIterator()
                let first = try #require(try await messages.next())
                #expect(first.positions.map(\.driverID) == [carrier.dee.person.userID])
                // Dan reports from his own phone; Nia's stream shows it, once it is kept (a report made
                // before the watch was registered would be in the first message instead).
                var seen: [Quad_Freight_V1_DriverPosition] = []
                for attempt in 0..<50 where !seen.contains(where: { $0.driverID == carrier.dan.person.userID }) {
                    try await report(carrier.dan, 47.31 + Double(attempt) * 0.0001)
                    seen += try #require(try await messages.next()).positions
                }
                let dan = try #require(seen.first { $0.driverID == carrier.dan.person.userID })
                #expect(dan.position.accuracyMeters == 6)
            }
            // A driver is not shown the map.
            let refused = await #expect(throws: RPCError.self) {
                try await carrier.dan.positions.watchPositions(
                    .with { $0.organisationID = carrier.organisationID },
                    options: carrier.dan.streaming
                ) { stream in for try await _ in stream {} }
            }
            #expect(refused?.code == .permissionDenied)
        }
    }

    @Test(
        "nobody outside the carrier sees its home, and a home whose services are down answers in parts",
        .timeLimit(.minutes(3))
    )
    func outsidersAndPartialHomes() async throws {
        try await LaundrySystem.run { system in
            let carrier = try await Self.carrier(in: system)
            defer { for device in carrier.all { device.client.close() } }
            let load = try await carrier.dora.freight.createLoad(
                Self.loadRequest(carrier.organisationID, number: "L-9"),
                options: carrier.dora.options
            )
            _ = try await carrier.dora.freight.assignLoad(
                .with {
                    $0.loadID = load.loadID; $0.driverID = carrier.dan.person.userID
                },
                options: carrier.dora.options
            )
            // Olga dispatches for another carrier: the first carrier's home shows her nothing.
            let olga = try await Self.device("Olga", "127.0.0.6", in: system)
            defer { olga.client.close() }
            _ = try await olga.freight.createOrganisation(.with { $0.name = "Other Freight" }, options: olga.options)
            let peek = try await olga.gateway.getDispatcherHome(
                .with { $0.organisationID = carrier.organisationID },
                options: olga.options
            )
            #expect(peek.openLoads.status.code == 5 && peek.openLoads.groups.isEmpty)  // NOT_FOUND
            #expect(peek.drivers.status.code == 5 && peek.drivers.drivers.isEmpty)
            #expect(peek.drivers.positions.code == 5)
            let route = await #expect(throws: RPCError.self) {
                _ = try await olga.positions.getLoadRoute(.with { $0.loadID = load.loadID }, options: olga.options)
            }
            #expect(route?.code == .notFound)
            // Someone in no carrier has no dispatcher home to default to.
            let none = await #expect(throws: RPCError.self) {
                _ = try await carrier.dan.gateway.getDispatcherHome(.init(), options: carrier.dan.options)
            }
            #expect(none?.code == .notFound)

            // With identity gone, the drivers are still listed, by id, their names marked missing.
            await system.kill("identity")
            let nameless = try await carrier.dora.gateway.getDispatcherHome(
                .with { $0.organisationID = carrier.organisationID },
                options: carrier.dora.options
            )
            #expect(nameless.openLoads.status.code == 0 && nameless.drivers.status.code == 0)
            #expect(nameless.drivers.names.code == 14, "\(nameless.drivers.names)")  // UNAVAILABLE
            #expect(nameless.drivers.drivers.map(\.userID) == [carrier.dan.person.userID, carrier.dee.person.userID])
            #expect(nameless.drivers.drivers.allSatisfy { $0.firstName.isEmpty })

            // With fleet-documents gone too, the homes still answer, each part marked.
            await system.kill("fleet-documents")
            let driverHome = try await carrier.dan.gateway.getDriverHome(.init(), options: carrier.dan.options)
            #expect(driverHome.assignedLoads.status.code == 14, "\(driverHome)")  // UNAVAILABLE
            #expect(driverHome.organisations.status.code == 14)
            let deskHome = try await carrier.dora.gateway.getDispatcherHome(
                .with { $0.organisationID = carrier.organisationID },
                options: carrier.dora.options
            )
            #expect(deskHome.organisationID == carrier.organisationID)
            #expect(deskHome.openLoads.status.code == 14 && deskHome.drivers.status.code == 14)
            #expect(deskHome.drivers.positions.code == 14)
        }
    }
}
