import Foundation
import Logging
import QuadCertificates
import QuadContracts
import QuadServiceKit
import QuadWire
import QuadWireNIO
import Synchronization

/// What the errands benchmarks (`errands.sh`: ErrandsSeedBench, ErrandsFeedBench, ErrandsAcceptBench) share: the
/// running `quad up` (its endpoints file, the people `quad seed --customers N` made), clients through the gateway
/// and straight to quad-jobs, and the shopping the errands are made of.
enum ErrandsBench {
    /// endpoints.json: the CA, the gateway and quad-jobs.
    struct Endpoints: Decodable {
        struct Endpoint: Decodable {
            var rpc: String
            var serverName: String
            var pid: Int32?

            enum CodingKeys: String, CodingKey {
                case rpc, pid
                case serverName = "server_name"
            }

            func hostPort() throws -> (host: String, port: Int) {
                guard let colon = rpc.lastIndex(of: ":"), let port = Int(rpc[rpc.index(after: colon)...]) else {
                    throw UsageError("the address \(rpc) in endpoints.json is not host:port")
                }
                return (String(rpc[..<colon]), port)
            }
        }

        var ca: String
        var gateway: Endpoint
        var services: [String: Endpoint]

        var jobs: Endpoint {
            get throws {
                guard let jobs = services["jobs"] else { throw UsageError("endpoints.json lists no jobs service") }
                return jobs
            }
        }
    }

    /// The running system and its seeded customers (each with a card), from `--endpoints FILE` and seed.json beside it.
    struct System {
        let endpoints: Endpoints
        let endpointsPath: String
        let customers: [LaundryBench.Seed.Person]
        let logger: Logger

        init(_ arguments: Arguments, label: String) throws {
            let endpointsPath = try arguments.string("endpoints")
            self.endpointsPath = endpointsPath
            endpoints = try JSONDecoder().decode(
                Endpoints.self,
                from: Data(contentsOf: URL(fileURLWithPath: endpointsPath))
            )
            let seedPath = URL(fileURLWithPath: endpointsPath).deletingLastPathComponent()
                .appendingPathComponent("seed.json")
            customers = try JSONDecoder().decode(LaundryBench.Seed.self, from: Data(contentsOf: seedPath)).customers
            guard customers.count >= 2, customers.allSatisfy({ $0.paymentMethodID != nil }) else {
                throw UsageError(
                    "\(seedPath.path) has \(customers.count) customers with cards: run quad seed --customers 500"
                )
            }
            var logger = Logger(label: "quad-bench.\(label)")
            logger.logLevel = .error
            self.logger = logger
        }

        var directory: URL { URL(fileURLWithPath: endpointsPath).deletingLastPathComponent() }

        /// A client of the gateway, as apps call it (no client certificate), over `connections` connections.
        func gateway(connections: Int) throws -> QuadClient {
            let (host, port) = try endpoints.gateway.hostPort()
            return QuadClient(
                host: host,
                port: port,
                tls: try .client(trustRootsPEM: endpoints.ca, serverName: endpoints.gateway.serverName),
                configuration: ClientConfiguration(poolSize: connections, keepaliveInterval: nil),
                eventLoopGroup: benchEventLoopGroup,
                logger: logger
            )
        }

        /// A client of quad-jobs itself, as the gateway calls it: mutual TLS with the gateway's certificate (from the
        /// deployment's certificates directory, the CA's), so jobs honours the `x-quad-caller` header.
        func jobs(connections: Int) throws -> QuadClient {
            let jobs = try endpoints.jobs
            let (host, port) = try jobs.hostPort()
            let certificates = try DevCertificateSet.ensure(
                directory: URL(fileURLWithPath: endpoints.ca).deletingLastPathComponent().path,
                services: ["gateway"]
            )
            return QuadClient(
                host: host,
                port: port,
                tls: try .client(
                    trustRootsPEM: certificates.caPath,
                    certificateChainPEM: certificates.certificatePath(service: "gateway"),
                    privateKeyPEM: certificates.keyPath(service: "gateway"),
                    serverName: jobs.serverName
                ),
                configuration: ClientConfiguration(poolSize: connections, keepaliveInterval: nil),
                eventLoopGroup: benchEventLoopGroup,
                logger: logger
            )
        }

