import FreightDomain
import Testing

@Suite("Freight: a load's details, driver and stamped statuses (F2–F4, F6, F9)")
struct LoadTests {
    static let newYear: Int64 = 1_735_689_600_000_000
    static let minute: Int64 = 60_000_000

    static func stop(_ address: String, _ latitude: Double, _ longitude: Double) throws -> LoadStop {
        LoadStop(address: address, coordinate: try Coordinate(latitude: latitude, longitude: longitude, field: "stop"))
    }

    static func draft() throws -> LoadDraft {
        LoadDraft(
            number: "L-1001",
            pickup: try stop("1 Dock Rd, Northfield", 42.3601, -71.0589),
            dropOff: try stop("9 Mill St, Southfield", 42.2626, -71.8023),
            cargo: "12 pallets of paper",
            client: "Acme Paper",
            estimatedDeliveryAt: newYear + 600 * minute
        )
    }

    static func load() throws -> Load {
        try Load.create(try draft(), id: "load-1", organisation: "org-1", by: "dee", at: newYear)
    }

    @Test("a created load is unassigned, stamped created by its dispatcher")
    func created() throws {
        let load = try Self.load()
        #expect(load.status == .unassigned)
        #expect(load.driver == nil)
        #expect(load.timeline == [LoadEntry(change: .created, by: "dee", at: Self.newYear)])
    }

