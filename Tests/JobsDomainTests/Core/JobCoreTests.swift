import JobsCore
import Testing

/// The core's rules on a product that is not laundry (``Delivery``): they hold whatever plugs in, and refusals read in
/// the product's words.
@Suite("JobsCore: the lifecycle with another product plugged in")
struct JobCoreTests {
    static let start: Int64 = 1_735_689_600_000_000
    static let hour = Microseconds.perHour

    static func submitted() throws -> Job<Delivery> {
        let request = Delivery.Request(jobID: "d_1", customer: "cus_1", paymentIntentID: "pi_1", place: "Maple 12")
        return try Job<Delivery>.submit(request, now: start).job
    }

    @Test("a delivery goes from submission to delivered and reviewed, and replays from its timeline")
    func journey() throws {
        var job = try Self.submitted()
        #expect(
            try job.assign(worker: "cou_1", at: Self.start + Self.hour) == [.core(.workerAssigned(worker: "cou_1"))]
        )
        #expect(job.progress == .taken)
        _ = try job.move(by: "cou_1", to: .pickedUp, at: Self.start + 2 * Self.hour)
        #expect(try job.move(by: "cou_1", to: .delivered, at: Self.start + 3 * Self.hour) == [.delivered])
        #expect(job.status == .completed(at: Self.start + 3 * Self.hour))
        let events = try job.review(by: "cou_1", stars: 4, text: nil, at: Self.start + 4 * Self.hour)
        #expect(job.workerReview?.subject == "cus_1")
        #expect(events.count == 1)
        #expect(try Job<Delivery>(replaying: job.timeline) == job)
    }

    @Test("the product's cancellation rule and words: no cancelling once the courier has the parcel")
    func productRules() throws {
        var job = try Self.submitted()
        _ = try job.assign(worker: "cou_1", at: Self.start)
        _ = try job.move(by: "cou_1", to: .pickedUp, at: Self.start + Self.hour)
        #expect(throws: JobsError(code: .failedPrecondition, message: "the courier has the parcel")) {
            try job.cancel(by: "cus_1", at: Self.start + 2 * Self.hour)
        }
        #expect(job.status == .active)
        let stranger = #expect(throws: JobsError.self) {
            try job.move(by: "cou_2", to: .delivered, at: Self.start + 2 * Self.hour)
        }
        #expect(stranger?.message == "cannot move job d_1 along: only its assigned courier may")
        let excluded = #expect(throws: JobsError.self) {
            try job.assign(worker: "cus_1", at: Self.start + 2 * Self.hour)
        }
        #expect(excluded?.field == "courier_id")
    }

    @Test("reviews once per side and only within the product's window after completion")
    func reviewWindow() throws {
        var job = try Self.submitted()
        _ = try job.assign(worker: "cou_1", at: Self.start)
        _ = try job.move(by: "cou_1", to: .pickedUp, at: Self.start)
        _ = try job.move(by: "cou_1", to: .delivered, at: Self.start)
        let late = #expect(throws: JobsError.self) {
            try job.review(by: "cus_1", stars: 5, text: nil, at: Self.start + 7 * Microseconds.perDay + 1)
        }
        #expect(late?.message.hasSuffix("7 days after delivery") == true)
        _ = try job.review(by: "cus_1", stars: 5, text: nil, at: Self.start + 7 * Microseconds.perDay)
        let again = #expect(throws: JobsError.self) {
            try job.review(by: "cus_1", stars: 1, text: nil, at: Self.start + 7 * Microseconds.perDay)
        }
        #expect(again?.code == .alreadyExists)
    }
}
