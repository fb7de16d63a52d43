import Foundation
public import Logging
import QuadKernel

extension ErrandsService {
    /// Ends the open errands nobody accepted before their needed-by time: each is cancelled and its hold released
    /// (the requester's feed says `expired`). Their ids; a failure is logged and left for the next sweep.
    public func expireErrands(logger: Logger) async -> [String] {
        do {
            return try await database.expireErrands(now: nowMicros, limit: 500)
        } catch {
            logger.error("could not expire errands past their needed-by time", metadata: ["error": "\(error)"])
            return []
        }
    }

    /// Runs ``expireErrands(logger:)`` every `interval` until cancelled.
    public func runExpiry(every interval: Duration, logger: Logger) async {
        while !Task.isCancelled {
            let expired = await expireErrands(logger: logger)
            if !expired.isEmpty { logger.info("errands expired", metadata: ["count": "\(expired.count)"]) }
            do {
                try await clock.sleep(interval)
            } catch {
                return
            }
        }
    }
}
