/// One batch's input, checked, in queue order, with what both planners need from it: which pairs are allowed, when
/// each pair could start, the horizon, and the waiting time of a finished plan.
struct BatchProblem {
    /// The jobs, oldest first.
    let jobs: [WaitingJob]
    /// The dashers, as passed.
    let dashers: [BatchDasher]
    /// The instant the batch is planned at.
    let now: Int64
    /// The latest start of any allowed pair, or `now`; see ``BatchPlan/horizon``.
    let horizon: Int64

    /// Checks and orders the input.
    ///
    /// - Throws: ``MatchingError`` `INVALID_ARGUMENT` for an empty id or a job or dasher passed twice.
    init(waitingJobs: [WaitingJob], dashers: [BatchDasher], now: Int64) throws(MatchingError) {
        var jobIDs = Set<String>()
        for job in waitingJobs {
            try requireIdentifier(job.id, field: "job_id", "the id of every job in the batch")
            try requireIdentifier(job.customer, field: "customer_id", "the customer of job \(job.id)")
            guard jobIDs.insert(job.id).inserted else {
                throw .duplicateInBatch("job", id: job.id, field: "job_id")
            }
        }
        var dasherIDs = Set<String>()
        for dasher in dashers {
            try requireIdentifier(dasher.id, field: "dasher_id", "the id of every dasher in the batch")
            guard dasherIDs.insert(dasher.id).inserted else {
                throw .duplicateInBatch("dasher", id: dasher.id, field: "dasher_id")
            }
        }
        self.init(checkedJobs: waitingJobs, dashers: dashers, now: now)
    }

    /// Orders input already known to be valid: a ``ZoneQueue``'s own jobs and accepting dashers.
    init(checkedJobs: [WaitingJob], dashers: [BatchDasher], now: Int64) {
        self.jobs = checkedJobs.sorted { $0.isOlder(than: $1) }
        self.dashers = dashers
        self.now = now
        var horizon = now
        for job in jobs.indices {
            for dasher in dashers.indices where Self.allows(jobs[job], dashers[dasher]) {
                horizon = max(horizon, Self.start(jobs[job], dashers[dasher], now: now))
            }
        }
        self.horizon = horizon
    }

    /// Whether job `job` may go to dasher `dasher` (indices).
    func allows(job: Int, dasher: Int) -> Bool {
        Self.allows(jobs[job], dashers[dasher])
    }

    /// When dasher `dasher` could start job `job` (indices).
    func start(job: Int, dasher: Int) -> Int64 {
        Self.start(jobs[job], dashers[dasher], now: now)
    }

    /// The plan that gives each job in `dasherOfJob` (by index) the dasher it names (by index), with its waiting time.
    func plan(dasherOfJob: [Int: Int]) -> BatchPlan {
        var assignments: [BatchPlan.Assignment] = []
        var unassigned: [String] = []
        var waiting: Int128 = 0
        for (index, job) in jobs.enumerated() {
            if let dasher = dasherOfJob[index] {
                let start = start(job: index, dasher: dasher)
                assignments.append(.init(job: job.id, dasher: dashers[dasher].id, startsAt: start))
                waiting += Int128(start) - Int128(job.readyAt)
            } else {
                unassigned.append(job.id)
                waiting += max(0, Int128(horizon) - Int128(job.readyAt))
            }
        }
        let busy = Set(dasherOfJob.values)
        return BatchPlan(
            assignments: assignments,
            unassignedJobs: unassigned,
            idleDashers: dashers.indices.filter { !busy.contains($0) }.map { dashers[$0].id },
            horizon: horizon,
            totalWaitingTime: waiting
        )
    }

    private static func allows(_ job: WaitingJob, _ dasher: BatchDasher) -> Bool {
        job.mayBeOffered(to: dasher.id)
    }

    private static func start(_ job: WaitingJob, _ dasher: BatchDasher, now: Int64) -> Int64 {
        max(now, job.readyAt, dasher.availableAt)
    }
}
