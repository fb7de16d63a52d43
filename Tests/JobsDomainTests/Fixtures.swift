import JobsLaundry
import Testing
import QuadTestSupport

/// 2025-01-01T00:00:00Z, where the tests' clocks start.
let newYear: Int64 = 1_735_689_600_000_000

/// One day in microseconds.
let day = Microseconds.perDay

/// One hour in microseconds.
let hour = Microseconds.perHour

/// The customer of the tests' jobs.
let customerID = "cus_1"

/// The dasher the tests' jobs are assigned to.
let dasherID = "dasher_1"

/// A dasher of the same dorm who is not assigned.
let otherDasherID = "dasher_2"

/// Someone with nothing to do with the job.
let strangerID = "user_9"

/// `minorUnits` cents of US dollars.
func usd(_ minorUnits: Int64) -> Money { Money(minorUnits: minorUnits, currency: "USD") }

/// A submission of two loads with folding, estimated at USD 25.00, picked up two hours into 2025 and brought back a
/// day later; each argument replaces one field.
func submission(
    jobID: String = "job_1",
    customer: String = customerID,
    dorm: String = "dorm_1",
    estimatedLoads: Int = 2,
    instructions: String = "Cold wash, please.",
    pickupAt: Int64 = newYear + 2 * hour,
    dropOffAt: Int64 = newYear + day,
    addOns: Set<LaundryAddOn> = [.folding],
    preferredDasher: String? = nil,
    estimate: Money = usd(2_500),
    paymentIntentID: String = "pi_1"
) -> LaundryJobSubmission {
    LaundryJobSubmission(
        jobID: jobID,
        customer: customer,
        dorm: dorm,
        estimatedLoads: estimatedLoads,
        instructions: instructions,
        pickupAt: pickupAt,
        dropOffAt: dropOffAt,
        addOns: addOns,
        preferredDasher: preferredDasher,
        estimate: estimate,
        paymentIntentID: paymentIntentID
    )
}

/// The instant the fixtures reach `stage`: stage n at n hours into 2025 (submission at 0).
func time(of stage: LaundryStage) -> Int64 { newYear + Int64(stage.rawValue) * hour }

/// The drying report the fixtures give at "finished drying": 2 loads, USD 9.00 of machines, `finalTotal`.
func dryingReport(finalTotal: Money = usd(3_000)) -> DryingReport {
    DryingReport(actualLoads: 2, machineCost: usd(900), finalTotal: finalTotal)
}

/// A job submitted at the start of 2025 and moved by ``dasherID`` to `stage`, each stage at ``time(of:)``; the final
/// price is `finalTotal` (USD 30.00 unless told) and, when it needs approval and the job goes past stage 7, the
/// customer approves it at stage 7's time.
func job(at stage: LaundryStage = .waitingForDasher, finalTotal: Money = usd(3_000)) throws -> LaundryJob {
    var job = try LaundryJob.submit(submission(), now: newYear).job
    guard stage > .waitingForDasher else { return job }
    _ = try job.assign(dasher: dasherID, at: time(of: .dasherAccepted))
    var current = LaundryStage.dasherAccepted
    while current < stage, let next = current.next {
        if next == .onTheWayForDropOff, job.isAwaitingPriceApproval {
            _ = try job.approveFinalPrice(by: customerID, at: time(of: .finishedDrying))
        }
        let drying = next == .finishedDrying ? dryingReport(finalTotal: finalTotal) : nil
        _ = try job.advance(by: dasherID, to: next, at: time(of: next), drying: drying)
        current = next
    }
    return job
}

/// Runs `operation` on a copy of `value` and expects it to be refused with `code`, leaving the copy as it was
/// (``QuadTestSupport/expectRefusal(of:_:sourceLocation:_:)``). Returns the error, for its message.
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
