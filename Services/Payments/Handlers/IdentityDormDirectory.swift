import PaymentsDomain
public import QuadContracts
public import QuadKernel
public import QuadWire

/// The dorms' machine prices from identity's `ListCampuses`, cached (A5, P1).
///
/// The whole directory is small (a few campuses of a few dorms), so it is fetched whole and kept: refreshed when it
/// is older than ``refreshInterval``, and when a dorm it does not know is asked for (a dorm added since), at most
/// once per ``unknownDormRetryInterval`` so that made-up dorm ids cannot make every quote call identity. When
/// identity cannot be reached the prices last seen are used; only a dorm never seen is UNAVAILABLE.
public actor IdentityDormDirectory: DormPriceDirectory {
    /// How old the cached directory may get before it is fetched again, in microseconds.
    public let refreshInterval: Int64
    /// How soon after a fetch an unknown dorm may fetch again, in microseconds.
    public let unknownDormRetryInterval: Int64
    private let now: @Sendable () -> Int64
    private let fetch: @Sendable () async throws -> Quad_Identity_V1_ListCampusesResponse
    private var prices: [String: DormPrices] = [:]
    private var fetchedAt: Int64?

    /// A directory that asks `fetch` for the campuses.
    ///
    /// - Parameters:
    ///   - refreshInterval: see ``refreshInterval``; 5 minutes by default: a price change shows within that.
    ///   - unknownDormRetryInterval: see ``unknownDormRetryInterval``; 10 seconds by default.
    ///   - clock: the clock the cache's age is measured on.
    ///   - fetch: `ListCampuses`.
    public init(
        refreshInterval: Int64 = 5 * 60 * 1_000_000,
        unknownDormRetryInterval: Int64 = 10 * 1_000_000,
        clock: QuadClock,
        fetch: @escaping @Sendable () async throws -> Quad_Identity_V1_ListCampusesResponse
    ) {
        self.refreshInterval = refreshInterval
        self.unknownDormRetryInterval = unknownDormRetryInterval
        self.now = clock.micros
        self.fetch = fetch
    }

    /// A directory that calls identity's `ListCampuses` over `transport` (`environment.peers.transport("identity")`).
    public init(
        transport: any ClientTransport,
        timeout: Duration = .seconds(5),
        refreshInterval: Int64 = 5 * 60 * 1_000_000,
        clock: QuadClock
    ) {
        let client = Quad_Identity_V1_Identity.Client(transport: transport)
        self.init(refreshInterval: refreshInterval, clock: clock) {
            try await client.listCampuses(.init(), options: CallOptions(timeout: timeout))
        }
    }

    public func prices(ofDorm dormID: String) async throws -> DormPrices? {
        let instant = now()
        let age = fetchedAt.map { instant - $0 }
        let known = prices[dormID]
        if let age, age < refreshInterval {
            if known != nil || age < unknownDormRetryInterval { return known }
        }
        do {
            try await refresh(at: instant)
        } catch {
            // Stale prices beat no quote; a dorm never seen cannot be priced.
            guard let known else {
                throw RPCError(
                    code: .unavailable,
                    message: "identity's campus directory could not be reached for the prices of dorm \(dormID) "
                        + "(\(error)); retry shortly"
                )
            }
            return known
        }
        return prices[dormID]
    }

    private func refresh(at instant: Int64) async throws {
        let answer = try await fetch()
        var fresh: [String: DormPrices] = [:]
        for campus in answer.campuses {
            for dorm in campus.dorms {
                fresh[dorm.dormID] = DormPrices(
                    washer: Money(minorUnits: dorm.washerPrice.minorUnits, currency: dorm.washerPrice.currency),
                    dryer: Money(minorUnits: dorm.dryerPrice.minorUnits, currency: dorm.dryerPrice.currency)
                )
            }
        }
        // Awaited: another refresh may have finished meanwhile; the later answer wins either way.
        prices = fresh
        fetchedAt = instant
    }
}
