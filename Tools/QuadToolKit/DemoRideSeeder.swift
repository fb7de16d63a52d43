import Foundation
public import QuadContracts
public import QuadWire

/// Seeds demo ride offers (`quad seed --rides`, R1): open offers of the seeded riders, from the demo campus's centre
/// and its dorms (where the campus directory, `Identity/ListCampuses`, places them) to real places around it, offered
/// through the gateway like the app. Each leaves between 1 and 8 hours from now, so riders find them with
/// `RideSearch/SearchRides`.
///
/// Offer k belongs to rider k modulo their number. Run again, it offers only what is missing: a rider who already
/// has that many open offers gets none, so a second `quad seed` succeeds and keeps the search the same size.
public struct DemoRideSeeder: Sendable {
    /// Where the demo campus's rides go: real places around Northfield, Minnesota, from 3 to 60 km away.
    public static let destinations: [(label: String, latitude: Double, longitude: Double)] = [
        ("MSP Airport, Terminal 1", 44.8848, -93.2223),
        ("Minneapolis, Nicollet Mall", 44.9778, -93.2650),
        ("Mall of America", 44.8549, -93.2422),
        ("Faribault, Central Ave", 44.2950, -93.2688),
        ("Dundas, Railway St", 44.4294, -93.2019),
        ("Lakeville, Kenrick Ave", 44.6497, -93.2427),
    ]

    /// The gateway.
    public let transport: any ClientTransport
    private var rides: Quad_Jobs_V1_Rides.Client { .init(transport: transport) }

    /// A seeder calling through `transport` (the gateway).
    public init(transport: any ClientTransport) {
        self.transport = transport
    }

    /// Offers what is missing of `count` open offers among `offerers`, and returns the ids of every offerer's open
    /// offers, offerer by offerer.
    ///
    /// - Throws: ``CLIError`` naming the offerer and what jobs refused.
    public func seed(offers count: Int, offerers: [DemoSeeder.Seeded]) async throws -> [String] {
        guard count > 0, !offerers.isEmpty else { return [] }
        let origins = try await DemoSeeder.step("read the campus directory") {
            try await Self.origins(
                Quad_Identity_V1_Identity.Client(transport: transport),
                DemoSeeder.bearer(offerers[0])
            )
        }
        var ids: [String] = []
        for (index, offerer) in offerers.enumerated() {
            let wanted = (0..<count).filter { $0 % offerers.count == index }
            let options = DemoSeeder.bearer(offerer)
            let open = try await DemoSeeder.step("list the open ride offers of \(offerer.email)") {
                try await rides.listMyRides(
                    .with {
                        $0.role = .offerer
                        $0.activeOnly = true
                        $0.limit = 100
                    },
                    options: options
                ).offers.map(\.offerID)
            }
            var offered: [String] = []
            for number in wanted.dropFirst(open.count) {
                let offer = try await DemoSeeder.step("offer ride \(number + 1) as \(offerer.email)") {
                    var keyed = options
                    keyed.metadata["idempotency-key"] = UUID().uuidString
                    return try await rides.offerRide(Self.request(number, origins: origins), options: keyed)
                }
                offered.append(offer.offerID)
            }
            ids += open + offered
        }
        return ids
    }

    /// The first campus's centre and its dorms, as the campus directory places them.
    static func origins(
        _ identity: Quad_Identity_V1_Identity.Client,
        _ options: CallOptions
    ) async throws -> [Quad_Jobs_V1_RidePlace] {
        guard let campus = try await identity.listCampuses(.init(), options: options).campuses.first else {
            throw CLIError("identity's campus directory is empty: has its seed run?")
        }
        let centre = place("\(campus.name), main gate", campus.latitude, campus.longitude)
        return [centre] + campus.dorms.map { place($0.name, $0.latitude, $0.longitude) }
    }

    /// A ride's place: its label and pin.
    public static func place(_ label: String, _ latitude: Double, _ longitude: Double) -> Quad_Jobs_V1_RidePlace {
        .with {
            $0.label = label
            $0.latitude = latitude
            $0.longitude = longitude
        }
    }

    /// Offer `number`'s request: from one of `origins` to a destination in turn, 1 to 8 hours from now, with 1 to 4
    /// seats; every other one has the conversation prompts on.
    public static func request(_ number: Int, origins: [Quad_Jobs_V1_RidePlace]) -> Quad_Jobs_V1_OfferRideRequest {
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        let origin = origins[number % origins.count]
        let destination = destinations[number % destinations.count]
        return .with {
            $0.taxiID = "CAB-\(1_000 + (number * 37) % 9_000)"
            $0.origin = origin
            $0.destination = place(destination.label, destination.latitude, destination.longitude)
            $0.departureAtMicros = now + Int64(1 + number % 8) * 3_600_000_000
            $0.seats = UInt32(1 + number % 4)
            $0.promptsOn = number % 2 == 0
        }
    }
}
