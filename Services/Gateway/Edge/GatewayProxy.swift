import Foundation
public import GatewayDomain
import Logging
import NIOCore
public import QuadKernel
import QuadServiceKit
public import QuadWire

/// Forwards every routed method to its context's upstream (G1): authenticates at the edge
/// unless the method allows anonymous calls, replaces whatever `x-quad-caller` the client sent
/// with the verified caller, drops the access token, sets the deadline (a default when the
/// client sent none, capped) and passes unary and streaming calls through. Streams keep
/// credit end to end: a response is pulled from the upstream only when the client has credit
/// for it, and a request is pulled from the client only when the upstream has credit for it,
/// so a slow client slows its stream instead of growing the gateway's memory.
///
/// Protection (G4, G5) on the way: rate limits per address and per user, then the upstream's
/// guard (skip it while ejected, shed at its adaptive concurrency limit), and for unary calls
/// to idempotent methods one or two retries on UNAVAILABLE within the upstream's retry budget.
public struct GatewayProxy: QuadService {
    public let routes: RoutingTable
    private let upstreams: [String: any ClientTransport]
    private let guards: [String: UpstreamGuard]
    private let admission: EdgeAdmission
    private let protection: GatewayProtectionConfiguration
    private let clock: QuadClock

    public init(
        routes: RoutingTable,
        upstreams: [String: any ClientTransport],
        authenticator: EdgeAuthenticator,
        protection: GatewayProtectionConfiguration = .defaults,
        clock: QuadClock = .system(),
        rateLimiter: EdgeRateLimiter? = nil
    ) {
        self.routes = routes
        self.upstreams = upstreams
        self.protection = protection
        self.clock = clock
        self.admission = EdgeAdmission(
            rateLimiter: rateLimiter ?? EdgeRateLimiter(configuration: protection.rateLimits, clock: clock),
            authenticator: authenticator
        )
        self.guards = Dictionary(
            uniqueKeysWithValues: upstreams.keys.map {
                ($0, UpstreamGuard(context: $0, configuration: protection, clock: clock))
            }
        )
    }

    /// The guard of `context`'s upstream (tests, metrics).
    public func upstreamGuard(_ context: String) -> UpstreamGuard? { guards[context] }

    private var deadlines: DeadlinePolicy { protection.deadlines }

    /// Metadata a client may not pass on: the gateway sets the caller itself, and the access
    /// token stops at the edge.
    static let edgeOnlyMetadata: Set<String> = ["authorization", CallerIdentityInterceptor.callerHeader]

    /// The routed services' files: the gateway forwards their methods, so its Reflection serves them.
    public var protoFiles: [String: [UInt8]] { routes.protoFiles }

    public var registeredMethods: [RegisteredMethod] {
        routes.allRoutes.map { route in
            switch route.method.kind {
            case .unary:
                RegisteredMethod(
                    descriptor: route.method,
                    handler: .unary { request, context in
                        let (upstream, options) = try await prepare(route, context)
                        return try await forwardUnary(
                            route.method,
                            to: route.context,
                            upstream: upstream,
                            options: options,
                            request
                        )
                    }
                )
            case .serverStreaming, .clientStreaming, .bidirectionalStreaming:
                RegisteredMethod(
                    descriptor: route.method,
                    handler: .streaming { requests, writer, context in
                        let (upstream, options) = try await prepare(route, context)
                        // A stream's latency says nothing about load: it takes no concurrency slot.
                        return try await forwardStream(
                            route.method,
                            upstream: upstream,
                            options: options,
                            requests,
                            writer
                        )
                    }
                )
            }
        }
    }

