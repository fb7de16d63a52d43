/// What changed between two states of a queue, for a store that writes only what changed.
extension ZoneQueue {
    /// The jobs of `earlier` that are no longer in the queue (accepted, cancelled), and the jobs that are new or
    /// changed since (queued, requeued, offered, declined, preference dropped), each in queue order.
    ///
    /// One walk over both queues' jobs side by side, as both are kept in queue order: no hashing, no sorting. A job
    /// an operation did not touch shares its strings and sets with `earlier`'s copy, so comparing it is cheap; the
    /// jobs are read in place (buffer pointers), not copied one by one to be compared.
    public func jobChanges(since earlier: ZoneQueue) -> (removed: [WaitingJob], changed: [WaitingJob]) {
        var removed: [WaitingJob] = []
        var changed: [WaitingJob] = []
        earlier.jobs.withUnsafeBufferPointer { before in
            jobs.withUnsafeBufferPointer { after in
                var old = 0
                var new = 0
                while old < before.count || new < after.count {
                    if new == after.count {
                        removed.append(before[old])
                        old += 1
                    } else if old == before.count {
                        changed.append(after[new])
                        new += 1
                    } else if before[old].id == after[new].id {
                        if !Self.same(before, old, after, new) { changed.append(after[new]) }
                        old += 1
                        new += 1
                    } else if before[old].isOlder(than: after[new]) {
                        removed.append(before[old])
                        old += 1
                    } else {
                        changed.append(after[new])
                        new += 1
                    }
                }
            }
        }
        return (removed, changed)
    }

    /// Whether `before[old]` and `after[new]` are equal, field by field in place.
    private static func same(
        _ before: UnsafeBufferPointer<WaitingJob>,
        _ old: Int,
        _ after: UnsafeBufferPointer<WaitingJob>,
        _ new: Int
    ) -> Bool {
        before[old].offerCount == after[new].offerCount && before[old].submittedAt == after[new].submittedAt
            && before[old].earliestPickup == after[new].earliestPickup && before[old].customer == after[new].customer
            && before[old].preferredDasher == after[new].preferredDasher
            && before[old].declinedBy == after[new].declinedBy
            && before[old].excludedDashers == after[new].excludedDashers
    }
}