        /// The options of a call by `person` through the gateway (their bearer token).
        func bearer(_ person: LaundryBench.Seed.Person, timeout: Duration = .seconds(10)) -> CallOptions {
            CallOptions(timeout: timeout, metadata: ["authorization": "Bearer \(person.accessToken)"])
        }

        /// The caller header the gateway would forward for each customer, their campus and dorm read from the first
        /// one's profile (every seeded customer lives in the same dorm).
        func callerHeaders(through gateway: QuadClient) async throws -> [String] {
            let profile = try await Quad_Identity_V1_Identity.Client(transport: gateway).getMyProfile(
                .init(),
                options: bearer(customers[0])
            )
            return customers.map {
                Caller(userID: $0.userID, roles: ["customer"], campusID: profile.campusID, dormID: profile.dormID)
                    .headerValue
            }
        }
    }

    /// A deterministic random stream (SplitMix64), so every run posts the same shopping.
    struct Random {
        var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// 0 ..< bound.
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

        /// 0.0 ..< 1.0.
        mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

        /// An index into `weights`, drawn in proportion to them.
        mutating func pick(_ weights: [Double]) -> Int {
            var remaining = unit() * weights.reduce(0, +)
            for (index, weight) in weights.enumerated() {
                remaining -= weight
                if remaining < 0 { return index }
            }
            return weights.count - 1
        }
    }

    /// Ten stores, the campus market most popular and the bookstore least.
    static let stores = [
        "Campus Market", "Trader Joe's", "Safeway", "Target", "CVS", "Whole Foods", "Walgreens", "7-Eleven", "Costco",
        "Campus Bookstore",
    ]
    static let storeWeights: [Double] = [30, 18, 14, 10, 8, 7, 5, 4, 3, 1]

    /// 107 item names, the everyday ones first; several share a word ("milk", "coffee", "chips", "sauce").
    static let items = [
        "Whole milk", "Eggs (dozen)", "Bananas", "Sourdough bread", "Oat milk", "Ground coffee", "Potato chips",
        "Bottled water", "Greek yogurt", "Apples", "Toilet paper", "Instant noodles", "Cheddar cheese", "Pasta sauce",
        "Chicken breast", "Almond milk", "Orange juice", "Peanut butter", "Coffee beans", "Tortilla chips",
        "Skim milk", "Chocolate milk", "Butter", "Whole wheat bread", "Bagels", "Tortillas", "Croissants",
        "Apple juice", "Oranges", "Grapes", "Strawberries", "Blueberries", "Avocados", "Lemons", "Spinach",
        "Baby carrots", "Broccoli", "Tomatoes", "Onions", "Potatoes", "Garlic", "Bell peppers", "Cucumbers", "Lettuce",
        "Ground beef", "Tofu", "Salmon fillet", "Turkey slices", "Ham slices", "Bacon", "Spaghetti", "Penne pasta",
        "Rice", "Brown rice", "Quinoa", "Oatmeal", "Granola", "Cereal", "Strawberry jam", "Honey", "Olive oil",
        "Ketchup", "Mustard", "Mayonnaise", "Hot sauce", "Soy sauce", "Salsa", "Hummus", "Pretzels", "Popcorn",
        "Chocolate bar", "Dark chocolate", "Cookies", "Crackers", "Trail mix", "Granola bars", "Ice cream",
        "Frozen pizza", "Frozen dumplings", "Ramen", "Mac and cheese", "Canned soup", "Black beans",
        "Cold brew coffee", "Green tea", "Black tea", "Sparkling water", "Cola", "Energy drink", "Kombucha",
        "Toothpaste", "Toothbrush", "Shampoo", "Conditioner", "Body wash", "Deodorant", "Paper towels",
        "Laundry detergent", "Dish soap", "Trash bags", "Ibuprofen", "Band-aids", "Notebook", "Pens", "Phone charger",
        "AA batteries", "Plantain chips",
    ]
    /// The first 20 items are three times as likely as the rest.
    static let itemWeights: [Double] = items.indices.map { $0 < 20 ? 3 : 1 }

    /// One item's maximum price in cents: $1.49 to $14.99, fixed per name.
    static func maximumPrice(of index: Int) -> Int64 { 149 + Int64((index * 7_919) % 1_351) }

