import IdentityDomain
import NIOPosix
import QuadServiceKit
import QuadWire
import Synchronization

/// Runs the memory-hard password KDF on its own small thread pool at the lowest CPU
/// priority, never on the event loops or Swift's cooperative pool, so a login storm cannot
/// starve other calls: the scheduler runs the event loops first, even when everything shares
/// one core. At most `maxQueued` hashes wait; beyond that a login is refused
/// RESOURCE_EXHAUSTED at once.
final class PasswordHashingExecutor: Sendable {
    let hasher: PasswordHasher
    private let pool: NIOThreadPool
    private let maxQueued: Int
    private let queued = Atomic<Int>(0)
    private let verified = Atomic<Int>(0)

    /// Passwords checked against a stored hash so far (not the dummy checks of unknown emails):
    /// what the lockout bounds, observed by tests.
    var verifications: Int { verified.load(ordering: .relaxed) }

    init(hasher: PasswordHasher, threads: Int, maxQueued: Int = 64) {
        self.hasher = hasher
        self.pool = NIOThreadPool(numberOfThreads: max(1, threads))
        self.maxQueued = maxQueued
        pool.start()
    }

    func hash(_ password: String) async throws -> String {
        try await run { try $0.hash(password) }
    }

    func verify(_ password: String, against encoded: String) async throws -> Bool {
        verified.wrappingAdd(1, ordering: .relaxed)
        return try await run { $0.verify(password, against: encoded) }
    }

    /// Spends the same time as a real verification (unknown email must look like a wrong password).
    func dummyVerify(_ password: String) async throws {
        try await run { $0.dummyVerify(password) }
    }

    private func run<T: Sendable>(_ body: @escaping @Sendable (PasswordHasher) throws -> T) async throws -> T {
        let waiting = queued.wrappingAdd(1, ordering: .relaxed).newValue
        defer { queued.wrappingSubtract(1, ordering: .relaxed) }
        guard waiting <= maxQueued else {
            throw RPCError(
                code: .resourceExhausted,
                message: "too many sign-ins in progress; retry in a second",
                trailers: ["retry-after-seconds": "1"]
            )
        }
        let hasher = self.hasher
        return try await pool.runIfActive {
            ThreadPriority.lowerCurrentThreadToBackground()
            return try body(hasher)
        }
    }

    func shutdown() async throws {
        try await pool.shutdownGracefully()
    }
}
