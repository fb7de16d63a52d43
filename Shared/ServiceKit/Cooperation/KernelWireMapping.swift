public import QuadContracts
public import QuadKernel
import QuadWire

/// The shared kernel's values on the wire (`quad.types.v1`), the same for every context.
extension Quad_Types_V1_Amount {
    /// `money` as an Amount: minor units and currency, never floating point.
    public init(_ money: Money) {
        self.init()
        minorUnits = money.minorUnits
        currency = money.currency
    }

    /// The amount as the kernel's Money (currency unchecked: the domains check it where it matters).
    public var money: Money { Money(minorUnits: minorUnits, currency: currency) }
}

extension LaundryAddOn {
    /// The add-on on the wire.
    public var wire: Quad_Types_V1_LaundryAddOn {
        switch self {
        case .folding: .folding
        case .ironing: .ironing
        }
    }

    /// The add-ons a request names; INVALID_ARGUMENT naming the first entry that is not one (`add_ons[1]`).
    public static func set(fromWire values: [Quad_Types_V1_LaundryAddOn], field: String = "add_ons") throws -> Set<LaundryAddOn> {
        var addOns: Set<LaundryAddOn> = []
        for (index, value) in values.enumerated() {
            switch value {
            case .folding: addOns.insert(.folding)
            case .ironing: addOns.insert(.ironing)
            case .unspecified, .UNRECOGNIZED:
                throw RPCError(
                    code: .invalidArgument,
                    message: "\(field)[\(index)]: \(value.rawValue) is not an add-on; choose LAUNDRY_ADD_ON_FOLDING or LAUNDRY_ADD_ON_IRONING"
                )
            }
        }
        return addOns
    }
}
