import QuadKernel
import QuadTestSupport
import RidesKernel
import Testing

@Suite("Rides: the fare divided by the distance each rode (R4)")
struct FareSharesTests {
    static func usd(_ cents: Int64) -> Money { Money(minorUnits: cents, currency: "USD") }

    @Test("worked by hand: 30.00 for 2 km, 4 km and 6 km is 5.00, 10.00 and 15.00; 10.00 for three equal rides")
    func byHand() throws {
        #expect(
            try FareShares.split(Self.usd(3_000), ridden: [2_000, 4_000, 6_000]) == [500, 1_000, 1_500].map(Self.usd)
        )
        // 1000 ÷ 3: 333 each and one cent left, to the first (ties to whoever is listed first).
        #expect(try FareShares.split(Self.usd(1_000), ridden: [5_000, 5_000, 5_000]) == [334, 333, 333].map(Self.usd))
        // Someone who rode 0 m pays nothing, and gets no leftover cent.
        #expect(try FareShares.split(Self.usd(1_001), ridden: [0, 1_000, 1_000]) == [0, 501, 500].map(Self.usd))
    }

    @Test("the shares always add up to the fare, each within a cent of its exact share, the same every time")
    func property() throws {
        for seed in randomSeeds {
            var random = SeededGenerator(seed: seed)
            for _ in 0..<500 {
                let fare = Self.usd(Int64.random(in: 1...500_000, using: &random))
                let meters = (0..<Int.random(in: 1...7, using: &random)).map { _ in
                    Double(Int.random(in: 0...40_000, using: &random)) + Double.random(in: 0..<1, using: &random)
                }
                guard meters.contains(where: { $0.rounded() > 0 }) else { continue }
                let shares = try FareShares.split(fare, ridden: meters)
                #expect(shares.reduce(0) { $0 + $1.minorUnits } == fare.minorUnits)
                let weights = meters.map { $0.rounded() }
                let total = weights.reduce(0, +)
                for (share, weight) in zip(shares, weights) {
                    #expect(abs(Double(share.minorUnits) - Double(fare.minorUnits) * weight / total) < 1)
                    #expect(share.currency == "USD" && share.minorUnits >= 0)
                }
                #expect(try FareShares.split(fare, ridden: meters) == shares)
            }
        }
    }

    @Test("a route's shares: each drop in route order, then the destination; 10.00 for 1:2:4 on the equator, exact")
    func alongARoute() throws {
        // Given a route along the equator from 0° to 1°, dropping at 0.25° and then 0.5°
        let route = try RideRoute(
            origin: GeoPoint(latitude: 0, longitude: 0),
            destination: GeoPoint(latitude: 0, longitude: 1),
            drops: [GeoPoint(latitude: 0, longitude: 0.25), GeoPoint(latitude: 0, longitude: 0.5)]
        )
        // When 7.00 is split along it (27.8, 55.6 and 111.2 km: 1 to 2 to 4)
        let shares = try route.fareShares(of: Self.usd(700))
        // Then the first drop pays 1.00, the second 2.00, the offerer to the destination 4.00
        #expect(shares.drops == [Self.usd(100), Self.usd(200)])
        #expect(shares.toDestination == Self.usd(400))
        #expect(
            try FareShares.split(Self.usd(700), ridden: route.riddenMeters.drops + [route.riddenMeters.toDestination])
                == shares.drops + [shares.toDestination]
        )
    }

    @Test("a fare of zero or less, no riders, or a distance negative, NaN or all zero is refused naming its field")
    func refusals() {
        let cases: [(Money, [Double], String)] = [
            (Self.usd(0), [1_000], "fare"), (Self.usd(-5), [1_000], "fare"), (Self.usd(100), [], "ridden"),
            (Self.usd(100), [-1], "ridden"), (Self.usd(100), [.nan], "ridden"), (Self.usd(100), [0, 0.2], "ridden"),
            (Self.usd(100), [.infinity], "ridden"),
        ]
        for (fare, meters, field) in cases {
            do {
                _ = try FareShares.split(fare, ridden: meters)
                Issue.record("\(fare) for \(meters) was split")
            } catch {
                #expect(error.field == field, "\(fare) \(meters)")
            }
        }
    }
}
