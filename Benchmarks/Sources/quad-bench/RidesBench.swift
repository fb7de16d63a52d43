import Foundation
import Logging
import QuadCertificates
import QuadContracts
import QuadServiceKit
import QuadWire
import QuadWireNIO

/// Issue 16 item 8, rides' search (R2): 50,000 open offers in one city, then SearchRides through the gateway at a
/// fixed rate, open loop.
///
///   quad-bench rides-offers --endpoints FILE [--offers 50000] [--in-flight 32]
///   quad-bench rides-search --endpoints FILE [--rate 500] [--warmup 3] [--duration 30] [--walk 800]
///                           [--window-hours 12] [--label L]
///
/// `rides-offers` delivers `ride.offer_changed` for `--offers` offers to quad-matching as jobs' relay does (Deliver,
/// with jobs' certificate from `quad up`'s certificate directory): origins around the campus at 40.4443, -79.9436,
/// half within 3 km and the rest within 15 km (uniform over the area), destinations within 15 km, departures over the
/// next 7 days, 1-6 seats with at least one free, up to two accepted riders' drops, budgets of 10-40%. Offer `i` is
/// always the same offer.
///
/// `rides-search` searches as `quad seed --customers N`'s customers (seed.json beside the endpoints file), each in
/// turn with their token: search `i` is always the same search (an origin within 3 km of the campus, a destination
/// within 12 km and at least 1 km away, a window of `--window-hours` starting in the next 6 days, a walk of `--walk`
/// metres), so two runs (matching on `--ride-search-plan index` and on `full-scan`) ask the same questions. Latency
/// is from each call's intended instant; the CPU of quad-matching and the gateway per call; the candidates and
/// matches per search.
enum RidesBench {
    static let campus = (latitude: 40.4443, longitude: -79.9436)
    static let metersPerDegree = 111_195.08

    struct OffersResult: Encodable {
        var impl = "rides-offers"
        var offers: Int
        var applied: Int
        var seconds: Double
        var offersPerSecond: Double
        var inFlight: Int
        var deliver: ErrandsBench.Summary
        var matchingCPUSeconds: Double?
        var load: String
    }

    struct SearchResult: Encodable {
        var impl: String
        var ratePerSecond: Double
        var warmupSeconds: Double
        var durationSeconds: Double
        var walkMeters: Int
        var windowHours: Double
        var latency: ErrandsBench.Summary
        var cpuMicrosPerCall: [String: Double]
        var candidatesPerSearch: Double
        var matchesPerSearch: Double
        var load: String
    }

    /// A point `meters` at most from the campus, uniform over the disc, from `random`.
    static func around(_ meters: Double, _ random: inout ErrandsBench.Random) -> (Double, Double) {
        let distance = meters * sqrt(Double(random.below(1_000_001)) / 1_000_000)
        let angle = 2 * Double.pi * Double(random.below(1_000_000)) / 1_000_000
        let latitude = campus.latitude + distance * cos(angle) / metersPerDegree
        let longitude =
            campus.longitude + distance * sin(angle) / (metersPerDegree * cos(campus.latitude * Double.pi / 180))
        return (latitude, longitude)
    }

    static func place(_ label: String, _ point: (Double, Double)) -> Quad_Jobs_V1_RidePlace {
        .with {
            $0.label = label
            $0.latitude = point.0
            $0.longitude = point.1
        }
    }

    /// Offer `index`, leaving after `now`.
    static func offer(_ index: Int, now: Int64) -> Quad_Jobs_V1_RideOfferChanged {
        var random = ErrandsBench.Random(seed: UInt64(index) &* 0x9E37_79B9 &+ 16)
        let origin = around(random.below(2) == 0 ? 3_000 : 15_000, &random)
        let destination = around(15_000, &random)
        let seats = 1 + random.below(6)
        let taken = random.below(seats)
        let drops = (0..<min(taken, random.below(3))).map { _ in place("", around(15_000, &random)) }
        let departure = now + 600_000_000 + Int64(random.below(7 * 86_400)) * 1_000_000
        return .with {
            $0.offerID = "bench-ride-\(index)"
            $0.offererID = "bench-offerer-\(index % 5_000)"
            $0.version = 1
            $0.open = true
            $0.origin = place("Pickup \(index)", origin)
            $0.destination = place("Drop-off \(index)", destination)
            $0.departureAtMicros = departure
            $0.seats = UInt32(seats)
            $0.seatsTaken = UInt32(taken)
            $0.detourBudgetPercent = UInt32(10 + random.below(31))
            $0.estimatedFare = .with {
                $0.minorUnits = standardFare(from: origin, to: destination)
                $0.currency = "USD"
            }
            $0.drops = drops
            $0.promptsOn = random.below(2) == 0
        }
    }

