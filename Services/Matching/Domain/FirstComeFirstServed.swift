/// The baseline batch assignment (L16) compares against: what "assign me a job" (L3) does when every dasher asks the
/// moment they can start.
///
/// Dashers in order of availability (ties in the order passed) each take, as ``ZoneQueue/requestJob(dasher:now:)``
/// would, the oldest job kept for them by name, else the oldest job they may take that no earlier dasher took. The
/// plan's waiting time is counted as ``BatchAssignment`` counts it, on the same horizon, so the two totals compare
/// directly and the batch's is never the larger.
public enum FirstComeFirstServed {
    /// The first-come-first-served plan for the same input as ``BatchAssignment/assign(waitingJobs:accepting:now:)``.
    ///
    /// - Throws: ``MatchingError`` `INVALID_ARGUMENT` for an empty id or a job or dasher passed twice.
    public static func assign(waitingJobs: [WaitingJob], accepting dashers: [BatchDasher], now: Int64)
        throws(MatchingError) -> BatchPlan
    {
        let problem = try BatchProblem(waitingJobs: waitingJobs, dashers: dashers, now: now)
        let order = problem.dashers.indices.sorted {
            (problem.dashers[$0].availableAt, $0) < (problem.dashers[$1].availableAt, $1)
        }
        var dasherOfJob: [Int: Int] = [:]
        for dasher in order {
            let id = problem.dashers[dasher].id
            let open = problem.jobs.indices.filter { dasherOfJob[$0] == nil && problem.allows(job: $0, dasher: dasher) }
            if let job = open.first(where: { problem.jobs[$0].preferredDasher == id }) ?? open.first {
                dasherOfJob[job] = dasher
            }
        }
        return problem.plan(dasherOfJob: dasherOfJob)
    }
}
