import MatchingDomain
import Testing

@Suite("BatchAssignment: least total waiting time")
struct BatchAssignmentTests {
    static let now = newYear + 18 * Microseconds.perHour

    @Test("a job to be picked up later goes to the dasher free later, the job ready now to the one free now")
    func pickupAware() throws {
        // Given: job_old was submitted first but is for pickup in two hours; job_new is wanted now
        let jobs = [
            job("job_old", customer: "cus_1", at: Self.now - 30 * minute, pickup: Self.now + 120 * minute),
            job("job_new", customer: "cus_2", at: Self.now - 5 * minute),
        ]
        let dashers = [
            BatchDasher(id: "dasher_now", availableAt: Self.now),
            BatchDasher(id: "dasher_later", availableAt: Self.now + 60 * minute),
        ]

        // When
        let batch = try BatchAssignment.assign(waitingJobs: jobs, accepting: dashers, now: Self.now)
        let fcfs = try FirstComeFirstServed.assign(waitingJobs: jobs, accepting: dashers, now: Self.now)

        // Then: the batch waits 5 minutes in all, first come first served 65
        #expect(
            batch.assignments == [
                .init(job: "job_old", dasher: "dasher_later", startsAt: Self.now + 120 * minute),
                .init(job: "job_new", dasher: "dasher_now", startsAt: Self.now),
            ]
        )
        #expect(batch.totalWaitingTime == Int128(5 * minute))
        #expect(batch.horizon == Self.now + 120 * minute)
        #expect(
            fcfs.assignments == [
                .init(job: "job_old", dasher: "dasher_now", startsAt: Self.now + 120 * minute),
                .init(job: "job_new", dasher: "dasher_later", startsAt: Self.now + 60 * minute),
            ]
        )
        #expect(fcfs.totalWaitingTime == Int128(65 * minute))
    }

    @Test("more jobs than dashers, all equal otherwise: the oldest jobs are served and the youngest left waiting")
    func oldestServedFirst() throws {
        // Given
        let jobs = (1...4).map { job("job_\($0)", customer: "cus_\($0)", at: Self.now - Int64(10 - $0) * minute) }
        let dashers = [
            BatchDasher(id: "dasher_a", availableAt: Self.now), BatchDasher(id: "dasher_b", availableAt: Self.now),
        ]

        // When
        let plan = try BatchAssignment.assign(waitingJobs: jobs.reversed(), accepting: dashers, now: Self.now)

        // Then
        #expect(plan.assignments.map(\.job) == ["job_1", "job_2"])
        #expect(plan.unassignedJobs == ["job_3", "job_4"])
        #expect(plan.idleDashers.isEmpty)
        #expect(plan.totalWaitingTime == Int128((9 + 8 + 7 + 6) * minute))
    }

    @Test("more dashers than jobs: the earliest free dashers serve, the others stay idle")
    func moreDashers() throws {
        let dashers = [
            BatchDasher(id: "dasher_late", availableAt: Self.now + 30 * minute),
            BatchDasher(id: "dasher_now", availableAt: Self.now),
            BatchDasher(id: "dasher_soon", availableAt: Self.now + 5 * minute),
        ]
        let jobs = [job("job_1", at: Self.now), job("job_2", customer: "cus_2", at: Self.now)]
        let plan = try BatchAssignment.assign(waitingJobs: jobs, accepting: dashers, now: Self.now)
        #expect(Set(plan.assignments.map(\.dasher)) == ["dasher_now", "dasher_soon"])
        #expect(plan.idleDashers == ["dasher_late"])
        #expect(plan.totalWaitingTime == Int128(5 * minute))
    }

    @Test("exclusions, declines, the customer's own job and another dasher's preference are all respected")
    func respectsRules() throws {
        // Given: every job but job_free rules dasher_a out, one way or another
        let jobs = [
            job("job_own", customer: "dasher_a", at: Self.now - 5),
            job("job_excluded", at: Self.now - 4, excluding: ["dasher_a"]),
            job("job_declined", at: Self.now - 3).with(offerCount: 1, declinedBy: ["dasher_a"]),
            job("job_kept", at: Self.now - 2, preferring: "dasher_p"),
            job("job_free", at: Self.now - 1),
        ]
        let dashers = [BatchDasher(id: "dasher_a", availableAt: Self.now)]

        // When
        let plan = try BatchAssignment.assign(waitingJobs: jobs, accepting: dashers, now: Self.now)

        // Then
        #expect(plan.assignments.map(\.job) == ["job_free"])
        #expect(plan.unassignedJobs == ["job_own", "job_excluded", "job_declined", "job_kept"])
    }

    @Test("a job kept for its preferred dasher goes to them, even when another dasher is free sooner")
    func preferred() throws {
        let jobs = [job("job_1", preferring: "dasher_p")]
        let dashers = [
            BatchDasher(id: "dasher_a", availableAt: Self.now),
            BatchDasher(id: "dasher_p", availableAt: Self.now + minute),
        ]
        let plan = try BatchAssignment.assign(waitingJobs: jobs, accepting: dashers, now: Self.now)
        #expect(plan.assignments.map(\.dasher) == ["dasher_p"])
    }

    @Test("nothing to plan: no jobs, no dashers")
    func empty() throws {
        let noDashers = try BatchAssignment.assign(
            waitingJobs: [job("job_1", at: Self.now - minute)],
            accepting: [],
            now: Self.now
        )
        #expect(noDashers.unassignedJobs == ["job_1"])
        #expect(noDashers.horizon == Self.now)
        #expect(noDashers.totalWaitingTime == Int128(minute))
        let noJobs = try BatchAssignment.assign(
            waitingJobs: [],
            accepting: [BatchDasher(id: "d", availableAt: 0)],
            now: Self.now
        )
        #expect(noJobs.idleDashers == ["d"])
        #expect(noJobs.totalWaitingTime == 0)
    }

    @Test("times at the ends of Int64 do not overflow the plan's total")
    func extremes() throws {
        let jobs = [job("job_1", at: .min), job("job_2", customer: "cus_2", at: .min)]
        let dashers = [BatchDasher(id: "d", availableAt: .max)]
        let plan = try BatchAssignment.assign(waitingJobs: jobs, accepting: dashers, now: 0)
        #expect(plan.totalWaitingTime == 2 * (Int128(Int64.max) - Int128(Int64.min)))
    }

    @Test(
        "a batch naming a job or dasher twice, or an empty id, is refused by both planners",
        arguments: [
            ([job("job_1"), job("job_1")], ["dasher_a"], "job_id"),
            ([job("job_1")], ["dasher_a", "dasher_a"], "dasher_id"),
            ([job("")], ["dasher_a"], "job_id"),
            ([job("job_1", customer: "")], ["dasher_a"], "customer_id"),
            ([job("job_1")], [" "], "dasher_id"),
        ]
    )
    func refusals(jobs: [WaitingJob], dashers: [String], field: String) {
        let available = dashers.map { BatchDasher(id: $0, availableAt: Self.now) }
        let error = refusal(.invalidArgument) {
            try BatchAssignment.assign(waitingJobs: jobs, accepting: available, now: Self.now)
        }
        refusal(.invalidArgument) {
            try FirstComeFirstServed.assign(waitingJobs: jobs, accepting: available, now: Self.now)
        }
        #expect(error?.field == field)
    }

    @Test("the duplicate's message names it")
    func duplicateMessage() {
        let error = refusal(.invalidArgument) {
            try BatchAssignment.assign(waitingJobs: [job("job_1"), job("job_1")], accepting: [], now: Self.now)
        }
        #expect(error?.message == "job job_1 appears twice in the batch; pass each once")
    }
}
