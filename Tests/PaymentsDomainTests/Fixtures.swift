import PaymentsDomain
import Testing
import QuadTestSupport

/// 2025-01-01T00:00:00Z, where the tests' clocks start.
let newYear: Int64 = 1_735_689_600_000_000

/// One day in microseconds.
let day = Microseconds.perDay

/// `minorUnits` cents of US dollars.
func usd(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: "USD") }

/// `minorUnits` cents of euros.
func eur(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: "EUR") }

/// A hold of `amount` (USD 25.00 unless told) placed at the start of 2025 for customer `cus_1`.
func heldIntent(_ amount: Money = usd(2_500), id: String = "pi_1") throws -> PaymentIntent {
    try PaymentIntent.authorize(id: id, customer: "cus_1", amount: amount, now: newYear).intent
}

/// An intent whose USD 25.00 hold (unless told) was captured whole.
func capturedIntent(_ amount: Money = usd(2_500), id: String = "pi_1") throws -> PaymentIntent {
    var intent = try heldIntent(amount, id: id)
    _ = try intent.capture(amount, now: newYear + day)
    return intent
}

/// Runs `operation` on a copy of `value` and expects it to be refused with `code`, leaving the copy as it was
/// (``QuadTestSupport/expectRefusal(of:_:sourceLocation:_:)``). Returns the error, for its message.
@discardableResult
func refusal<Value: Equatable, Result>(
    of value: Value,
    _ code: PaymentsError.Code,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: (inout Value) throws -> Result
) -> PaymentsError? {
    expectRefusal(of: value, code, sourceLocation: sourceLocation, operation)
}

/// Runs `operation` and expects it to be refused with `code`; returns the error, for its message.
@discardableResult
func refusal<Result>(
    _ code: PaymentsError.Code,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: () throws -> Result
) -> PaymentsError? {
    expectRefusal(code, sourceLocation: sourceLocation, operation)
}
