import Foundation
import JobsLaundry
import LaundryWire
public import QuadContracts
import QuadServiceKit
import QuadStorage
public import QuadWire

extension JobsService {
    /// L1: checks the request, asks payments to quote the estimate and hold it on the customer's payment method,
    /// then stores the job (stage 0) with `job.submitted` for matching and `job.posted` for payments in one
    /// transaction. Needs `idempotency-key`: a repeat gets the same job and places no second hold (the job id is
    /// reserved per key first, and payments' hold is idempotent on it). A declined card posts no job. A job that
    /// could not be stored after its hold has its hold released at once (and payments' sweep releases any hold whose
    /// job never appears).
    public func submitLaundryJob(
        request: Quad_Jobs_V1_SubmitLaundryJobRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_LaundryJob {
        let caller = try context.requireCaller()
        let key = try context.requireIdempotencyKey()
        let scope = "quad.jobs.v1.Jobs/SubmitLaundryJob:\(caller.userID)"
        if let stored = try await database.storedSubmission(scope: scope, key: key, request: request) {
            return stored
        }
        guard !caller.dormID.isEmpty else {
            throw RPCError(
                code: .failedPrecondition,
                message: "your profile names no dorm: set dorm_id with Identity/UpdateMyProfile first"
            )
        }
        guard !request.paymentMethodID.isEmpty else {
            throw RPCError(
                code: .invalidArgument,
                message:
                    "payment_method_id: name the payment method to hold the estimate on (from Payments/AddPaymentMethod)"
            )
        }
        let addOns = try JobsProtoMapping.addOns(request.addOns)
        let proposed = EntityID.generate(now: clock.date)
        // Every rule of the submission is checked before any money is held: the domain runs on the request with a
        // stand-in estimate and payment intent, which only payments can supply.
        _ = try await refusingAsRPC {
            try LaundryJob.submit(
                submission(
                    request,
                    caller: caller,
                    jobID: proposed,
                    addOns: addOns,
                    estimate: Money(minorUnits: 1, currency: "USD"),
                    intent: "pending"
                ),
                now: nowMicros,
                configuration: configuration.job
            )
        }
        // Before any money is held: a job whose dasher could not learn where to pick up is no job (A4).
        let pickup = try await pickupPlace(of: caller)
        let jobID = try await database.reserveJobID(customer: caller.userID, key: key, proposed: proposed)
        let hold: Quad_Payments_V1_JobHold
        do {
            hold = try await payments.holdForJob(
                .with {
                    $0.jobID = jobID
                    $0.customerID = caller.userID
                    $0.paymentMethodID = request.paymentMethodID
                    $0.product = LaundryProduct.id
                    $0.zoneID = caller.dormID
                    $0.lines = Quad_Payments_V1_QuoteItem.laundryEstimate(
                        loads: request.estimatedLoads,
                        addOns: addOns
                    )
                },
                options: configuration.paymentsOptions(idempotencyKey: jobID)
            )
        } catch let error as RPCError where error.code == .unavailable || error.code == .deadlineExceeded {
            throw RPCError(
                code: .unavailable,
                message:
                    "payments could not place the hold (\(error.message)); no job was posted: retry with the same idempotency-key"
            )
        }
        let intent = hold.paymentIntent.paymentIntentID
        // Payments' laundry module answers the estimate as laundry's own quote, which the job keeps and shows.
        let estimate: Quad_Payments_V1_LaundryQuote
        do {
            estimate = try Quad_Payments_V1_LaundryQuote(serializedBytes: hold.estimate.productQuote)
        } catch {
            await releaseOrphanedHold(jobID: jobID, intent: intent, context: context)
            throw RPCError(
                code: .internal,
                message: "payments answered the hold without its laundry quote; no job was posted"
            )
        }
        let final = submission(
            request,
            caller: caller,
            jobID: jobID,
            addOns: addOns,
            estimate: JobsProtoMapping.money(estimate.total),
            intent: intent
        )
        let at = nowMicros
        let jobConfiguration = configuration.job
        do {
            return try await refusingAsRPC {
                try await database.post(
                    final,
                    configuration: jobConfiguration,
                    estimateQuote: estimate,
                    pickup: pickup,
                    at: at,
                    idempotency: scope,
                    key: key,
                    request: request
                )
            }
        } catch {
            await releaseOrphanedHold(jobID: jobID, intent: intent, context: context)
            throw error
        }
    }

    /// Where `caller` is picked up, from identity (their first name, dorm and room). UNAVAILABLE when identity cannot
    /// be asked, FAILED_PRECONDITION when it has no such account; either way no money is held and no job posted.
    private func pickupPlace(of caller: Caller) async throws -> JobRecord.Pickup {
        let place: JobRecord.Pickup?
        do {
            place = try await pickupPlaces.pickupPlace(of: caller.userID)
        } catch {
            throw RPCError(
                code: .unavailable,
                message:
                    "identity could not be asked where your laundry is picked up; no job was posted: retry with the "
                    + "same idempotency-key"
            )
        }
        guard let place else {
            throw RPCError(
                code: .failedPrecondition,
                message: "identity has no account \(caller.userID) to pick laundry up from; sign in again"
            )
        }
        return place
    }

    /// Releases the hold of a job that could not be stored, unless a concurrent repeat stored it after all.
    private func releaseOrphanedHold(jobID: String, intent: String, context: ServerContext) async {
        let stored = (try? await database.job(id: jobID) != nil) ?? false
        guard !stored else { return }
        await OrphanedHold.release(
            jobID: jobID,
            intent: intent,
            payments: payments,
            options: configuration.paymentsOptions(idempotencyKey: "\(jobID):release"),
            logger: context.logger
        )
    }

    private func submission(
        _ request: Quad_Jobs_V1_SubmitLaundryJobRequest,
        caller: Caller,
        jobID: String,
        addOns: Set<LaundryAddOn>,
        estimate: Money,
        intent: String
    ) -> LaundryJobSubmission {
        LaundryJobSubmission(
            jobID: jobID,
            customer: caller.userID,
            dorm: caller.dormID,
            estimatedLoads: Int(request.estimatedLoads),
            instructions: request.instructions,
            pickupAt: request.pickupAtMicros,
            dropOffAt: request.dropOffAtMicros,
            addOns: addOns,
            preferredDasher: request.preferredDasherID.isEmpty ? nil : request.preferredDasherID,
            estimate: estimate,
            paymentIntentID: intent
        )
    }
}
