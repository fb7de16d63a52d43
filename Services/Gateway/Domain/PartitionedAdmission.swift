/// The gateway's admission of calls (G4), built so that neither one client nor one stalled upstream can take
/// everyone's capacity (issue 11):
///
/// - **One limit per partition** (the gateway uses one per upstream context, plus one for its own methods), each
///   an ``AdaptiveConcurrencyLimit``, so calls waiting on a stalled upstream fill that upstream's partition only,
///   as Envoy's adaptive concurrency is per upstream cluster and Netflix's partitioned limiter splits one limit.
/// - **A short bounded queue** in front of each limit absorbs bursts instead of refusing them: a call over the
///   limit waits for a slot, at most ``AdmissionQueueConfiguration/maximumWait``. A queue whose calls wait over
///   ``AdmissionQueueConfiguration/targetWait`` for that long is standing (CoDel's test), and from then on calls
///   that waited longer than the target are refused instead of granted, until a whole interval passes without
///   one (as CoDel stays in its dropping state while sojourns stay high).
/// - **Fair between clients**: waiting calls are kept per key (the client's address) and granted round-robin
///   across keys, so a client flooding the queue gets one grant in turn like any other; when the queue is full, a
///   newcomer whose key has fewer calls waiting takes the place of the newest call of the key with the most.
/// - **It recovers when calls are fast**: with calls waiting, the limit is fully used, so every fast call raises
///   it by one (the AIMD of ``AdaptiveConcurrencyLimit``), and a burst of slow calls lowers it once, not per call.
///
/// Pure: time comes in with each event; waiting calls are ``Ticket``s that the caller maps to its own waiters,
/// and what an event does to other waiters (granted, refused) comes back in ``Effects``. Expiry is checked at
/// every event of the partition, so it needs no timer: a partition with no events has no expired calls that
/// anyone is waiting on that their own deadline would not end.
public struct PartitionedAdmission: Sendable {
    /// One waiting call.
    public struct Ticket: Hashable, Sendable {
        public let id: UInt64

        public init(id: UInt64) {
            self.id = id
        }
    }

    /// A waiting call that got a slot.
    public struct Grant: Sendable, Hashable {
        public var ticket: Ticket
        /// Nothing else was in flight in its partition: its latency is a no-load sample.
        public var quiet: Bool
        /// How long it waited.
        public var waited: Duration
    }

    /// What ``admit(partition:key:now:)`` decided for the call itself.
    public enum Decision: Sendable, Hashable {
        /// It holds a slot now; give it back with ``release(partition:latency:outcome:slowAbove:now:)``.
        case admitted(quiet: Bool)
        /// It waits; it comes back in ``Effects/granted`` or ``Effects/refused`` of a later event, unless
        /// withdrawn.
        case queued(Ticket)
        /// Refused: the limit is full and so is the queue (for this client), or there is no queue.
        case refused(limit: Int, queued: Int)
    }

    /// What an event did to calls already waiting.
    public struct Effects: Sendable, Hashable {
        /// Waiting calls that now hold a slot.
        public var granted: [Grant] = []
        /// Waiting calls refused: they waited too long, or a newcomer from a lighter client took their place.
        public var refused: [Ticket] = []

        public init() {}
    }

    private struct Entry {
        var ticket: Ticket
        var enqueuedAt: Duration
    }

    private struct Partition {
        var limit: AdaptiveConcurrencyLimit
        /// Waiting calls per key, oldest first.
        var waiting: [String: [Entry]] = [:]
        /// Keys with waiting calls, in round-robin order.
        var order: [String] = []
        var queued = 0
        /// Since when every granted call had waited over the target (nil: the last one was under it).
        var aboveTargetSince: Duration?
        /// When a call was last seen waiting over the target.
        var lastAboveTarget: Duration?
        /// While the queue is standing: until when. Every call seen waiting over the target
        /// meanwhile extends it by ``AdmissionQueueConfiguration/maximumWait``, so sustained
        /// overload stays shed, and a whole interval without one ends it.
        var overloadedUntil: Duration?
    }

    public let limits: ConcurrencyLimitConfiguration
    public let queue: AdmissionQueueConfiguration
    private var partitions: [String: Partition] = [:]
    private var locations: [Ticket: (partition: String, key: String)] = [:]
    private var nextTicket: UInt64 = 0

    public init(limits: ConcurrencyLimitConfiguration, queue: AdmissionQueueConfiguration = .defaults) {
        self.limits = limits
        self.queue = queue
    }

    /// A call from `key` to `partition` arrives.
    public mutating func admit(partition name: String, key: String, now: Duration) -> (Decision, Effects) {
        var partition = partitions[name] ?? Partition(limit: AdaptiveConcurrencyLimit(configuration: limits))
        defer { partitions[name] = partition }
        var effects = Effects()
        expire(&partition, now: now, into: &effects)
        // Calls already waiting go first: a newcomer never overtakes them.
        if partition.queued == 0 {
            let quiet = partition.limit.inflight == 0
            if partition.limit.tryAcquire() { return (.admitted(quiet: quiet), effects) }
        }
        if partition.queued >= queue.capacity {
            guard let evicted = evictHeaviest(&partition, for: key) else {
                return (.refused(limit: partition.limit.limit, queued: partition.queued), effects)
            }
            effects.refused.append(evicted)
        }
        let ticket = Ticket(id: nextTicket)
        nextTicket &+= 1
        if partition.waiting[key, default: []].isEmpty { partition.order.append(key) }
        partition.waiting[key, default: []].append(Entry(ticket: ticket, enqueuedAt: now))
        partition.queued += 1
        locations[ticket] = (name, key)
        return (.queued(ticket), effects)
    }

