public import QuadKernel

/// Why a freight operation was refused, thrown before anything changed. ``Code`` names the wire status;
/// ``message`` names the field or the rule and how to fix it.
public struct FreightError: Error, Sendable, Hashable, CustomStringConvertible, CodedError {
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The request is wrong whatever the state: a missing field, a latitude of 91.
        case invalidArgument = "INVALID_ARGUMENT"
        /// The caller is not who the rule names: a driver moving another driver's load.
        case permissionDenied = "PERMISSION_DENIED"
        /// The state forbids it: completing without a proof of delivery, moving a completed load.
        case failedPrecondition = "FAILED_PRECONDITION"
    }

    public var code: Code
    public var message: String
    /// The request field at fault, as the proto will name it, when one is.
    public var field: String?

    public init(code: Code, message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }

    public var description: String { message }
}
