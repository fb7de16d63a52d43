/// Why a jobs operation was refused.
///
/// Every refusal of the core and of the products on it is one of these, thrown before anything changed: a job that
/// throws keeps its state and produces no event. ``Code`` names the wire status it becomes (its raw value is the canonical status name, so
/// the handlers map it in one place with `StatusCode(name:)`); ``message`` goes to the client as it is, so it says
/// what was wrong, naming the field or the rule, and how to fix it, in the product's words (``JobVocabulary``). The
/// shared wording lives in the `JobsError+…` catalog files of the core and of each product, so one situation always
/// reads the same. The examples below are laundry's.
public struct JobsError: Error, Sendable, Hashable, CustomStringConvertible, CodedError {
    /// The kind of refusal; each case becomes the wire status its raw value names.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The request itself is wrong whatever the state: a missing id, loads outside 1...20, a drop-off before the
        /// pickup, five stars and a half.
        case invalidArgument = "INVALID_ARGUMENT"
        /// The caller is not the person the rule names: anyone but the assigned dasher moving a job forward, anyone
        /// but the customer cancelling, rejecting a dasher or approving a price.
        case permissionDenied = "PERMISSION_DENIED"
        /// The thing to create exists already: a second review by the same side, a second dispute of one job.
        case alreadyExists = "ALREADY_EXISTS"
        /// The request is well formed but the job's state forbids it: skipping a stage, cancelling after pickup,
        /// reviewing before drop-off or after the window, moving on while a price waits for approval.
        case failedPrecondition = "FAILED_PRECONDITION"
    }

    /// The kind of refusal.
    public var code: Code
    /// What was wrong and how to fix it.
    public var message: String
    /// The request field at fault, as the proto will name it (`estimated_loads`, `pickup_at_micros`), when one is.
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
