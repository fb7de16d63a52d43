import Foundation
import Logging
import Synchronization
import QuadContracts
import QuadWire
import QuadWireNIO

/// The laundry product through the gateway of a running `quad up`, its people made by
/// `quad seed` (seed.json beside the endpoints file):
///
///   quad-bench laundry-submit --endpoints FILE [--in-flight 64] [--warmup 2] [--duration 6] [--label L]
///       SubmitLaundryJob from the seeded customers (caller i is customer i mod count), each
///       with a fresh idempotency key: a quote, a hold at payments, the job and its outbox
///       messages committed at jobs. `laundry.sh` runs it with group commit and with one
///       transaction per request (`QUAD_WRITE_BATCH=1`), both `synchronous=FULL`.
///   quad-bench laundry-assign --endpoints FILE [--jobs 2000] [--in-flight 100] [--warmup 2] [--duration 6]
///       Submits `--jobs` jobs, waits until matching has queued them, then every seeded dasher
///       (caller i is dasher i) asks "assign me" and declines the offer, in a closed loop: the
///       latency is AssignMe's alone; a declined job is never offered to that dasher again, so
///       the queue does not run dry while jobs > dashers × asks per dasher.
///
/// Prints one JSON line (RunResult; `impl` is the label).
enum LaundryBench {
    struct Seed: Decodable {
        struct Person: Decodable {
            var userID: String
            var accessToken: String
            var paymentMethodID: String?

            enum CodingKeys: String, CodingKey {
                case userID = "user_id"
                case accessToken = "access_token"
                case paymentMethodID = "payment_method_id"
            }
        }

        var customers: [Person]
        var dashers: [Person]
    }

    struct Endpoints: Decodable {
        struct Endpoint: Decodable {
            var rpc: String
            var serverName: String

            enum CodingKeys: String, CodingKey {
                case rpc
                case serverName = "server_name"
            }
        }

        var ca: String
        var gateway: Endpoint
    }

    static func run(_ arguments: Arguments, assign: Bool) async throws {
        let endpointsPath = try arguments.string("endpoints")
        let endpoints = try JSONDecoder().decode(
            Endpoints.self,
            from: Data(contentsOf: URL(fileURLWithPath: endpointsPath))
        )
        let seedPath = URL(fileURLWithPath: endpointsPath).deletingLastPathComponent().appendingPathComponent(
            "seed.json"
        )
        let seed = try JSONDecoder().decode(Seed.self, from: Data(contentsOf: seedPath))
        guard !seed.customers.isEmpty, !assign || !seed.dashers.isEmpty else {
            throw UsageError("\(seedPath.path) has no customers (or dashers): run quad seed first")
        }
        let inFlight = try arguments.int("in-flight", default: assign ? seed.dashers.count : 64)
        let warmup = try arguments.double("warmup", default: 2)
        let duration = try arguments.double("duration", default: 6)
        guard let colon = endpoints.gateway.rpc.lastIndex(of: ":"),
            let port = Int(endpoints.gateway.rpc[endpoints.gateway.rpc.index(after: colon)...])
        else {
            throw UsageError("the gateway's address \(endpoints.gateway.rpc) is not host:port")
        }
        var logger = Logger(label: "quad-bench.laundry")
        logger.logLevel = .warning
        let transport = QuadClient(
            host: String(endpoints.gateway.rpc[..<colon]),
            port: port,
            tls: try .client(trustRootsPEM: endpoints.ca, serverName: endpoints.gateway.serverName),
            configuration: ClientConfiguration(poolSize: 4),
            logger: logger
        )
        defer { transport.close() }
        let jobs = Quad_Jobs_V1_Jobs.Client(transport: transport)
        let matching = Quad_Matching_V1_Matching.Client(transport: transport)
        let run = UInt32.random(in: 0...UInt32.max)
        let submissions = Counter()

        @Sendable func submit(_ caller: Int) async throws -> String {
            let customer = seed.customers[caller % seed.customers.count]
            let key = "bench-\(run)-\(submissions.next())"
            let now = Int64(Date().timeIntervalSince1970 * 1_000_000)
            let job = try await jobs.submitLaundryJob(
                .with {
                    $0.estimatedLoads = 2
                    $0.pickupAtMicros = now + 3_600_000_000
                    $0.dropOffAtMicros = now + 7_200_000_000
                    $0.addOns = [.folding]
                    $0.paymentMethodID = customer.paymentMethodID ?? ""
                },
                options: CallOptions(
                    timeout: .seconds(30),
                    metadata: ["authorization": "Bearer \(customer.accessToken)", "idempotency-key": key]
                )
            )
            return job.jobID
        }

        let window: Window
        let samples: LatencySamples
        let cpu: CPUProbe
        if assign {
            let count = try arguments.int("jobs", default: 2_000)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<32 {
                    group.addTask {
                        for index in stride(from: worker, to: count, by: 32) { _ = try await submit(index) }
                    }
                }
                try await group.waitForAll()
            }
            // The jobs reach matching through jobs' outbox: wait until the first dasher is offered one.
            let first = seed.dashers[0]
            let firstOptions = CallOptions(
                timeout: .seconds(10),
                metadata: ["authorization": "Bearer \(first.accessToken)"]
            )
            for _ in 0..<600 {
                let answer = try await matching.assignMe(.init(), options: firstOptions)
                if answer.hasOffer {
                    _ = try await matching.declineOffer(
                        .with { $0.offerID = answer.offer.offerID },
                        options: firstOptions
                    )
                    break
                }
                try await Task.sleep(for: .milliseconds(50))
            }
            window = Window(warmupSeconds: warmup, durationSeconds: duration)
            (samples, cpu) = await runAsyncCallers(inFlight: inFlight, window: window, serverPID: nil) { caller in
                let dasher = seed.dashers[caller % seed.dashers.count]
                let options = CallOptions(
                    timeout: .seconds(30),
                    metadata: ["authorization": "Bearer \(dasher.accessToken)"]
                )
                let answer = try await matching.assignMe(.init(), options: options)
                guard answer.hasOffer else { throw NoOffer(reason: answer.noOfferReason) }
                // Not timed separately: the decline keeps the job queued for the other dashers.
                _ = try await matching.declineOffer(.with { $0.offerID = answer.offer.offerID }, options: options)
            }
        } else {
            window = Window(warmupSeconds: warmup, durationSeconds: duration)
            (samples, cpu) = await runAsyncCallers(inFlight: inFlight, window: window, serverPID: nil) { caller in
                _ = try await submit(caller)
            }
        }
        let label = arguments.optional("label") ?? (assign ? "assign-me" : "submit")
        let described = ClientOptions(
            impl: label,
            port: port,
            certificates: CertificatePaths(
                directory: URL(fileURLWithPath: endpoints.ca).deletingLastPathComponent().path
            ),
            payload: 0,
            inFlight: inFlight,
            warmup: warmup,
            duration: duration,
            serverPID: nil
        )
        try printResult(makeResult(impl: label, options: described, window: window, samples: samples, cpu: cpu))
    }

    struct NoOffer: Error, CustomStringConvertible {
        var reason: String
        var description: String { "no offer: \(reason)" }
    }

    /// A shared counter for unique idempotency keys.
    final class Counter: Sendable {
        private let value = Mutex(0)

        func next() -> Int {
            value.withLock { value in
                value += 1
                return value
            }
        }
    }
}
