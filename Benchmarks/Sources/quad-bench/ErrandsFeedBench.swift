import Foundation
import QuadContracts
import QuadServiceKit
import QuadWire
import QuadWireNIO
import Synchronization

/// Filtered pages of the campus feed (E2) at a fixed rate, open loop, after `errands-seed` filled it:
///
///   quad-bench errands-feed --endpoints FILE [--target gateway|direct] [--rate 200] [--warmup 3] [--duration 30]
///                           [--connections 8] [--label L]
///
/// `--target gateway` calls ListErrandFeed as the app does, each seeded customer with their token; `direct` sends the
/// same calls straight to quad-jobs with the gateway's certificate and the caller header the gateway would forward,
/// so the two side by side show the gateway's share. The queries (ErrandsFeedQuery.all): no filter, each store, item
/// texts, maximum totals, needed-by bounds and their combinations, 20 errands a page. Before the clock starts each
/// query's first three pages are read once: every row is checked against its filter (a row that does not match fails
/// the run) and the page tokens kept. Then each call, at its intended instant (rate a second), is a filter kind drawn
/// evenly, a query of that kind, and page 1 (70%), 2 (20%) or 3 (10%) where the query has that many; its latency is
/// counted from the intended instant, so a stall is charged to every call it delayed.
///
/// It starts once quad-jobs has fallen quiet (under a tenth of a core over a second: seeding leaves its outbox to
/// relay). Prints one JSON line: overall and per kind and page p50/p99/max and errors, each query's share of the feed (from
/// errands-seed.json), and the CPU per call of quad-jobs and the gateway over the window.
enum ErrandsFeedBench {
    struct QueryInfo: Encodable {
        var kind: String
        var name: String
        /// Its calls in the window (every page).
        var latency: ErrandsBench.Summary?
        /// The share of the posted errands the filter matches, from errands-seed.json.
        var share: Double?
        var firstPageRows: Int
        var pages: Int
    }

    struct Result: Encodable {
        var impl: String
        var target: String
        var ratePerSecond: Double
        var warmupSeconds: Double
        var durationSeconds: Double
        var overall: ErrandsBench.Summary
        var kinds: [String: ErrandsBench.Summary]
        var pages: [String: ErrandsBench.Summary]
        var queries: [QueryInfo]
        var feedErrands: Int?
        var jobsCPUMicrosPerCall: Double?
        var gatewayCPUMicrosPerCall: Double?
        var clientCPUMicrosPerCall: Double
        var load: String
        /// How long quad-jobs took to fall quiet (under a tenth of a core) before the first call.
        var settleSeconds: Double
    }

    final class Box: Sendable {
        let overall = Mutex(ErrandsBench.Tally())
        let kinds = Mutex([String: ErrandsBench.Tally]())
        let pages = Mutex([Int: ErrandsBench.Tally]())
        let queries = Mutex([Int: ErrandsBench.Tally]())
    }

    /// One call of the plan: a query's page, by whom.
    struct Call {
        var query: Int
        var page: Int
        var reader: Int
    }

