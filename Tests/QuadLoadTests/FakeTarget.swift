import Foundation
import Logging
import QuadBuiltInContracts
import QuadCertificates
import QuadLoad
import QuadToolKit
import QuadWire
import QuadWireCore
import QuadWireNIO
import Synchronization

/// A stand-in for the gateway: a real quad wire server over TLS on 127.0.0.1:0 that answers
/// `Health/Check` (the ping journey's one call) the way a test wants: at once, after a delay, after a
/// stall, or with a status.
struct FakeTarget: Sendable {
    /// How the server answers the `number`th call (from 0).
    enum Answer: Sendable {
        /// At once, SERVING.
        case now
        /// After `delay`.
        case after(Duration)
        /// With this status.
        case refuse(StatusCode)
    }

    /// The certificates' directory; removed when the server stops.
    let directory: String
    let certificates: DevCertificateSet
    let port: Int

    /// The target as quad-load takes it.
    var target: LoadTarget {
        LoadTarget(address: HostPort(host: "127.0.0.1", port: port), serverName: "gateway", caPath: certificates.caPath)
    }

    /// Runs the server for the duration of `body`, answering call `n` as `answer(n)`.
    static func run<T: Sendable>(
        answer: @escaping @Sendable (Int) -> Answer,
        _ body: @Sendable (FakeTarget) async throws -> T
    ) async throws -> T {
        let directory = NSTemporaryDirectory() + "quad-load-tests-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let certificates = try DevCertificateSet.ensure(directory: directory, services: ["gateway"])
        let configuration = ServerConfiguration(
            tls: try .server(
                certificateChainPEM: certificates.certificatePath(service: "gateway"),
                privateKeyPEM: certificates.keyPath(service: "gateway")
            )
        )
        var logger = Logger(label: "test.fake-target")
        logger.logLevel = .warning
        let server = QuadServer(configuration: configuration, services: [FakeHealth(answer: answer)], logger: logger)
        return try await withThrowingTaskGroup(of: Void.self, returning: T.self) { group in
            group.addTask { try await server.run() }
            defer { group.cancelAll() }
            let port = try await server.listeningPort()
            return try await body(FakeTarget(directory: directory, certificates: certificates, port: port))
        }
    }
}

/// `quad.health.v1.Health/Check`, answered as the test says.
private struct FakeHealth: QuadService {
    let answer: @Sendable (Int) -> FakeTarget.Answer
    let calls = CallCounter()

    var registeredMethods: [RegisteredMethod] {
        let method = MethodDescriptor(service: "quad.health.v1.Health", method: "Check", kind: .unary)
        return [
            .unary(method) { [self] (_: Quad_Health_V1_HealthCheckRequest, _) -> Quad_Health_V1_HealthCheckResponse in
                let number = calls.next()
                switch answer(number) {
                case .now: break
                case .after(let delay): try await Task.sleep(for: delay)
                case .refuse(let code):
                    throw RPCError(code: code, message: "refused by the fake target (call \(number))")
                }
                return .with { $0.status = .serving }
            }
        ]
    }
}

/// Numbers calls from 0.
final class CallCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// The next call's number.
    func next() -> Int { count.wrappingAdd(1, ordering: .relaxed).oldValue }
}

/// A server stall: from the call that starts it, every call waits until it ends.
final class Stall: Sendable {
    private let until = Mutex<ContinuousClock.Instant?>(nil)
    let length: Duration

    init(length: Duration) {
        self.length = length
    }

    /// How call `number` is answered when the stall begins at call `first`.
    func answer(_ number: Int, startingAt first: Int) -> FakeTarget.Answer {
        let now = ContinuousClock.now
        let end = until.withLock { until -> ContinuousClock.Instant? in
            if number == first, until == nil { until = now + length }
            return until
        }
        guard let end, end > now else { return .now }
        return .after(end - now)
    }
}
