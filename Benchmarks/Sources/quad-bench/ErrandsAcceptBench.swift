import Foundation
import QuadContracts
import QuadWire
import QuadWireNIO
import Synchronization

/// Buyers racing for errands (E3: the first wins, the others get FAILED_PRECONDITION), through the gateway of a
/// running `quad up`, the people those of `quad seed --customers N` (seed.json beside the endpoints file): the first
/// `--requesters` post the errands, the rest are the buyers.
///
///   quad-bench errands-accept --endpoints FILE [--rounds 20] [--buyers 50] [--errands 1000] [--per-errand 5]
///                             [--in-flight 100] [--requesters 100] [--connections 8]
///
/// 1. Same instant: `--rounds` times, `--buyers` buyers accept one errand at one instant (every call waits for it,
///    then is sent); latency from that instant.
/// 2. Storm: `--errands` errands, each accepted by `--per-errand` buyers at once, errands taken `in-flight /
///    per-errand` at a time (so about `--in-flight` accepts in flight) as fast as they go: accepts and errands a
///    second, latency of each accept from its sending.
///
/// Each errand must end with exactly one winner, whom GetErrand then names as its buyer (checked for every errand of
/// part 1 and every 50th of part 2), and every other buyer must be refused with FAILED_PRECONDITION. Prints one JSON
/// line per part; then, if any errand had no winner or two, or a call failed otherwise, fails (exit 1).
enum ErrandsAcceptBench {
    struct Result: Encodable {
        var impl: String
        var errands: Int
        var buyersPerErrand: Int
        var inFlight: Int
        var seconds: Double
        var acceptsPerSecond: Double
        var errandsPerSecond: Double
        var accept: ErrandsBench.Summary
        var winners: Int
        var refused: Int
        var unexpected: Int
        var unexpectedExamples: [String]
        var errandsWithoutOneWinner: Int
        var load: String
    }

    /// What the accepts of some errands did.
    struct Outcome: Sendable {
        var tally = ErrandsBench.Tally()
        var winners = 0
        var refused = 0
        var unexpected: [String] = []
        var errandsWithoutOneWinner = 0
    }

    final class Box: Sendable {
        let outcome = Mutex(Outcome())
    }

