import NIOCore
import QuadWire
@testable import ServiceFuzzHarness
import Synchronization
import Testing

/// Issue 17 item 3: a fuzzed event source is read until it goes quiet, not until its deadline, so the fuzzers' time
/// goes to inputs rather than to waiting; a refusal still comes out with its status.
@Suite("Service fuzz harness: a fuzzed stream is read until it goes quiet", .timeLimit(.minutes(1)))
struct FuzzStreamReaderTests {
    /// A call whose answers are what `stream` yields, each read told to `consumed`; nothing is sent.
    func call(
        _ stream: AsyncThrowingStream<ByteBuffer, any Error>,
        consumed: @escaping @Sendable () -> Void = {}
    ) -> RawClientCall {
        RawClientCall(send: { _ in }, finish: {}, responses: RawRequestStream(stream: stream, consumed: consumed))
    }

    @Test("a stream that answers twice and then stays open is done once it is quiet, without a deadline")
    func quietEnds() async throws {
        let (stream, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
        continuation.yield(ByteBuffer(string: "started"))
        continuation.yield(ByteBuffer(string: "event"))
        // Never finished: only the reader's quiet can end this.
        try await FuzzStreamReader().read(call(stream))
        continuation.finish()
    }

    @Test("a refusal ends the read with its status")
    func refusal() async throws {
        let (stream, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
        continuation.finish(throwing: RPCError(code: .permissionDenied, message: "services only"))
        let error = await #expect(throws: RPCError.self) { try await FuzzStreamReader().read(call(stream)) }
        #expect(error?.code == .permissionDenied)
    }

    @Test("a stream that keeps answering is read up to the limit")
    func limit() async throws {
        let (stream, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
        let consumed = Counter()
        for index in 0..<20 { continuation.yield(ByteBuffer(string: "\(index)")) }
        try await FuzzStreamReader(limit: 8, quiet: .seconds(600)).read(call(stream, consumed: { consumed.add() }))
        #expect(consumed.value == 8)
        continuation.finish()
    }

    @Test("households' WatchEvents, called by the gateway with an hour's deadline, ends OK once its replay is read")
    func watchEvents() async throws {
        var target = try await ServiceFuzzTarget.make("households")
        target.streamDeadline = .seconds(3600)
        let watch = try #require(target.methods.firstIndex { $0.method == "WatchEvents" })
        let gateway = try #require(target.callers.firstIndex { $0.label == "the gateway" })
        let alice = try #require(target.callers.firstIndex { $0.label == "Alice" })

        let watched = try await target.run([UInt8(watch), UInt8(gateway)])
        #expect(watched.status == .ok, "WatchEvents by the gateway ended \(watched.status)")

        let refused = try await target.run([UInt8(watch), UInt8(alice)])
        #expect(refused.status == .permissionDenied)
    }
}

private final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
}
