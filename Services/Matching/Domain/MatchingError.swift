/// Why a matching operation was refused.
///
/// Every refusal in this module is one of these, thrown before anything changed: a ``ZoneQueue`` that throws keeps its
/// state and produces no events. ``Code`` names the wire status it becomes (its raw value is the canonical status
/// name, so the handlers map it in one place with `StatusCode(name:)`); ``message`` goes to the client as it is, so it
/// says what was wrong, naming the field or the rule, and how to fix it. The shared wording lives in the
/// `MatchingError+…` catalog files, so one situation always reads the same.
public struct MatchingError: Error, Sendable, Hashable, CustomStringConvertible, CodedError {
    /// The kind of refusal; each case becomes the wire status its raw value names.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The request itself is wrong whatever the state: an empty id, a customer naming themselves as their own
        /// preferred dasher, the same job twice in one batch.
        case invalidArgument = "INVALID_ARGUMENT"
        /// The job or offer the request names is not in the dorm's queue (never was, or has left it).
        case notFound = "NOT_FOUND"
        /// The job to queue is in the queue already.
        case alreadyExists = "ALREADY_EXISTS"
        /// The caller is not the person the rule allows: answering an offer made to another dasher, clearing the
        /// preference on another customer's job.
        case permissionDenied = "PERMISSION_DENIED"
        /// The request is well formed but the state forbids it: asking for a job while not accepting requests,
        /// answering an offer after it expired, offering a job to a preferred dasher when it names none.
        case failedPrecondition = "FAILED_PRECONDITION"
    }

    /// The kind of refusal.
    public var code: Code
    /// What was wrong and how to fix it.
    public var message: String
    /// The request field at fault, as the proto will name it (`dasher_id`, `offer_id`), when one is.
    public var field: String?

    /// Creates an error.
    public init(code: Code, message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }

    /// The message.
    public var description: String { message }
}
