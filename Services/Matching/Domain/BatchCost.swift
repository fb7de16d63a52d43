/// The batch assignment's cost, compared lexicographically: waiting time first, then how far up the queue the jobs
/// left waiting are. An ordered additive group, so ``Hungarian`` works on it as on a number, exactly, with no weight
/// to choose and nothing to overflow.
struct BatchCost: AdditiveArithmetic, Comparable {
    /// Waiting time in microseconds; `Int128` so that no pair of instants can overflow it.
    var waiting: Int128
    /// The fairness tie-break: for a job left waiting, how many jobs in the batch are younger than it plus one, so
    /// among plans that wait equally long the one leaving the youngest jobs waiting wins.
    var skipped: Int

    static var zero: BatchCost { BatchCost(waiting: 0, skipped: 0) }

    static func + (lhs: BatchCost, rhs: BatchCost) -> BatchCost {
        BatchCost(waiting: lhs.waiting + rhs.waiting, skipped: lhs.skipped + rhs.skipped)
    }

    static func - (lhs: BatchCost, rhs: BatchCost) -> BatchCost {
        BatchCost(waiting: lhs.waiting - rhs.waiting, skipped: lhs.skipped - rhs.skipped)
    }

    static func < (lhs: BatchCost, rhs: BatchCost) -> Bool {
        (lhs.waiting, lhs.skipped) < (rhs.waiting, rhs.skipped)
    }
}
