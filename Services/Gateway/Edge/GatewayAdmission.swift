public import GatewayDomain
public import QuadKernel
public import QuadWire
public import QuadWireCore
public import QuadWireNIO
import Synchronization

/// The gateway's own admission (G4: overload refused early), applied by the server on the event
/// loop as each unary call starts (``QuadWireNIO/CallAdmission``), before any task, token check
/// or upstream lookup: a refusal costs almost nothing, so refusing cannot itself saturate the
/// gateway.
///
/// The decisions are ``PartitionedAdmission``'s: one adaptive limit per upstream context (and one
/// for the gateway's own methods), so calls waiting on a stalled upstream fill that upstream's
/// share and no one else's; a short queue in front of each, fair between client addresses and,
/// within an address, between users whose tokens the gateway has verified (``AdmissionKey``), so a
/// burst waits a moment instead of being refused and a flooding client gets its turn like any
/// other. Each limit is AIMD (``AdaptiveConcurrencyLimit``), judged by each call's whole time in
/// the gateway (slot to CallEnd, upstream included, not its wait in the queue) against a latency
/// target: a call is slow when over ``ConcurrencyLimitConfiguration/latencyThreshold`` and over
/// ``ConcurrencyLimitConfiguration/latencyTolerance`` times its method's no-load time
/// (``LatencyBaseline``). Statuses do not count as overload here (a rate-limited call is fast and
/// says nothing of load); a DEADLINE_EXCEEDED does, a CANCELLED teaches nothing. Streams (the
/// event feed, watches) are exempt: their length says nothing about load. Behind it, each
/// upstream's own per-method limit (``UpstreamGuard``) still protects each service.
public final class GatewayAdmission: CallAdmission {
    private struct Waiting {
        var waiter: any CallAdmissionWaiter
        var method: String
        var partition: String
    }

    private enum Notice {
        case admitted(CallAdmissionPermit)
        case refused(String)
    }

    private struct State {
        var admission: PartitionedAdmission
        var baselines: [String: LatencyBaseline] = [:]
        var waiting: [PartitionedAdmission.Ticket: Waiting] = [:]
    }

    public let configuration: ConcurrencyLimitConfiguration
    public let queue: AdmissionQueueConfiguration
    private let state: Mutex<State>
    private let now: @Sendable () -> Duration
    private let partition: @Sendable (MethodDescriptor) -> String
    private let user: @Sendable ([String: String]) -> String?

    /// - Parameters:
    ///   - partition: the share a method's calls count against (the gateway passes its upstream
    ///     context, or `gateway` for its own methods); one share for all by default.
    ///   - user: the verified user of a call's metadata, or nil (the gateway passes
    ///     ``EdgeAuthenticator/rememberedUser(_:)``); calls without one share their address's turn.
    public init(
        configuration: ConcurrencyLimitConfiguration,
        queue: AdmissionQueueConfiguration = .defaults,
        clock: QuadClock,
        user: @escaping @Sendable ([String: String]) -> String? = { _ in nil },
        partition: @escaping @Sendable (MethodDescriptor) -> String = { _ in "gateway" }
    ) {
        self.configuration = configuration
        self.queue = queue
        self.state = Mutex(State(admission: PartitionedAdmission(limits: configuration, queue: queue)))
        self.now = clock.elapsed
        self.user = user
        self.partition = partition
    }

    public func admit(
        _ method: MethodDescriptor,
        peerHost: String,
        metadata: [String: String],
        waiter: () -> any CallAdmissionWaiter
    ) -> CallAdmissionDecision {
        guard method.kind == .unary else { return .exempt }
        let started = now()
        let partition = self.partition(method)
        let client = AdmissionKey(address: peerHost, user: user(metadata) ?? "")
        var notices: [(any CallAdmissionWaiter, Notice)] = []
        let decision: CallAdmissionDecision = state.withLock { state in
            let (decision, effects) = state.admission.admit(partition: partition, client: client, now: started)
            notices = Self.notices(for: effects, in: &state, now: started)
            switch decision {
            case .admitted(let quiet):
                return .admitted(
                    CallAdmissionPermit(
                        method: method.fullName,
                        partition: partition,
                        admittedAt: started,
                        quiet: quiet
                    )
                )
            case .queued(let ticket):
                state.waiting[ticket] = Waiting(waiter: waiter(), method: method.fullName, partition: partition)
                return .queued(CallAdmissionTicket(id: ticket.id))
            case .refused(let limit, let queued):
                return .refused(
                    "the gateway is at its limit of \(limit) calls in flight for \(partition), with \(queued) waiting; \(method) was not started, retry shortly"
                )
            }
        }
        Self.deliver(notices)
        return decision
    }

