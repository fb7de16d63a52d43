import LaundryWire
import PaymentsDomain
import PaymentsLaundry
import QuadContracts
import QuadServiceKit

/// Laundry's payments messages (`FeeSchedule`, `LaundryQuote`, `QuoteLine.kind`) from the laundry module's values.
enum LaundryProtoMapping {
    static func feeSchedule(_ schedule: LaundryFeeSchedule) -> Quad_Payments_V1_FeeSchedule {
        .with {
            $0.flatFee = Quad_Types_V1_Amount(schedule.flatFee)
            $0.convenienceFee = Quad_Types_V1_Amount(schedule.convenienceFee)
            $0.folding = Quad_Types_V1_Amount(schedule.foldingPrice)
            $0.ironing = Quad_Types_V1_Amount(schedule.ironingPrice)
            $0.platformShareBasisPoints = UInt32(schedule.platformShareBasisPoints)
        }
    }

    static func quote(_ quote: LaundryQuote) -> Quad_Payments_V1_LaundryQuote {
        self.quote(quote.quote)
    }

    /// A laundry quote as the core keeps it (``PaymentsDomain/Quote``, items in ``PaymentsLaundry/LaundryPricing``'s
    /// codes) as the wire's LaundryQuote.
    static func quote(_ quote: Quote) -> Quad_Payments_V1_LaundryQuote {
        let loadsCodes: Set = [LaundryPricing.loadsItem, LaundryPricing.machinesItem]
        return .with {
            $0.loads = UInt32(clamping: quote.items.first { loadsCodes.contains($0.code) }?.quantity ?? 0)
            $0.addOns = quote.items.compactMap { LaundryAddOn(rawValue: $0.code) }.sorted().map(\.wire)
            $0.lines = quote.lines.map(line)
            $0.total = Quad_Types_V1_Amount(quote.total)
            $0.dasherEarnings = Quad_Types_V1_Amount(quote.split.workerTotal)
            $0.platformRevenue = Quad_Types_V1_Amount(quote.split.platformRevenue)
            $0.final = quote.isFinal
        }
    }

    /// A line with its laundry kind, when it has one, beside its code.
    static func line(_ line: QuoteLine) -> Quad_Payments_V1_QuoteLine {
        var wire = PaymentsProtoMapping.line(line)
        wire.kind =
            switch line.kind {
            case .machines: .machines
            case .serviceFee: .serviceFee
            case .convenienceFee: .convenienceFee
            case .addOn(.folding): .folding
            case .addOn(.ironing): .ironing
            case nil: .unspecified
            }
        return wire
    }

    /// The add-ons of a request; INVALID_ARGUMENT naming the entry that is none.
    static func addOns(_ addOns: [Quad_Types_V1_LaundryAddOn], field: String = "add_ons") throws -> Set<LaundryAddOn> {
        try LaundryAddOn.set(fromWire: addOns, field: field)
    }
}
