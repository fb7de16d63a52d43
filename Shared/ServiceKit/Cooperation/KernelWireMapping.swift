public import QuadContracts
public import QuadKernel

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
