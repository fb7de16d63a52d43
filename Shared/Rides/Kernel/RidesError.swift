public import QuadKernel

/// Why a rides rule refused its input, before anything changed. ``Code`` names the wire status; ``message`` names the
/// field and how to fix it.
public struct RidesError: Error, Sendable, Hashable, CustomStringConvertible, CodedError {
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// The request is wrong whatever the state: a latitude of 91, NaN, origin equal to destination.
        case invalidArgument = "INVALID_ARGUMENT"
    }

    public var code: Code
    public var message: String
    /// The request field at fault (`origin.latitude`), when one is.
    public var field: String?

    public init(code: Code, message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }

    public var description: String { message }

    static func invalid(_ field: String, _ rule: String) -> RidesError {
        RidesError(code: .invalidArgument, message: "\(field): \(rule)", field: field)
    }
}
