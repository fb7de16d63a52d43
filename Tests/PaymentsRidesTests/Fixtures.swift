import PaymentsRides
import QuadTestSupport
import Testing

/// `minorUnits` cents of US dollars.
func usd(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: "USD") }

/// `minorUnits` cents of euros.
func eur(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: "EUR") }

/// The `fare_share` line of `amount` (nil: no amount).
func share(_ amount: Money?, quantity: Int = 1) -> QuoteItem {
    QuoteItem(code: RidesProduct.fareShareCode, quantity: quantity, amount: amount)
}

/// What a seat's hold and its completion cannot price, and the field each refusal names.
let unpriceableLines: [([QuoteItem], String)] = [
    ([], "lines"),
    ([share(usd(1_200)), share(usd(1_200))], "lines"),
    ([share(usd(1_200)), QuoteItem(code: "booking_fee", quantity: 1, amount: usd(25))], "lines"),
    ([QuoteItem(code: "tip", quantity: 1, amount: usd(100))], "lines[0].code"),
    ([QuoteItem(code: "Fare!", quantity: 1, amount: usd(100))], "lines[0].code"),
    ([share(usd(1_200), quantity: 0)], "lines[0].quantity"),
    ([share(usd(1_200), quantity: 2)], "lines[0].quantity"),
    ([share(usd(1_200), quantity: -1)], "lines[0].quantity"),
    ([share(nil)], "lines[0].amount"),
    ([share(usd(0))], "lines[0].amount"),
    ([share(usd(-500))], "lines[0].amount"),
    ([share(eur(1_200))], "lines[0].amount"),
]

/// Runs `operation` and expects it to be refused with `code`; returns the error, for its field and message.
@discardableResult
func refusal<Result>(
    _ code: PaymentsError.Code,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: () throws -> Result
) -> PaymentsError? {
    expectRefusal(code, sourceLocation: sourceLocation, operation)
}
