public import Logging
public import NIOCore
public import NIOPosix
public import QuadWire
import QuadWireCore
public import QuadWireNIO
import Synchronization

/// A server's services called in the same process, without a socket or TLS: what handler-level
/// tests use instead of loopback TLS (after grpc-swift-2's `InProcessTransport`).
///
/// Calls run through the code a ``QuadWireNIO/QuadServer`` runs them with: the same checks
/// before a call starts (unknown method, metadata keys, the one-request rule), the same
/// ``QuadWireNIO/ServerInterceptor`` and ``QuadWireNIO/ServerCallObserver``, the same runner
/// (the handler in a child task, cancelled when the caller cancels or the deadline passes) and
/// the same statuses, messages and trailers as a wire client sees them. Each client presents a
/// ``QuadWire/PeerInfo`` of its choosing (a certificate's DER, as mutual TLS would record it:
/// ``QuadWire/PeerInfo/init(address:certificatePEMFile:)``), so authorization by peer behaves
/// as over TLS.
///
/// Of ``QuadWireNIO/ServerConfiguration`` it applies `maxDeadline`, `maxFrameSize` (a message
/// whose frame would be larger ends its call UNAVAILABLE, as the wire's connection would close)
/// and `handlerExecution` (by default each call's handler runs on one of the group's event
/// loops, taken in turn); the rest
/// is about sockets and connections. Streams have the wire's window of 16 messages each way: a
/// sender waits while 16 of its messages are unconsumed.
///
/// ```swift
/// let transport = InProcessTransport(services: [identity], interceptor: CallerIdentityInterceptor())
/// try await withThrowingDiscardingTaskGroup { group in
///     group.addTask { await transport.run() }
///     let client = transport.client(peer: try PeerInfo(address: "in-process", certificatePEMFile: gatewayPEM))
///     …
///     transport.beginGracefulShutdown()
/// }
/// ```
public final class InProcessTransport: Sendable {
    public let configuration: ServerConfiguration
    private let dispatcher: ServerCallDispatcher
    private let eventLoop: any EventLoop
    /// One executor per loop of the group, taken in turn by calls (``ServerConfiguration/HandlerExecution/connectionEventLoop``).
    private let executors: [EventLoopTaskExecutor]
    private let nextExecutor = Atomic<Int>(0)
    private let calls: AsyncStream<RunnableCall<InProcessCall>>
    private let callsContinuation: AsyncStream<RunnableCall<InProcessCall>>.Continuation
    private let nextCallID = Atomic<UInt32>(1)

    /// A transport serving `services` through `interceptor` and `observer`, as a ``QuadServer``
    /// with the same arguments would; calls wait until ``run()`` serves them.
    public init(
        configuration: ServerConfiguration = ServerConfiguration(tls: nil),
        services: [any QuadService],
        interceptor: (any ServerInterceptor)? = nil,
        observer: (any ServerCallObserver)? = nil,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "quad.server.in-process")
    ) {
        self.configuration = configuration
        self.dispatcher = ServerCallDispatcher(
            services: services,
            interceptor: interceptor,
            observer: observer,
            logger: logger
        )
        self.eventLoop = eventLoopGroup.next()
        self.executors = eventLoopGroup.makeIterator().map { EventLoopTaskExecutor($0) }
        let (calls, continuation) = AsyncStream<RunnableCall<InProcessCall>>.makeStream()
        self.calls = calls
        self.callsContinuation = continuation
    }

    /// The names of the services this transport answers.
    public var serviceNames: [String] { dispatcher.router.serviceNames }

    /// A client that calls as `peer`.
    public func client(peer: PeerInfo = PeerInfo(address: "in-process")) -> InProcessClient {
        InProcessClient(transport: self, peer: peer)
    }

    /// Runs every call's handler, each in a child task, until the task is cancelled (open calls
    /// are cancelled) or ``beginGracefulShutdown()`` was called and open calls have finished.
    ///
    /// Calls wait for this loop: start it on an event loop
    /// (`addTask(executorPreference: EventLoopTaskExecutor(loop))`) where the cooperative pool may
    /// be busy, as it is when every test suite runs at once, so deadlines do not run out while
    /// it waits to be scheduled.
    public func run() async {
        await withDiscardingTaskGroup { group in
            for await call in calls {
                group.addTask(executorPreference: executor()) { await self.dispatcher.run(call) }
            }
        }
    }

    /// Where the next call's handler runs: the group's event loops in turn, as a wire client's
    /// calls spread over its pooled connections, or the global concurrent executor.
    private func executor() -> EventLoopTaskExecutor? {
        switch configuration.handlerExecution {
        case .connectionEventLoop:
            executors[nextExecutor.wrappingAdd(1, ordering: .relaxed).oldValue % executors.count]
        case .globalConcurrentExecutor:
            nil
        }
    }

    /// Refuses new calls (UNAVAILABLE); ``run()`` returns once open calls have finished.
    public func beginGracefulShutdown() {
        callsContinuation.finish()
    }

    /// Starts `call` as the server would a CallStart: refused at once, or handed to ``run()``.
    func start(_ call: InProcessCall, _ start: CallStart<ByteBuffer>) {
        // Cancelled before it started: the caller already has its CANCELLED.
        guard !call.isEnded else { return }
        let callID = nextCallID.wrappingAdd(1, ordering: .relaxed).oldValue
        if let tooLarge = call.frameTooLarge(Frame(callID: callID, body: .start(start))) {
            call.end(.serverWentAway(tooLarge))
            return
        }
        let method: RegisteredMethod
        switch ServerCallAcceptance.check(start, router: dispatcher.router) {
        case .accept(let accepted): method = accepted
        case .refuse(let status):
            call.end(.status(status))
            return
        }
        let (requested, timeout) = ServerCallAcceptance.timeouts(
            requestedMicros: start.timeoutMicros,
            cap: configuration.maxDeadline
        )
        let requests = call.open(kind: method.descriptor.kind, firstPayload: start.payload, halfClose: start.halfClose)
        let runnable = RunnableCall(
            callID: callID,
            method: method,
            metadata: start.metadata,
            deadline: requested.map { _ in ContinuousClock.now.advanced(by: timeout!) },
            firstPayload: start.payload,
            requests: requests,
            cancellation: call.cancellation,
            connection: call,
            peer: call.peer
        )
        if let timeout {
            let expiry = eventLoop.scheduleTask(in: .nanoseconds(Self.nanoseconds(timeout))) {
                call.end(.deadlineExceeded)
            }
            call.setDeadline(expiry)
        }
        if case .terminated = callsContinuation.yield(runnable) {
            call.end(.status(Status(code: .unavailable, message: "the in-process server is shutting down")))
        }
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let nanos = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return nanos.overflow ? .max : nanos.partialValue &+ attoseconds / 1_000_000_000
    }
}
