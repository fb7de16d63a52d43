import Logging
public import QuadServiceKit

/// The timer that expires offers past their timeout (L4), so the dasher's feed says "offer expired" and the job moves
/// on within about ``interval`` of the deadline, even when nobody calls matching. It changes no answer: every
/// operation expires what is due first.
public struct OfferExpiry: Sendable {
    /// The service whose offers to expire.
    public let service: MatchingService
    /// How long to wait between sweeps.
    public let interval: Duration

    public init(service: MatchingService, interval: Duration) {
        self.service = service
        self.interval = interval
    }

    /// Sweeps every ``interval`` of the service's clock until the task is cancelled. A failed sweep is logged and tried again at
    /// the next tick.
    public func run() async {
        while !Task.isCancelled {
            do {
                try await service.clock.sleep(interval)
            } catch {
                return
            }
            do {
                try await service.expireDueOffers()
            } catch {
                service.logger.warning("expiring due offers failed; trying again", metadata: ["error": "\(error)"])
            }
        }
    }

    /// The sweep as the executable's background work.
    public var backgroundWork: BackgroundWork {
        BackgroundWork(name: "offer-expiry") { await run() }
    }
}

extension MatchingService {
    /// Expires the offers due now in every dorm, telling their dashers and moving their jobs on.
    ///
    /// Only the dorms with an offer due are touched, found through the offers' expiry index (time proportional to
    /// the offers due, not to the dorms or their jobs); a read looks first, so a tick with nothing due takes no turn
    /// on the writer.
    ///
    /// - Returns: How many offers expired.
    @discardableResult
    public func expireDueOffers() async throws -> Int {
        try await database.expireDueOffers()
    }
}
