/// What a ``ZoneQueue`` operation did, in order, for the service to store and pass on.
///
/// Each case says who must hear of it; the service writes the queue's new state and the messages these events call
/// for in one transaction (the outbox of DESIGN.md), so a crash never tells someone of a change that was not stored.
public enum MatchingEvent: Sendable, Hashable {
    /// The dasher turned "accepting requests" on (L2): refresh the dorm's list of accepting dashers customers see.
    case dasherStartedAccepting(dasher: String)
    /// The dasher turned "accepting requests" off (L2): refresh the dorm's list of accepting dashers.
    case dasherStoppedAccepting(dasher: String)
    /// The job joined the queue, waiting for a dasher: the customer's feed shows "waiting for a dasher".
    case jobQueued(job: String, customer: String)
    /// The job went back to the queue at its old place, with `excluding` never offered it again (L6): the jobs
    /// service unassigns `excluding` and tells them; the customer's feed shows "waiting for a dasher" again.
    case jobRequeued(job: String, customer: String, excluding: String)
    /// The job left the queue because the customer cancelled it; an offer of it, if any, was withdrawn in the same
    /// operation (see ``offerWithdrawn(_:reason:)``).
    case jobCancelled(job: String)
    /// The job was offered to ``Offer/dasher``: push the offer to their feed with its expiry. (The dasher who asked
    /// with ``ZoneQueue/requestJob(dasher:now:)`` also gets it as the call's answer.)
    case offerMade(Offer)
    /// The dasher accepted: the job has left the queue. The jobs service assigns it to ``Offer/dasher`` (stage 1,
    /// "dasher accepted"), which the customer sees. The service keeps `job`, matching's record of it, in case the
    /// customer rejects the dasher and it must be requeued (``ZoneQueue/requeue(job:excluding:now:)``).
    case offerAccepted(Offer, job: WaitingJob)
    /// The dasher declined: the job is waiting again, for the next dasher who asks; nobody else needs telling.
    case offerDeclined(Offer)
    /// The dasher did not answer in time: tell them the offer is gone; the job is waiting again and will not be
    /// offered to them again.
    case offerExpired(Offer)
    /// The offer was taken back before it was answered: tell the dasher it is gone and why.
    case offerWithdrawn(Offer, reason: Withdrawal)
    /// The dasher the customer asked for will not do the job, so it fell back to the dorm queue (L5): tell the
    /// customer, who may wait for another dasher or cancel.
    case preferredDasherUnavailable(job: String, customer: String, dasher: String, reason: PreferenceFallback)

    /// Why an offer was withdrawn.
    public enum Withdrawal: String, Sendable, Hashable, CaseIterable {
        /// The customer cancelled the job.
        case jobCancelled = "job_cancelled"
        /// The dasher turned "accepting requests" off while holding the offer.
        case dasherStoppedAccepting = "dasher_stopped_accepting"
    }

    /// Why a job left its preferred dasher for the dorm queue.
    public enum PreferenceFallback: String, Sendable, Hashable, CaseIterable {
        /// The preferred dasher is not accepting requests, or stopped before answering.
        case notAccepting = "not_accepting"
        /// The preferred dasher declined the offer.
        case declined = "declined"
        /// The preferred dasher let the offer expire.
        case didNotAnswer = "did_not_answer"
    }
}
