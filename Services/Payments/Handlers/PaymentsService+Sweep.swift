import PaymentsDomain
import PaymentsStore
import QuadServiceKit

/// P2 and "a hold never outlives its job": the background sweep of holds.
extension PaymentsService {
    /// What one sweep did, by payment intent id.
    public struct SweepReport: Sendable, Hashable {
        /// Holds past their 7 days, recorded as expired.
        public var expired: [String] = []
        /// Unconfirmed holds whose job does not exist or was cancelled, released.
        public var released: [String] = []
        /// Unconfirmed holds whose job exists, now confirmed.
        public var confirmed: [String] = []
        /// Holds that could not be settled this time (jobs or the provider unavailable); tried again next sweep.
        public var deferred: [String] = []

        /// A sweep that did nothing.
        public init() {}
    }

    /// The sweep's policy for unconfirmed holds.
    var sweepPolicy: HoldSweepPolicy { HoldSweepPolicy(grace: configuration.unconfirmedHoldGrace) }

    /// One sweep at the injected clock's now: records lapsed holds as expired (no provider call: the network
    /// dropped them), then asks jobs about holds `job.posted` has not confirmed within the grace and releases those
    /// whose job does not exist or was cancelled. Failures are logged and deferred, never thrown.
    public func sweepHolds() async -> SweepReport {
        var report = SweepReport()
        let now = nowMicros
        let batch = configuration.sweepBatch
        do {
            let lapsed = try await database.lapsedHolds(at: now, limit: batch)
            for intent in lapsed {
                do {
                    let jobID = try await database.hold(ofIntent: intent.id)?.jobID
                    try await database.letHoldGo(intentID: intent.id, jobID: jobID ?? "", voided: false, now: now)
                    report.expired.append(intent.id)
                } catch {
                    logger.error(
                        "could not expire a lapsed hold",
                        metadata: ["payment_intent_id": "\(intent.id)", "error": "\(error)"]
                    )
                    report.deferred.append(intent.id)
                }
            }
            let policy = sweepPolicy
            let unconfirmed = try await database.unconfirmedHolds(
                placedBy: policy.askAboutHoldsPlaced(before: now),
                limit: batch
            )
            for hold in unconfirmed {
                await settleUnconfirmed(hold, policy: policy, report: &report)
            }
        } catch {
            logger.error("the hold sweep could not read its holds", metadata: ["error": "\(error)"])
        }
        return report
    }

    /// Sweeps holds and settles payouts (``settlePayouts()``) every `interval` on the service's clock until the task is
    /// cancelled (a ``QuadServiceKit/BackgroundWork``).
    public func runSweeps(every interval: Duration) async {
        while !Task.isCancelled {
            let payouts = await settlePayouts()
            if !payouts.paid.isEmpty || !payouts.failed.isEmpty {
                logger.info(
                    "payout sweep",
                    metadata: ["paid": "\(payouts.paid.count)", "failed": "\(payouts.failed.count)"]
                )
            }
            let report = await sweepHolds()
            if report != SweepReport() {
                logger.info(
                    "hold sweep",
                    metadata: [
                        "expired": "\(report.expired.count)", "released": "\(report.released.count)",
                        "confirmed": "\(report.confirmed.count)", "deferred": "\(report.deferred.count)",
                    ]
                )
            }
            do {
                try await clock.sleep(interval)
            } catch {
                return
            }
        }
    }

    /// Asks jobs about `hold` and confirms, releases or keeps it by `policy`, recording what it did in `report`; never
    /// throws (a failure defers the hold to the next sweep). Also what `account.deleted` does with the person's holds.
    func settleUnconfirmed(_ hold: JobHoldRecord, policy: HoldSweepPolicy, report: inout SweepReport) async {
        do {
            let status = try await jobs.status(ofJob: hold.jobID)
            switch policy.verdict(jobID: hold.jobID, status: status) {
            case .confirm:
                try await database.confirmHold(ofJob: hold.jobID)
                report.confirmed.append(hold.paymentIntentID)
            case .release(let reason):
                let stored = try await database.intent(id: hold.paymentIntentID)
                guard let intent = stored else { return }
                let voided = try await voidHold(of: intent, hold: hold, logger: logger)
                let now = nowMicros
                try await database.letHoldGo(
                    intentID: hold.paymentIntentID,
                    jobID: hold.jobID,
                    voided: voided,
                    now: now
                )
                logger.notice(
                    "released a hold no job confirmed",
                    metadata: [
                        "job_id": "\(hold.jobID)", "payment_intent_id": "\(hold.paymentIntentID)",
                        "reason": "\(reason)",
                    ]
                )
                report.released.append(hold.paymentIntentID)
            case .keep:
                report.deferred.append(hold.paymentIntentID)
            }
        } catch {
            logger.warning(
                "could not settle an unconfirmed hold; the next sweep tries again",
                metadata: ["job_id": "\(hold.jobID)", "error": "\(error)"]
            )
            report.deferred.append(hold.paymentIntentID)
        }
    }
}
