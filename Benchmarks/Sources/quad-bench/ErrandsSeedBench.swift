import Foundation
import QuadContracts
import QuadWire
import QuadWireNIO
import Synchronization

/// Fills the campus feed for `errands-feed`: PostErrand through the gateway of a running `quad up`, the requesters
/// the customers of `quad seed --customers N` (seed.json beside the endpoints file), round-robin:
///
///   quad-bench errands-seed --endpoints FILE [--errands 100000] [--in-flight 64] [--connections 8]
///
/// Each errand is ErrandsBench.shopping(i) (1-5 of 107 items, 70% from one of 10 stores), needed 2 h to 7 days from
/// now, with a fresh idempotency key, held on the requester's card. Writes what was posted (each errand's item
/// names, stores, hold and needed-by instant) to errands-seed.json beside the endpoints file, for `errands-feed` to
/// know each filter's share of the feed, and prints one JSON line: the errands posted a second and the latency of a
/// post. Any refused post fails the run.
enum ErrandsSeedBench {
    /// One posted errand, as errands-feed checks the filters against it.
    struct Posted: Codable, Sendable {
        var names: [String]
        var stores: [String]
        var holdMinor: Int64
        var neededBy: Int64
    }

    struct Manifest: Codable {
        var postedAtMicros: Int64
        var errands: [Posted]
    }

    struct Result: Encodable {
        var impl = "errands-seed"
        var errands: Int
        var inFlight: Int
        var seconds: Double
        var errandsPerSecond: Double
        var post: ErrandsBench.Summary
        var load: String
    }

    final class Box: Sendable {
        let tally = Mutex(ErrandsBench.Tally())
        let posted: Mutex<[Posted?]>

        init(count: Int) { posted = Mutex([Posted?](repeating: nil, count: count)) }
    }

    static func run(_ arguments: Arguments) async throws {
        let system = try ErrandsBench.System(arguments, label: "errands-seed")
        let count = try arguments.int("errands", default: 100_000)
        let inFlight = try arguments.int("in-flight", default: 64)
        let connections = try arguments.int("connections", default: 8)
        let gateway = try system.gateway(connections: connections)
        defer { gateway.close() }
        let errands = Quad_Jobs_V1_Errands.Client(transport: gateway)
        let customers = system.customers
        let run = UInt32.random(in: 0...UInt32.max)
        let now = ErrandsBench.nowMicros()
        let box = Box(count: count)
        let started = monotonicNanos()
        try await ErrandsBench.forEach(count, inFlight: inFlight) { index in
            let requester = customers[index % customers.count]
            let items = ErrandsBench.shopping(index)
            let request = Quad_Jobs_V1_PostErrandRequest.with {
                $0.items = items
                $0.neededByMicros = ErrandsBench.neededBy(index, now: now)
                $0.deliveryPlace = .with {
                    $0.label = "Baker Hall, north entrance"
                    $0.latitude = 42.3601 + Double(index % 50) * 0.0001
                    $0.longitude = -71.0942
                }
                $0.paymentMethodID = requester.paymentMethodID ?? ""
            }
            var options = system.bearer(requester, timeout: .seconds(30))
            options.metadata["idempotency-key"] = "errands-seed-\(run)-\(index)"
            let sent = monotonicNanos()
            let errand: Quad_Jobs_V1_Errand
            do {
                errand = try await errands.postErrand(request, options: options)
            } catch {
                box.tally.withLock { $0.error(error) }
                throw UsageError("PostErrand \(index) by \(requester.userID) was refused: \(error)")
            }
            let elapsed = monotonicNanos() - sent
            let posted = Posted(
                names: items.map(\.name),
                stores: errand.stores,
                holdMinor: errand.estimate.total.minorUnits,
                neededBy: errand.neededByMicros
            )
            box.tally.withLock { $0.nanos.append(elapsed) }
            box.posted.withLock { $0[index] = posted }
            if (index + 1) % 10_000 == 0 {
                let seconds = Double(monotonicNanos() - started) / 1e9
                FileHandle.standardError.write(
                    Data("errands-seed: \(index + 1) posted in \(Int(seconds)) s\n".utf8)
                )
            }
        }
        let seconds = Double(monotonicNanos() - started) / 1e9
        let manifest = Manifest(postedAtMicros: now, errands: box.posted.withLock { $0.compactMap { $0 } })
        try JSONEncoder().encode(manifest).write(to: system.directory.appendingPathComponent("errands-seed.json"))
        try ErrandsBench.printJSON(
            Result(
                errands: count,
                inFlight: inFlight,
                seconds: seconds,
                errandsPerSecond: Double(count) / seconds,
                post: box.tally.withLock { $0.summary },
                load: ErrandsBench.loadAverage
            )
        )
    }
}
