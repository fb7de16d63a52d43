/// Which rate limits a call counts against, besides the per-user and per-address limits every call meets.
///
/// The gateway's routing table maps methods to classes; anything not listed is ``standard``.
public enum RateLimitClass: Sendable, Hashable, CaseIterable {
    /// An ordinary call.
    case standard
    /// A password login: also limited per address by ``RateLimitConfiguration/login``.
    case login
    /// An account registration: also limited per address by ``RateLimitConfiguration/registration``.
    case registration
}