    @Test("every missing field is named at once")
    func missing() throws {
        let empty = LoadDraft(number: " ", pickup: nil, dropOff: nil, cargo: "", client: "", estimatedDeliveryAt: nil)
        let error = #expect(throws: FreightError.self) {
            _ = try Load.create(empty, id: "l", organisation: "o", by: "dee", at: Self.newYear)
        }
        #expect(error?.code == .invalidArgument)
        #expect(
            error?.message
                == "a load needs number, pickup, drop_off, cargo, client, estimated_delivery_at_micros; they are missing"
        )
        var one = try Self.draft()
        one.cargo = ""
        let single = #expect(throws: FreightError.self) {
            _ = try Load.create(one, id: "l", organisation: "o", by: "dee", at: Self.newYear)
        }
        #expect(single?.message == "a load needs cargo; it is missing")
        #expect(single?.field == "cargo")
    }

    @Test("a dispatcher assigns and reassigns; a driver cannot; statuses follow the road and each is stamped")
    func lifecycle() throws {
        var load = try Self.load()
        let notYet = #expect(throws: FreightError.self) {
            try load.set(.onTheWay, by: .dispatcher("dee"), at: Self.newYear, hasProofOfDelivery: false)
        }
        #expect(notYet?.code == .failedPrecondition)
        #expect(throws: FreightError.self) { try load.assign(to: "dan", by: .driver("dan"), at: Self.newYear) }
        try load.assign(to: "dan", by: .dispatcher("dee"), at: Self.newYear + Self.minute)
        #expect(load.status == .assigned)
        try load.set(.onTheWay, by: .driver("dan"), at: Self.newYear + 2 * Self.minute, hasProofOfDelivery: false)
        try load.set(.waiting, by: .driver("dan"), at: Self.newYear + 3 * Self.minute, hasProofOfDelivery: false)
        try load.set(.loading, by: .dispatcher("dee"), at: Self.newYear + 4 * Self.minute, hasProofOfDelivery: false)
        let other = #expect(throws: FreightError.self) {
            try load.set(.unloading, by: .driver("eve"), at: Self.newYear, hasProofOfDelivery: false)
        }
        #expect(other?.code == .permissionDenied)
        // Reassigned mid-way: the load keeps its status with its new driver, who may move it; the old one may not.
        try load.assign(to: "eve", by: .dispatcher("dee"), at: Self.newYear + 5 * Self.minute)
        #expect(load.status == .loading)
        #expect(throws: FreightError.self) {
            try load.set(.unloading, by: .driver("dan"), at: Self.newYear, hasProofOfDelivery: false)
        }
        try load.set(.unloading, by: .driver("eve"), at: Self.newYear + 6 * Self.minute, hasProofOfDelivery: false)
        let statuses = load.timeline.compactMap { entry -> LoadStatus? in
            if case .status(let status) = entry.change { status } else { nil }
        }
        #expect(statuses == [.onTheWay, .waiting, .loading, .unloading])
        #expect(
            load.timeline.last == LoadEntry(change: .status(.unloading), by: "eve", at: Self.newYear + 6 * Self.minute)
        )
    }

    @Test("completed needs a proof of delivery (F9); a completed load changes no more")
    func completion() throws {
        var load = try Self.load()
        try load.assign(to: "dan", by: .dispatcher("dee"), at: Self.newYear)
        let noProof = #expect(throws: FreightError.self) {
            try load.set(.completed, by: .driver("dan"), at: Self.newYear, hasProofOfDelivery: false)
        }
        #expect(noProof?.code == .failedPrecondition)
        #expect(noProof?.message.contains("proof of delivery") == true)
        #expect(load.status == .assigned)
        try load.set(.completed, by: .driver("dan"), at: Self.newYear + Self.minute, hasProofOfDelivery: true)
        #expect(load.status == .completed)
        #expect(throws: FreightError.self) { try load.assign(to: "eve", by: .dispatcher("dee"), at: Self.newYear) }
        #expect(throws: FreightError.self) {
            try load.set(.onTheWay, by: .dispatcher("dee"), at: Self.newYear, hasProofOfDelivery: true)
        }
        #expect(throws: FreightError.self) {
            try load.edit(.pickup, to: try Self.stop("elsewhere", 0, 0), by: .dispatcher("dee"), at: Self.newYear)
        }
        let notSettable = #expect(throws: FreightError.self) {
            var fresh = try Self.load()
            try fresh.set(.assigned, by: .dispatcher("dee"), at: Self.newYear, hasProofOfDelivery: false)
        }
        #expect(notSettable?.field == "status")
    }

    @Test("stops are edited by a dispatcher or the load's driver (F6), stamped; a blank address is refused")
    func stops() throws {
        var load = try Self.load()
        try load.assign(to: "dan", by: .dispatcher("dee"), at: Self.newYear)
        let moved = try Self.stop("2 Dock Rd, Northfield", 42.3610, -71.0590)
        try load.edit(.pickup, to: moved, by: .driver("dan"), at: Self.newYear + Self.minute)
        #expect(load.pickup == moved)
        #expect(
            load.timeline.last == LoadEntry(change: .stopEdited(.pickup), by: "dan", at: Self.newYear + Self.minute)
        )
        #expect(throws: FreightError.self) { try load.edit(.dropOff, to: moved, by: .driver("eve"), at: Self.newYear) }
        let blank = #expect(throws: FreightError.self) {
            try load.edit(.dropOff, to: try Self.stop(" ", 1, 1), by: .dispatcher("dee"), at: Self.newYear)
        }
        #expect(blank?.field == "drop_off")
    }

    @Test("arrivals are stamped once, pickup first, from the driver's positions within 200 m (F9)")
    func arrivals() throws {
        var load = try Self.load()
        let atPickup = try Coordinate(latitude: 42.3601, longitude: -71.0589, field: "position")
        #expect(load.driverWasAt(atPickup, at: Self.newYear) == nil, "no driver yet, no arrival")
        try load.assign(to: "dan", by: .dispatcher("dee"), at: Self.newYear)
        let far = try Coordinate(latitude: 42.3001, longitude: -71.3000, field: "position")
        #expect(load.driverWasAt(far, at: Self.newYear + Self.minute) == nil)
        #expect(load.driverWasAt(atPickup, at: Self.newYear + 2 * Self.minute) == .pickup)
        #expect(load.driverWasAt(atPickup, at: Self.newYear + 3 * Self.minute) == nil, "stamped once")
        let atDropOff = try Coordinate(latitude: 42.2626, longitude: -71.8023, field: "position")
        #expect(load.driverWasAt(atDropOff, at: Self.newYear + 60 * Self.minute) == .dropOff)
        #expect(load.hasArrived(at: .pickup) && load.hasArrived(at: .dropOff))
        #expect(
            load.timeline.filter { $0.by == nil }.map(\.at) == [
                Self.newYear + 2 * Self.minute, Self.newYear + 60 * Self.minute,
            ]
        )
    }
}