    /// A call admitted to `partition` (directly or by a grant) ended: frees its slot, adapts the limit (a success
    /// slower than `slowAbove` is a sign of overload) and grants waiting calls the slots there now are.
    public mutating func release(
        partition name: String,
        latency: Duration,
        outcome: UpstreamOutcome,
        slowAbove: Duration,
        now: Duration
    ) -> Effects {
        var effects = Effects()
        guard var partition = partitions[name] else { return effects }
        defer { partitions[name] = partition }
        partition.limit.release(latency: latency, outcome: outcome, slowAbove: slowAbove)
        expire(&partition, now: now, into: &effects)
        grant(&partition, now: now, into: &effects)
        return effects
    }

    /// Takes a waiting call out of its queue (its caller went away, its deadline passed); false when it is not
    /// waiting any more (it was granted or refused by an event whose effects are on their way).
    public mutating func withdraw(_ ticket: Ticket) -> Bool {
        guard let (name, key) = locations.removeValue(forKey: ticket), var partition = partitions[name] else { return false }
        partition.waiting[key]?.removeAll { $0.ticket == ticket }
        if partition.waiting[key]?.isEmpty == true {
            partition.waiting[key] = nil
            partition.order.removeAll { $0 == key }
        }
        partition.queued -= 1
        partitions[name] = partition
        return true
    }

    /// A partition's limit, calls holding a slot and calls waiting (metrics, tests); the initial limit and
    /// nothing in flight before its first call.
    public func concurrency(of name: String) -> (limit: Int, inflight: Int, queued: Int) {
        guard let partition = partitions[name] else { return (limits.initialLimit, 0, 0) }
        return (partition.limit.limit, partition.limit.inflight, partition.queued)
    }

    /// Calls from `key` waiting in `partition` (tests, metrics).
    public func queued(in name: String, from key: String) -> Int {
        partitions[name]?.waiting[key]?.count ?? 0
    }

    /// Whether `partition`'s queue is standing: calls that waited over the target are refused.
    public func isOverloaded(_ name: String, now: Duration) -> Bool {
        partitions[name].map { overloaded($0, now: now) } ?? false
    }

    // MARK: Internals

    private func overloaded(_ partition: Partition, now: Duration) -> Bool {
        guard let until = partition.overloadedUntil else { return false }
        return now < until
    }

    /// A call was seen waiting `waited`: tracks whether the queue is standing (CoDel's test).
    private func observe(_ waited: Duration, in partition: inout Partition, now: Duration) {
        guard waited > queue.targetWait else {
            partition.aboveTargetSince = nil
            return
        }
        // A run of long waits interrupted by a quiet interval starts again.
        let stale = partition.lastAboveTarget.map { now - $0 > queue.maximumWait } ?? true
        let since = stale ? now : partition.aboveTargetSince ?? now
        partition.aboveTargetSince = since
        partition.lastAboveTarget = now
        if overloaded(partition, now: now) || now - since >= queue.maximumWait {
            partition.overloadedUntil = now + queue.maximumWait
        }
    }

    /// Refuses the waiting calls that waited longer than the queue allows now (the oldest of each key first).
    private mutating func expire(_ partition: inout Partition, now: Duration, into effects: inout Effects) {
        guard partition.queued > 0 else { return }
        let longest = overloaded(partition, now: now) ? queue.targetWait : queue.maximumWait
        for key in partition.order {
            guard var entries = partition.waiting[key] else { continue }
            var expired = 0
            while expired < entries.count, now - entries[expired].enqueuedAt > longest { expired += 1 }
            guard expired > 0 else { continue }
            observe(now - entries[expired - 1].enqueuedAt, in: &partition, now: now)
            for entry in entries[..<expired] {
                effects.refused.append(entry.ticket)
                locations[entry.ticket] = nil
            }
            entries.removeFirst(expired)
            partition.waiting[key] = entries.isEmpty ? nil : entries
            partition.queued -= expired
        }
        partition.order.removeAll { partition.waiting[$0] == nil }
    }

    /// Grants free slots to waiting calls, one key at a time in turn.
    private mutating func grant(_ partition: inout Partition, now: Duration, into effects: inout Effects) {
        while partition.queued > 0, partition.limit.inflight < partition.limit.limit {
            let key = partition.order.removeFirst()
            var entries = partition.waiting[key] ?? []
            let entry = entries.removeFirst()
            partition.waiting[key] = entries.isEmpty ? nil : entries
            if !entries.isEmpty { partition.order.append(key) }
            partition.queued -= 1
            locations[entry.ticket] = nil

            let waited = now - entry.enqueuedAt
            observe(waited, in: &partition, now: now)
            if waited > queue.targetWait, overloaded(partition, now: now) {
                effects.refused.append(entry.ticket)
                continue
            }
            let quiet = partition.limit.inflight == 0
            _ = partition.limit.tryAcquire()
            effects.granted.append(Grant(ticket: entry.ticket, quiet: quiet, waited: waited))
        }
    }

    /// Makes room for a call from `key` in a full queue by refusing the newest call of the key with the most
    /// waiting, when that key has at least two more waiting than `key`; nil when no key is heavier.
    private mutating func evictHeaviest(_ partition: inout Partition, for key: String) -> Ticket? {
        let own = partition.waiting[key]?.count ?? 0
        guard let (heaviest, entries) = partition.waiting.max(by: { $0.value.count < $1.value.count }),
            heaviest != key, entries.count >= own + 2, let newest = entries.last
        else { return nil }
        var remaining = entries
        remaining.removeLast()
        partition.waiting[heaviest] = remaining.isEmpty ? nil : remaining
        if remaining.isEmpty { partition.order.removeAll { $0 == heaviest } }
        partition.queued -= 1
        locations[newest.ticket] = nil
        return newest.ticket
    }
}
