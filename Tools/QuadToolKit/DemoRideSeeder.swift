import Foundation
public import QuadContracts
public import QuadWire

/// Seeds demo ride offers (`quad seed --rides`, R1): open offers of the seeded riders, from the demo campus and its
/// dorms to places across town, with real-looking coordinates, offered through the gateway like the app. Each
/// leaves between 1 and 8 hours from now, so riders find them with `RideSearch/SearchRides`.
///
/// Offer k belongs to rider k modulo their number. Run again, it offers only what is missing: a rider who already
/// has that many open offers gets none, so a second `quad seed` succeeds and keeps the search the same size.
public struct DemoRideSeeder: Sendable {
    /// Where the demo campus's rides leave from: the campus gate and its dorms (as the campus directory places them).
    static let origins: [(label: String, latitude: Double, longitude: Double)] = [
        ("Campus gate, Forbes Ave", 40.4433, -79.9436),
        ("Maple Hall", 40.4447, -79.9425),
        ("Baker Hall", 40.4418, -79.9446),
        ("Birch Hall", 40.4459, -79.9412),
    ]
    /// Where they go.
    static let destinations: [(label: String, latitude: Double, longitude: Double)] = [
        ("Airport, departures", 40.4915, -80.2329),
        ("Downtown, Market Square", 40.4406, -80.0025),
        ("Strip District, Smallman St", 40.4515, -79.9850),
        ("South Side Works", 40.4275, -79.9650),
        ("Station Square", 40.4343, -80.0050),
        ("Squirrel Hill, Murray Ave", 40.4381, -79.9223),
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
                    return try await rides.offerRide(Self.request(number), options: keyed)
                }
                offered.append(offer.offerID)
            }
            ids += open + offered
        }
        return ids
    }

    /// Offer `number`'s request: from an origin of the campus to a destination in turn, 1 to 8 hours from now, with
    /// 1 to 4 seats; every other one has the conversation prompts on.
    public static func request(_ number: Int) -> Quad_Jobs_V1_OfferRideRequest {
        let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
        let origin = origins[number % origins.count]
        let destination = destinations[number % destinations.count]
        return .with {
            $0.taxiID = "CAB-\(1_000 + (number * 37) % 9_000)"
            $0.origin = .with {
                $0.label = origin.label
                $0.latitude = origin.latitude
                $0.longitude = origin.longitude
            }
            $0.destination = .with {
                $0.label = destination.label
                $0.latitude = destination.latitude
                $0.longitude = destination.longitude
            }
            $0.departureAtMicros = now + Int64(1 + number % 8) * 3_600_000_000
            $0.seats = UInt32(1 + number % 4)
            $0.promptsOn = number % 2 == 0
        }
    }
}
