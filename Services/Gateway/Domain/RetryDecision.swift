/// What to do after an attempt failed (see ``RetryPolicy``).
public enum RetryDecision: Sendable, Hashable {
    /// Try again after waiting `after` (a budget token has been spent), preferably on another instance.
    case retry(after: Duration)
    /// Answer the client with the attempt's status.
    case giveUp(RetryGiveUpReason)
}
