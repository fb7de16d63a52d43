import PaymentsDomain
import PaymentsErrands
import QuadContracts
import QuadServiceKit

/// Errands' payments messages (`ErrandQuote`, `ErrandQuoteItem`) from and to the errands module's values.
enum ErrandsProtoMapping {
    /// An errand's quote as the core keeps it (``PaymentsDomain/Quote``, items in
    /// ``PaymentsErrands/ErrandItemCode``'s codes) as the wire's ErrandQuote.
    static func quote(_ quote: Quote) -> Quad_Payments_V1_ErrandQuote {
        let fee = quote.lines.first { $0.code == ErrandItemCode.deliveryFee }?.amount ?? .zero(quote.total.currency)
        return .with {
            $0.itemsTotal = Quad_Types_V1_Amount(quote.split.reimbursement)
            $0.deliveryFee = Quad_Types_V1_Amount(fee)
            $0.total = Quad_Types_V1_Amount(quote.total)
            $0.buyerEarnings = Quad_Types_V1_Amount(quote.split.workerTotal)
            $0.platformRevenue = Quad_Types_V1_Amount(quote.split.platformRevenue)
            $0.itemCount = UInt32(clamping: ErrandsPricing.units(of: quote.items))
            $0.final = quote.isFinal
        }
    }

    /// QuoteErrand's items as the errands module's (``PaymentsErrands/ErrandItemCode/item``), a missing price left
    /// missing for the module to refuse by name.
    static func items(_ wire: [Quad_Payments_V1_ErrandQuoteItem]) -> [QuoteItem] {
        wire.map { entry in
            QuoteItem(
                code: ErrandItemCode.item,
                quantity: Int(entry.quantity),
                amount: entry.hasPrice ? entry.price.money : nil
            )
        }
    }
}