    /// What jobs estimates when the offerer gives no fare: 3.00 plus 2.00 per km of the direct distance (RideTariff,
    /// on a flat map: the offers are a city wide).
    static func standardFare(from a: (Double, Double), to b: (Double, Double)) -> Int64 {
        300 + Int64((flatMeters(from: a, to: b) / 1_000 * 200).rounded())
    }

    /// The distance from `a` to `b` on a flat map around the campus, in metres.
    static func flatMeters(from a: (Double, Double), to b: (Double, Double)) -> Double {
        let north = (b.0 - a.0) * metersPerDegree
        let east = (b.1 - a.1) * metersPerDegree * cos(campus.latitude * Double.pi / 180)
        return sqrt(north * north + east * east)
    }

    /// Search `index`, at `now`.
    static func search(_ index: Int, now: Int64, walk: Int, windowHours: Double) -> Quad_Matching_V1_SearchRidesRequest
    {
        var random = ErrandsBench.Random(seed: UInt64(index) &* 0x2545_F491 &+ 16)
        let origin = around(3_000, &random)
        var destination = around(12_000, &random)
        // A trip under 100 m is refused (INVALID_ARGUMENT); riders here go at least a kilometre.
        while flatMeters(from: origin, to: destination) < 1_000 { destination = around(12_000, &random) }
        let earliest = now + 60_000_000 + Int64(random.below(6 * 86_400)) * 1_000_000
        return .with {
            $0.originLatitude = origin.0
            $0.originLongitude = origin.1
            $0.destinationLatitude = destination.0
            $0.destinationLongitude = destination.1
            $0.earliestDepartureMicros = earliest
            $0.latestDepartureMicros = earliest + Int64(windowHours * 3_600_000_000)
            $0.walkMeters = UInt32(walk)
        }
    }

    static var nowMicros: Int64 { Int64(Date().timeIntervalSince1970 * 1_000_000) }

    static func offers(_ arguments: Arguments) async throws {
        let system = try HouseholdsBench.System(arguments, label: "rides-offers")
        let count = try arguments.int("offers", default: 50_000)
        let inFlight = try arguments.int("in-flight", default: 32)
        let matching = try client(of: "matching", as: "jobs", system, connections: 4)
        defer { matching.close() }
        let client = Quad_Matching_V1_Matching.Client(transport: matching)
        let pid = HouseholdsBench.pid(system, "matching")
        let cpuBefore = pid.flatMap(processCPUMicros)
        let now = nowMicros
        let tally = ErrandsBench.Locked(ErrandsBench.Tally())
        let applied = ErrandsBench.Locked(0)
        let start = monotonicNanos()
        try await ErrandsBench.forEach(count, inFlight: inFlight) { index in
            let offer = offer(index, now: now)
            let began = monotonicNanos()
            do {
                let receipt = try await client.deliver(
                    try .with {
                        $0.source = "jobs"
                        $0.topic = Quad_Jobs_V1_RideOfferChanged.topic
                        $0.key = "\(offer.offerID):v\(offer.version)"
                        $0.payload = try offer.serializedData()
                    },
                    options: CallOptions(timeout: .seconds(30))
                )
                tally.withLock { $0.nanos.append(monotonicNanos() - began) }
                if receipt.applied { applied.withLock { $0 += 1 } }
            } catch {
                tally.withLock { $0.error(error) }
                throw error
            }
        }
        let seconds = Double(monotonicNanos() - start) / 1e9
        let cpuAfter = pid.flatMap(processCPUMicros)
        try ErrandsBench.printJSON(
            OffersResult(
                offers: count,
                applied: applied.withLock { $0 },
                seconds: seconds,
                offersPerSecond: Double(count) / max(seconds, 1e-9),
                inFlight: inFlight,
                deliver: tally.withLock { $0.summary },
                matchingCPUSeconds: cpuBefore.flatMap { before in cpuAfter.map { ($0 - before) / 1e6 } },
                load: ErrandsBench.loadAverage
            )
        )
    }