    static func run(_ arguments: Arguments) async throws {
        let system = try ErrandsBench.System(arguments, label: "errands-accept")
        let rounds = try arguments.int("rounds", default: 20)
        let buyersAtOnce = try arguments.int("buyers", default: 50)
        let stormErrands = try arguments.int("errands", default: 1_000)
        let perErrand = try arguments.int("per-errand", default: 5)
        let inFlight = try arguments.int("in-flight", default: 100)
        let requesterCount = try arguments.int("requesters", default: 100)
        let requesters = Array(system.customers.prefix(requesterCount))
        let buyers = Array(system.customers.dropFirst(requesterCount))
        guard !requesters.isEmpty, buyers.count >= max(buyersAtOnce, perErrand) else {
            throw UsageError(
                "seed.json has \(system.customers.count) customers: --requesters \(requesterCount) leaves "
                    + "\(buyers.count) buyers, fewer than \(max(buyersAtOnce, perErrand)); run quad seed --customers 500"
            )
        }
        let gateway = try system.gateway(connections: try arguments.int("connections", default: 8))
        defer { gateway.close() }
        let errands = Quad_Jobs_V1_Errands.Client(transport: gateway)

        // The errands to race for, posted first.
        let count = rounds + stormErrands
        let ids = ErrandsBench.Locked([String](repeating: "", count: count))
        let run = UInt32.random(in: 0...UInt32.max)
        let now = ErrandsBench.nowMicros()
        try await ErrandsBench.forEach(count, inFlight: 64) { index in
            let requester = requesters[index % requesters.count]
            var options = system.bearer(requester, timeout: .seconds(30))
            options.metadata["idempotency-key"] = "errands-accept-\(run)-\(index)"
            let errand = try await errands.postErrand(
                .with {
                    $0.items = ErrandsBench.shopping(1_000_000 + index)
                    $0.neededByMicros = ErrandsBench.neededBy(index, now: now)
                    $0.deliveryPlace = .with {
                        $0.label = "Baker Hall, north entrance"
                        $0.latitude = 42.3601
                        $0.longitude = -71.0942
                    }
                    $0.paymentMethodID = requester.paymentMethodID ?? ""
                },
                options: options
            )
            ids.withLock { $0[index] = errand.errandID }
        }
        let errandIDs = ids.withLock { $0 }
        // Their outbox relayed before the races start.
        _ = try await ErrandsBench.settle(pid: try system.endpoints.jobs.pid)

        /// Accepts errand `index` with `racers` at once (after `instant`, when given) and checks the outcome.
        @Sendable func race(_ index: Int, _ racers: [LaundryBench.Seed.Person], at instant: UInt64?, verify: Bool)
            async throws -> Outcome
        {
            let errandID = errandIDs[index]
            let box = Box()
            await withDiscardingTaskGroup { group in
                for buyer in racers {
                    group.addTask {
                        if let instant { await CPUProbe.sleep(until: instant) }
                        let sent = instant ?? monotonicNanos()
                        do {
                            let errand = try await errands.acceptErrand(
                                .with { $0.errandID = errandID },
                                options: system.bearer(buyer, timeout: .seconds(30))
                            )
                            let elapsed = monotonicNanos() - sent
                            box.outcome.withLock {
                                $0.tally.nanos.append(elapsed)
                                if errand.buyerID == buyer.userID {
                                    $0.winners += 1
                                } else {
                                    $0.unexpected.append(
                                        "\(buyer.userID) was answered errand \(errand.errandID) of \(errand.buyerID)"
                                    )
                                }
                            }
                        } catch let error as RPCError where error.code == .failedPrecondition {
                            let elapsed = monotonicNanos() - sent
                            box.outcome.withLock {
                                $0.tally.nanos.append(elapsed)
                                $0.refused += 1
                            }
                        } catch {
                            box.outcome.withLock {
                                $0.tally.error(error)
                                $0.unexpected.append("\(buyer.userID) accepting \(errandID): \(error)")
                            }
                        }
                    }
                }
            }
            var outcome = box.outcome.withLock { $0 }
            if outcome.winners != 1 {
                outcome.errandsWithoutOneWinner = 1
                outcome.unexpected.append("errand \(errandID) has \(outcome.winners) winners of \(racers.count)")
            } else if verify {
                let stored = try await errands.getErrand(
                    .with { $0.errandID = errandID },
                    options: system.bearer(requesters[index % requesters.count])
                )
                if stored.stage != .accepted || !racers.contains(where: { $0.userID == stored.buyerID }) {
                    outcome.errandsWithoutOneWinner = 1
                    outcome.unexpected.append(
                        "errand \(errandID) is \(stored.stage) with buyer '\(stored.buyerID)' after the race"
                    )
                }
            }
            return outcome
        }

        func merge(_ parts: [Outcome]) -> Outcome {
            var all = Outcome()
            for part in parts {
                all.tally.nanos += part.tally.nanos
                all.tally.errors += part.tally.errors
                all.winners += part.winners
                all.refused += part.refused
                all.unexpected += part.unexpected
                all.errandsWithoutOneWinner += part.errandsWithoutOneWinner
            }
            return all
        }

        func result(_ impl: String, _ outcome: Outcome, errands: Int, racers: Int, inFlight: Int, seconds: Double)
            -> Result
        {
            let accepts = outcome.tally.nanos.count + outcome.tally.errors
            return Result(
                impl: impl,
                errands: errands,
                buyersPerErrand: racers,
                inFlight: inFlight,
                seconds: seconds,
                acceptsPerSecond: Double(accepts) / seconds,
                errandsPerSecond: Double(errands) / seconds,
                accept: outcome.tally.summary,
                winners: outcome.winners,
                refused: outcome.refused,
                unexpected: outcome.unexpected.count,
                unexpectedExamples: Array(outcome.unexpected.prefix(5)),
                errandsWithoutOneWinner: outcome.errandsWithoutOneWinner,
                load: ErrandsBench.loadAverage
            )
        }

        // 1. Same instant, one errand at a time.
        var sameInstant: [Outcome] = []
        let sameStart = monotonicNanos()
        for round in 0..<rounds {
            let racers = (0..<buyersAtOnce).map { buyers[(round * buyersAtOnce + $0) % buyers.count] }
            sameInstant.append(try await race(round, racers, at: monotonicNanos() + 20_000_000, verify: true))
        }
        let first = merge(sameInstant)
        try ErrandsBench.printJSON(
            result(
                "accept-same-instant",
                first,
                errands: rounds,
                racers: buyersAtOnce,
                inFlight: buyersAtOnce,
                seconds: Double(monotonicNanos() - sameStart) / 1e9
            )
        )

        // 2. The storm.
        let stormBox = ErrandsBench.Locked([Outcome]())
        let stormStart = monotonicNanos()
        try await ErrandsBench.forEach(stormErrands, inFlight: max(1, inFlight / perErrand)) { offset in
            let racers = (0..<perErrand).map { buyers[(offset * perErrand + $0) % buyers.count] }
            let outcome = try await race(rounds + offset, racers, at: nil, verify: offset % 50 == 0)
            stormBox.withLock { $0.append(outcome) }
        }
        let stormSeconds = Double(monotonicNanos() - stormStart) / 1e9
        let second = merge(stormBox.withLock { $0 })
        try ErrandsBench.printJSON(
            result(
                "accept-storm",
                second,
                errands: stormErrands,
                racers: perErrand,
                inFlight: max(1, inFlight / perErrand) * perErrand,
                seconds: stormSeconds
            )
        )

        let wrong = first.errandsWithoutOneWinner + second.errandsWithoutOneWinner
        let unexpected = first.unexpected + second.unexpected
        guard wrong == 0, unexpected.isEmpty else {
            throw UsageError(
                "\(wrong) errands did not end with exactly one winner, \(unexpected.count) unexpected answers: "
                    + unexpected.prefix(5).joined(separator: "; ")
            )
        }
    }
}
