import ErrandsKernel
import Foundation
import JobsErrands
public import QuadContracts
import QuadKernel
import QuadServiceKit
import QuadStorage
public import QuadWire

extension ErrandsService {
    /// E1: checks the request, asks payments to quote the delivery fee and hold every item's maximum plus the fee on
    /// the requester's payment method, then stores the errand (open, in the campus feed) with `job.posted` in one
    /// transaction. Needs `idempotency-key`: a repeat gets the same errand and places no second hold. A declined card
    /// posts nothing; an errand that could not be stored after its hold has its hold released at once.
    public func postErrand(
        request: Quad_Jobs_V1_PostErrandRequest,
        context: ServerContext
    ) async throws -> Quad_Jobs_V1_Errand {
        let caller = try context.requireCaller()
        let key = try context.requireIdempotencyKey()
        let scope = "quad.jobs.v1.Errands/PostErrand:\(caller.userID)"
        if let stored = try await database.storedErrand(scope: scope, key: key, request: request) {
            return stored
        }
        guard !caller.campusID.isEmpty else {
            throw RPCError(
                code: .failedPrecondition,
                message:
                    "your profile names no campus: an errand goes to the feed of yours; sign up with a campus first"
            )
        }
        guard !request.paymentMethodID.isEmpty else {
            throw RPCError(
                code: .invalidArgument,
                message:
                    "payment_method_id: name the payment method to hold the items' maxima and the delivery fee on "
                    + "(from Payments/AddPaymentMethod)"
            )
        }
        let items = try ErrandsProtoMapping.items(request.items)
        let place = try ErrandsProtoMapping.place(request.hasDeliveryPlace ? request.deliveryPlace : nil)
        let notes = request.notes.isEmpty ? nil : request.notes
        let proposed = EntityID.generate(now: clock.date)
        let errandConfiguration = configuration.errand
        // Every rule of the request is checked before any money is held: the domain runs on it with a stand-in fee
        // and payment intent, which only payments can supply.
        let standInFee = Money(minorUnits: 1, currency: items.first?.maximumPrice.currency ?? "USD")
        _ = try refusingAsRPC {
            try Errand.submit(
                ErrandRequest(
                    jobID: proposed,
                    customer: caller.userID,
                    campus: caller.campusID,
                    items: items,
                    neededBy: request.neededByMicros,
                    deliveryPlace: place,
                    notes: notes,
                    deliveryFee: standInFee,
                    paymentIntentID: "pending"
                ),
                now: nowMicros,
                configuration: errandConfiguration
            )
        }
        let errandID = try await database.reserveJobID(
            customer: caller.userID,
            key: "errand:\(key)",
            proposed: proposed
        )
        let hold = try await holdForErrand(
            errandID,
            items: items,
            caller: caller,
            paymentMethodID: request.paymentMethodID
        )
        let intent = hold.paymentIntent.paymentIntentID
        let estimate: Quad_Payments_V1_ErrandQuote
        do {
            estimate = try Quad_Payments_V1_ErrandQuote(serializedBytes: hold.estimate.productQuote)
        } catch {
            await releaseOrphanedHold(errandID: errandID, intent: intent, context: context)
            throw RPCError(
                code: .internal,
                message: "payments answered the hold without its errand quote; nothing was posted"
            )
        }
        let posted = ErrandRequest(
            jobID: errandID,
            customer: caller.userID,
            campus: caller.campusID,
            items: items,
            neededBy: request.neededByMicros,
            deliveryPlace: place,
            notes: notes,
            deliveryFee: JobsProtoMapping.money(estimate.deliveryFee),
            paymentIntentID: intent
        )
        let at = nowMicros
        do {
            return try await refusingAsRPC {
                try await database.post(
                    posted,
                    estimate: estimate,
                    configuration: errandConfiguration,
                    at: at,
                    idempotency: scope,
                    key: key,
                    wire: request
                )
            }
        } catch {
            await releaseOrphanedHold(errandID: errandID, intent: intent, context: context)
            throw error
        }
    }

    /// Payments' hold of every item at its maximum plus the fee, idempotent on the errand's id. Payments names the
    /// hold's lines `lines[i]`, which are this request's `items[i]`; its refusals say so in the request's words.
    private func holdForErrand(
        _ errandID: String,
        items: [ErrandItem],
        caller: Caller,
        paymentMethodID: String
    ) async throws -> Quad_Payments_V1_JobHold {
        do {
            return try await payments.holdForJob(
                .with {
                    $0.jobID = errandID
                    $0.customerID = caller.userID
                    $0.paymentMethodID = paymentMethodID
                    $0.product = ErrandsProduct.id
                    $0.zoneID = caller.campusID
                    $0.lines = items.map { item in
                        .with {
                            $0.code = ErrandItemCode.item
                            $0.quantity = UInt32(clamping: item.quantity)
                            $0.amount = JobsProtoMapping.amount(item.maximumPrice)
                        }
                    }
                },
                options: configuration.paymentsOptions(idempotencyKey: errandID)
            )
        } catch let error as RPCError where error.code == .unavailable || error.code == .deadlineExceeded {
            throw RPCError(
                code: .unavailable,
                message:
                    "payments could not place the hold (\(error.message)); nothing was posted: retry with the same "
                    + "idempotency-key"
            )
        } catch let error as RPCError where error.code == .invalidArgument {
            throw RPCError(
                code: .invalidArgument,
                message: error.message.replacingOccurrences(of: "lines[", with: "items[")
                    .replacingOccurrences(of: "].amount", with: "].maximum_price")
            )
        }
    }

    /// Releases the hold of an errand that could not be stored, unless a concurrent repeat stored it after all.
    private func releaseOrphanedHold(errandID: String, intent: String, context: ServerContext) async {
        let stored = (try? await database.errand(id: errandID) != nil) ?? false
        guard !stored else { return }
        await OrphanedHold.release(
            jobID: errandID,
            intent: intent,
            payments: payments,
            options: configuration.paymentsOptions(idempotencyKey: "\(errandID):release"),
            logger: context.logger
        )
    }
}