    static func search(_ arguments: Arguments) async throws {
        let system = try HouseholdsBench.System(arguments, label: "rides-search")
        let rate = try arguments.double("rate", default: 500)
        let warmup = try arguments.double("warmup", default: 3)
        let duration = try arguments.double("duration", default: 30)
        let walk = try arguments.int("walk", default: 800)
        let windowHours = try arguments.double("window-hours", default: 12)
        let seedPath = URL(fileURLWithPath: system.endpointsPath).deletingLastPathComponent()
            .appendingPathComponent("seed.json")
        let riders = try JSONDecoder().decode(LaundryBench.Seed.self, from: Data(contentsOf: seedPath)).customers
        guard !riders.isEmpty else { throw UsageError("seed.json has no customers: run quad seed --customers 20") }
        let gateway = try system.gateway(connections: 4)
        defer { gateway.close() }
        let client = Quad_Matching_V1_RideSearch.Client(transport: gateway)
        let options = riders.map {
            CallOptions(timeout: .seconds(10), metadata: ["authorization": "Bearer \($0.accessToken)"])
        }
        let now = nowMicros
        let found = ErrandsBench.Locked((searches: 0, candidates: 0, matches: 0))
        var pids: [String: Int32] = [:]
        pids["matching"] = HouseholdsBench.pid(system, "matching")
        pids["gateway"] = HouseholdsBench.pid(system, "gateway")
        let outcome = await HouseholdsBench.openLoop(rate: rate, warmup: warmup, duration: duration, pids: pids) { i in
            let request = search(i, now: now, walk: walk, windowHours: windowHours)
            let answer = try await client.searchRides(request, options: options[i % options.count])
            found.withLock {
                $0.searches += 1
                $0.candidates += Int(answer.candidates)
                $0.matches += answer.matches.count
            }
        }
        let totals = found.withLock { $0 }
        try ErrandsBench.printJSON(
            SearchResult(
                impl: arguments.optional("label") ?? "rides-search",
                ratePerSecond: rate,
                warmupSeconds: warmup,
                durationSeconds: duration,
                walkMeters: walk,
                windowHours: windowHours,
                latency: outcome.summary,
                cpuMicrosPerCall: outcome.cpuMicrosPerCall,
                candidatesPerSearch: Double(totals.candidates) / Double(max(1, totals.searches)),
                matchesPerSearch: Double(totals.matches) / Double(max(1, totals.searches)),
                load: ErrandsBench.loadAverage
            )
        )
    }

    /// A client of `quad up`'s service `name`, as service `peer` calls it (mutual TLS with `peer`'s certificate).
    static func client(
        of name: String,
        as peer: String,
        _ system: HouseholdsBench.System,
        connections: Int
    ) throws -> QuadClient {
        guard let endpoint = system.endpoints.services[name] else {
            throw UsageError("endpoints.json lists no \(name) service")
        }
        let (host, port) = try endpoint.hostPort()
        let certificates = try DevCertificateSet.ensure(
            directory: URL(fileURLWithPath: system.endpoints.ca).deletingLastPathComponent().path,
            services: [peer]
        )
        return QuadClient(
            host: host,
            port: port,
            tls: try .client(
                trustRootsPEM: certificates.caPath,
                certificateChainPEM: certificates.certificatePath(service: peer),
                privateKeyPEM: certificates.keyPath(service: peer),
                serverName: endpoint.serverName
            ),
            configuration: ClientConfiguration(poolSize: connections, keepaliveInterval: nil),
            eventLoopGroup: benchEventLoopGroup,
            logger: system.logger
        )
    }
}