    static func run(_ arguments: Arguments) async throws {
        let system = try ErrandsBench.System(arguments, label: "errands-feed")
        let target = arguments.optional("target") ?? "gateway"
        guard target == "gateway" || target == "direct" else {
            throw UsageError("--target wants gateway or direct, not \(target)")
        }
        let rate = try arguments.double("rate", default: 200)
        let warmup = try arguments.double("warmup", default: 3)
        let duration = try arguments.double("duration", default: 30)
        let connections = try arguments.int("connections", default: 8)
        let gateway = try system.gateway(connections: target == "gateway" ? connections : 1)
        defer { gateway.close() }
        let transport: QuadClient
        let readerOptions: [CallOptions]
        if target == "gateway" {
            transport = gateway
            readerOptions = system.customers.map { system.bearer($0, timeout: .seconds(5)) }
        } else {
            transport = try system.jobs(connections: connections)
            readerOptions = try await system.callerHeaders(through: gateway).map {
                CallOptions(timeout: .seconds(5), metadata: [CallerIdentityInterceptor.callerHeader: $0])
            }
        }
        defer { if target == "direct" { transport.close() } }
        let client = Quad_Jobs_V1_Errands.Client(transport: transport)
        let settled = try await ErrandsBench.settle(pid: try system.endpoints.jobs.pid)

        let now = ErrandsBench.nowMicros()
        let queries = ErrandsFeedQuery.all(now: now)
        let manifestPath = system.directory.appendingPathComponent("errands-seed.json")
        let manifest = try? JSONDecoder().decode(ErrandsSeedBench.Manifest.self, from: Data(contentsOf: manifestPath))

        // Each query's pages 1-3 once: checked, and their tokens kept.
        var requests: [[Quad_Jobs_V1_ListErrandFeedRequest]] = []
        var infos: [QueryInfo] = []
        for (index, query) in queries.enumerated() {
            var pages: [Quad_Jobs_V1_ListErrandFeedRequest] = []
            var request = query.request
            var firstPageRows = 0
            while pages.count < 3 {
                let page = try await client.listErrandFeed(request, options: readerOptions[index % readerOptions.count])
                for row in page.errands where !query.matches(row) {
                    throw UsageError(
                        "\(query.kind) \(query.name): page \(pages.count + 1) has errand \(row.errandID), which does "
                            + "not match (items \(row.items.map(\.name)), stores \(row.stores), total "
                            + "\(row.total.minorUnits), needed by \(row.neededByMicros))"
                    )
                }
                if pages.isEmpty { firstPageRows = page.errands.count }
                pages.append(request)
                if page.nextPageToken.isEmpty { break }
                request.pageToken = page.nextPageToken
            }
            requests.append(pages)
            let share = manifest.map { manifest in
                Double(manifest.errands.count(where: query.matches)) / Double(max(1, manifest.errands.count))
            }
            infos.append(
                QueryInfo(
                    kind: query.kind,
                    name: query.name,
                    share: share,
                    firstPageRows: firstPageRows,
                    pages: pages.count
                )
            )
        }

        // The plan: a kind drawn evenly, a query of it, page 1, 2 or 3.
        let kinds = Array(Set(queries.map(\.kind))).sorted()
        let byKind = Dictionary(grouping: queries.indices, by: { queries[$0].kind })
        var random = ErrandsBench.Random(seed: 14)
        let total = Int((warmup + duration) * rate)
        let plan = (0..<total).map { index in
            let candidates = byKind[kinds[random.below(kinds.count)]]!
            let query = candidates[random.below(candidates.count)]
            let draw = random.unit()
            let wanted = draw < 0.7 ? 1 : draw < 0.9 ? 2 : 3
            return Call(query: query, page: min(wanted, requests[query].count), reader: index % readerOptions.count)
        }

        let box = Box()
        let gap = 1e9 / rate
        let first = monotonicNanos()
        let window = Window(warmupSeconds: warmup, durationSeconds: duration)
        let jobsPID = try system.endpoints.jobs.pid
        let gatewayPID = system.endpoints.gateway.pid
        var cpuStart: (jobs: Double?, gateway: Double?, client: Double)?
        await withTaskExecutorPreference(EventLoopTaskExecutor(benchEventLoopGroup.next())) {
            await withDiscardingTaskGroup { group in
                for (index, call) in plan.enumerated() {
                    let intended = first + UInt64(Double(index) * gap)
                    if intended >= window.end { break }
                    await CPUProbe.sleep(until: intended)
                    if cpuStart == nil, intended >= window.start {
                        cpuStart = (
                            jobsPID.flatMap(processCPUMicros), gatewayPID.flatMap(processCPUMicros), selfCPUMicros()
                        )
                    }
                    let counted = intended >= window.start
                    let request = requests[call.query][call.page - 1]
                    let options = readerOptions[call.reader]
                    let kind = queries[call.query].kind
                    group.addTask {
                        let failure: (any Error)?
                        do {
                            _ = try await client.listErrandFeed(request, options: options)
                            failure = nil
                        } catch {
                            failure = error
                        }
                        guard counted else { return }
                        let elapsed = monotonicNanos() - intended
                        func record(_ tally: inout ErrandsBench.Tally) {
                            if let failure { tally.error(failure) } else { tally.nanos.append(elapsed) }
                        }
                        box.overall.withLock { record(&$0) }
                        box.kinds.withLock { record(&$0[kind, default: ErrandsBench.Tally()]) }
                        box.pages.withLock { record(&$0[call.page, default: ErrandsBench.Tally()]) }
                        box.queries.withLock { record(&$0[call.query, default: ErrandsBench.Tally()]) }
                    }
                }
            }
        }
        let calls = box.overall.withLock { $0.nanos.count + $0.errors }
        func perCall(_ start: Double?, _ pid: Int32?) -> Double? {
            guard let start, let end = pid.flatMap(processCPUMicros), calls > 0 else { return nil }
            return (end - start) / Double(calls)
        }
        let cpuEnd = selfCPUMicros()
        box.queries.withLock { tallies in
            for (query, tally) in tallies { infos[query].latency = tally.summary }
        }
        try ErrandsBench.printJSON(
            Result(
                impl: arguments.optional("label") ?? "feed-\(target)",
                target: target,
                ratePerSecond: rate,
                warmupSeconds: warmup,
                durationSeconds: duration,
                overall: box.overall.withLock { $0.summary },
                kinds: box.kinds.withLock { $0.mapValues(\.summary) },
                pages: box.pages.withLock { pages in
                    Dictionary(uniqueKeysWithValues: pages.map { page, tally in ("page \(page)", tally.summary) })
                },
                queries: infos,
                feedErrands: manifest?.errands.count,
                jobsCPUMicrosPerCall: perCall(cpuStart?.jobs, jobsPID),
                gatewayCPUMicrosPerCall: target == "gateway" ? perCall(cpuStart?.gateway, gatewayPID) : nil,
                clientCPUMicrosPerCall: (cpuEnd - (cpuStart?.client ?? cpuEnd)) / Double(max(1, calls)),
                load: ErrandsBench.loadAverage,
                settleSeconds: settled
            )
        )
    }
}
