/// The answer to a dasher's "assign me a job" (L3): what the call returns to them.
public enum JobRequestAnswer: Sendable, Hashable {
    /// This offer is open for the dasher: a new one, or the one they already held (asking twice never makes a
    /// second offer).
    case offer(Offer)
    /// Nothing in the dorm's queue is waiting that this dasher may take. Not a refusal: they may ask again later.
    case noJobWaiting
}