    /// The `index`-th errand's shopping list: 1 to 5 lines (2.4 on average), 1-3 of each; 70% name one store for
    /// every line, the rest none.
    static func shopping(_ index: Int) -> [Quad_Jobs_V1_ErrandItem] {
        var random = Random(seed: UInt64(index) &* 0x2545_F491_4F6C_DD1D &+ 1)
        let lines = [1, 1, 2, 2, 2, 3, 3, 3, 4, 5][random.below(10)]
        let store = random.unit() < 0.7 ? stores[random.pick(storeWeights)] : nil
        var chosen: [Int] = []
        while chosen.count < lines {
            let item = random.pick(itemWeights)
            if !chosen.contains(item) { chosen.append(item) }
        }
        return chosen.map { item in
            Quad_Jobs_V1_ErrandItem.with {
                $0.name = items[item]
                $0.quantity = UInt32(1 + random.below(3))
                $0.maximumPrice = .with {
                    $0.minorUnits = maximumPrice(of: item)
                    $0.currency = "USD"
                }
                if let store { $0.store = store }
            }
        }
    }

    /// The `index`-th errand's needed-by instant: 2 hours to 7 days after `now`, evenly.
    static func neededBy(_ index: Int, now: Int64) -> Int64 {
        var random = Random(seed: UInt64(index) &* 0x9E37_79B9 &+ 7)
        let hour: Int64 = 3_600_000_000
        return now + 2 * hour + Int64(random.unit() * Double(166 * hour))
    }

    /// A value the tasks of a benchmark share, behind a lock.
    final class Locked<Value: Sendable>: Sendable {
        let value: Mutex<Value>

        init(_ value: Value) { self.value = Mutex(value) }

        func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
            value.withLock { value in body(&value) }
        }
    }

    /// Runs `body(i)` for i in 0..<count with `inFlight` calls at a time, stopping at the first error.
    static func forEach(
        _ count: Int,
        inFlight: Int,
        _ body: @escaping @Sendable (Int) async throws -> Void
    ) async throws {
        let next = Locked(0)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<min(inFlight, count) {
                group.addTask {
                    while true {
                        let index = next.withLock { value in
                            defer { value += 1 }
                            return value
                        }
                        if index >= count { return }
                        try await body(index)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Latencies in nanoseconds and the errors, of one kind of call.
    struct Tally: Sendable {
        var nanos: [UInt64] = []
        var errors = 0
        var errorExamples: [String] = []

        mutating func error(_ error: any Error) {
            errors += 1
            if errorExamples.count < 3 { errorExamples.append("\(error)") }
        }

        var summary: Summary {
            let sorted = nanos.sorted()
            func micros(_ fraction: Double) -> Double {
                guard !sorted.isEmpty else { return 0 }
                let index = min(sorted.count - 1, max(0, Int((Double(sorted.count) * fraction).rounded(.up)) - 1))
                return Double(sorted[index]) / 1000
            }
            return Summary(
                calls: sorted.count,
                errors: errors,
                p50Micros: micros(0.5),
                p99Micros: micros(0.99),
                maxMicros: Double(sorted.last ?? 0) / 1000,
                errorExamples: errorExamples.isEmpty ? nil : errorExamples
            )
        }
    }

    /// Calls (successful), errors and latency percentiles of one kind of call.
    struct Summary: Codable {
        var calls: Int
        var errors: Int
        var p50Micros: Double
        var p99Micros: Double
        var maxMicros: Double
        var errorExamples: [String]?
    }

    /// Waits (at most `limit` seconds) until process `pid` uses under a tenth of a core over a second: after seeding,
    /// quad-jobs relays its outbox (a message to payments and feed events per errand) for a while. Returns the seconds
    /// waited.
    static func settle(pid: Int32?, limit: Double = 300) async throws -> Double {
        guard let pid else { return 0 }
        let start = monotonicNanos()
        while Double(monotonicNanos() - start) / 1e9 < limit {
            guard let before = processCPUMicros(pid: pid) else { return 0 }
            try await Task.sleep(for: .seconds(1))
            guard let after = processCPUMicros(pid: pid) else { return 0 }
            if after - before < 100_000 { break }
        }
        return Double(monotonicNanos() - start) / 1e9
    }

    /// The load average now, as /proc/loadavg's first three fields.
    static var loadAverage: String {
        ((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "")
            .split(separator: " ").prefix(3).joined(separator: " ")
    }

    static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    static func nowMicros() -> Int64 { Int64(Date().timeIntervalSince1970 * 1_000_000) }
}
