public import QuadKernel

/// Why a households operation was refused, thrown before anything changed. ``Code`` names the wire status;
/// ``message`` names the field or the rule and how to fix it.
public struct HouseholdsError: Error, Sendable, Hashable, CustomStringConvertible, CodedError {
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The request is wrong whatever the state: a split that does not sum, a negative amount, a 31st of February.
        case invalidArgument = "INVALID_ARGUMENT"
        /// The caller is not who the rule names: a member removing another while not the host.
        case permissionDenied = "PERMISSION_DENIED"
        /// The state forbids it: the host leaving before handing over.
        case failedPrecondition = "FAILED_PRECONDITION"
        /// No such thing the caller may see: an unknown id and someone else's household read the same (H13).
        case notFound = "NOT_FOUND"
        /// It is there already: a pending invite of that email.
        case alreadyExists = "ALREADY_EXISTS"
    }

    public var code: Code
    public var message: String
    /// The request field at fault, as the proto will name it (`shares[2].percent`), when one is.
    public var field: String?

    public init(code: Code, message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }

    public var description: String { message }
}
