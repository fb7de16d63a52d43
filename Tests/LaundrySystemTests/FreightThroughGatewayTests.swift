import Foundation
import QuadContracts
import QuadWire
import Testing

/// Freight as the apps use it, through the gateway: a carrier, an invite by email, the driver role from identity, a
/// load assigned, moved and completed with its proof of delivery.
@Suite("Freight through the gateway: a carrier's load end to end (F1-F4, F7, F9)")
struct FreightThroughGatewayTests {
    static func loadRequest(_ organisation: String, number: String = "L-1") -> Quad_Freight_V1_CreateLoadRequest {
        .with {
            $0.organisationID = organisation
            $0.number = number
            $0.pickup = .with {
                $0.address = "1 Dock Road, Tilbury"
                $0.coordinate = .with {
                    $0.latitude = 51.4627
                    $0.longitude = 0.3570
                }
            }
            $0.dropOff = .with {
                $0.address = "9 Mill Lane, Leeds"
                $0.coordinate = .with {
                    $0.latitude = 53.7997
                    $0.longitude = -1.5492
                }
            }
            $0.cargo = "20 pallets of tiles"
            $0.client = "Tile & Co"
            $0.estimatedDeliveryAtMicros = 1_790_000_000_000_000
        }
    }

    @Test(
        "Dora's carrier invites Dan by email; identity makes him a driver; he completes a load with its proof of delivery",
        .enabled(if: LaundrySystem.isBuilt, "build the executables first (swift build)"),
        .timeLimit(.minutes(3))
    )
    func endToEnd() async throws {
        try await LaundrySystem.run { system in
            let dora = try await system.register("Dora")
            let dan = try await system.register("Dan")
            let carrier = try await system.freight.createOrganisation(
                .with { $0.name = "Northwind" },
                options: dora.options
            )
            let email = try await system.identity.getMyProfile(.init(), options: dan.options).email
            _ = try await system.freight.inviteMember(
                .with {
                    $0.organisationID = carrier.organisationID
                    $0.email = email.uppercased()
                    $0.role = .driver
                },
                options: dora.options
            )
            let invites = try await system.freight.listMyInvites(.init(), options: dan.options)
            let invite = try #require(invites.invites.first)
            #expect(invite.organisationName == "Northwind")
            _ = try await system.freight.acceptInvite(.with { $0.inviteID = invite.inviteID }, options: dan.options)
            // identity learns the roles from fleet-documents' outbox (F1).
            _ = try await system.eventually("Dan is a driver in identity") {
                try await system.identity.getMyProfile(.init(), options: dan.options)
            } until: {
                $0.roles.contains(.driver)
            }
            _ = try await system.eventually("Dora is a dispatcher in identity") {
                try await system.identity.getMyProfile(.init(), options: dora.options)
            } until: {
                $0.roles.contains(.dispatcher)
            }

            let load = try await system.freight.createLoad(
                Self.loadRequest(carrier.organisationID),
                options: dora.options
            )
            // Dan's feed tells him of the assignment at once (F3, G3).
            try await system.home.subscribe(
                .init(),
                options: CallOptions(timeout: .seconds(30), metadata: dan.options.metadata)
            ) { stream in
                var feed = stream.makeAsyncIterator()
                #expect(try await feed.next()?.subscribed != nil)
                _ = try await system.freight.assignLoad(
                    .with {
                        $0.loadID = load.loadID
                        $0.driverID = dan.userID
                    },
                    options: dora.options
                )
                var told: Quad_Freight_V1_LoadChanged?
                while told == nil, let message = try await feed.next() {
                    guard message.event.type == "quad.freight.v1.LoadChanged" else { continue }
                    told = try Quad_Freight_V1_LoadChanged(serializedBytes: message.event.payload)
                    #expect(message.event.source == "fleet-documents")
                }
                #expect(told?.change == .assigned)
                #expect(told?.load.loadID == load.loadID)
                #expect(told?.load.driverID == dan.userID)
            }
            let mine = try await system.freight.listLoads(.init(), options: dan.options)
            #expect(mine.loads.map(\.loadID) == [load.loadID])
            func set(_ status: Quad_Freight_V1_LoadStatus) async throws -> Quad_Freight_V1_Load {
                try await system.freight.setLoadStatus(
                    .with {
                        $0.loadID = load.loadID
                        $0.status = status
                    },
                    options: dan.options
                )
            }
            _ = try await set(.onTheWay)
            _ = try await set(.unloading)
            let early = await #expect(throws: RPCError.self) { _ = try await set(.completed) }
            #expect(early?.code == .failedPrecondition)
            let pod = Array("%PDF-1.7\n".utf8) + [UInt8](repeating: 7, count: 64 * 1_024)
            _ = try await DocumentsThroughGatewayTests.upload(
                pod,
                .with {
                    $0.ownerKind = .load
                    $0.ownerID = load.loadID
                    $0.purpose = .proofOfDelivery
                    $0.fileName = "pod.pdf"
                    $0.declaredType = .pdf
                },
                as: dan,
                through: system
            )
            let done = try await set(.completed)
            #expect(done.status == .completed)
            #expect(done.timeline.map(\.kind) == [.created, .assigned, .status, .status, .status])
            // Someone outside the carrier sees nothing of it.
            let eve = try await system.register("Eve")
            let hidden = await #expect(throws: RPCError.self) {
                _ = try await system.freight.getLoad(.with { $0.loadID = load.loadID }, options: eve.options)
            }
            #expect(hidden?.code == .notFound)
        }
    }
}
