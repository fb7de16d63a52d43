import PaymentsErrands
import QuadTestSupport
import Testing

/// `minorUnits` cents of US dollars.
func usd(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: "USD") }

/// `minorUnits` cents of euros.
func eur(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: "EUR") }

/// An `item` line: `quantity` units at `each` (nil: no price).
func item(_ quantity: Int, _ each: Money?) -> QuoteItem {
    QuoteItem(code: ErrandItemCode.item, quantity: quantity, amount: each)
}

/// The `delivery_fee` line of `fee`.
func deliveryFee(_ fee: Money?, quantity: Int = 1) -> QuoteItem {
    QuoteItem(code: ErrandItemCode.deliveryFee, quantity: quantity, amount: fee)
}

/// Runs `operation` and expects it to be refused with `code`; returns the error, for its field and message.
@discardableResult
func refusal<Result>(
    _ code: PaymentsError.Code,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: () throws -> Result
) -> PaymentsError? {
    expectRefusal(code, sourceLocation: sourceLocation, operation)
}
