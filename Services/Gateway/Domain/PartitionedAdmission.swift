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
///   one (as CoDel stays in its dropping state while sojourns stay high). While it stands, each client's newest
///   waiting call is granted first (adaptive LIFO, as in Facebook's "Fail at scale"): under sustained overload the
///   calls that get a slot are the ones that have hardly waited, so accepted calls stay near their unloaded
///   latency, and the calls that wait too long are the old ones, which the target then refuses.
/// - **Fair between clients**: waiting calls are kept per ``AdmissionKey`` and granted round-robin across client
///   addresses, and within an address across its users, so a client flooding the queue gets one grant in turn like
///   any other, and so does each user behind a shared address; when the queue is full, a newcomer from an address
///   with fewer calls waiting takes the place of the newest call of the address with the most (within one address,
///   of its heaviest user).
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

    /// What ``admit(partition:client:now:)`` decided for the call itself.
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

    private typealias Entry = AdmissionAddressQueue.Entry

    private struct Partition {
        var limit: AdaptiveConcurrencyLimit
        /// Waiting calls per client address.
        var waiting: [String: AdmissionAddressQueue] = [:]
        /// Addresses with waiting calls, in round-robin order.
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
    private var locations: [Ticket: (partition: String, client: AdmissionKey)] = [:]
    private var nextTicket: UInt64 = 0

    public init(limits: ConcurrencyLimitConfiguration, queue: AdmissionQueueConfiguration = .defaults) {
        self.limits = limits
        self.queue = queue
    }

    /// A call from `client` to `partition` arrives.
    public mutating func admit(partition name: String, client: AdmissionKey, now: Duration) -> (Decision, Effects) {
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
            guard let evicted = evictHeaviest(&partition, for: client) else {
                return (.refused(limit: partition.limit.limit, queued: partition.queued), effects)
            }
            effects.refused.append(evicted)
        }
        let ticket = Ticket(id: nextTicket)
        nextTicket &+= 1
        if partition.waiting[client.address]?.isEmpty ?? true { partition.order.append(client.address) }
        partition.waiting[client.address, default: AdmissionAddressQueue()].append(
            Entry(ticket: ticket, enqueuedAt: now),
            user: client.user
        )
        partition.queued += 1
        locations[ticket] = (name, client)
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
        guard let (name, client) = locations.removeValue(forKey: ticket), var partition = partitions[name],
            var queue = partition.waiting[client.address], queue.remove(ticket, user: client.user)
        else { return false }
        partition.waiting[client.address] = queue.isEmpty ? nil : queue
        if queue.isEmpty { partition.order.removeAll { $0 == client.address } }
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

    /// Calls from `address` waiting in `partition`, all its users together (tests, metrics).
    public func queued(in name: String, from address: String) -> Int {
        partitions[name]?.waiting[address]?.count ?? 0
    }

    /// Calls of one client waiting in `partition` (tests).
    public func queued(in name: String, from client: AdmissionKey) -> Int {
        partitions[name]?.waiting[client.address]?.count(of: client.user) ?? 0
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

    /// Refuses the waiting calls that waited longer than the queue allows now (the oldest of each client first).
    private mutating func expire(_ partition: inout Partition, now: Duration, into effects: inout Effects) {
        guard partition.queued > 0 else { return }
        let longest = overloaded(partition, now: now) ? queue.targetWait : queue.maximumWait
        for address in partition.order {
            guard var addressQueue = partition.waiting[address] else { continue }
            let (expired, shortestWait) = addressQueue.expire(longerThan: longest, now: now)
            guard let shortestWait else { continue }
            observe(shortestWait, in: &partition, now: now)
            for entry in expired {
                effects.refused.append(entry.ticket)
                locations[entry.ticket] = nil
            }
            partition.waiting[address] = addressQueue.isEmpty ? nil : addressQueue
            partition.queued -= expired.count
        }
        partition.order.removeAll { partition.waiting[$0] == nil }
    }

    /// Grants free slots to waiting calls, one address at a time in turn (and within it, one user at a time).
    private mutating func grant(_ partition: inout Partition, now: Duration, into effects: inout Effects) {
        while partition.queued > 0, partition.limit.inflight < partition.limit.limit {
            let address = partition.order.removeFirst()
            let standing = overloaded(partition, now: now)
            guard var addressQueue = partition.waiting[address], let entry = addressQueue.takeNext(newest: standing)
            else { continue }
            partition.waiting[address] = addressQueue.isEmpty ? nil : addressQueue
            if !addressQueue.isEmpty { partition.order.append(address) }
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

    /// Makes room for a call from `client` in a full queue by refusing the newest call of the address with the most
    /// waiting (of its heaviest user), when that address has at least two more waiting than the client's; or, when
    /// the client's own address is the heaviest, of its heaviest user, when that user has at least two more waiting
    /// than the client. Nil when no one is heavier.
    private mutating func evictHeaviest(_ partition: inout Partition, for client: AdmissionKey) -> Ticket? {
        let ownAddress = partition.waiting[client.address]
        let victimAddress: String
        if let (heaviest, queue) = partition.waiting.max(by: { $0.value.count < $1.value.count }),
            heaviest != client.address, queue.count >= (ownAddress?.count ?? 0) + 2
        {
            victimAddress = heaviest
        } else if let ownAddress, let (user, count) = ownAddress.heaviestUser, user != client.user,
            count >= ownAddress.count(of: client.user) + 2
        {
            victimAddress = client.address
        } else {
            return nil
        }
        guard var queue = partition.waiting[victimAddress], let (user, _) = queue.heaviestUser,
            let newest = queue.removeNewest(of: user)
        else { return nil }
        partition.waiting[victimAddress] = queue.isEmpty ? nil : queue
        if queue.isEmpty { partition.order.removeAll { $0 == victimAddress } }
        partition.queued -= 1
        locations[newest.ticket] = nil
        return newest.ticket
    }
}
