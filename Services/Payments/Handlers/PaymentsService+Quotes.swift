import PaymentsDomain
public import QuadContracts
import QuadServiceKit
public import QuadWire

/// P1: the fee schedule and itemised quotes.
extension PaymentsService {
    /// The fee schedule; anyone may read it.
    public func getFeeSchedule(
        request: Quad_Payments_V1_GetFeeScheduleRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_FeeSchedule {
        PaymentsProtoMapping.feeSchedule(configuration.schedule)
    }

    /// An estimate for a dorm from its machine prices, or, with `machine_cost`, the final price of the actual loads
    /// (L8, what jobs asks at "finished drying"). `dorm_id` unset means the caller's dorm; a service must name it.
    public func quoteLaundry(
        request: Quad_Payments_V1_QuoteLaundryRequest,
        context: ServerContext
    ) async throws -> Quad_Payments_V1_LaundryQuote {
        let addOns = try PaymentsProtoMapping.addOns(request.addOns)
        let loads = Int(request.loads)
        guard LaundryQuote.allowedLoads.contains(loads) else {
            throw RPCError(PaymentsError.loadsOutOfRange(loads, field: "loads"))
        }
        if request.hasMachineCost {
            let schedule = configuration.schedule
            let machineCost = PaymentsProtoMapping.money(request.machineCost)
            let quote = try await refusingAsRPC {
                try LaundryQuote.final(actualLoads: loads, machineCost: machineCost, addOns: addOns, schedule: schedule)
            }
            return PaymentsProtoMapping.quote(quote)
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
        return PaymentsProtoMapping.quote(try await estimate(dormID: dormID, loads: loads, addOns: addOns).quote)
    }

    /// The estimate for `loads` in `dormID` with the dorm's prices; NOT_FOUND naming `field` for an unknown dorm.
    func estimate(
        dormID: String,
        loads: Int,
        addOns: Set<LaundryAddOn>,
        field: String = "dorm_id",
        loadsField: String = "loads"
    ) async throws -> (quote: LaundryQuote, prices: DormPrices) {
        guard LaundryQuote.allowedLoads.contains(loads) else {
            throw RPCError(PaymentsError.loadsOutOfRange(loads, field: loadsField))
        }
        guard let prices = try await directory.prices(ofDorm: dormID) else {
            throw RPCError(
                code: .notFound,
                message: "\(field): no dorm \(dormID) in the campus directory; pick one from Identity/ListCampuses"
            )
        }
        let schedule = configuration.schedule
        let quote = try await refusingAsRPC {
            try LaundryQuote.estimate(
                loads: loads,
                washerPrice: prices.washer,
                dryerPrice: prices.dryer,
                addOns: addOns,
                schedule: schedule
            )
        }
        return (quote, prices)
    }
}
