import GatewayDomain
import QuadTestSupport
import Testing

@Suite("PartitionedAdmission: a limit per partition, a short fair queue")
struct PartitionedAdmissionTests {
    typealias Ticket = PartitionedAdmission.Ticket

    static let limits = ConcurrencyLimitConfiguration(
        initialLimit: 2,
        minimumLimit: 1,
        maximumLimit: 10,
        latencyThreshold: .milliseconds(2)
    )
    static let queue = AdmissionQueueConfiguration(
        capacity: 4,
        maximumWait: .milliseconds(100),
        targetWait: .milliseconds(5)
    )

    /// The machine under test, driven through short helpers (a class, so `#expect` can wrap its calls).
    final class Driver {
        var admission: PartitionedAdmission

        init(
            limits: ConcurrencyLimitConfiguration = PartitionedAdmissionTests.limits,
            queue: AdmissionQueueConfiguration = PartitionedAdmissionTests.queue
        ) {
            admission = PartitionedAdmission(limits: limits, queue: queue)
        }

        /// Admits and answers the ticket of a queued call (nil when admitted or refused).
        func queued(_ partition: String, _ address: String, user: String = "", at now: Duration = .zero) -> Ticket? {
            let client = AdmissionKey(address: address, user: user)
            return if case .queued(let ticket) = admission.admit(partition: partition, client: client, now: now).0 {
                ticket
            } else { nil }
        }

        func admitted(_ partition: String, _ address: String, user: String = "", at now: Duration = .zero) -> Bool {
            let client = AdmissionKey(address: address, user: user)
            return if case .admitted = admission.admit(partition: partition, client: client, now: now).0 { true } else {
                false
            }
        }

        func release(_ partition: String, latency: Duration = .milliseconds(1), at now: Duration)
            -> PartitionedAdmission.Effects
        {
            admission.release(
                partition: partition,
                latency: latency,
                outcome: .success,
                slowAbove: .milliseconds(2),
                now: now
            )
        }

        func withdraw(_ ticket: Ticket) -> Bool { admission.withdraw(ticket) }

        /// One slot that never grows, and a queue of 100.
        static func oneSlot() -> Driver {
            let driver = Driver()
            let limits = ConcurrencyLimitConfiguration(
                initialLimit: 1,
                minimumLimit: 1,
                maximumLimit: 1,
                latencyThreshold: .milliseconds(2)
            )
            driver.admission = PartitionedAdmission(limits: limits, queue: AdmissionQueueConfiguration(capacity: 100))
            return driver
        }

        /// From time zero, takes the slot, then for `steps` steps of 10 ms two calls from client "c"
        /// arrive and one slot frees; answers the time at the end.
        func overload(for steps: Int, _ observe: (PartitionedAdmission.Effects) -> Void = { _ in }) -> Duration {
            #expect(admitted("a", "c"))
            var now = Duration.zero
            for _ in 0..<steps {
                _ = queued("a", "c", at: now)
                _ = queued("a", "c", at: now)
                now += .milliseconds(10)
                observe(release("a", at: now))
            }
            return now
        }
    }

    @Test("calls over the limit wait and are granted in turn as slots free, none refused")
    func burstWaits() throws {
        let driver = Driver()
        // Given: the limit of 2 is taken
        #expect(driver.admitted("a", "10.0.0.1"))
        #expect(driver.admitted("a", "10.0.0.1"))

        // When: two more come
        let third = try #require(driver.queued("a", "10.0.0.1"))
        let fourth = try #require(driver.queued("a", "10.0.0.1"))

        // Then: each release grants the oldest waiting call, and fast calls raise the limit
        let first = driver.release("a", at: .milliseconds(1))
        #expect(first.granted.map(\.ticket) == [third, fourth])  // the limit went to 3: two slots free
        #expect(first.refused.isEmpty)
        #expect(driver.admission.concurrency(of: "a").limit == 3)
        #expect(driver.admission.concurrency(of: "a").queued == 0)
    }

