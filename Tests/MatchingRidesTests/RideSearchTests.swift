import MatchingRides
import RidesKernel
import Testing

@Suite("Rides search: a search's rules (R2)")
struct RideSearchTests {
    static let now: Int64 = 1_767_225_600_000_000
    static let hour: Int64 = 3_600_000_000

    /// A search from the campus to a point about 2.2 km east, leaving in the next hour, with the given changes.
    static func search(
        originLatitude: Double = 40.4443,
        originLongitude: Double = -79.9436,
        destinationLatitude: Double = 40.4443,
        destinationLongitude: Double = -79.9176,
        earliest: Int64 = 0,
        latest: Int64 = now + hour,
        walk: UInt32 = 0,
        limit: UInt32 = 0
    ) throws(RidesError) -> RideSearch {
        try RideSearch(
            originLatitude: originLatitude,
            originLongitude: originLongitude,
            destinationLatitude: destinationLatitude,
            destinationLongitude: destinationLongitude,
            earliestMicros: earliest,
            latestMicros: latest,
            walkMeters: walk,
            limit: limit,
            now: now
        )
    }

    @Test("a request with no walk, limit or earliest departure searches 800 m, 20 matches, from now")
    func defaults() throws {
        let search = try Self.search()
        #expect(search.walkMeters == 800 && search.limit == 20)
        #expect(search.earliest == Self.now && search.latest == Self.now + Self.hour)
        #expect(search.isInWindow(Self.now) && search.isInWindow(Self.now + Self.hour))
        #expect(!search.isInWindow(Self.now - 1) && !search.isInWindow(Self.now + Self.hour + 1))
        let edges = try Self.search(
            earliest: Self.now + Self.hour,
            latest: Self.now + Self.hour + 7 * 24 * Self.hour,
            walk: 3_000,
            limit: 50
        )
        #expect(edges.walkMeters == 3_000 && edges.limit == 50 && edges.earliest == Self.now + Self.hour)
        // An earliest departure already past searches from now.
        #expect(try Self.search(earliest: Self.now - Self.hour).earliest == Self.now)
    }

    static let refusals: [(String, @Sendable () throws(RidesError) -> RideSearch)] = [
        ("origin_latitude", { () throws(RidesError) in try search(originLatitude: 90.5) }),
        ("origin_latitude", { () throws(RidesError) in try search(originLatitude: .nan) }),
        ("origin_longitude", { () throws(RidesError) in try search(originLongitude: -.infinity) }),
        ("origin_longitude", { () throws(RidesError) in try search(originLongitude: 181) }),
        ("destination_latitude", { () throws(RidesError) in try search(destinationLatitude: -91) }),
        ("destination_longitude", { () throws(RidesError) in try search(destinationLongitude: .nan) }),
        // 0.0008° of latitude is about 89 m
        (
            "destination_latitude",
            { () throws(RidesError) in
                try search(destinationLatitude: 40.4451, destinationLongitude: -79.9436)
            }
        ),
        (
            "destination_latitude",
            { () throws(RidesError) in
                try search(destinationLatitude: 40.4443, destinationLongitude: -79.9436)
            }
        ),
        ("earliest_departure_micros", { () throws(RidesError) in try search(earliest: -1) }),
        ("latest_departure_micros", { () throws(RidesError) in try search(latest: now) }),
        ("latest_departure_micros", { () throws(RidesError) in try search(latest: 0) }),
        (
            "latest_departure_micros",
            { () throws(RidesError) in
                try search(earliest: now + 2 * hour, latest: now + hour)
            }
        ),
        (
            "latest_departure_micros",
            { () throws(RidesError) in
                try search(earliest: now + hour, latest: now + hour + 7 * 24 * hour + 1)
            }
        ),
        ("walk_meters", { () throws(RidesError) in try search(walk: 3_001) }),
        ("limit", { () throws(RidesError) in try search(limit: 51) }),
    ]

    @Test("each bad field is refused INVALID_ARGUMENT naming the proto field", arguments: refusals.indices)
    func refusal(_ index: Int) {
        let (field, make) = Self.refusals[index]
        do {
            _ = try make()
            Issue.record("\(field): accepted")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(error.field == field, "\(error.message)")
            #expect(error.message.hasPrefix(field + ": "))
        }
    }
}
