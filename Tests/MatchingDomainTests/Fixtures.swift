import MatchingDomain
import Testing
import QuadTestSupport

/// 2025-01-01T00:00:00Z, where the tests' clocks start.
let newYear: Int64 = 1_735_689_600_000_000

/// One second in microseconds.
let second = Microseconds.perSecond

/// One minute in microseconds.
let minute = Microseconds.perMinute

/// A job of `customer` submitted `submittedAt` (the start of 2025 unless told), for the dorm queue.
func job(
    _ id: String,
    customer: String = "cus_1",
    at submittedAt: Int64 = newYear,
    preferring preferredDasher: String? = nil,
    excluding excludedDashers: Set<String> = [],
    pickup earliestPickup: Int64? = nil
) -> WaitingJob {
    WaitingJob(
        id: id,
        customer: customer,
        submittedAt: submittedAt,
        earliestPickup: earliestPickup,
        preferredDasher: preferredDasher,
        excludedDashers: excludedDashers
    )
}

/// A queue where `dashers` turned accepting on at the start of 2025 and `jobs` were then submitted, in order (each
/// naming a preferred dasher offered to them at once, as the service does), all at the start of 2025.
func queue(
    accepting dashers: [String] = [],
    jobs: [WaitingJob] = [],
    configuration: MatchingConfiguration = .defaults
) throws -> ZoneQueue {
    var queue = ZoneQueue(configuration: configuration)
    for dasher in dashers { _ = try queue.startAccepting(dasher: dasher, now: newYear) }
    for job in jobs {
        _ = try queue.submit(job, now: newYear)
        if job.preferredDasher != nil { _ = try queue.offerToPreferred(job: job.id, now: newYear) }
    }
    return queue
}

extension WaitingJob {
    /// This job as matching's record of it after `offerCount` offers, declined by `declinedBy`.
    func with(offerCount: Int, declinedBy: Set<String> = []) -> WaitingJob {
        WaitingJob(
            id: id,
            customer: customer,
            submittedAt: submittedAt,
            earliestPickup: earliestPickup,
            preferredDasher: preferredDasher,
            excludedDashers: excludedDashers,
            declinedBy: declinedBy,
            offerCount: offerCount
        )
    }
}

extension JobRequestAnswer {
    /// The offer answered, or `nil` for "no job waiting".
    var offer: Offer? {
        if case .offer(let offer) = self { offer } else { nil }
    }
}

extension Array where Element == MatchingEvent {
    /// The offers these events made, in order.
    var offersMade: [Offer] {
        compactMap { if case .offerMade(let offer) = $0 { offer } else { nil } }
    }
}

/// Asks for a job for `dasher` at `now` and returns the offer answered, recording an issue when there is none.
func requestOffer(
    _ queue: inout ZoneQueue,
    dasher: String,
    now: Int64 = newYear,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Offer {
    let (answer, _) = try queue.requestJob(dasher: dasher, now: now)
    return try #require(answer.offer, "\(dasher) got no offer", sourceLocation: sourceLocation)
}

/// Runs `operation` on a copy of `value` and expects it to be refused with `code`, leaving the copy as it was
/// (``QuadTestSupport/expectRefusal(of:_:sourceLocation:_:)``). Returns the error, for its message.
@discardableResult
func refusal<Value: Equatable, Result>(
    of value: Value,
    _ code: MatchingError.Code,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: (inout Value) throws -> Result
) -> MatchingError? {
    expectRefusal(of: value, code, sourceLocation: sourceLocation, operation)
}

/// Runs `operation` and expects it to be refused with `code`; returns the error, for its message.
@discardableResult
func refusal<Result>(
    _ code: MatchingError.Code,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: () throws -> Result
) -> MatchingError? {
    expectRefusal(code, sourceLocation: sourceLocation, operation)
}

extension Tag {
    /// A test that measures and prints a figure besides checking correctness; skip it with `--skip` when only
    /// correctness matters, run it in release for the figure.
    @Tag static var measurement: Self
}
