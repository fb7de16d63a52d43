/// Arithmetic that refuses what would be wrong rather than trapping: amounts in different currencies never combine,
/// and a result that does not fit in `Int64` minor units is an `OUT_OF_RANGE` refusal, not a crash of the service.
extension Money {
    /// `self + other`, in their common currency.
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` when the currencies differ, `OUT_OF_RANGE` on overflow.
    public func adding(_ other: Money) throws(PaymentsError) -> Money {
        try requireSameCurrency(as: other, toCombine: "add \(other.formatted) to \(formatted)")
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        guard !overflow else { throw .overflow("\(formatted) plus \(other.formatted)") }
        return Money(minorUnits: sum, currency: currency)
    }

    /// `self - other`, in their common currency.
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` when the currencies differ, `OUT_OF_RANGE` on overflow.
    public func subtracting(_ other: Money) throws(PaymentsError) -> Money {
        try requireSameCurrency(as: other, toCombine: "subtract \(other.formatted) from \(formatted)")
        let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
        guard !overflow else { throw .overflow("\(formatted) minus \(other.formatted)") }
        return Money(minorUnits: difference, currency: currency)
    }

    /// `self × factor`, e.g. a per-load price times the loads.
    ///
    /// - Throws: ``PaymentsError`` `OUT_OF_RANGE` on overflow.
    public func multiplied(by factor: Int64) throws(PaymentsError) -> Money {
        let (product, overflow) = minorUnits.multipliedReportingOverflow(by: factor)
        guard !overflow else { throw .overflow("\(formatted) times \(factor)") }
        return Money(minorUnits: product, currency: currency)
    }

    /// The sum of `amounts`, all in `currency` (zero for none).
    ///
    /// - Throws: ``PaymentsError`` `INVALID_ARGUMENT` when one is in another currency, `OUT_OF_RANGE` on overflow.
    public static func sum(_ amounts: some Sequence<Money>, currency: String) throws(PaymentsError) -> Money {
        var total = Money.zero(currency)
        for amount in amounts { total = try total.adding(amount) }
        return total
    }

    /// Refuses `other` unless it is in this currency; `operation` completes "cannot …" in the message.
    func requireSameCurrency(as other: Money, toCombine operation: String) throws(PaymentsError) {
        guard currency == other.currency else { throw .currencyMismatch(operation) }
    }
}
