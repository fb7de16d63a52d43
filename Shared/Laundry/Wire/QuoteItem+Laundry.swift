public import LaundryKernel
public import QuadContracts

extension Quad_Payments_V1_QuoteItem {
    /// The lines of a laundry hold (`HoldForJob` with product `laundry`): the estimated loads, then one item per
    /// add-on in ``LaundryKernel/LaundryAddOn`` order.
    public static func laundryEstimate(loads: UInt32, addOns: Set<LaundryAddOn>) -> [Quad_Payments_V1_QuoteItem] {
        [
            .with {
                $0.code = LaundryItemCode.loads; $0.quantity = loads
            }
        ]
            + addOns.sorted().map { addOn in
                .with {
                    $0.code = addOn.rawValue; $0.quantity = 1
                }
            }
    }
}