    @Test("partitions are independent: a stalled one fills its own limit and queue only")
    func partitionsIsolated() throws {
        let driver = Driver()
        // Given: partition "jobs" is stalled: its slots held, its queue full
        #expect(driver.admitted("jobs", "10.0.0.1"))
        #expect(driver.admitted("jobs", "10.0.0.1"))
        for _ in 0..<4 { #expect(driver.queued("jobs", "10.0.0.1") != nil) }
        guard
            case .refused(let limit, let queued) = driver.admission.admit(
                partition: "jobs",
                client: AdmissionKey(address: "10.0.0.1"),
                now: .zero
            ).0
        else {
            Issue.record("a fifth waiting call was queued")
            return
        }
        #expect((limit, queued) == (2, 4))

        // Then: another partition admits at once
        #expect(driver.admitted("identity", "10.0.0.1"))
        #expect(driver.admitted("identity", "10.0.0.1"))
    }

    @Test("waiting calls are granted round-robin across clients: a flooder gets one turn like anyone else")
    func roundRobin() throws {
        let driver = Driver()
        let limits = ConcurrencyLimitConfiguration(
            initialLimit: 1,
            minimumLimit: 1,
            maximumLimit: 1,
            latencyThreshold: .milliseconds(2)
        )
        driver.admission = PartitionedAdmission(limits: limits, queue: AdmissionQueueConfiguration(capacity: 10))
        #expect(driver.admitted("a", "flooder"))
        let flood = (0..<3).compactMap { _ in driver.queued("a", "flooder") }
        let other = try #require(driver.queued("a", "other"))

        // When: slots free one at a time
        var order: [Ticket] = []
        for step in 1...4 { order += driver.release("a", at: .microseconds(step)).granted.map(\.ticket) }

        // Then: the other client's call is the second granted, not the fourth
        #expect(order == [flood[0], other, flood[1], flood[2]])
    }

    @Test("a full queue makes room for a lighter client by refusing the newest call of the heaviest")
    func fairEviction() throws {
        let driver = Driver()
        #expect(driver.admitted("a", "flooder"))
        #expect(driver.admitted("a", "flooder"))
        let flood = (0..<4).compactMap { _ in driver.queued("a", "flooder") }
        #expect(flood.count == 4)

        // When: another client comes to the full queue
        let (decision, effects) = driver.admission.admit(
            partition: "a",
            client: AdmissionKey(address: "other"),
            now: .zero
        )

        // Then: it waits, and the flooder's newest call is refused in its place
        guard case .queued = decision else {
            Issue.record("the other client was refused: \(decision)")
            return
        }
        #expect(effects.refused == [flood[3]])
        #expect(driver.admission.queued(in: "a", from: "flooder") == 3)

        // And: the flooder itself is refused at the full queue, it evicts nobody
        guard
            case .refused = driver.admission.admit(partition: "a", client: AdmissionKey(address: "flooder"), now: .zero)
                .0
        else {
            Issue.record("the flooder was queued")
            return
        }
    }

    @Test("a call that waited longer than the maximum is refused at the partition's next event")
    func expiry() throws {
        let driver = Driver()
        #expect(driver.admitted("a", "10.0.0.1"))
        #expect(driver.admitted("a", "10.0.0.1"))
        let old = try #require(driver.queued("a", "10.0.0.1", at: .zero))
        let young = try #require(driver.queued("a", "10.0.0.2", at: .milliseconds(60)))

        // When: 101 ms later another call arrives
        let (_, effects) = driver.admission.admit(
            partition: "a",
            client: AdmissionKey(address: "10.0.0.3"),
            now: .milliseconds(101)
        )

        // Then: the first waiting call is refused, the second still waits
        #expect(effects.refused == [old])
        #expect(driver.admission.concurrency(of: "a").queued == 2)
        #expect(!effects.refused.contains(young))
    }

    @Test("a standing queue (waits over the target for the whole interval) refuses calls that waited over the target")
    func standingQueue() throws {
        let driver = Driver.oneSlot()
        // Given: calls arrive twice as fast as they are served (one slot, 10 ms each), for 300 ms
        var granted = 0
        var refused = 0
        var now = driver.overload(for: 30) { effects in
            granted += effects.granted.count
            refused += effects.refused.count
        }
        // Then: the first ones were granted; once waits stood over the target for 100 ms, calls
        // that waited over it are refused, and the queue stays standing while that goes on
        #expect(granted >= 10)
        #expect(refused > 0)
        #expect(driver.admission.isOverloaded("a", now: now))

        // When: a whole interval passes with no call waiting over the target
        now += .milliseconds(101)

        // Then: the queue is no longer standing, and a call that waited 10 ms is granted again
        #expect(!driver.admission.isOverloaded("a", now: now))
        let (decision, _) = driver.admission.admit(partition: "a", client: AdmissionKey(address: "c"), now: now)
        if case .admitted = decision {
            _ = driver.queued("a", "c", at: now)
        }
        let effects = driver.release("a", at: now + .milliseconds(10))
        #expect(effects.granted.count == 1)
    }

    @Test("behind one address, each user gets a turn of that address's share; the address one turn among addresses")
    func usersBehindOneAddress() throws {
        let driver = Driver()
        let limits = ConcurrencyLimitConfiguration(
            initialLimit: 1,
            minimumLimit: 1,
            maximumLimit: 1,
            latencyThreshold: .milliseconds(2)
        )
        driver.admission = PartitionedAdmission(limits: limits, queue: AdmissionQueueConfiguration(capacity: 10))
        #expect(driver.admitted("a", "10.0.0.1", user: "flooder"))
        // Given: behind the campus NAT one user has three calls waiting, another one; a second address has two
        let flood = (0..<3).compactMap { _ in driver.queued("a", "10.0.0.1", user: "flooder") }
        let neighbour = try #require(driver.queued("a", "10.0.0.1", user: "neighbour"))
        let elsewhere = (0..<2).compactMap { _ in driver.queued("a", "10.0.0.2", user: "grace") }

        // When: slots free one at a time
        var order: [Ticket] = []
        for step in 1...6 { order += driver.release("a", at: .microseconds(step)).granted.map(\.ticket) }

        // Then: addresses alternate, and within the NAT the neighbour goes before the flooder's second call
        #expect(order == [flood[0], elsewhere[0], neighbour, elsewhere[1], flood[1], flood[2]])
    }

    @Test(
        "in a full queue, a lighter user behind the same address takes the newest place of that address's heaviest user"
    )
    func evictionWithinAddress() throws {
        let driver = Driver()
        #expect(driver.admitted("a", "10.0.0.1", user: "flooder"))
        #expect(driver.admitted("a", "10.0.0.1", user: "flooder"))
        let flood = (0..<4).compactMap { _ in driver.queued("a", "10.0.0.1", user: "flooder") }
        #expect(flood.count == 4)

        // When: a neighbour behind the same address comes to the full queue
        let (decision, effects) = driver.admission.admit(
            partition: "a",
            client: AdmissionKey(address: "10.0.0.1", user: "neighbour"),
            now: .zero
        )

        // Then: the neighbour waits in the flooder's newest place
        guard case .queued = decision else {
            Issue.record("the neighbour was refused: \(decision)")
            return
        }
        #expect(effects.refused == [flood[3]])
        #expect(driver.admission.queued(in: "a", from: AdmissionKey(address: "10.0.0.1", user: "flooder")) == 3)
        #expect(driver.admission.queued(in: "a", from: "10.0.0.1") == 4)

        // And: calls with no verified user from that address are one more user: refused only when not lighter
        guard
            case .queued = driver.admission.admit(partition: "a", client: AdmissionKey(address: "10.0.0.1"), now: .zero)
                .0
        else {
            Issue.record("an anonymous call lighter than the flooder was refused")
            return
        }
        #expect(driver.admission.queued(in: "a", from: AdmissionKey(address: "10.0.0.1", user: "flooder")) == 2)
    }

    @Test(
        "while the queue stands, each client's newest waiting call is granted first; the old ones are refused at the target"
    )
    func lifoWhileStanding() throws {
        let driver = Driver.oneSlot()
        // Given: a standing queue (calls arrive twice as fast as one slot serves them, for 300 ms)
        let now = driver.overload(for: 30)
        #expect(driver.admission.isOverloaded("a", now: now))
        if driver.admission.concurrency(of: "a").inflight == 0 { #expect(driver.admitted("a", "c", at: now)) }
        let backlog = driver.admission.concurrency(of: "a").queued

        // When: one call arrives, another 3 ms later, and a slot frees 1 ms after that
        let older = try #require(driver.queued("a", "c", at: now))
        let newest = try #require(driver.queued("a", "c", at: now + .milliseconds(3)))
        let effects = driver.release("a", at: now + .milliseconds(4))

        // Then: the newest call got the slot, having waited 1 ms; what waited past the target was refused
        #expect(effects.granted.map(\.ticket) == [newest])
        #expect(effects.granted.first?.waited == .milliseconds(1))
        #expect(effects.refused.count == backlog)

        // And: the older call, still under the target, waits; once past it, it is refused, not granted
        #expect(driver.admission.concurrency(of: "a").queued == 1)
        let later = driver.release("a", at: now + .milliseconds(10))
        #expect(later.refused == [older])
        #expect(later.granted.isEmpty)
    }

    @Test("a withdrawn call leaves the queue; a granted one cannot be withdrawn")
    func withdraw() throws {
        let driver = Driver()
        #expect(driver.admitted("a", "10.0.0.1"))
        #expect(driver.admitted("a", "10.0.0.1"))
        let first = try #require(driver.queued("a", "10.0.0.1"))
        let second = try #require(driver.queued("a", "10.0.0.1"))
        #expect(driver.withdraw(first))
        #expect(!driver.withdraw(first))
        let effects = driver.release("a", at: .milliseconds(1))
        #expect(effects.granted.map(\.ticket) == [second])
        #expect(!driver.withdraw(second))
        #expect(driver.admission.concurrency(of: "a").queued == 0)
    }

    @Test(
        "over random events, slots never exceed the limit, every queued call is answered once, and counts agree",
        arguments: randomSeeds
    )
    func randomizedInvariants(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var admission = PartitionedAdmission(limits: Self.limits, queue: Self.queue)
        var inflight = 0
        var waiting: Set<Ticket> = []
        var now = Duration.zero
        for _ in 0..<3_000 {
            now += .microseconds(Int.random(in: 0...20_000, using: &random))
            var effects = PartitionedAdmission.Effects()
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let client = AdmissionKey(
                    address: "10.0.0.\(Int.random(in: 1...3, using: &random))",
                    user: ["", "ada", "grace"].randomElement(using: &random)!
                )
                let (decision, admitEffects) = admission.admit(partition: "p", client: client, now: now)
                effects = admitEffects
                switch decision {
                case .admitted: inflight += 1
                case .queued(let ticket):
                    let fresh = waiting.insert(ticket).inserted
                    #expect(fresh)
                case .refused: break
                }
            case 5..<9 where inflight > 0:
                inflight -= 1
                let latency = Duration.microseconds(Int.random(in: 0...5_000, using: &random))
                effects = admission.release(
                    partition: "p",
                    latency: latency,
                    outcome: .success,
                    slowAbove: .milliseconds(2),
                    now: now
                )
            default:
                if let ticket = waiting.randomElement(using: &random) {
                    let withdrawn = admission.withdraw(ticket)
                    #expect(withdrawn)
                    waiting.remove(ticket)
                }
            }
            for grant in effects.granted {
                let known = waiting.remove(grant.ticket) != nil
                #expect(known)
                inflight += 1
            }
            for ticket in effects.refused {
                let known = waiting.remove(ticket) != nil
                #expect(known)
            }
            let state = admission.concurrency(of: "p")
            #expect(state.inflight == inflight)
            #expect(state.queued == waiting.count)
            #expect(state.queued <= Self.queue.capacity)
            #expect(state.inflight <= Self.limits.maximumLimit)
            // A call waits only while every slot is taken: nobody is overtaken
            if state.queued > 0 { #expect(state.inflight >= state.limit) }
        }
    }
}
