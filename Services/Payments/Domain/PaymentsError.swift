/// Why a payments operation was refused.
///
/// Every refusal in this module is one of these, thrown before anything changed: a state machine that throws keeps
/// its state, and no posting is produced. ``Code`` names the wire status it becomes (its raw value is the canonical
/// status name, so the handlers map it in one place with `StatusCode(name:)`); ``message`` goes to the client as it
/// is, so it says what was wrong, naming the field or the rule and the amounts involved, and how to fix it.
/// The shared wording lives in the `PaymentsError+…` catalog files, so one situation always reads the same.
public struct PaymentsError: Error, Sendable, Hashable, CustomStringConvertible, CodedError {
    /// The kind of refusal; each case becomes the wire status its raw value names.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The request itself is wrong whatever the state: a missing field, a bad currency, loads outside 1...20.
        case invalidArgument = "INVALID_ARGUMENT"
        /// The thing the request names does not exist; for the service's lookups (an unknown intent or dispute).
        case notFound = "NOT_FOUND"
        /// The thing to create exists already; for the service (a second open dispute on one payment).
        case alreadyExists = "ALREADY_EXISTS"
        /// The request is well formed but the state forbids it: capturing a released hold, an expired hold, a charge
        /// above the hold without the customer's approval, resolving a dispute twice.
        case failedPrecondition = "FAILED_PRECONDITION"
        /// An amount past what the state allows (a capture above the hold, a refund above what is left, a payout
        /// above the balance), or past what `Int64` minor units can hold.
        case outOfRange = "OUT_OF_RANGE"
    }

    /// The kind of refusal.
    public var code: Code
    /// What was wrong and how to fix it.
    public var message: String
    /// The request field at fault, as the proto will name it (`amount`, `estimated_loads`), when one is.
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
