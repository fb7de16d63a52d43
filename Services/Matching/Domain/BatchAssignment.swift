/// Batch assignment (L16): all waiting jobs of a dorm matched with its accepting dashers at once, at the least total
/// waiting time, instead of first come first served (``FirstComeFirstServed``).
///
/// **Waiting time.** A job is ready at its ``WaitingJob/readyAt``: when it was submitted, or the earliest pickup its
/// customer asked for if that is later. Dasher `d` can start job `j` at `start(j, d) = max(now, readyAt(j),
/// availableAt(d))`, where `availableAt` is the dasher's earliest availability, passed in by the service. The job's
/// waiting time is `start − readyAt`: how long the customer waits beyond the moment they wanted the work started. It
/// depends on the pair, which is what gives the batch something to optimise: a dasher free only in an hour costs
/// nothing on a job to be picked up in two, and an hour on a job that is ready now.
///
/// **Objective.** Each dasher takes at most one job in a batch, and only a pair the job allows
/// (``WaitingJob/mayBeOffered(to:)``: not the customer, not excluded, not a decliner, the preferred dasher alone while
/// the customer's preference stands). The batch minimises the total waiting time of *all* the dorm's waiting jobs, not
/// only of those served: a job left for a later batch counts as waiting until ``BatchPlan/horizon``, the latest start
/// any allowed pair of this batch could have. Counting only the jobs served would reward serving the newest jobs (their
/// wait so far is the shortest) and leaving the oldest behind. With the horizon, serving a job that a free allowed
/// dasher can take never costs more than leaving it, so no such job is left waiting beside an idle dasher. The total
/// does not care how long a job has waited so far, only when the served jobs can start, so where it leaves a choice of
/// which jobs wait (jobs that can all start as early), a tie-break decides, fairly: among plans of equal total, the
/// one leaving the youngest jobs waiting wins (lexicographic, see ``BatchCost``).
///
/// **Method.** The Hungarian algorithm (``Hungarian``) on a jobs × (dashers + jobs) matrix: job `j` with dasher `d`
/// costs `start(j, d) − now`, forbidden where the pair is not allowed; job `j` in any of the last columns means "left
/// waiting" and costs `horizon − now`. The terms that depend only on the job cancel between the two, so this is exactly
/// the total above. The extra columns make every instance feasible, whatever the shape of the matrix and the forbidden
/// pairs. O(n²·(n + m)) for n jobs and m dashers: a dorm's batch is tens of each.
public enum BatchAssignment {
    /// The least-waiting plan for `waitingJobs` (none of them offered to anyone) and `dashers` (accepting, holding no
    /// offer) at `now`; deterministic for a given input.
    ///
    /// - Throws: ``MatchingError`` `INVALID_ARGUMENT` for an empty id or a job or dasher passed twice.
    public static func assign(waitingJobs: [WaitingJob], accepting dashers: [BatchDasher], now: Int64)
        throws(MatchingError) -> BatchPlan
    {
        plan(try BatchProblem(waitingJobs: waitingJobs, dashers: dashers, now: now))
    }

    /// The least-waiting plan for a checked problem.
    static func plan(_ problem: BatchProblem) -> BatchPlan {
        let now = problem.now
        let jobCount = problem.jobs.count
        let costs: [[BatchCost?]] = problem.jobs.indices.map { job in
            var row: [BatchCost?] = problem.dashers.indices.map { dasher in
                guard problem.allows(job: job, dasher: dasher) else { return nil }
                let start = problem.start(job: job, dasher: dasher)
                return BatchCost(waiting: Int128(start) - Int128(now), skipped: 0)
            }
            let servable = row.contains { $0 != nil }
            // A job no dasher here may take waits whatever the plan: leaving it costs nothing to compare.
            let leave =
                servable ? BatchCost(waiting: Int128(problem.horizon) - Int128(now), skipped: jobCount - job) : .zero
            row += Array(repeating: leave, count: jobCount)
            return row
        }
        // Never nil: every job has a column of its own to be left waiting in.
        let columns = Hungarian.minimumCostAssignment(costs) ?? []
        var dasherOfJob: [Int: Int] = [:]
        for (job, column) in columns.enumerated() {
            if let column, column < problem.dashers.count { dasherOfJob[job] = column }
        }
        return problem.plan(dasherOfJob: dasherOfJob)
    }
}