    /// Authenticates, picks the upstream and builds the upstream call's options.
    private func prepare(_ route: RoutingTable.Route, _ context: ServerContext) async throws -> (
        any ClientTransport, CallOptions
    ) {
        let caller = try await admission.admit(route.method, context)
        var metadata = context.metadata.filter { !Self.edgeOnlyMetadata.contains($0.key) }
        if let caller { metadata[CallerIdentityInterceptor.callerHeader] = caller.headerValue }
        if metadata["x-request-id"] == nil { metadata["x-request-id"] = EntityID.generate() }
        guard let upstream = upstreams[route.context] else {
            throw RPCError(
                code: .unavailable,
                message: "\(route.method) is served by '\(route.context)', which this gateway has no address for"
            )
        }
        // Streams live as long as their caller wants; unary calls get the default deadline.
        let requested = context.timeRemaining
        let timeout: Duration?
        if route.method.kind == .unary {
            timeout = deadlines.effectiveTimeout(requested: requested)
        } else {
            timeout = requested.map { min($0, deadlines.maximumTimeout) }
        }
        if let timeout, timeout <= .zero {
            throw RPCError(
                code: .deadlineExceeded,
                message: "the deadline passed before \(route.method) reached its service"
            )
        }
        return (upstream, CallOptions(timeout: timeout, metadata: metadata))
    }

    /// A transport to `context`'s upstream whose unary calls go through its guard and retries
    /// as proxied calls do (the home screen's parts use it); UNAVAILABLE when there is none.
    public func transport(for context: String) -> any ClientTransport {
        guard let upstream = upstreams[context] else { return UnavailableTransport(context: context) }
        return GuardedTransport(proxy: self, context: context, upstream: upstream)
    }

    /// One unary call through the upstream's guard, retried on UNAVAILABLE when the method is
    /// idempotent and the retry policy and budget allow.
    func forwardUnary(
        _ method: MethodDescriptor,
        to context: String,
        upstream: any ClientTransport,
        options: CallOptions,
        _ request: ByteBuffer
    ) async throws -> ByteBuffer {
        let route = RoutingTable.Route(method: method, context: context)
        guard let upstreamGuard = guards[route.context] else {
            return try await upstream.unary(route.method, request: request, options: options)
        }
        upstreamGuard.recordCall()
        let started = clock.elapsed()
        var options = options
        var attempt = 1
        while true {
            let permit = try upstreamGuard.admit(route.method)
            do {
                let response = try await upstream.unary(route.method, request: request, options: options)
                upstreamGuard.finish(permit, outcome: .success)
                return response
            } catch {
                let rpcError = RPCError.from(error)
                // The client going away says nothing about the upstream.
                let outcome: UpstreamOutcome = Task.isCancelled ? .cancelled : UpstreamOutcome(rpcError.code)
                upstreamGuard.finish(permit, outcome: outcome)
                let remaining = options.timeout.map { $0 - (clock.elapsed() - started) }
                let decision = upstreamGuard.retryDecision(
                    protection.retry,
                    attempt: attempt,
                    outcome: outcome,
                    idempotent: route.method.idempotent,
                    timeRemaining: remaining
                )
                guard case .retry(let wait) = decision, let remaining else { throw rpcError }
                try await clock.sleep(wait)
                options.timeout = remaining - wait
                attempt += 1
            }
        }
    }

    private func forwardStream(
        _ method: MethodDescriptor,
        upstream: any ClientTransport,
        options: CallOptions,
        _ requests: RawRequestStream,
        _ writer: RawResponseWriter
    ) async throws -> ByteBuffer? {
        switch method.kind {
        case .serverStreaming:
            var iterator = requests.makeAsyncIterator()
            let request = try await iterator.next()
            return try await upstream.streamingCall(method, firstRequest: request, halfClose: true, options: options) {
                call in
                for try await response in call.responses { try await writer.send(response) }
                return nil
            }
        case .clientStreaming:
            return try await upstream.streamingCall(method, firstRequest: nil, halfClose: false, options: options) {
                call in
                for try await request in requests { try await call.send(request) }
                try await call.finish()
                // The upstream's one response arrives with its CallEnd; it goes in ours.
                var last: ByteBuffer?
                for try await response in call.responses { last = response }
                return last
            }
        case .bidirectionalStreaming:
            return try await upstream.streamingCall(method, firstRequest: nil, halfClose: false, options: options) {
                call in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for try await request in requests { try await call.send(request) }
                        try await call.finish()
                    }
                    for try await response in call.responses { try await writer.send(response) }
                    // The upstream ended the call: requests the client still sends go nowhere.
                    group.cancelAll()
                }
                return nil
            }
        case .unary:
            preconditionFailure("unary calls are forwarded by the unary handler")
        }
    }
}