    public func callEnded(_ permit: CallAdmissionPermit, code: StatusCode) {
        let ended = now()
        let latency = ended - permit.admittedAt
        let outcome: UpstreamOutcome
        switch code {
        case .cancelled: outcome = .cancelled
        case .deadlineExceeded: outcome = .deadlineExceeded
        default: outcome = .success
        }
        let configuration = self.configuration
        let notices = state.withLock { state in
            var baseline = state.baselines[permit.method, default: LatencyBaseline()]
            let effects = state.admission.release(
                partition: permit.partition,
                latency: latency,
                outcome: outcome,
                slowAbove: baseline.overloadThreshold(configuration),
                now: ended
            )
            if outcome == .success {
                baseline.record(latency, quiet: permit.quiet)
                state.baselines[permit.method] = baseline
            }
            return Self.notices(for: effects, in: &state, now: ended)
        }
        Self.deliver(notices)
    }

    public func withdraw(_ ticket: CallAdmissionTicket) -> Bool {
        let key = PartitionedAdmission.Ticket(id: ticket.id)
        return state.withLock { state in
            guard state.admission.withdraw(key) else { return false }
            state.waiting[key] = nil
            return true
        }
    }

    /// A partition's limit now, its calls in flight and its calls waiting (metrics, tests).
    public func concurrency(of partition: String) -> (limit: Int, inflight: Int, queued: Int) {
        state.withLock { $0.admission.concurrency(of: partition) }
    }

    /// Calls from `peerHost` waiting in `partition`, all its users together (tests, metrics).
    public func queued(in partition: String, from peerHost: String) -> Int {
        state.withLock { $0.admission.queued(in: partition, from: peerHost) }
    }

    /// Calls of `user` from `peerHost` waiting in `partition` ("" for calls without a verified user).
    public func queued(in partition: String, from peerHost: String, user: String) -> Int {
        state.withLock { $0.admission.queued(in: partition, from: AdmissionKey(address: peerHost, user: user)) }
    }

    /// What the waiters of granted and refused calls are to be told (outside the lock).
    private static func notices(
        for effects: PartitionedAdmission.Effects,
        in state: inout State,
        now: Duration
    ) -> [(any CallAdmissionWaiter, Notice)] {
        guard !effects.granted.isEmpty || !effects.refused.isEmpty else { return [] }
        var notices: [(any CallAdmissionWaiter, Notice)] = []
        for grant in effects.granted {
            guard let waiting = state.waiting.removeValue(forKey: grant.ticket) else { continue }
            let permit = CallAdmissionPermit(
                method: waiting.method,
                partition: waiting.partition,
                admittedAt: now,
                quiet: grant.quiet
            )
            notices.append((waiting.waiter, .admitted(permit)))
        }
        for ticket in effects.refused {
            guard let waiting = state.waiting.removeValue(forKey: ticket) else { continue }
            let message =
                "the gateway is busy: \(waiting.method) waited for one of \(waiting.partition)'s slots and was not started; retry shortly"
            notices.append((waiting.waiter, .refused(message)))
        }
        return notices
    }

    private static func deliver(_ notices: [(any CallAdmissionWaiter, Notice)]) {
        for (waiter, notice) in notices {
            switch notice {
            case .admitted(let permit): waiter.admitted(permit)
            case .refused(let message): waiter.refused(message)
            }
        }
    }
}
