import MatchingDomain
import Testing
import QuadTestSupport

@Suite("ZoneQueue: many dashers asking at once")
struct ConcurrentRequestsTests {
    static let dashers = (0..<100).map { "dasher_\($0)" }
    static let jobs = (0..<30).map {
        job("job_\($0)", customer: "cus_\($0 % 7)", at: newYear - Int64(30 - $0) * second)
    }

    @Test("100 dashers asking in the same instant for 30 jobs: 30 get distinct jobs, the other 70 hear none waits")
    func sameInstant() throws {
        // Given
        var queue = try queue(accepting: Self.dashers, jobs: Self.jobs)

        // When
        let answers = try Self.dashers.map { try queue.requestJob(dasher: $0, now: newYear).answer }

        // Then
        let offers = answers.compactMap(\.offer)
        #expect(offers.count == 30)
        #expect(Set(offers.map(\.job)).count == 30)
        #expect(answers.filter { $0 == .noJobWaiting }.count == 70)
        #expect(offers.map(\.job) == Self.jobs.map(\.id))
    }

    @Test(
        "100 dashers asking, accepting, declining and ignoring offers in random order: every job goes to exactly one",
        arguments: randomSeeds
    )
    func randomRounds(seed: UInt64) throws {
        // Given
        var random = SeededGenerator(seed: seed)
        var queue = try queue(accepting: Self.dashers, jobs: Self.jobs)
        var now = newYear
        var acceptedBy: [String: String] = [:]
        var turnedDown: Set<[String]> = []
        var rounds = 0

        // When: rounds in which every dasher, in random order, asks, accepts, declines or does nothing
        while acceptedBy.count < Self.jobs.count && rounds < 200 {
            rounds += 1
            now += Int64.random(in: 0...(20 * second), using: &random)
            for dasher in Self.dashers.shuffled(using: &random) {
                if let offer = queue.offer(heldBy: dasher), offer.isOpen(at: now) {
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0..<3:
                        let events = try queue.accept(offer: offer.id, dasher: dasher, now: now)
                        #expect(acceptedBy[offer.job] == nil, "job \(offer.job) accepted twice")
                        acceptedBy[offer.job] = dasher
                        record(events, into: &turnedDown)
                    case 3..<6:
                        record(try queue.decline(offer: offer.id, dasher: dasher, now: now), into: &turnedDown)
                    default:
                        break  // lets it run towards expiry
                    }
                } else {
                    let (answer, events) = try queue.requestJob(dasher: dasher, now: now)
                    record(events, into: &turnedDown)
                    if let offer = answer.offer {
                        #expect(!turnedDown.contains([offer.job, dasher]), "\(dasher) offered \(offer.job) again")
                        #expect(acceptedBy[offer.job] == nil, "accepted job \(offer.job) offered again")
                    }
                }
                let offers = queue.openOffers
                #expect(Set(offers.map(\.job)).count == offers.count, "a job offered to two dashers at once")
                #expect(Set(offers.map(\.dasher)).count == offers.count, "a dasher holding two offers")
            }
        }

        // Then
        #expect(acceptedBy.count == Self.jobs.count)
        #expect(Set(acceptedBy.keys) == Set(Self.jobs.map(\.id)))
        #expect(queue.jobs.isEmpty)
        #expect(queue.openOffers.isEmpty)
    }

    /// Adds the (job, dasher) pairs that `events` turned down (declined or expired) to `turnedDown`.
    private func record(_ events: [MatchingEvent], into turnedDown: inout Set<[String]>) {
        for event in events {
            switch event {
            case .offerDeclined(let offer), .offerExpired(let offer): turnedDown.insert([offer.job, offer.dasher])
            default: break
            }
        }
    }
}
