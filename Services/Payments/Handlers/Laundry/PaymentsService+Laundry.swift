import LaundryWire
import PaymentsDomain
import PaymentsLaundry
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// P1, L1: laundry's own methods of payments.proto (its fee schedule and quotes), and the laundry-only hold of the
/// previous release, answered through ``PaymentsService/holdForJob(request:context:)``.
extension PaymentsService {
    /// Laundry's prices, from the configuration.
    var laundry: LaundryPricing { LaundryPricing(schedule: configuration.laundry) }

    /// The laundry fee schedule; anyone may read it.
    public func getFeeSchedule(
        request: Quad_Payments_V1_GetFeeScheduleRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_FeeSchedule {
        LaundryProtoMapping.feeSchedule(configuration.laundry)
    }

    /// An estimate for a dorm from its machine prices, or, with `machine_cost`, the final price of the actual loads
    /// (L8, what jobs asks at "finished drying"). `dorm_id` unset means the caller's dorm; a service must name it.
    public func quoteLaundry(
        request: Quad_Payments_V1_QuoteLaundryRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_LaundryQuote {
        let addOns = try LaundryProtoMapping.addOns(request.addOns)
        let loads = Int(request.loads)
        guard LaundryQuote.allowedLoads.contains(loads) else {
            throw RPCError(PaymentsError.loadsOutOfRange(loads, field: "loads"))
        }
        if request.hasMachineCost {
            let schedule = configuration.laundry
            let machineCost = PaymentsProtoMapping.money(request.machineCost)
            let quote = try refusingAsRPC {
                try LaundryQuote.final(actualLoads: loads, machineCost: machineCost, addOns: addOns, schedule: schedule)
            }
            return LaundryProtoMapping.quote(quote)
        }
        let dormID: String
        if !request.dormID.isEmpty {
            dormID = request.dormID
        } else if let caller = context.caller {
            guard !caller.dormID.isEmpty else {
                throw RPCError(
                    code: .failedPrecondition,
                    message: "dorm_id: your profile names no dorm; set it with Identity/UpdateMyProfile or name one"
                )
            }
            dormID = caller.dormID
        } else {
            if case .unknown = context.peerName { _ = try context.requireCaller() }  // UNAUTHENTICATED
            throw RPCError(code: .invalidArgument, message: "dorm_id is required when no user calls: the dorm to price")
        }
        let zone = try await zonePrices(for: laundry, zoneID: dormID, field: "dorm_id")
        let items =
            [QuoteItem(code: LaundryPricing.loadsItem, quantity: loads)]
            + addOns.sorted().map { QuoteItem(code: $0.rawValue) }
        let pricing = laundry
        return LaundryProtoMapping.quote(try refusingAsRPC { try pricing.estimate(items, zone: zone) })
    }

    /// Deprecated, for one release: the laundry hold of the previous release, for a jobs service that still calls
    /// it during a rolling upgrade. Checks its own fields (so refusals name them as before), then places the hold
    /// through ``holdForJob(request:context:)`` with product `laundry`, under the same idempotency key.
    public func holdForLaundryJob(
        request: Quad_Payments_V1_HoldForLaundryJobRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_LaundryHold {
        _ = try context.requireIdempotencyKey()
        try Self.require(request.dormID, "dorm_id", "the job's dorm, whose machine prices make the estimate")
        let addOns = try LaundryProtoMapping.addOns(request.addOns)
        let loads = Int(request.estimatedLoads)
        guard LaundryQuote.allowedLoads.contains(loads) else {
            throw RPCError(PaymentsError.loadsOutOfRange(loads, field: "estimated_loads"))
        }
        _ = try await zonePrices(for: laundry, zoneID: request.dormID, field: "dorm_id")
        let hold = try await holdForJob(
            request: .with {
                $0.jobID = request.jobID
                $0.customerID = request.customerID
                $0.paymentMethodID = request.paymentMethodID
                $0.product = LaundryPricing.product
                $0.zoneID = request.dormID
                $0.lines = Quad_Payments_V1_QuoteItem.laundryEstimate(
                    loads: request.estimatedLoads,
                    addOns: addOns
                )
            },
            context: context
        )
        return try .with {
            $0.estimate = try Quad_Payments_V1_LaundryQuote(serializedBytes: hold.estimate.productQuote)
            $0.paymentIntent = hold.paymentIntent
        }
    }
}
