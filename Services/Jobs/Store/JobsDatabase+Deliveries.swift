import GRDB
import JobsLaundry
import JobsRides
import Logging
import QuadContracts
import QuadServiceKit
import QuadStorage

/// The writes of the events jobs receives (jobs.proto's `receives`): each applied once per delivery, in one
/// transaction with the inbox row that remembers it.
extension JobsDatabase {
    /// `offer.accepted`: assigns `dasher` to job `jobID` (stage 1). An acceptance the job can no longer take
    /// (cancelled meanwhile), or of a job jobs never stored, is applied as nothing and logged.
    func assign(
        dasher: String,
        toJob jobID: String,
        delivery: Quad_Types_V1_OutboxDelivery,
        now: Int64,
        logger: Logger
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await storage.receive(delivery) { db in
            guard var record = try JobsStore.job(id: jobID, db) else {
                logger.warning("offer.accepted for a job jobs does not have", metadata: ["job_id": "\(jobID)"])
                return
            }
            let at = max(now, record.job.lastChangeAt)
            do {
                try Self.apply(&record, at: at, viewer: nil, db) { record in
                    try record.job.assign(dasher: dasher, at: at)
                }
            } catch let refusal as JobsError {
                logger.notice(
                    "an accepted offer could not be assigned; nothing changed",
                    metadata: [
                        "job_id": "\(jobID)", "dasher_id": "\(dasher)", "reason": "\(refusal.message)",
                    ]
                )
            }
        }
    }

    /// What payments said about job `jobID` (not a change of the job itself): `body` records it on the job, a line
    /// of its timeline says it, and its people are told with a JobChanged carrying it (docs/laundry.md: JobChanged
    /// carries every timeline entry). For an errand, `errand` records it instead; a ride's seat records paid and released itself. A delivery for a job jobs does not
    /// have is applied as nothing and logged.
    func recordPayment(
        _ change: JobRecord.PaymentEntry.Kind,
        detail: String,
        jobID: String,
        delivery: Quad_Types_V1_OutboxDelivery,
        now: Int64,
        logger: Logger,
        errand: @escaping @Sendable (inout ErrandRecord) -> Void = { _ in },
        _ body: @escaping @Sendable (inout JobRecord) -> Void
    ) async throws -> Quad_Types_V1_DeliveryReceipt {
        try await storage.receive(delivery) { db in
            guard var record = try JobsStore.job(id: jobID, db) else {
                // Payments' events name a job of any product: an errand's money is recorded on the errand.
                if var record = try ErrandsStore.errand(id: jobID, db) {
                    errand(&record)
                    let at = max(now, record.updatedAt)
                    record.updatedAt = at
                    record.paymentEntries.append(JobRecord.PaymentEntry(at: at, kind: change, detail: detail))
                    try ErrandsStore.save(record, db)
                    try ErrandsFeed.log(
                        [change.rawValue],
                        record: record,
                        view: ErrandsProtoMapping.errand(record),
                        buyerBefore: nil,
                        at: at,
                        db
                    )
                    return
                }
                // A ride's seat (R4): its money is recorded on the seat, and its two people are told.
                if var seat = try RidesStore.seat(id: jobID, db),
                    let offer = try RidesStore.offer(id: seat.seat.offerID, db)
                {
                    let at = max(now, seat.updatedAt)
                    seat.updatedAt = at
                    seat.paymentState = Self.paymentState(after: change, was: seat.paymentState)
                    seat.paymentEntries.append(JobRecord.PaymentEntry(at: at, kind: change, detail: detail))
                    try RidesStore.save(seat, db)
                    let seats = try RidesStore.seats(ofOffer: offer.id, db)
                    try RidesFeed.log([(change.rawValue, seat.seat.id)], offer: offer, seats: seats, at: at, db)
                    return
                }
                logger.warning(
                    "a \(change.rawValue) delivery for a job jobs does not have",
                    metadata: ["job_id": "\(jobID)"]
                )
                return
            }
            body(&record)
            let at = max(now, record.updatedAt)
            record.updatedAt = at
            record.paymentEntries.append(JobRecord.PaymentEntry(at: at, kind: change, detail: detail))
            try JobsStore.save(record, db)
            try JobsFeed.log([change.rawValue], record: record, dasherBefore: nil, at: at, db)
        }
    }

    /// Where a seat's money stands once payments says `change`.
    static func paymentState(after change: JobRecord.PaymentEntry.Kind, was state: JobRecord.PaymentState?)
        -> JobRecord.PaymentState?
    {
        switch change {
        case .paid: .paid
        case .released: .released
        case .disputeResolved: state
        }
    }
}
