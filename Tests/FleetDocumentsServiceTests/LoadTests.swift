import QuadContracts
import QuadWire
import ServiceTestSupport
import Testing

@Suite("Freight: loads created, assigned, moved through statuses and edited by the right people (F2-F4, F6, F9)")
struct LoadTests {
    @Test("a load needs every field, named at once; its number is unique in the organisation, not across them")
    func create() async throws {
        try await FreightHarness.run { h in
            let org = try await h.organisation()
            let load = try await h.load(org)
            #expect(load.number == "L-100")
            #expect(load.status == .unassigned)
            #expect(load.timeline.map(\.kind) == [.created])
            #expect(load.timeline.first?.byUserID == "dora")
            let missing = await expectRefusal(.invalidArgument) {
                _ = try await h.as("dora") { freight in
                    try await freight.createLoad(
                        .with {
                            $0.organisationID = org
                            $0.pickup = FreightHarness.stop("1 Dock Road", 51.4, 0.3)
                        }
                    )
                }
            }
            #expect(
                missing?.message == "a load needs number, drop_off, cargo, client, estimated_delivery_at_micros; "
                    + "they are missing"
            )
            let duplicate = await expectRefusal(.alreadyExists) { _ = try await h.load(org) }
            #expect(duplicate?.message.hasPrefix("number: Northwind Haulage has a load L-100 already") == true)
            let latitude = await expectRefusal(.invalidArgument) {
                var request = FreightHarness.loadRequest(org, number: "L-101")
                request.pickup.coordinate.latitude = 91
                _ = try await h.as("dora") { try await $0.createLoad(request) }
            }
            #expect(latitude?.message.hasPrefix("pickup.latitude") == true)
            let other = try await h.organisation("Southern Freight", by: "ola")
            #expect(try await h.load(other, by: "ola").number == "L-100")
        }
    }

    @Test("only a dispatcher of the organisation creates; a driver is refused, a stranger told NOT_FOUND")
    func createRefusals() async throws {
        try await FreightHarness.run { h in
            let org = try await h.organisation()
            try await h.join("dan", org)
            let driver = await expectRefusal(.permissionDenied) { _ = try await h.load(org, by: "dan") }
            #expect(driver?.message == "only a dispatcher of Northwind Haulage may create loads; you are its driver")
            let stranger = await expectRefusal(.notFound) { _ = try await h.load(org, by: "ola") }
            #expect(stranger?.message == "organisation_id: no organisation \(org) that you belong to")
        }
    }

    @Test("assignment: dispatchers only, to drivers of the organisation; reassignment keeps the working status")
    func assign() async throws {
        try await FreightHarness.run { h in
            let org = try await h.organisation()
            try await h.join("dan", org)
            try await h.join("drew", org)
            try await h.join("erin", org, as: .dispatcher)
            let southern = try await h.organisation("Southern Freight", by: "ola")
            try await h.join("oscar", southern, invitedBy: "ola")
            let load = try await h.load(org)
            func assign(_ driver: String, by user: String, load id: String = load.loadID) async throws
                -> Quad_Freight_V1_Load
            {
                try await h.as(user) { freight in
                    try await freight.assignLoad(
                        .with {
                            $0.loadID = id
                            $0.driverID = driver
                        }
                    )
                }
            }
            // A driver of another organisation, a dispatcher who is not a driver, someone unknown.
            let foreignDriver = await expectRefusal(.failedPrecondition) { _ = try await assign("oscar", by: "dora") }
            #expect(foreignDriver?.message.hasPrefix("driver_id: oscar is not a driver") == true)
            await expectRefusal(.failedPrecondition) { _ = try await assign("erin", by: "dora") }
            // Another organisation's dispatcher does not see the load at all; a driver may not assign.
            let otherDispatcher = await expectRefusal(.notFound) { _ = try await assign("dan", by: "ola") }
            #expect(otherDispatcher?.message == "load_id: no load \(load.loadID) that you may see")
            await expectRefusal(.permissionDenied) { _ = try await assign("dan", by: "drew") }
            #expect(try await h.as("dora") { try await $0.getLoad(.with { $0.loadID = load.loadID }) } == load)

            let assigned = try await assign("dan", by: "erin")
            #expect(assigned.driverID == "dan")
            #expect(assigned.status == .assigned)
            _ = try await h.as("dan") { freight in
                try await freight.setLoadStatus(
                    .with {
                        $0.loadID = load.loadID
                        $0.status = .onTheWay
                    }
                )
            }
            let reassigned = try await assign("drew", by: "dora")
            #expect(reassigned.driverID == "drew")
            #expect(reassigned.status == .onTheWay)
            #expect(reassigned.timeline.map(\.kind) == [.created, .assigned, .status, .assigned])
            // The driver of org A is refused on org B's load, by org B's own dispatcher too.
            let southernLoad = try await h.load(southern, by: "ola")
            await expectRefusal(.failedPrecondition) {
                _ = try await assign("dan", by: "ola", load: southernLoad.loadID)
            }
        }
    }

    @Test("statuses: by the load's driver or a dispatcher, stamped; another driver refused; no status before a driver")
    func statuses() async throws {
        try await FreightHarness.run { h in
            let org = try await h.organisation()
            try await h.join("dan", org)
            try await h.join("drew", org)
            let load = try await h.load(org)
            func set(_ status: Quad_Freight_V1_LoadStatus, by user: String) async throws -> Quad_Freight_V1_Load {
                try await h.as(user) { freight in
                    try await freight.setLoadStatus(
                        .with {
                            $0.loadID = load.loadID
                            $0.status = status
                        }
                    )
                }
            }
            let unassigned = await expectRefusal(.failedPrecondition) { _ = try await set(.onTheWay, by: "dora") }
            #expect(unassigned?.message == "load L-100 has no driver yet; assign it first")
            _ = try await h.as("dora") { freight in
                try await freight.assignLoad(
                    .with {
                        $0.loadID = load.loadID
                        $0.driverID = "dan"
                    }
                )
            }
            h.clock.advance(by: .seconds(60))
            let moving = try await set(.onTheWay, by: "dan")
            #expect(moving.status == .onTheWay)
            let stamp = try #require(moving.timeline.last)
            #expect(stamp.kind == .status && stamp.status == .onTheWay && stamp.byUserID == "dan")
            #expect(stamp.atMicros == h.clock.micros)
            _ = try await set(.loading, by: "dora")
            await expectRefusal(.permissionDenied) { _ = try await set(.waiting, by: "drew") }
            await expectRefusal(.notFound) { _ = try await set(.waiting, by: "ola") }
            let unset = await expectRefusal(.invalidArgument) { _ = try await set(.unspecified, by: "dan") }
            #expect(unset?.message.hasPrefix("status:") == true)
            await expectRefusal(.invalidArgument) { _ = try await set(.assigned, by: "dan") }
            #expect(
                try await h.as("dan") { try await $0.getLoad(.with { $0.loadID = load.loadID }) }.status == .loading
            )
        }
    }

    @Test("completion needs a proof of delivery on the load: refused without, done with; then the load changes no more")
    func proofOfDelivery() async throws {
        try await FreightHarness.run { h in
            let org = try await h.organisation()
            try await h.join("dan", org)
            let load = try await h.load(org)
            _ = try await h.as("dora") { freight in
                try await freight.assignLoad(
                    .with {
                        $0.loadID = load.loadID
                        $0.driverID = "dan"
                    }
                )
            }
            func complete() async throws -> Quad_Freight_V1_Load {
                try await h.as("dan") { freight in
                    try await freight.setLoadStatus(
                        .with {
                            $0.loadID = load.loadID
                            $0.status = .completed
                        }
                    )
                }
            }
            let refused = await expectRefusal(.failedPrecondition) { _ = try await complete() }
            #expect(refused?.message.contains("needs a proof of delivery") == true)
            // A bill of lading is not a proof of delivery.
            _ = try await h.documents.upload(
                pdf(size: 2_000),
                as: "dan",
                metadata: DocumentsHarness.metadata(.load, load.loadID, purpose: .billOfLading, name: "bol.pdf")
            )
            await expectRefusal(.failedPrecondition) { _ = try await complete() }
            _ = try await h.documents.upload(
                pdf(size: 3_000, seed: 1),
                as: "dan",
                metadata: DocumentsHarness.metadata(.load, load.loadID, purpose: .proofOfDelivery, name: "pod.pdf")
            )
            let done = try await complete()
            #expect(done.status == .completed)
            #expect(done.timeline.last?.byUserID == "dan")
            let after = await expectRefusal(.failedPrecondition) {
                _ = try await h.as("dora") { freight in
                    try await freight.editLoadStops(
                        .with {
                            $0.loadID = load.loadID
                            $0.dropOff = FreightHarness.stop("elsewhere", 1, 1)
                        }
                    )
                }
            }
            #expect(after?.message == "load L-100 is completed; a completed load does not change")
        }
    }

    @Test("stops: edited by a dispatcher or the load's driver; an edit without coordinates or with none given refused")
    func stops() async throws {
        try await FreightHarness.run { h in
            let org = try await h.organisation()
            try await h.join("dan", org)
            try await h.join("drew", org)
            let load = try await h.load(org)
            _ = try await h.as("dora") { freight in
                try await freight.assignLoad(
                    .with {
                        $0.loadID = load.loadID
                        $0.driverID = "dan"
                    }
                )
            }
            func edit(by user: String, _ change: (inout Quad_Freight_V1_EditLoadStopsRequest) -> Void) async throws
                -> Quad_Freight_V1_Load
            {
                var request = Quad_Freight_V1_EditLoadStopsRequest.with { $0.loadID = load.loadID }
                change(&request)
                let sent = request
                return try await h.as(user) { try await $0.editLoadStops(sent) }
            }
            let edited = try await edit(by: "dan") { $0.pickup = FreightHarness.stop("Gate 4, Tilbury", 51.46, 0.36) }
            #expect(edited.pickup.address == "Gate 4, Tilbury")
            #expect(edited.pickup.coordinate.latitude == 51.46)
            #expect(edited.dropOff == load.dropOff)
            #expect(edited.timeline.last?.kind == .stopEdited && edited.timeline.last?.stop == "pickup")
            let both = try await edit(by: "dora") {
                $0.pickup = FreightHarness.stop("Berth 2", 51.45, 0.35)
                $0.dropOff = FreightHarness.stop("Unit 7, Leeds", 53.8, -1.55)
            }
            #expect(both.dropOff.address == "Unit 7, Leeds")
            await expectRefusal(.permissionDenied) {
                _ = try await edit(by: "drew") { $0.pickup = FreightHarness.stop("x", 1, 1) }
            }
            let bare = await expectRefusal(.invalidArgument) {
                _ = try await edit(by: "dora") { $0.pickup.address = "x" }
            }
            #expect(bare?.message.hasPrefix("pickup.coordinate") == true)
            await expectRefusal(.invalidArgument) { _ = try await edit(by: "dora") { _ in } }
            await expectRefusal(.notFound) {
                _ = try await edit(by: "ola") { $0.pickup = FreightHarness.stop("x", 1, 1) }
            }
        }
    }
}
