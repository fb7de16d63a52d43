import JobsErrands
import QuadTestSupport
import Testing

/// 2025-01-01T00:00:00Z, where the tests' clocks start.
let newYear: Int64 = 1_735_689_600_000_000

/// One hour in microseconds.
let hour = Microseconds.perHour

/// The requester of the tests' errands.
let requesterID = "req_1"

/// The buyer who accepts the tests' errands.
let buyerID = "buyer_1"

/// Another buyer of the campus.
let otherBuyerID = "buyer_2"

/// Someone with nothing to do with the errand.
let strangerID = "user_9"

/// `minorUnits` cents of US dollars.
let hallB = ErrandPlace(label: "Hall B, room 214", latitude: 40.4433, longitude: -79.9436)

func usd(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: "USD") }

/// Two items (two oat milks at most USD 3.00 each, one bread at most USD 4.50), a USD 2.50 fee, needed by six hours
/// into 2025; each argument replaces one field.
func request(
    jobID: String = "errand_1",
    customer: String = requesterID,
    campus: String = "campus_1",
    items: [ErrandItem] = [
        ErrandItem(name: "oat milk, 1 l", quantity: 2, maximumPrice: usd(300), store: "Corner Market"),
        ErrandItem(name: "rye bread", quantity: 1, maximumPrice: usd(450)),
    ],
    neededBy: Int64 = newYear + 6 * hour,
    deliveryPlace: ErrandPlace = hallB,
    notes: String? = "ring twice",
    deliveryFee: Money = usd(250),
    paymentIntentID: String = "pi_1"
) -> ErrandRequest {
    ErrandRequest(
        jobID: jobID,
        customer: customer,
        campus: campus,
        items: items,
        neededBy: neededBy,
        deliveryPlace: deliveryPlace,
        notes: notes,
        deliveryFee: deliveryFee,
        paymentIntentID: paymentIntentID
    )
}

/// A purchase within both maxima: USD 2.80 a milk, USD 4.50 the bread.
let withinMaxima = ErrandPurchase(prices: [usd(280), usd(450)], receiptDocumentID: "doc_receipt")

/// A purchase with the bread above its maximum (USD 5.20).
let breadAboveMaximum = ErrandPurchase(prices: [usd(280), usd(520)], receiptDocumentID: "doc_receipt")

/// An errand posted at the start of 2025 and taken by ``buyerID`` to `stage`, one hour per step: accepted at 1 h,
/// bought (with `purchase`) at 2 h, approved when it needs it and delivered at 3 h.
func errand(at stage: ErrandStage = .open, purchase: ErrandPurchase = withinMaxima) throws -> Errand {
    var errand = try Errand.submit(request(), now: newYear).job
    guard stage > .open else { return errand }
    _ = try errand.assign(worker: buyerID, at: newYear + hour)
    guard stage > .accepted else { return errand }
    _ = try errand.recordPurchase(by: buyerID, purchase, at: newYear + 2 * hour)
    guard stage > .bought else { return errand }
    if errand.isAwaitingPurchaseApproval {
        _ = try errand.approvePurchase(by: requesterID, at: newYear + 2 * hour)
    }
    _ = try errand.deliver(by: buyerID, at: newYear + 3 * hour)
    return errand
}

/// Runs `operation` on a copy of `value` and expects it to be refused with `code`, leaving the copy as it was.
/// Returns the error, for its message.
@discardableResult
func refusal<Value: Equatable, Result>(
    of value: Value,
    _ code: JobsError.Code,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: (inout Value) throws -> Result
) -> JobsError? {
    expectRefusal(of: value, code, sourceLocation: sourceLocation, operation)
}

/// Runs `operation` and expects it to be refused with `code`; returns the error, for its message.
@discardableResult
func refusal<Result>(
    _ code: JobsError.Code,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: () throws -> Result
) -> JobsError? {
    expectRefusal(code, sourceLocation: sourceLocation, operation)
}
